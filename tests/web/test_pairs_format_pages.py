"""Pages of the pairs formats of issue 15: a big Mitchell paged by round (each page
under 200 KB), an odd Mitchell's sit-outs, and the Howell's page and pair pages."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests import builders
from tournament.models import Event, Round, StageEntry, Table
from tournament.services import round_start

pytestmark = pytest.mark.django_db

LIMIT = 200 * 1024  # issue 15: every page of a 30-table stage under 200 KB


def pairs_stage(count: int, kind: str = "mitchell", **settings):
    event = builders.event(
        name="双人赛",
        code=f"pairs-{kind}-{count}",
        venue="",
        starts_on=None,
        ends_on=None,
        status=Event.Status.RUNNING,  # public pages show a running event
    )
    pairs = builders.pairs(event, [(f"甲{i}", f"乙{i}") for i in range(count)])
    stage = builders.stage(event, kind, pairs, draw_seed=9, dealt=True, **settings)
    return event, stage


@pytest.fixture
def big():
    return pairs_stage(60)  # 30 tables, 29 rounds, 870 tables


def get(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    assert len(response.content) < LIMIT, (url, len(response.content))
    return response.content.decode()


def test_a_30_table_stage_page_shows_one_round_at_a_time(client, big):
    event, stage = big
    url = reverse("web:stage", args=[event.code, stage.order])
    content = get(client, url)
    assert content.count('<table class="grid movement">') == 1
    assert 'id="round-1"' in content and 'id="round-2"' not in content
    assert 'href="?round=29#movement"' in content  # every round can be reached
    # The round being played is shown by default; ?round=N shows round N.
    round_start(round=Round.objects.get(stage=stage, number=7))
    assert 'id="round-7"' in get(client, url)
    fifteenth = get(client, url + "?round=15")
    assert 'id="round-15"' in fifteenth and 'id="round-7"' not in fifteenth
    tables = Table.objects.filter(round__stage=stage, round__number=15)
    for table in tables:
        assert f'<td class="num">{table.number}</td>' in fifteenth


def test_a_30_table_dashboard_folds_the_rounds_not_being_played(client, big):
    event, stage = big
    director = builders.user("td", event=event, role="director")
    client.force_login(director)
    url = reverse("web:director", args=[event.code])
    content = get(client, url)
    first = Table.objects.filter(round__stage=stage, round__number=1)
    later = Table.objects.filter(round__stage=stage, round__number=20)
    assert all(reverse("web:table", args=[t.code]) in content for t in first)
    assert not any(reverse("web:table", args=[t.code]) in content for t in later)
    twentieth = Round.objects.get(stage=stage, number=20)
    assert f'href="?round={twentieth.pk}#round-{twentieth.pk}"' in content
    shown = get(client, f"{url}?round={twentieth.pk}")
    assert all(reverse("web:table", args=[t.code]) in shown for t in later)


def test_a_30_table_pair_page_is_small(client, big):
    event, stage = big
    content = get(client, reverse("web:mitchell_pair", args=[event.code, stage.order, "ew", 7]))
    assert content.count('class="card"') == 29


def test_an_odd_mitchell_shows_who_sits_out(client):
    event, stage = pairs_stage(9)
    content = get(client, reverse("web:stage", args=[event.code, stage.order]))
    assert content.count("本轮轮空") == 5  # small stage: every round on one page
    out = [
        e.pair_number
        for e in StageEntry.objects.filter(stage=stage, direction="NS")
        if not Table.objects.filter(round__stage=stage, round__number=1, ns=e.entrant).exists()
    ]
    assert len(out) == 1
    pair = get(client, reverse("web:mitchell_pair", args=[event.code, stage.order, "ns", out[0]]))
    assert pair.count("本轮轮空") == 1 and pair.count('class="card"') == 5


def test_the_howell_page_and_a_howell_pairs_itinerary(client):
    event, stage = pairs_stage(7, "howell")
    content = get(client, reverse("web:stage", args=[event.code, stage.order]))
    assert "豪威尔移位" in content
    assert content.count('<table class="grid movement">') == 7
    url = reverse("web:mitchell_pair", args=[event.code, stage.order, "p", 3])
    assert url in content
    pair = get(client, url)
    assert "第3对" in pair
    assert pair.count('class="card"') == 7 and pair.count("本轮轮空") == 1
    # It plays N–S at some tables and E–W at others, as the stored tables say.
    entrant = StageEntry.objects.get(stage=stage, pair_number=3).entrant
    seats = {
        "NS" if t.ns_id == entrant.pk else "EW"
        for t in Table.objects.filter(round__stage=stage)
        if entrant.pk in (t.ns_id, t.ew_id)
    }
    assert seats == {"NS", "EW"}
    # A Mitchell direction is not a Howell pair's address, and the reverse.
    bad = reverse("web:mitchell_pair", args=[event.code, stage.order, "ns", 3])
    assert client.get(bad).status_code == 404


def test_a_sectioned_mitchell_page_ranks_each_section_and_the_field(client):
    from scoring.services import rescore_stage

    event, stage = pairs_stage(20, sections=2)
    rescore_stage(stage.pk)
    content = get(client, reverse("web:stage", args=[event.code, stage.order]))
    assert "A区" in content and "B区" in content and "全场总排名" in content


def test_the_cumulative_ranking_page_and_the_next_session_button(client):
    from scoring.services import rescore_stage

    event, stage = pairs_stage(10, held_ns=[3])
    rescore_stage(stage.pk)
    ranking = get(client, reverse("web:pairs_ranking", args=[event.code]))
    assert "多节累计名次" in ranking and ranking.count("data-entrant=") == 10
    director = builders.user("td", event=event, role="director")
    client.force_login(director)
    dashboard = get(client, reverse("web:director", args=[event.code]))
    assert "按累计名次建立下一节" in dashboard
    response = client.post(reverse("web:director_next_session", args=[event.code]))
    assert response.status_code == 302
    second = event.stages.get(order=2)
    assert second.kind == "mitchell" and second.settings["seating"] == "reseed"
    assert second.settings["held_ns"] == [3]
    assert second.entries.get(entrant__number=3).direction == "NS"
    # Only a director may do it.
    client.logout()
    assert client.post(reverse("web:director_next_session", args=[event.code])).status_code in (
        302,
        403,
    )
    assert event.stages.count() == 2


def test_the_stage_form_offers_the_pairs_options_with_each_formats_defaults():
    from web.setup_forms import StageForm

    event, _stage = pairs_stage(10)
    mitchell = StageForm(kind="mitchell", event=event)
    for name in ("boards_per_round", "rounds", "sections", "matchpoints", "held_ns", "seating"):
        assert name in mitchell.fields
    assert mitchell.fields["rounds"].initial == 0  # the full movement, not a Swiss's 7
    assert "sections" not in StageForm(kind="howell", event=event).fields
    posted = StageForm(
        {
            "boards_per_round": "2",
            "rounds": "3",
            "sections": "",
            "held_ns": "3，7",
            "order_by": "number",
        },
        kind="mitchell",
        event=event,
    )
    assert posted.is_valid(), posted.errors
    assert posted.settings() == {"boards_per_round": 2, "rounds": 3, "held_ns": [3, 7]}
    bad = StageForm({"held_ns": "3, x"}, kind="mitchell", event=event)
    assert not bad.is_valid() and "held_ns" in bad.errors
