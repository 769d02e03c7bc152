"""Reads of boards and results: who plays a board, whether players may see it, hand
records with their statistics.

Visibility (第二十八条之6): a board's hand record, its box cards, other tables'
results and its traveller show the other hands, so players and spectators see them
only once every table scheduled to play the deal has a confirmed result, or once a
director has released the board. "Scheduled" is every table with a ``SetPlay`` of the
board's set — across all matches of a team round, since every match plays a copy of
the same deal — except tables of matches that turned out not to be needed. Directors
see everything; the pages decide who is a director and ask :func:`board_visible_to`.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import Count, Q, QuerySet

from core.handstats import HandStats, deal_statistics, sort_hand
from tournament.models import Match, SetPlay, Table

from .models import Board, BoxCard, Result

__all__ = [
    "FEW_BOARDS",
    "BoardVisibility",
    "board_hand_record",
    "copy_hand_record",
    "board_tables",
    "boards_still_to_play",
    "board_visibility",
    "board_visible_to",
    "hidden_board_ids",
    "visible_board_ids",
    "visible_ids_of",
]


def board_tables(board: Board) -> QuerySet[Table]:
    """The tables scheduled to play ``board`` (every copy of the deal)."""
    return (
        Table.objects.filter(set_plays__board_set_id=board.board_set_id)
        .exclude(match__status=Match.Status.NOT_NEEDED)
        .distinct()
        .order_by("round__number", "session", "number")
    )


@dataclass(frozen=True)
class BoardVisibility:
    visible: bool
    released: bool
    complete: bool  # every scheduled table has a confirmed result
    scheduled: int
    confirmed: int
    pending_table_ids: tuple[int, ...]

    @property
    def reason_zh(self) -> str:
        if self.released:
            return "裁判长已公布"
        if self.complete:
            return "各桌成绩均已确认"
        return f"尚有{len(self.pending_table_ids)}桌未确认成绩"

    @property
    def reason_en(self) -> str:
        if self.released:
            return "released by the director"
        if self.complete:
            return "every table's result is confirmed"
        return f"{len(self.pending_table_ids)} table(s) still to confirm"


def _scheduled_tables(board_set_ids: Iterable[int]) -> dict[int, set[int]]:
    plays = (
        SetPlay.objects.filter(board_set_id__in=list(board_set_ids))
        .exclude(table__match__status=Match.Status.NOT_NEEDED)
        .values_list("board_set_id", "table_id")
    )
    out: dict[int, set[int]] = defaultdict(set)
    for set_id, table_id in plays:
        out[set_id].add(table_id)
    return out


def _confirmed_tables(board_ids: Iterable[int]) -> dict[int, set[int]]:
    rows = Result.objects.filter(
        board_id__in=list(board_ids), status=Result.Status.CONFIRMED
    ).values_list("board_id", "table_id")
    out: dict[int, set[int]] = defaultdict(set)
    for board_id, table_id in rows:
        out[board_id].add(table_id)
    return out


def _visibility(board: Board, scheduled: set[int], confirmed: set[int]) -> BoardVisibility:
    pending = tuple(sorted(scheduled - confirmed))
    complete = bool(scheduled) and not pending
    released = board.released_at is not None
    return BoardVisibility(
        visible=released or complete,
        released=released,
        complete=complete,
        scheduled=len(scheduled),
        confirmed=len(scheduled & confirmed),
        pending_table_ids=pending,
    )


def board_visibility(board: Board) -> BoardVisibility:
    """Whether ``board``'s hand record, box cards, results and traveller may be shown
    to players, and why (or why not)."""
    scheduled = _scheduled_tables([board.board_set_id])[board.board_set_id]
    confirmed = _confirmed_tables([board.pk])[board.pk]
    return _visibility(board, scheduled, confirmed)


def board_visible_to(board: Board, *, is_director: bool = False) -> bool:
    """The one question every page asks before showing a board's hands or results."""
    return is_director or board_visibility(board).visible


def visible_board_ids(boards: Iterable[Board]) -> set[int]:
    """The boards among ``boards`` that players may see (a few small queries: see
    :func:`visible_ids_of`, which needs only the boards' ids, sets and release times)."""
    return visible_ids_of((b.pk, b.board_set_id, b.released_at) for b in boards)


def visible_ids_of(boards: Iterable[tuple[int, int, Any]]) -> set[int]:
    """The boards players may see among ``boards`` given as plain values — (board id,
    board set id, released_at) — with no model object built and no deal decoded. The
    same answer as :func:`visible_board_ids`; the completeness of every unreleased board
    is counted by the database (:func:`hidden_board_ids`)."""
    boards = list(boards)
    out = {pk for pk, _set_id, released_at in boards if released_at is not None}
    waiting = [pk for pk, _set_id, released_at in boards if released_at is None]
    if waiting:
        boards_waiting = Board.objects.filter(pk__in=waiting)
        hidden = hidden_board_ids(boards_waiting, few=len(waiting) <= FEW_BOARDS)
        out |= {pk for pk in waiting if pk not in hidden}
    return out


#: Up to this many boards, their results are read board by board (the (board, table)
#: index: a 120-table Mitchell's board has 120): asked ``few=True`` by a caller that
#: knows them few, or when so few of a stage's boards wait; beyond, the results not
#: confirmed are read through the partial index of the stages' results to look at,
#: which joins every table of the stage (0.9 ms at 120 tables on SQLite).
FEW_BOARDS = 4


def hidden_board_ids(boards: QuerySet[Board], *, few: bool = False) -> set[int]:
    """The boards of ``boards`` players may not see yet: not released, and no table
    scheduled to play the deal, or fewer confirmed results at its scheduled tables
    than tables (the rule of :func:`board_visibility`).

    Counted, not matched table by table: a result is only ever entered at a table that
    plays its board (``boards.services``: "not_scheduled"), and a table goes only with
    its results, so a board's confirmed results at its scheduled tables are all its
    results, less those not confirmed and those at tables of matches not needed. Each
    count comes from an index — the results per board from ``(board, table)``, the
    few not confirmed from the partial index of the results to look at, reached
    through the stages' tables — so the many results (14,000 at a 60-table Mitchell)
    are neither read nor joined one by one to the tables that play them.

    ``few``: ``boards`` are a handful (a result's board, a set just released: what the
    first read after a change asks), asked in one statement, each board's two counts a
    subquery (its own results through ``(board, table)``: 120 at a 120-table Mitchell)
    — not four statements, each a round trip and a query to build."""
    if few:
        return _hidden_among(boards)
    waiting: dict[int, tuple[int, int]] = {}  # board → its set and its stage
    counted: dict[int, int] = {}  # board → its results, any state
    for pk, set_id, stage_id, n in (
        boards.filter(released_at__isnull=True)
        .order_by()
        .annotate(n=Count("results"))
        .values_list("pk", "board_set_id", "stage_id", "n")
    ):
        waiting[pk], counted[pk] = (set_id, stage_id), n
    if not waiting:
        return set()
    stages = {stage_id for _set_id, stage_id in waiting.values()}
    not_needed = Match.Status.NOT_NEEDED
    scheduled: dict[int, int] = dict(
        SetPlay.objects.filter(board_set_id__in={s for s, _stage in waiting.values()})
        .exclude(table__match__status=not_needed)
        .order_by()
        .values_list("board_set_id")
        .annotate(n=Count("*"))
    )
    confirmed = Result.Status.CONFIRMED
    if len(waiting) <= FEW_BOARDS:  # a result's board, a set released: their own results
        pending = Result.objects.filter(board_id__in=waiting)
    else:  # the stages' results to look at (the partial index), through their tables
        stage_results = Result.objects.filter(table__round__stage_id__in=stages)
        pending = stage_results.filter(Q(flagged=True) | ~Q(status=confirmed))
    for board_id in pending.exclude(status=confirmed).order_by().values_list("board_id", flat=True):
        if board_id in counted:
            counted[board_id] -= 1  # not confirmed (at any table)
    skipped = Table.objects.filter(match__stage_id__in=stages, match__status=not_needed)
    for board_id in (
        Result.objects.filter(table_id__in=skipped.values("pk"), status=confirmed)
        .order_by()
        .values_list("board_id", flat=True)
    ):
        if board_id in counted:  # confirmed at a table of a match not needed after all
            counted[board_id] -= 1
    return {
        pk
        for pk, (set_id, _stage) in waiting.items()
        if not scheduled.get(set_id) or counted[pk] < scheduled[set_id]
    }


def _hidden_among(boards: QuerySet[Board]) -> set[int]:
    """:func:`hidden_board_ids` of a few boards, in one statement: per board, the
    confirmed results at tables scheduled (not of a match not needed) beside the
    tables scheduled to play its set.

    Written as SQL over the models' own table and column names (:func:`_among_sql`),
    ``boards`` compiled by the ORM inside it: the same statement built as ORM subqueries
    (two counts, each leaving out the matches not needed, each reaching back to the
    board) cost 2.8–4.9 ms to build and compile at every first read after a result, more
    than the database takes to answer it (2 ms at 120 tables)."""
    among, params = boards.order_by().values("pk").query.sql_with_params()
    not_needed, confirmed = Match.Status.NOT_NEEDED.value, Result.Status.CONFIRMED.value
    with connection.cursor() as cursor:
        cursor.execute(
            _among_sql(connection.vendor).format(among=among),
            [
                confirmed,
                *(not_needed, *params),
                *(not_needed, *params),
                *params,
            ],
        )
        return {pk for pk, done, tables in cursor.fetchall() if not tables or done < tables}


@functools.cache
def _among_sql(vendor: str) -> str:
    """The statement of :func:`_hidden_among`, written once per process and database
    (``vendor``), ``{among}`` standing for the boards' ids."""
    quote = connection.ops.quote_name

    def name(model: Any, field: str = "") -> str:
        opts = model._meta
        return quote(opts.db_table if not field else opts.get_field(field).column)

    board, result, play = name(Board), name(Result), name(SetPlay)
    # The tables of the boards' stages' matches not needed, once for the statement (a
    # hashed subplan, through the matches' stage index): not each result's and each
    # play's table joined to its match, where a Mitchell's tables have none (119 lookups
    # of each kind per board at 120 tables).
    skipped = (
        f"SELECT t.{name(Table, 'id')} FROM {name(Table)} t"
        f" INNER JOIN {name(Match)} m ON t.{name(Table, 'match')} = m.{name(Match, 'id')}"
        f" WHERE m.{name(Match, 'status')} = %s AND m.{name(Match, 'stage')} IN"
        f" (SELECT s.{name(Board, 'stage')} FROM {board} s"
        f" WHERE s.{name(Board, 'id')} IN ({{among}}))"
    )
    return (
        f"SELECT b.{name(Board, 'id')},"
        f" (SELECT COUNT(*) FROM {result} r WHERE r.{name(Result, 'board')} = b.{name(Board, 'id')}"
        f" AND r.{name(Result, 'status')} = %s AND r.{name(Result, 'table')} NOT IN ({skipped})),"
        f" (SELECT COUNT(*) FROM {play} p"
        f" WHERE p.{name(SetPlay, 'board_set')} = b.{name(Board, 'board_set')}"
        f" AND p.{name(SetPlay, 'table')} NOT IN ({skipped}))"
        f" FROM {board} b WHERE b.{name(Board, 'id')} IN ({{among}})"
        f" AND b.{name(Board, 'released_at')} IS NULL"
    )


def boards_still_to_play(boards: Iterable[Board]) -> list[tuple[Board, list[Table]]]:
    """The boards among ``boards`` that tables still have to play or confirm, each with
    those tables: what releasing them now would show early (第二十八条之6)."""
    boards = list(boards)
    scheduled = _scheduled_tables({b.board_set_id for b in boards})
    confirmed = _confirmed_tables([b.pk for b in boards])
    pending: list[tuple[Board, set[int]]] = []
    for board in boards:
        if board.released_at is not None:
            continue
        waiting = scheduled[board.board_set_id] - confirmed[board.pk]
        if waiting:
            pending.append((board, waiting))
    wanted = {t for _board, waiting in pending for t in waiting}
    tables = Table.objects.select_related("round").in_bulk(wanted)
    return [
        (
            board,
            sorted(
                (tables[t] for t in waiting),
                key=lambda t: (t.round.number, t.session, t.number),
            ),
        )
        for board, waiting in pending
    ]


def board_hand_record(board: Board, *, match: Match | None = None) -> dict[str, Any]:
    """A hand record (牌型卡) as printing and pages show it: each hand sorted with the
    trumps apart, and each hand's statistics. The level and trump are the box card's
    (of ``match``'s copy in team play) when it is filled, else the set's start level.

    Callers check :func:`board_visible_to` first.
    """
    box = BoxCard.objects.filter(
        board=board, **({"match": match} if match is not None else {})
    ).first()
    return copy_hand_record(board, box)


def copy_hand_record(board: Board, box: BoxCard | None) -> dict[str, Any]:
    """The hand record of one copy of ``board``: sorted and counted by ``box``'s level
    and trump (the declarer's side's level), or the set's start level while the copy
    is unplayed. In team play each match's copy has its own box card, so each copy
    has its own trumps and level cards (``board_hand_record`` reads the box card)."""
    if box is not None:
        level = box.level_ns if box.declarer in ("N", "S") else box.level_ew
        trump: str | None = box.trump
    else:
        level, trump = board.board_set.start_level, None
    # A board dealt at its first table has no deal until its 牌型卡 is typed in
    # (第四十三条): its record is blank, with the box card as the first table filled it.
    stats: dict[str, HandStats] = (
        deal_statistics(board.hands, board.bottom, level) if board.has_deal else {}
    )
    return {
        "board": board.number,
        "level": level,
        "trump": trump,
        "hands": {seat: sort_hand(cards, level, trump) for seat, cards in board.hands.items()},
        "bottom": list(board.bottom),
        "statistics": {seat: s.to_dict() for seat, s in stats.items()},
    }
