"""Issue 24, item 1, for entries that carry the whole play: whatever a table (its code
and its PIN) receives through the API — status, headers, the JSON — and the table's
pages after, is the same under any two deals that agree on what it has seen (its box
card: none yet, board 1 unplayed; 第二十八条之6). A play record the deal contradicts
(a card the hand does not hold) is stored as disputed with the engine's detail for the
director, and the table is answered exactly as for a legal play."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from boards.models import Board, BoxCard, EntryCheck, Result
from boards.records import Entry
from boards.services import deal_from_seed
from core.engine import Seat, Side, parse_level
from core.engine.simulate import random_board
from tests._tables import open_side, side_form
from tests.web.test_non_interference import SEEN_HEADERS, received, under_deal

from .conftest import World, play_body

pytestmark = pytest.mark.django_db

#: Headers that change with the clock or the request alone, never with the deal.
API_HEADERS = (*SEEN_HEADERS, "Allow", "Idempotent-Replayed")


RESULT_URL = re.compile(r"results/\d+/")


def answer(response: Any) -> tuple[Any, ...]:
    """What a table receives from the API: status, headers, the JSON (the write times
    aside: they tell the clock, not the deal)."""
    body = response.json() if response.content else None
    if isinstance(body, dict):
        # The result's own id tells the database's sequence, not the deal: PostgreSQL's
        # does not roll back with the test's savepoint, so each run numbers afresh.
        body = {k: v for k, v in body.items() if not k.endswith("_at") and k != "id"}
    headers = tuple((h, response.get(h)) for h in API_HEADERS)
    text = RESULT_URL.sub("results/<id>/", json.dumps(body, sort_keys=True))
    return response.status_code, headers, text


def a_play(deal: tuple[dict, list], rng: int, levels: tuple[str, str], declarer: str) -> dict:
    """A whole legal play of ``deal`` (the engine's simulator), as a record."""
    return random_board(
        random.Random(rng),
        board=1,
        levels={Side.NS: parse_level(levels[0]), Side.EW: parse_level(levels[1])},
        declarer=Seat[declarer],
        deal=deal,
    )


def table_session(world: World, board: Board, records: list[dict]) -> list[Any]:
    """N–S enters the first play through the API, corrects it to each later one, E–W
    confirms; the table's pages are read after each step."""
    table = world.team.open
    api, web = APIClient(), Client()
    out: list[Any] = []
    pages = (
        reverse("web:table_board", args=[table.code, board.number]),
        reverse("web:table", args=[table.code]),
    )
    for i, record in enumerate(records):
        body = play_body(board, table, record) | {
            "table_code": table.code,
            **side_form(table, "NS"),
        }
        if i == 0:
            response = api.post(world.url("results/"), body, format="json")
        else:
            result = Result.objects.get(board=board, table=table)
            url = world.url(f"results/{result.pk}/correct/")
            response = api.post(url, body | {"version": result.version}, format="json")
        out.append(answer(response))
        out.extend(received(web.get(page)) for page in pages)
    result = Result.objects.filter(board=board, table=table).first()
    if result is not None:
        confirm = {"table_code": table.code, **side_form(table, "EW"), "version": result.version}
        out.append(
            answer(api.post(world.url(f"results/{result.pk}/confirm/"), confirm, format="json"))
        )
        out.extend(received(web.get(page)) for page in pages)
    return out


def form_encoded(body: dict[str, Any]) -> dict[str, Any]:
    """A play posted as a form (REST framework's field names: ``levels.NS``,
    ``tricks[0]leader``, ``tricks[0]plays.N``)."""
    out: dict[str, Any] = {}
    for key, value in body.items():
        if key == "levels":
            out |= {f"levels.{side}": level for side, level in value.items()}
        elif key == "tricks":
            for i, trick in enumerate(value):
                out[f"tricks[{i}]leader"] = trick["leader"]
                out |= {f"tricks[{i}]plays.{s}": cards for s, cards in trick["plays"].items()}
        elif value is not None:
            out[key] = value
    return out


def test_a_play_posted_as_a_form_is_answered_alike_under_both_deals(world):
    """A form cannot carry a play's lists of cards: refused (400) for what the body is,
    the same under any deal, and nothing stored."""
    board, table = world.board(1), world.team.open
    open_side(table, "NS")
    legal = a_play((board.hands, board.bottom), 1, ("A", "A"), "N")
    body = play_body(board, table, legal) | {"table_code": table.code, **side_form(table, "NS")}

    def post() -> list[Any]:
        response = APIClient().post(world.url("results/"), form_encoded(body), format="multipart")
        return [answer(response), Result.objects.count()]

    first, second = under_deal(board, None, post), under_deal(board, 2024, post)

    assert first == second and first[0][0] == 400 and first[1] == 0


def test_a_play_the_deal_contradicts_is_answered_as_a_legal_one_and_kept_disputed(world):
    board = world.board(1)
    open_side(world.team.open, "NS")
    legal = a_play((board.hands, board.bottom), 1, ("A", "A"), "N")
    other = 2024  # a deal that holds other cards: the same play is impossible under it

    first = under_deal(board, None, lambda: table_session(world, board, [legal]))
    second = under_deal(board, other, lambda: table_session(world, board, [legal]))

    assert first == second
    under_deal(board, other, lambda: _disputed_for_the_director(world, board, legal))


def _disputed_for_the_director(world: World, board: Board, legal: dict) -> None:
    table_session(world, board, [legal])
    result = Result.objects.get(board=board, table=world.team.open)
    assert result.status == Result.Status.DISPUTED and result.dispute
    assert EntryCheck.objects.filter(board=board, hidden=True).exists()
    director = world.client("director").get(world.url(f"results/{result.pk}/")).json()
    assert director["status"] == "disputed" and director["dispute"]


PLAYS = st.tuples(
    st.sampled_from(["A", "2", "7", "K"]),
    st.sampled_from(["A", "5", "J"]),
    st.sampled_from("NESW"),
    st.integers(0, 2**32),
)


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    seeds=st.tuples(st.integers(0, 2**64), st.integers(0, 2**64)),
    plays=st.lists(st.tuples(st.sampled_from([0, 1]), PLAYS), min_size=1, max_size=2),
    boxed=st.booleans(),
)
def test_a_table_receives_the_same_answers_under_any_two_deals(world, seeds, plays, boxed):
    """Property: for two random deals and whole plays legal under one or the other,
    entered and corrected through the API by a table, then confirmed, the table gets
    the same status, headers and JSON, and the same pages, under either deal — with
    no box card yet, or with the box card the other room filled (第四十三条: the same
    under both deals, as what the table has seen), which the first play agrees with."""
    board = world.board(1)
    table = world.team.open
    open_side(table, "NS")
    deals = [deal_from_seed(seed) for seed in seeds]
    records = [
        a_play(deals[which], rng, (ns, ew), declarer) for which, (ns, ew, declarer, rng) in plays
    ]
    BoxCard.objects.filter(board=board).delete()
    if boxed:
        values = Entry.from_record(records[0]).box_card_values()
        BoxCard.objects.create(board=board, match=table.match, **values)

    first = under_deal(board, seeds[0], lambda: table_session(world, board, records))
    second = under_deal(board, seeds[1], lambda: table_session(world, board, records))

    assert first == second
