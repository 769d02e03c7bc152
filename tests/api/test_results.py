"""Entering, confirming and correcting results through the API: who the caller is,
the engine's findings in the error body, 409 on a stale version, the audit trail."""

from __future__ import annotations

import pytest

from boards.models import Result
from tests import builders
from tests._tables import side_form

from .conftest import World, entry_body, play_body

pytestmark = pytest.mark.django_db


def enter(world: World, persona: str, number: int = 1, table=None, points: int = 40, **body):
    table = table or world.team.open
    board = world.board(number)
    payload = {"board": board.pk, "table": table.pk, **entry_body(board, points=points), **body}
    return world.client(persona).post(world.url("results/"), payload, format="json")


def test_a_scorer_enters_a_result_that_waits_for_confirmation(world):
    response = enter(world, "scorer", points=60)

    assert response.status_code == 201, response.json()
    data = response.json()
    assert data["status"] == "entered" and data["version"] == 1
    assert data["defender_points"] == 60 and data["outcome"] in {"made", "broken", "guang"}
    assert Result.objects.get(pk=data["id"]).entered_by.username == "scorer"


def test_the_director_enters_a_result_that_counts_as_confirmed(world):
    response = enter(world, "director")

    assert response.status_code == 201
    assert response.json()["status"] == "confirmed"


def test_a_table_tablet_enters_with_its_code_and_the_other_side_confirms(world):
    table = world.team.open
    entered = enter(world, "anonymous", table_code=table.code.lower(), **side_form(table, "NS"))
    assert entered.status_code == 201, entered.json()
    result = entered.json()

    same_side = world.client("anonymous").post(
        world.url(f"results/{result['id']}/confirm/"),
        {"version": 1, "table_code": table.code, **side_form(table, "NS")},
        format="json",
    )
    other_side = world.client("anonymous").post(
        world.url(f"results/{result['id']}/confirm/"),
        {"version": 1, "table_code": table.code, **side_form(table, "EW")},
        format="json",
    )

    assert same_side.status_code == 403 and same_side.json()["code"] == "same_side"
    assert other_side.status_code == 200 and other_side.json()["status"] == "confirmed"


def test_a_wrong_table_code_is_refused(world):
    response = enter(world, "anonymous", table_code=world.team.closed.code, side="NS")

    assert response.status_code == 403
    assert not Result.objects.exists()


def test_an_impossible_result_comes_back_with_the_engines_findings(world):
    response = enter(world, "scorer", points=83)

    assert response.status_code == 422
    body = response.json()
    assert body["code"] == "result_impossible"
    error = body["errors"][0]
    assert error["code"] == "result_impossible" and error["article"] == "第七条"
    assert error["message_zh"] and error["message_en"]
    assert set(error) >= {"code", "article", "board", "trick", "seat", "message_zh", "message_en"}
    assert not Result.objects.exists()


def test_a_wrong_play_names_the_trick_and_the_seat(world):
    board = world.board(1)
    record = builders.played(board)
    first = record["tricks"][0]
    follower = next(s for s in "NESW" if s != first["leader"])
    first["plays"][follower] = first["plays"][follower] * 2
    body = play_body(board, world.team.open, record)

    response = world.client("scorer").post(world.url("results/"), body, format="json")

    assert response.status_code == 422, response.json()
    errors = response.json()["errors"]
    wrong = next(e for e in errors if e["code"] == "wrong_count")
    assert (wrong["trick"], wrong["seat"]) == (1, follower)
    assert wrong["article"]


def test_a_whole_play_is_accepted_and_scored_from_the_play(world):
    board = world.board(1)
    record = builders.played(board)
    body = play_body(board, world.team.open, record)

    response = world.client("director").post(world.url("results/"), body, format="json")

    assert response.status_code == 201, response.json()
    assert len(response.json()["tricks"]) == len(record["tricks"])


def test_an_edit_from_an_old_version_gets_409_and_is_kept_in_the_audit_trail(world):
    result = enter(world, "scorer").json()
    url = world.url(f"results/{result['id']}/correct/")
    board = world.board(1)
    first = world.client("director").post(
        url, {**entry_body(board, points=50), "version": 1, "reason": "typo"}, format="json"
    )
    stale = world.client("director").post(
        url, {**entry_body(board, points=90), "version": 1}, format="json"
    )

    assert first.status_code == 200 and first.json()["version"] == 2
    assert stale.status_code == 409
    assert stale.json()["code"] == "conflict"
    assert stale.json()["current_version"] == 2 and stale.json()["your_version"] == 1
    trail = world.client("director").get(world.url(f"results/{result['id']}/changes/")).json()
    assert [c["action"] for c in trail["results"]] == ["enter", "correct", "conflict"]
    assert trail["results"][2]["after"]["defender_points"] == 90


def test_a_scorer_cannot_correct_a_confirmed_result(world):
    result = enter(world, "director").json()

    response = world.client("scorer").post(
        world.url(f"results/{result['id']}/correct/"),
        {**entry_body(world.board(1), points=50), "version": 1},
        format="json",
    )

    assert response.status_code == 403 and response.json()["code"] == "not_allowed"


def test_a_second_entry_for_the_same_table_is_a_conflict(world):
    enter(world, "scorer")

    again = enter(world, "director")

    assert again.status_code == 409 and again.json()["code"] == "already_entered"


def test_a_board_of_another_event_is_not_found_for_entry(world):
    other = world.other_team.board(1)

    response = world.client("director").post(
        world.url("results/"),
        {"board": other.pk, "table": world.team.open.pk, **entry_body(other)},
        format="json",
    )

    assert response.status_code == 400 and "board" in response.json()


def test_check_gives_the_verdict_without_storing(world):
    board = world.board(1)
    body = {"board": board.pk, "table": world.team.open.pk, **entry_body(board, points=120)}

    response = world.client("referee").post(world.url("results/check/"), body, format="json")

    assert response.status_code == 200
    assert response.json()["valid"] is True and response.json()["defender_points"] == 120
    assert not Result.objects.exists()


def test_malformed_input_is_400_not_500(world):
    client = world.client("scorer")
    for body in (
        {},
        {"board": "x", "table": 1},
        {"board": 1, "table": 1, "levels": "A", "declarer": "N", "trump": "H"},
        {**entry_body(world.board(1)), "board": world.board(1).pk, "table": 2**40},
        {
            **entry_body(world.board(1)),
            "board": world.board(1).pk,
            "table": world.team.open.pk,
            "tricks": [{"leader": "N", "plays": {"N": "H3"}}],
        },
    ):
        response = client.post(world.url("results/"), body, format="json")
        assert response.status_code == 400, (body, response.content)
