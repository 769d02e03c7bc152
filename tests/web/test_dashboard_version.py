"""The director's dashboard refreshes by the event's version (issue 23): every write it
shows raises the version in its own transaction, so the live part's ETag changes with
the write (and a 304 never hides it); a read or a refused write that rolled back
changes nothing, and the check costs the same few queries however many results the
event holds."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from boards.errors import BoardError, ConflictError
from boards.services import Actor, result_confirm, result_correct, result_enter
from rulings.services import ruling_create
from scoring.services import board_release, board_withdraw_release, withdrawal_record
from tests._tables import open_side
from tests.builders import boards_of, entry
from tournament.models import Round, Table
from tournament.services import round_close, round_start

pytestmark = pytest.mark.django_db


def live(client: Any, demo: Any, etag: str = "") -> Any:
    url = reverse("web:director", args=[demo.event.code])
    return client.get(url, {"live": 1}, HTTP_IF_NONE_MATCH=etag)


def _table(demo: Any) -> Table:
    return Table.objects.select_related("round__stage").get(
        round__stage=demo.team_match, session=1, room="open"
    )


def _entered(table: Table) -> Any:
    board = boards_of(table)[0]
    return result_enter(
        board=board, table=table, entry=entry(board, 40), actor=open_side(table, "NS")
    )


def _not_started(table: Table) -> None:
    """The demo starts its first rounds: this one is put back as it was before."""
    Round.objects.filter(pk=table.round_id).update(started_at=None, closed_at=None)
    table.round.refresh_from_db()


# Each case: what is done before (its own writes), then the write under test.
Case = tuple[Callable[[Table, Any], Any], Callable[[Table, Any, Any], Any]]
CASES: dict[str, Case] = {
    "result entered": (
        lambda table, director: open_side(table, "NS"),
        lambda table, director, actor: result_enter(
            board=boards_of(table)[0],
            table=table,
            entry=entry(boards_of(table)[0], 40),
            actor=actor,
        ),
    ),
    "result confirmed": (
        lambda table, director: _entered(table),
        lambda table, director, done: result_confirm(
            result=done, actor=open_side(table, "EW"), version=done.version
        ),
    ),
    "result corrected": (
        lambda table, director: _entered(table),
        lambda table, director, done: result_correct(
            result=done, entry=entry(done.board, 60), actor=open_side(table, "NS"), version=1
        ),
    ),
    "a write refused: its version moved on (kept in the result's trail)": (
        lambda table, director: _entered(table),
        lambda table, director, done: pytest.raises(
            ConflictError,
            result_confirm,
            **{"result": done, "actor": open_side(table, "EW"), "version": done.version + 5},
        ),
    ),
    "a wrong PIN": (
        lambda table, director: open_side(table, "NS"),
        lambda table, director, _actor: pytest.raises(
            BoardError,
            result_enter,
            **{
                "board": boards_of(table)[0],
                "table": table,
                "entry": entry(boards_of(table)[0], 40),
                "actor": Actor.at_table(table, "NS", pin="not-the-pin"),
            },
        ),
    ),
    "a board released": (
        lambda table, director: None,
        lambda table, director, _: board_release(board=boards_of(table)[0], user=director),
    ),
    "a release withdrawn": (
        lambda table, director: board_release(board=boards_of(table)[0], user=director),
        lambda table, director, board: board_withdraw_release(board=board),
    ),
    "a round started": (
        lambda table, director: _not_started(table),
        lambda table, director, _: round_start(round=table.round),
    ),
    "a round closed": (
        lambda table, director: round_start(round=table.round),
        lambda table, director, _: round_close(round=table.round),
    ),
    "a ruling": (
        lambda table, director: open_side(table, "NS"),
        lambda table, director, _: ruling_create(
            by=director,
            table=table,
            irregularity="drew_early",
            decision="penalty",
            offender_side="NS",
            reason_zh="多抓牌",
        ),
    ),
    "a withdrawal": (
        lambda table, director: open_side(table, "NS"),
        lambda table, director, _: withdrawal_record(
            entrant=table.ns, reason="队员生病，全队退赛", decided_by=director
        ),
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_every_write_the_dashboard_shows_changes_its_etag(client, team, director, case):
    prepare, write = CASES[case]
    table = _table(team)
    before = prepare(table, director)
    client.force_login(director)
    etag = live(client, team)["ETag"]
    assert live(client, team, etag).status_code == 304

    write(table, director, before)

    again = live(client, team, etag)
    assert again.status_code == 200 and again["ETag"] != etag


def test_a_read_or_a_rolled_back_write_keeps_the_etag(client, team, director):
    table = _table(team)
    open_side(table, "NS")
    client.force_login(director)
    etag = live(client, team)["ETag"]
    client.get(reverse("web:director", args=[team.event.code]))
    client.get(reverse("web:stage", args=[team.event.code, team.team_match.order]))
    with pytest.raises(RuntimeError), transaction.atomic():
        _entered(table)
        raise RuntimeError("the write's transaction rolls back")

    assert live(client, team, etag).status_code == 304


def test_the_etag_check_costs_the_same_queries_however_many_results(client, team, director):
    """A refresh answered 304 reads the event's version: the same statements before any
    result and after a round's worth of them (no count or sum over the results)."""
    table = _table(team)
    client.force_login(director)

    def check() -> int:
        etag = live(client, team)["ETag"]
        with CaptureQueriesContext(connection) as queries:
            assert live(client, team, etag).status_code == 304
        return len(queries.captured_queries)

    empty = check()
    actor = open_side(table, "NS")
    for board in boards_of(table):
        result_enter(board=board, table=table, entry=entry(board, 40), actor=actor)
    assert check() == empty
