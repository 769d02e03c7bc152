"""The director decides a contradicted first-table box card from the pages (第三十三条):
the dashboard shows it, the scorecard page offers the decision, a referee cannot."""

from __future__ import annotations

import pytest
from django.urls import reverse

from boards.models import BoxCardRuling
from tests import builders
from tests.boards.test_box_card_ruling import contradicted  # noqa: F401 - the fixture

pytestmark = pytest.mark.django_db


def test_the_dashboard_shows_it_and_the_director_decides_it(client, contradicted):  # noqa: F811
    m, board, entry, filled, box, director, (first, *_), wrong = contradicted
    client.force_login(director)

    dashboard = client.get(reverse("web:director", args=[m.event.code])).content.decode()
    assert "第三十三条" in dashboard and "亮错主" in dashboard
    scorecard = reverse("web:director_scorecard", args=[m.event.code, m.stage.order, 1])
    page = client.get(scorecard, {"table": first.pk, "board": board.number}).content.decode()
    assert 'id="box-decision"' in page and "非错误方（东西）" in page

    decide = reverse("web:box_card_decide", args=[m.event.code, box.pk])
    refused = client.post(decide, {"decision": "chosen", "trump": ""}, follow=True)
    assert "指定的主牌花色" in refused.content.decode()
    client.post(decide, {"decision": "stands", "reason": "东西同意", "next": scorecard})

    ruling = BoxCardRuling.objects.get()
    assert (ruling.article, ruling.decision) == ("第三十三条", "stands")
    assert ruling.decided_by == director
    page = client.get(scorecard, {"table": first.pk, "board": board.number}).content.decode()
    assert "已按第三十三条裁决" in page
    dashboard = client.get(reverse("web:director", args=[m.event.code])).content.decode()
    assert "亮错主" not in dashboard


def test_a_referee_cannot_decide(client, contradicted):  # noqa: F811
    m, board, entry, filled, box, director, tables, wrong = contradicted
    client.force_login(builders.user("caipan", event=m.event, role="referee"))

    decide = reverse("web:box_card_decide", args=[m.event.code, box.pk])
    assert client.post(decide, {"decision": "stands"}).status_code == 403
    assert not BoxCardRuling.objects.exists()
