"""The event list (home page) and the event page: public, Chinese first, English on request."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests import builders
from tournament.models import Event

from .conftest import build_event, stage_url

pytestmark = pytest.mark.django_db


def test_the_home_page_lists_running_events_in_chinese(client, demo):
    response = client.get(reverse("home"))

    assert response.status_code == 200
    content = response.content.decode()
    assert "赛事列表" in content
    assert "赤峰市对调复式赛" in content
    assert reverse("web:event", args=["chifeng"]) in content
    assert "进行中" in content
    assert "裁判长工作台" not in content  # not logged in


def test_the_home_page_switches_to_english_and_remembers_it(english, demo):
    content = english.get(reverse("home")).content.decode()

    assert '<html lang="en">' in content
    assert "Events" in content
    assert "Table code" in content
    assert "赛事列表" not in content


def test_a_draft_event_is_hidden_from_the_public(client, db):
    build_event(code="draft-event", status=Event.Status.DRAFT)

    assert "draft-event" not in client.get(reverse("home")).content.decode()
    assert client.get(reverse("web:event", args=["draft-event"])).status_code == 404


def test_a_draft_event_is_shown_to_its_director(client, db):

    demo = build_event(code="draft-event", status=Event.Status.DRAFT)
    client.force_login(builders.user("planner", event=demo.event, role="director"))

    home = client.get(reverse("home")).content.decode()
    assert reverse("web:event", args=["draft-event"]) in home
    assert reverse("web:director", args=["draft-event"]) in home
    assert client.get(reverse("web:event", args=["draft-event"])).status_code == 200


def test_the_event_page_shows_its_stages_and_entrants(client, demo):
    response = client.get(reverse("web:event", args=["chifeng"]))

    assert response.status_code == 200
    content = response.content.decode()
    assert "比赛阶段" in content
    for stage in (demo.round_robin, demo.double_elimination, demo.mitchell):
        assert stage.name in content
        assert stage_url(stage) in content
    assert "团体循环赛" in content and "双败淘汰赛" in content
    assert "参赛队" in content and "红山队" in content and "红山1号" in content
    assert "参赛对" in content and "张伟、王芳" in content
    assert "赤峰2007竞赛规则" in content


def test_the_event_page_in_english(english, demo):
    content = english.get(reverse("web:event", args=["chifeng"])).content.decode()

    assert "Stages" in content
    assert "Teams" in content and "Pairs" in content
    assert "Double elimination" in content


def test_an_unknown_event_is_not_found(client, db):
    assert client.get(reverse("web:event", args=["no-such-event"])).status_code == 404


def test_the_not_found_page_is_in_chinese(client, db, settings):
    settings.DEBUG = False

    response = client.get(reverse("web:event", args=["no-such-event"]))

    assert response.status_code == 404
    assert "找不到页面" in response.content.decode()


@pytest.mark.parametrize("debug", [False, True])
def test_a_missing_or_draft_event_answers_with_the_bilingual_404_page(client, db, settings, debug):
    """With DEBUG on (``make dev``) as well as off, a player sees the site's own page in
    Chinese and English, never Django's debug page with the site's addresses — an
    address the site does not have at all included (``/e/x/player//``, a mistyped one:
    it showed the debug page, resolved before any view)."""
    settings.DEBUG = debug
    build_event(code="draft-event", status=Event.Status.DRAFT)
    urls = (
        reverse("web:event", args=["draft-event"]),
        reverse("web:event", args=["nope"]),
        "/nonexistent-xyz/",
        "/e/draft-event/player//",
    )
    for url in urls:
        page = client.get(url)
        assert page.status_code == 404
        text = page.content.decode()
        assert "找不到页面" in text and "Not found" in text
        assert "URLconf" not in text and "Django" not in text
