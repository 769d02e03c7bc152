"""Hidden hand records never appear, through any endpoint, before the board is shown
(第二十八条之6: every scheduled table confirmed, or released by the director).

Board 1 is played and confirmed at both tables (shown); board 2 is played in full
(every trick) at the open table only; boards 3–4 and the Mitchell are not played.
Every GET endpoint of the event is walked, page by page and id by id, as each persona;
no hand, no bottom and no play of a hidden board may come back, except to the
director of the event.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from boards.models import Board, Result
from boards.records import Entry
from boards.services import Actor, result_enter
from tests import builders

from .conftest import PERSONAS, World

pytestmark = pytest.mark.django_db

NOT_DIRECTOR = [p for p in PERSONAS if p != "director"]


def play(world: World) -> None:
    director = Actor.director(world.users["director"])
    board1 = world.board(1)
    for table in (world.team.open, world.team.closed):
        result_enter(
            board=board1, table=table, entry=builders.entry(board1, declarer="N"), actor=director
        )
    board2 = world.board(2)
    record = builders.played(board2)
    result_enter(
        board=board2, table=world.team.open, entry=Entry.from_record(record), actor=director
    )


def card_lists(data: Any) -> Iterator[list[str]]:
    if isinstance(data, list):
        if data and all(isinstance(x, str) for x in data):
            yield data
        for item in data:
            yield from card_lists(item)
    elif isinstance(data, dict):
        for value in data.values():
            yield from card_lists(value)


def walk(world: World, persona: str) -> list[tuple[str, Any]]:
    """Every GET of the event, every page, every board and result id."""
    client = world.client(persona)
    seen: list[tuple[str, Any]] = []

    def get(url: str) -> Any:
        response = client.get(url)
        if response.status_code == 200:
            body = response.json()
            seen.append((url, body))
            return body
        return None

    def pages(url: str) -> list[Any]:
        rows: list[Any] = []
        while url:
            body = get(url)
            if body is None:
                break
            rows += body["results"]
            url = body["next"]
        return rows

    pages("/api/events/")
    get(world.url())
    pages(world.url("entrants/"))
    for stage in get(world.url("stages/")):
        for suffix in ("", "schedule/", "standings/", "bracket/"):
            get(world.url(f"stages/{stage['order']}/{suffix}"))
    boards = pages(world.url("boards/"))
    assert len(boards) == Board.objects.filter(stage__event=world.event).count()
    for board in boards:
        get(world.url(f"boards/{board['id']}/"))
    pages(world.url("results/"))
    for pk in Result.objects.values_list("pk", flat=True):
        get(world.url(f"results/{pk}/"))
        pages(world.url(f"results/{pk}/changes/"))
    return seen


def hidden_cards(world: World) -> list[list[str]]:
    hidden = Board.objects.filter(stage__event=world.event).exclude(pk=world.board(1).pk)
    out = []
    for board in hidden:
        out += [sorted(cards) for cards in board.hands.values()]
        out.append(sorted(board.bottom))
    return out


@pytest.mark.parametrize("persona", NOT_DIRECTOR)
def test_no_hidden_hand_or_bottom_comes_back_to_anyone_but_the_director(world, persona):
    play(world)
    secrets = hidden_cards(world)

    for url, body in walk(world, persona):
        for cards in card_lists(body):
            assert sorted(cards) not in secrets, (persona, url)
        if isinstance(body, dict) and body.get("board", {}) and "hand_record" in body:
            shown = body["board"]["id"] == world.board(1).pk
            assert (body["hand_record"] is not None) == shown, (persona, url)


@pytest.mark.parametrize("persona", ["anonymous", "player", "other_director"])
def test_the_play_of_a_hidden_board_is_not_shown_to_players(world, persona):
    play(world)
    hidden_result = Result.objects.get(board=world.board(2))

    bodies = walk(world, persona)

    urls = [url for url, _ in bodies]
    assert world.url(f"results/{hidden_result.pk}/") not in urls
    listed = next(b for u, b in bodies if u == world.url("results/"))
    assert {r["board_id"] for r in listed["results"]} == {world.board(1).pk}


def test_the_director_sees_every_hand_record(world):
    play(world)

    for board in Board.objects.filter(stage__event=world.event):
        body = world.client("director").get(world.url(f"boards/{board.pk}/")).json()
        assert body["hand_record"]["hands"].keys() == {"N", "E", "S", "W"}
        assert body["board"]["visible"] == (board.pk == world.board(1).pk)


def test_a_released_board_is_shown_to_everyone(world):
    play(world)
    board2 = world.board(2)
    before = world.client("anonymous").get(world.url(f"boards/{board2.pk}/")).json()

    released = world.client("director").post(world.url(f"boards/{board2.pk}/release/"))
    after = world.client("anonymous").get(world.url(f"boards/{board2.pk}/")).json()
    results = world.client("anonymous").get(world.url("results/"), {"board": board2.pk}).json()

    assert before["hand_record"] is None and before["box_cards"] is None
    assert released.status_code == 200 and released.json()["visibility"]["released"]
    assert sorted(after["hand_record"]["bottom"]) == sorted(board2.bottom)
    assert results["count"] == 1 and results["results"][0]["tricks"]
