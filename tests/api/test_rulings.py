"""Rulings through the API: recorded by the event's referee or director, visible to
everyone once published, and versioned (an action from an old version is 409)."""

from __future__ import annotations

import pytest

from rulings.models import Ruling
from tournament.models import StageEntry

from .conftest import PERSONAS, World

pytestmark = pytest.mark.django_db

A, P, S, R, D, X = PERSONAS


@pytest.fixture(autouse=True)
def _field(world: World) -> None:
    """The match's teams in the stage's field: a penalty is kept for a team of it."""
    match = world.team.matches[0]
    for position, team in enumerate((match.home, match.away), start=1):
        StageEntry.objects.create(stage=world.team.stage, entrant=team, position=position)


def record(world: World, persona: str = R, **extra):
    body = {
        "table": world.team.open.pk,
        "irregularity": "drew_early",
        "decision": "penalty",
        "offender_side": "NS",
        "reason_zh": "多抓牌",
        **extra,
    }
    return world.client(persona).post(world.url("rulings/"), body, format="json")


@pytest.mark.parametrize(
    ("persona", "expected"), [(A, 401), (P, 403), (S, 403), (R, 201), (D, 201), (X, 403)]
)
def test_only_the_events_referees_and_director_record_rulings(world, persona, expected):
    response = record(world, persona)

    assert response.status_code == expected, response.content[:300]
    assert Ruling.objects.count() == (1 if expected == 201 else 0)


def test_an_unpublished_ruling_is_for_officials_and_a_published_one_for_all(world):
    ruling = record(world).json()["ruling"]
    url = world.url(f"rulings/{ruling['id']}/")

    hidden = [world.client(p).get(url).status_code for p in (A, P, S, X)]
    officials = [world.client(p).get(url).status_code for p in (R, D)]
    published = world.client(R).post(
        url + "publish/", {"version": ruling["version"]}, format="json"
    )
    listed = world.client(A).get(world.url("rulings/")).json()

    assert hidden == [404] * 4 and officials == [200, 200]
    assert published.status_code == 200 and published.json()["ruling"]["published"]
    assert world.client(A).get(url).status_code == 200
    assert [r["id"] for r in listed["results"]] == [ruling["id"]]


def test_an_action_from_an_old_version_is_a_conflict(world):
    ruling = record(world).json()["ruling"]
    url = world.url(f"rulings/{ruling['id']}/")
    world.client(R).post(url + "appeal/", {"note": "申诉", "version": 1}, format="json")

    stale = world.client(D).post(url + "withdraw/", {"note": "撤销", "version": 1}, format="json")
    fresh = world.client(D).post(url + "withdraw/", {"note": "撤销", "version": 2}, format="json")

    assert stale.status_code == 409 and stale.json()["message_en"]
    assert fresh.status_code == 200 and fresh.json()["ruling"]["status"] == "withdrawn"
    assert [v["action"] for v in fresh.json()["history"]] == ["recorded", "appealed", "withdrawn"]


def test_a_refused_ruling_says_why_in_both_languages(world):
    response = record(world, irregularity="late_5_10", decision="penalty")

    assert response.status_code == 422
    assert response.json()["code"] == "decision" and response.json()["message_zh"]


def test_a_table_of_another_event_is_refused(world):
    response = record(world, table=world.other_team.open.pk)

    assert response.status_code == 400
