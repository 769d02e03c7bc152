"""Issue 24, item 1: whatever a table receives is the same for any two deals consistent
with what it has legitimately seen (第二十八条之6: the hands stay hidden until the board
is played). Attack: 16 probes "does this seat hold the level card of this suit?" over 8
table codes of a team round read all four hands' level cards. Now the live check needs
no deal and an entry the deal contradicts is stored as disputed, answered alike."""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boards.errors import EntryRejected
from boards.models import Board, EntryCheck, Result
from boards.services import Actor, deal_from_seed, scorecard_judge
from tests import builders
from tests._tables import side_form
from tournament.models import Table
from tournament.services import round_start

from ._play import form

pytestmark = [pytest.mark.django_db, pytest.mark.heavy]

# Random per page and independent of any deal: CSRF tokens and the forms' idempotency keys.
CSRF = re.compile(rb'name="(?:csrfmiddlewaretoken|idem)" value="[^"]*"')
SEEN_HEADERS = ("Content-Type", "Location", "Retry-After", "Cache-Control", "Vary")


def received(response: Any) -> tuple[Any, ...]:
    """What a table receives: status, the headers that carry anything, the body (CSRF
    tokens and idempotency keys aside: random, whatever the deal)."""
    headers = tuple((h, response.get(h)) for h in SEEN_HEADERS)
    return response.status_code, headers, CSRF.sub(b"", response.content)


def under_deal(board: Board, seed: int | None, play: Callable[[], list[Any]]) -> list[Any]:
    """Play ``play`` with ``board`` dealt from ``seed`` (``None``: the deal it has), then
    undo everything it wrote."""
    cache.clear()
    point = transaction.savepoint()
    try:
        if seed is not None:
            hands, bottom = deal_from_seed(seed)
            Board.objects.filter(pk=board.pk).update(hands=hands, bottom=bottom)
        return play()
    finally:
        transaction.savepoint_rollback(point)
        cache.clear()


def declarable(board: Board, table: Table, base: Any) -> set[tuple[str, str]]:
    """Which (seat, suit) may declare, as the director's engine sees it."""
    director = Actor(role="director")
    out = set()
    for seat in "NESW":
        for suit in "HDSC":
            probe = dataclasses.replace(base, trump=suit, declared_by=seat)
            try:
                scorecard_judge(board=board, table=table, entry=probe, actor=director)
            except EntryRejected as error:
                if "trump_not_declarable" in error.codes:
                    continue
            out.add((seat, suit))
    return out


@pytest.fixture
def eight_codes(db):
    """A team round of 4 matches: 8 table codes, every match playing board 1."""
    team = builders.team_round(matches=4, dealt=True)
    round_start(round=team.round)
    tables = [t for pair in team.tables for t in pair]
    for table in tables:
        table.refresh_from_db()
    return team, tables


def other_deal(board: Board, table: Table) -> int:
    """A seed whose deal answers the level-card questions differently."""
    base = builders.entry(board, 40, declarer="N")
    original = declarable(board, table, base)
    rng = random.Random(24)
    for _ in range(50):
        seed = rng.getrandbits(128)
        hands, bottom = deal_from_seed(seed)
        point = transaction.savepoint()
        Board.objects.filter(pk=board.pk).update(hands=hands, bottom=bottom)
        differs = declarable(Board.objects.get(pk=board.pk), table, base) != original
        transaction.savepoint_rollback(point)
        if differs:
            return seed
    raise AssertionError("no other deal found")


def probe_everything(board: Board, tables: list[Table]) -> list[Any]:
    """16 probes over 8 codes: each code checks two (seat, suit) questions live, enters
    the first, corrects to the second, and reads its page after each."""
    questions = [(seat, suit) for seat in "NESW" for suit in "HDSC"]
    client = Client()
    out: list[Any] = []
    for i, table in enumerate(tables):
        url = reverse("web:table_board", args=[table.code, board.number])
        check = reverse("web:table_check", args=[table.code, board.number])
        for j, (seat, suit) in enumerate(questions[2 * i : 2 * i + 2]):
            data = form(board, 40, declarer="N") | {"trump": suit, "declared_by": seat}
            out.append(received(client.post(check, data)))
            write = data | side_form(table, "NS")
            if j == 1:
                result = Result.objects.filter(board=board, table=table).first()
                write["version"] = str(result.version if result else 0)
            out.append(received(client.post(url, write)))
            out.append(received(client.get(url)))
            out.append(received(client.get(reverse("web:table", args=[table.code]))))
    return out


def test_sixteen_level_card_probes_over_eight_codes_learn_nothing(eight_codes):
    """The answers are byte-identical under two deals that agree on the box card (none
    is filled yet: board 1 is unplayed), and each probe is a row under its table."""
    team, tables = eight_codes
    board = team.board(1)
    seed = other_deal(board, tables[0])

    traces: list[Any] = []

    def probed_and_traced() -> list[Any]:
        """The probes, then the traces they left under the board's own deal (read before
        ``under_deal`` undoes them)."""
        out = probe_everything(board, tables)
        for table in tables:
            kept = EntryCheck.objects.filter(board=board, table=table)
            traces.append((kept.filter(kind="check").count(), kept.exclude(kind="check").count()))
        disputed = Result.objects.filter(board=board, status=Result.Status.DISPUTED)
        traces.append(disputed.exists() and all(r.changes.exists() for r in disputed))
        return out

    first = under_deal(board, None, probed_and_traced)  # the deal it has
    second = under_deal(board, seed, lambda: probe_everything(board, tables))

    assert first == second
    # every probe left a trace: two checks and two writes under each code, and each
    # disputed result has its trail
    assert traces == [(2, 2)] * len(tables) + [True]


def test_an_honest_table_retyping_never_locks_its_board(client, eight_codes):
    """Slips and edits while typing used to lock the board after three (本副已锁定);
    three checks by anyone holding the code locked it for the real table."""
    team, tables = eight_codes
    table, board = tables[0], team.board(1)
    check = reverse("web:table_check", args=[table.code, board.number])
    for points in ("3", "35", "37", "40", "45", "4"):
        client.post(check, form(board, points, declarer="N"))
    for seat, suit in (("N", "H"), ("E", "S"), ("W", "C"), ("S", "D")):
        client.post(check, form(board, 40, declarer="N") | {"trump": suit, "declared_by": seat})

    url = reverse("web:table_board", args=[table.code, board.number])
    answer = client.post(url, form(board, 40, declarer="N") | side_form(table, "NS"))

    assert answer.status_code == 302
    assert Result.objects.get(board=board, table=table).status == Result.Status.ENTERED


ENTRIES = st.fixed_dictionaries(
    {
        "level_ns": st.sampled_from(["A", "2", "7", "K"]),
        "level_ew": st.sampled_from(["A", "5", "J"]),
        "declarer": st.sampled_from("NESW"),
        "trump": st.sampled_from("HDSC"),
        "declared_by": st.sampled_from(["", "N", "E", "S", "W"]),
        "defender_points": st.sampled_from(["0", "35", "37", "80", "120", "200", "205"]),
        "dig": st.sampled_from(["", "BJ", "LJ", "J"]),
        "xiaosa_bj": st.sampled_from(["0", "1", "2"]),
        "xiaosa_lj": st.sampled_from(["0", "1"]),
    }
)


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    seeds=st.tuples(st.integers(0, 2**64), st.integers(0, 2**64)),
    typed=st.lists(ENTRIES, min_size=1, max_size=3),
)
def test_a_table_receives_the_same_bytes_under_any_two_deals(eight_codes, seeds, typed):
    """Property: for random deals and random scorecards, the live check, the entry, the
    corrections and the pages a table gets are the same bytes under two deals (that
    agree on the box card: board 1 is unplayed, so none is filled)."""
    team, tables = eight_codes
    table, board = tables[0], team.board(1)
    url = reverse("web:table_board", args=[table.code, board.number])
    check = reverse("web:table_check", args=[table.code, board.number])

    def play() -> list[Any]:
        client = Client()
        out = []
        for data in typed:
            out.append(received(client.post(check, data)))
            write = data | side_form(table, "NS")
            result = Result.objects.filter(board=board, table=table).first()
            if result is not None:
                write["version"] = str(result.version)
            out.append(received(client.post(url, write)))
            out.append(received(client.get(url)))
        confirm = reverse("web:table_confirm", args=[table.code, board.number])
        result = Result.objects.filter(board=board, table=table).first()
        if result is not None:
            answer = client.post(confirm, {**side_form(table, "EW"), "version": result.version})
            out.append(received(answer))
            out.append(received(client.get(url)))
        return out

    assert under_deal(board, seeds[0], play) == under_deal(board, seeds[1], play)
