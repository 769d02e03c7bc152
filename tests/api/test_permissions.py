"""The permission matrix: anonymous, a player (a login without a role), the event's
scorer, referee and director, and the director of another event — against every
endpoint. Roles are per event: a director elsewhere gets what anonymous gets here,
and nobody reaches another event's rows through this event's URLs (or the reverse).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from boards.models import Result
from boards.services import result_enter
from tests import builders
from tests._tables import open_side, pin_of

from .conftest import PERSONAS, World, entry_body

pytestmark = pytest.mark.django_db

A, P, S, R, D, X = PERSONAS  # anonymous, player, scorer, referee, director, other_director


def entered(world: World) -> Result:
    """A result of board 1 at the open table, entered by its N–S side, not confirmed."""
    board = world.board(1)
    return result_enter(
        board=board,
        table=world.team.open,
        entry=builders.entry(board, declarer="N"),
        actor=open_side(world.team.open, "NS"),
    )


Call = Callable[[World, APIClient], Any]


def _get(path: str) -> Call:
    return lambda w, c: c.get(w.url(path) if path != "/events/" else "/api/events/")


def _result_get(suffix: str = "") -> Call:
    return lambda w, c: c.get(w.url(f"results/{entered(w).pk}/{suffix}"))


def _enter(w: World, c: APIClient) -> Any:
    board = w.board(1)
    body = {"board": board.pk, "table": w.team.open.pk, **entry_body(board)}
    return c.post(w.url("results/"), body, format="json")


def _check(w: World, c: APIClient) -> Any:
    board = w.board(1)
    body = {"board": board.pk, "table": w.team.open.pk, **entry_body(board)}
    return c.post(w.url("results/check/"), body, format="json")


def _confirm(w: World, c: APIClient) -> Any:
    return c.post(w.url(f"results/{entered(w).pk}/confirm/"), {"version": 1}, format="json")


def _correct(w: World, c: APIClient) -> Any:
    body = {**entry_body(w.board(1), points=50), "version": 1}
    return c.post(w.url(f"results/{entered(w).pk}/correct/"), body, format="json")


def _release(w: World, c: APIClient) -> Any:
    return c.post(w.url(f"boards/{w.board(1).pk}/release/"))


def _withdraw(w: World, c: APIClient) -> Any:
    return c.post(w.url(f"boards/{w.board(1).pk}/withdraw-release/"))


def _stage(path: str) -> Call:
    return lambda w, c: c.get(w.url(f"stages/{w.team.stage.order}/{path}"))


def _board_get(w: World, c: APIClient) -> Any:
    return c.get(w.url(f"boards/{w.board(1).pk}/"))


def _enter_at_table(pin: str) -> Call:
    """A table tablet's entry: the table code, the side and that side's PIN (a scorer or
    the director is taken as such first)."""

    def call(w: World, c: APIClient) -> Any:
        board, table = w.board(1), w.team.open
        right = pin_of(table, "NS")
        given = right if pin == "right" else "000000" if right != "000000" else "111111"
        body = {"board": board.pk, "table": table.pk, **entry_body(board)}
        body |= {"table_code": table.code, "side": "NS", "pin": given}
        return c.post(w.url("results/"), body, format="json")

    return call


def _logout(w: World, c: APIClient) -> Any:
    return c.post("/api/auth/logout/")


PUBLIC = {A: 200, P: 200, S: 200, R: 200, D: 200, X: 200}

#: endpoint → persona → status.
MATRIX: dict[str, tuple[Call, dict[str, int]]] = {
    "events": (_get("/events/"), PUBLIC),
    "event": (_get(""), PUBLIC),
    "entrants": (_get("entrants/"), PUBLIC),
    "stages": (_get("stages/"), PUBLIC),
    "stage": (_stage(""), PUBLIC),
    "schedule": (_stage("schedule/"), PUBLIC),
    "standings": (_stage("standings/"), PUBLIC),
    "bracket (not a bracket stage)": (_stage("bracket/"), {p: 404 for p in PERSONAS}),
    "boards": (_get("boards/"), PUBLIC),
    "board": (_board_get, PUBLIC),
    "results": (_get("results/"), PUBLIC),
    # A result of a board not shown yet exists for the event's officials only.
    "result (hidden board)": (_result_get(), {A: 404, P: 404, S: 200, R: 200, D: 200, X: 404}),
    "result changes": (_result_get("changes/"), {A: 401, P: 403, S: 200, R: 200, D: 200, X: 403}),
    "enter": (_enter, {A: 401, P: 403, S: 201, R: 403, D: 201, X: 403}),
    "check": (_check, {A: 401, P: 403, S: 200, R: 200, D: 200, X: 403}),
    "confirm": (_confirm, {A: 401, P: 403, S: 200, R: 403, D: 200, X: 403}),
    "correct": (_correct, {A: 401, P: 403, S: 200, R: 403, D: 200, X: 403}),
    "release": (_release, {A: 401, P: 403, S: 403, R: 403, D: 200, X: 403}),
    "withdraw release": (_withdraw, {A: 401, P: 403, S: 403, R: 403, D: 200, X: 403}),
    "enter at the table (code, side, PIN)": (_enter_at_table("right"), {p: 201 for p in PERSONAS}),
    "enter at the table (wrong PIN)": (
        _enter_at_table("wrong"),
        {A: 403, P: 403, S: 201, R: 403, D: 201, X: 403},
    ),
    "logout": (_logout, {A: 401, P: 204, S: 204, R: 204, D: 204, X: 204}),
}

CASES = [(name, persona) for name in MATRIX for persona in PERSONAS]


@pytest.mark.parametrize(("endpoint", "persona"), CASES, ids=[f"{e}-{p}" for e, p in CASES])
def test_each_persona_gets_exactly_what_it_should(world, endpoint, persona):
    call, expected = MATRIX[endpoint]

    response = call(world, world.client(persona))

    assert response.status_code == expected[persona], response.content[:300]


def test_writes_that_were_refused_stored_nothing(world):
    for persona in (A, P, R, X):
        _enter(world, world.client(persona))
    assert not Result.objects.exists()


@pytest.mark.parametrize("persona", PERSONAS)
def test_a_draft_event_exists_only_for_its_own_officials(world, persona):
    client = world.client(persona)

    listed = {e["code"] for e in client.get("/api/events/").json()["results"]}
    detail = client.get(world.url("", world.draft))

    if persona == X:  # the draft's director
        assert world.draft.code in listed and detail.status_code == 200
    else:
        assert world.draft.code not in listed and detail.status_code == 404


def test_the_director_of_another_event_cannot_reach_this_events_rows_by_id(world):
    result = entered(world)
    board = world.board(1)
    client = world.client(X)  # director of other_event
    mine = world.other_event

    assert client.get(world.url(f"results/{result.pk}/", mine)).status_code == 404
    assert client.get(world.url(f"boards/{board.pk}/", mine)).status_code == 404
    assert client.get(world.url(f"results/{result.pk}/changes/", mine)).status_code == 404
    correct = client.post(
        world.url(f"results/{result.pk}/correct/", mine),
        {**entry_body(board, points=50), "version": 1},
        format="json",
    )
    confirm = client.post(
        world.url(f"results/{result.pk}/confirm/", mine), {"version": 1}, format="json"
    )
    release = client.post(world.url(f"boards/{board.pk}/release/", mine))
    enter = client.post(
        world.url("results/", mine),
        {"board": board.pk, "table": world.team.open.pk, **entry_body(board)},
        format="json",
    )
    assert (correct.status_code, confirm.status_code, release.status_code) == (404, 404, 404)
    assert enter.status_code == 400
    result.refresh_from_db()
    board.refresh_from_db()
    assert result.version == 1 and result.status == "entered" and board.released_at is None


def test_a_table_code_only_opens_its_own_table(world):
    result = entered(world)
    other_table = world.team.closed

    response = APIClient().post(
        world.url(f"results/{result.pk}/confirm/"),
        {"version": 1, "table_code": other_table.code, "side": "EW"},
        format="json",
    )

    assert response.status_code == 403


def test_table_codes_are_shown_to_the_director_only(world):
    for persona in PERSONAS:
        rounds = world.client(persona).get(world.url("stages/1/schedule/")).json()
        tables = [t for r in rounds for t in r["tables"]]
        assert tables
        assert all(("code" in t) == (persona == D) for t in tables), persona


def test_a_token_is_given_for_a_username_and_password(world):
    response = APIClient().post(
        "/api/auth/token/", {"username": "scorer", "password": "secret-pw"}, format="json"
    )
    wrong = APIClient().post(
        "/api/auth/token/", {"username": "scorer", "password": "nope"}, format="json"
    )

    assert response.status_code == 200 and response.json()["token"]
    assert wrong.status_code == 400


def test_a_session_login_works_too(world, client):
    client.force_login(world.users[S])

    response = client.get(world.url(f"results/{entered(world).pk}/"))

    assert response.status_code == 200
