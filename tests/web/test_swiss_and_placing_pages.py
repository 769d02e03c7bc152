"""The pages and the API of the new team formats: a Swiss's ranking and pairings and
the director's button for the next round; a knockout's placing matches in the bracket."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests import builders
from tournament.models import Event, Stage
from tournament.services import stage_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    return builders.event(
        name="瑞士移位赛",
        code="swiss",
        venue="",
        starts_on=None,
        ends_on=None,
        status=Event.Status.RUNNING,
    )


@pytest.fixture
def eight(event):
    return builders.teams(event, [f"第{i}队" for i in range(8)], seeded=False)


def test_swiss_stage_page_and_the_next_round_refused_until_the_round_is_played(
    client, event, eight, superuser
):
    stage = stage_create(
        event=event,
        kind=Stage.Kind.SWISS,
        entrants=eight,
        settings={"rounds": 3, "boards_per_session": 2, "sessions": 1},
    )
    from scoring.services import rescore_stage

    rescore_stage(stage.pk)  # a ranking of eight teams on nothing yet
    page = client.get(reverse("web:stage", args=[event.code, stage.order]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "对手场分</th>" in text and "净跳级数</th>" in text and "第0队" in text
    assert "编排下一轮" not in text  # the public does not see the director's button

    client.force_login(superuser)
    page = client.get(reverse("web:stage", args=[event.code, stage.order]))
    assert "编排下一轮" in page.content.decode()
    answer = client.post(
        reverse("web:director_swiss_next", args=[event.code, stage.order]), follow=True
    )
    assert "未结束" in answer.content.decode()  # round 1 is not played: nothing paired
    assert stage.rounds.count() == 1

    api = client.post(reverse("api:next-round", args=[event.code, stage.order]))
    assert api.status_code == 422
    assert stage.rounds.count() == 1


def test_a_knockout_with_placing_matches_draws_them_and_lists_the_places(client, event, eight):
    stage = stage_create(
        event=event,
        kind=Stage.Kind.KNOCKOUT,
        entrants=eight,
        settings={"places": 8, "boards_per_session": 2, "sessions": 1},
    )
    page = client.get(reverse("web:stage", args=[event.code, stage.order]))
    assert page.status_code == 200
    assert "名次赛" in page.content.decode()
    response = client.get(reverse("api:bracket", args=[event.code, stage.order]))
    data = response.json()
    assert "matches" in data, data
    placing = [m for m in data["matches"] if m["side"] == "placing"]
    assert [(m["first_place"], m["loser_place"]) for m in placing] == [
        (3, 4),
        (5, 7),
        (5, 7),
        (5, 6),
        (7, 8),
    ]
    assert data["places"] == {}


def test_a_round_robin_final_page_before_its_teams_are_known(client, event, eight):
    """The final after groups shows its schedule by group places (A1, B2 …) until
    qualification puts the teams in (第二十六条之3)."""
    groups = stage_create(
        event=event,
        kind=Stage.Kind.GROUP_ROUND_ROBIN,
        entrants=eight,
        settings={"groups": 2, "qualifiers_per_group": 2, "boards_per_session": 2, "sessions": 1},
    )
    final = stage_create(
        event=event,
        kind=Stage.Kind.ROUND_ROBIN,
        source=groups,
        settings={"carry_over": True, "boards_per_session": 2, "sessions": 1},
    )
    page = client.get(reverse("web:stage", args=[event.code, final.order]))
    assert page.status_code == 200
    data = client.get(reverse("api:schedule", args=[event.code, final.order])).json()
    sources = {m["home_source"] for r in data for m in r["matches"]}
    assert sources <= {"group:A:1", "group:A:2", "group:B:1", "group:B:2"}
    assert all(m["home"] is None for r in data for m in r["matches"])
