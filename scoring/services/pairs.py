"""Pairs formats in the database: a Mitchell's travellers and rankings (第二十八条) and
the pairs final's contests and places (第二十九条).

A Mitchell board is scored from its traveller: every table scheduled to play its set
is a line, and the board should have been played as often as the most played set
(so a board played fewer times — a result missing, or a set a phantom pair's sit-out
table skipped — is Neuberg-scaled to the same top, and a skip Mitchell's top follows
its T − 1 rounds); the confirmed results are ranked, rulings applied. Rankings add up
the stored lines in the database, so one new result costs one board's traveller and
one sum per direction.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Collection, Iterable, Sequence
from decimal import Decimal
from types import SimpleNamespace
from typing import Any

from django.core.cache import cache
from django.db import connection
from django.db.models import Count, Max, Min, OuterRef, Subquery, Sum, Value

from boards.models import Board
from core.adjustments import Adjustment, AdjustmentKind
from core.engine import Side
from core.standings import (
    ContestSeats,
    MatchBoard,
    PairTotal,
    Played,
    TravellerEntry,
    final_places,
    rank_sections,
    score_final_contest,
    score_traveller,
)
from tournament.models import Round, SetPlay, Stage, StageEntry, Table

from ..models import Standing, TravellerInputs, TravellerScore
from ._rows import adjustments_of, confirmed_results, decimal, play_of, sync_rows, update_rows
from .teams import record_decision, save_match_score

__all__ = ["final_rescore", "mitchell_boards_rescore", "mitchell_standings_rescore"]

_ZERO = Decimal("0.0000")
#: The fields of a pair's standing that its ranking writes (``mitchell_standings_rescore``).
_PAIR_STANDING = (
    "stage_id",
    "group_label",
    "direction",
    "place",
    "shared",
    "tie",
    "flagged",
    "boards",
    "matchpoints",
    "adjustment",
    "total",
    "top",
    "lines_sum",
)
_LINE_FIELDS = ("result_id", "ns_id", "ew_id", "kind", "ns_score", "ew_score", "top")


def _schedule(
    stage: Stage, set_ids: Collection[int] | None
) -> dict[int, list[tuple[str, list[tuple[int, int, int]]]]]:
    """Per board set, its travellers: the section ("" for the whole field) and the
    tables that play it, (table id, N–S pair, E–W pair) in playing order. One traveller
    over the whole field, or one per section when the director has a sectioned Mitchell
    matchpointed per section.

    The whole stage: two plain queries joined here rather than one four-table join: on
    a stage just created (its tables' statistics not yet gathered) the database chose
    a nested loop over the rounds that took seconds at 120 tables. A few sets (one
    result's board): one query, the sets' plays joined to their tables by key."""
    plays = SetPlay.objects.filter(board_set__stage=stage).order_by()  # sorted below
    if set_ids is None:
        seats = {
            pk: (round_number, number, ns, ew)
            for pk, round_number, number, ns, ew in Table.objects.filter(
                round__stage=stage
            ).values_list("id", "round__number", "number", "ns_id", "ew_id")
        }
        pairs = list(plays.values_list("board_set_id", "table_id"))
    else:
        seats, pairs = {}, []
        some = plays.filter(board_set_id__in=set_ids, table__round__stage=stage)
        for set_id, table_id, *seat in some.values_list(
            "board_set_id",
            "table_id",
            "table__round__number",
            "table__number",
            "table__ns_id",
            "table__ew_id",
        ):
            seats[table_id] = tuple(seat)
            pairs.append((set_id, table_id))
    section_of = _sections(stage)
    found: dict[int, dict[str, list[tuple[int, int, int, int, int]]]] = defaultdict(
        lambda: defaultdict(list)
    )
    for set_id, table_id in pairs:
        seat = seats.get(table_id)
        if seat is not None and seat[2] is not None and seat[3] is not None:
            section = section_of.get(seat[2], "")
            found[set_id][section].append((seat[0], seat[1], table_id, seat[2], seat[3]))
    return {
        set_id: [
            (section, [(table_id, ns, ew) for _r, _n, table_id, ns, ew in sorted(lines)])
            for section, lines in sections.items()
        ]
        for set_id, sections in found.items()
    }


def _full_plays(stage: Stage, *, fresh: bool = False) -> dict[str, int]:
    """Per traveller — a section's label, or "" for the whole field — the most times
    any set is scheduled to be played in it: the plays a board should have had.

    A set scheduled fewer times than that (the sit-out table of a phantom pair in a
    Mitchell of an even number of tables, or a shortened odd one, misses some sets
    once) is played fewer times than the rest, and competition.md (第二十八条) has such a
    board Neuberg-scaled to the same top as the others, not given a smaller top.

    It reads the whole schedule (57,000 plays at 120 tables: 5 ms, the costliest
    question of one result's rescore), which only a new layout changes: a stage's
    rounds and tables are laid when it is created, laid again (new rounds) when its
    field changes before round 1 (``stage_field_change``), and moved after that only by
    a director's swap (``overrides.round_swap``), which records a ``ScheduleChange``.
    So it is kept in the cache under the stage, its first round, its latest schedule
    change and the options that split the field (a key never reused: ids only grow),
    and worked out afresh by every whole-stage rescore (``fresh``), which stores it
    too: the reconciler's rescore after a fault never trusts a kept copy."""
    options = stage.options
    laid = Round.objects.filter(stage=stage).aggregate(
        first=Min("id"), changed=Max("schedule_changes__id")
    )
    key = (
        f"full-plays:{stage.pk}:{laid['first']}:{laid['changed'] or 0}:"
        f"{options.sections}:{options.matchpoints}"
    )
    full: dict[str, int] | None = None if fresh else cache.get(key)
    if full is None:
        full = _count_full_plays(stage)
        cache.set(key, full, timeout=FULL_PLAYS_TTL)
    return full


#: Seconds a stage's full plays are kept (``_full_plays``): a day of play.
FULL_PLAYS_TTL = 24 * 3600


def _count_full_plays(stage: Stage) -> dict[str, int]:
    """:func:`_full_plays` from the schedule: one grouped query over the whole stage, so
    scoring one board still knows the rest."""
    # Reached through the stage's rounds and tables (the covering index of a table's
    # plays), not its sets; unordered: a third less than the join through the sets.
    plays = SetPlay.objects.filter(
        table__round__stage=stage, table__ns__isnull=False, table__ew__isnull=False
    ).order_by()
    if _sections(stage):
        section: Any = Subquery(
            StageEntry.objects.filter(
                stage=stage, entrant_id=OuterRef("table__ns_id"), direction=StageEntry.Direction.NS
            ).values("group_label")[:1]
        )
    else:
        section = Value("")
    full: dict[str, int] = {}
    counted = plays.annotate(section=section).values("board_set_id", "section")
    for label, count in counted.annotate(count=Count("id")).values_list("section", "count"):
        full[label] = max(full.get(label, 0), count)
    return full


def _sections(stage: Stage) -> dict[int, str]:
    """N–S pair → its section, when each section is its own field for matchpoints;
    empty when the whole field is one (a top over all plays of a board)."""
    options = stage.options
    if stage.kind != Stage.Kind.MITCHELL or options.sections < 2:
        return {}
    if options.matchpoints != "section":
        return {}
    return dict(
        StageEntry.objects.filter(stage=stage, direction=StageEntry.Direction.NS).values_list(
            "entrant_id", "group_label"
        )
    )


#: Per pair, what a rescore changed on its stored lines: (matchpoints, tops, boards).
Deltas = dict[int, list[Any]]


def mitchell_boards_rescore(
    stage: Stage,
    board_ids: Collection[int] | None = None,
    adjustments: Sequence[Adjustment] | None = None,
) -> tuple[int, Deltas]:
    """Score the travellers of ``board_ids`` (every board of the stage when None) and
    store their lines. A board whose inputs (results, schedule lines, rulings) read the
    same as when it was last scored is skipped (``TravellerInputs``). Returns how many
    lines were written and, per pair, what its lines on these boards changed by.
    ``adjustments``: the stage's, when the caller has read them already."""
    boards = Board.objects.filter(stage=stage)
    if board_ids is not None:
        boards = boards.filter(pk__in=board_ids)
    board_rows = list(boards.values_list("id", "number", "board_set_id"))
    schedule = _schedule(stage, None if board_ids is None else {b[2] for b in board_rows})
    filters: dict[str, Any] = {"board__stage": stage}
    if board_ids is not None:
        filters["board_id__in"] = [b[0] for b in board_rows]
    results: dict[tuple[int, int], dict[str, Any]] = {
        (row["board_id"], row["table_id"]): row for row in confirmed_results(**filters)
    }
    if adjustments is None:
        adjustments = adjustments_of(stage)
    adjustments = [a for a in adjustments if a.kind is AdjustmentKind.FORFEIT or a.is_override]
    known = dict(
        TravellerInputs.objects.filter(board_id__in=[b[0] for b in board_rows]).values_list(
            "board_id", "digest"
        )
        if board_ids is not None
        else TravellerInputs.objects.filter(stage=stage).values_list("board_id", "digest")
    )
    wanted: dict[tuple[int, int], tuple[Any, ...]] = {}
    digests: dict[int, str] = {}
    full = _full_plays(stage, fresh=board_ids is None)
    for board_id, number, set_id in board_rows:
        travellers = schedule.get(set_id, [])  # one, or one per section
        lines = [line for _section, traveller in travellers for line in traveller]
        tables = {table_id for table_id, _ns, _ew in lines}
        relevant = [
            a for a in adjustments if a.board in (None, number) and a.table in (None, *tables)
        ]
        rows = [results.get((board_id, table_id)) for table_id, _ns, _ew in lines]
        expected = [full.get(section, len(traveller)) for section, traveller in travellers]
        digest = _digest(lines, rows, relevant, expected)
        if known.get(board_id) == digest:
            continue
        digests[board_id] = digest
        for (_section, traveller), plays in zip(travellers, expected, strict=True):
            played = [results.get((board_id, table_id)) for table_id, _ns, _ew in traveller]
            entries = [
                TravellerEntry(table_id, ns, ew, play_of(row) if row else None)
                for (table_id, ns, ew), row in zip(traveller, played, strict=True)
            ]
            scored = score_traveller(number, entries, expected=plays, adjustments=relevant)
            for line, row in zip(scored.lines, played, strict=True):
                if line.ns_score is None or line.ew_score is None:
                    continue
                wanted[board_id, line.table] = (
                    row["id"] if row and line.kind == "played" else None,
                    line.ns,
                    line.ew,
                    line.kind.value,
                    decimal(line.ns_score),
                    decimal(line.ew_score),
                    scored.top,
                )
    if not digests:
        return 0, {}
    written, deltas = _sync_lines(stage, set(digests), wanted)
    TravellerInputs.objects.bulk_create(
        [TravellerInputs(stage=stage, board_id=b, digest=d) for b, d in digests.items()],
        batch_size=2000,
        update_conflicts=True,
        unique_fields=["board"],
        update_fields=["digest"],
    )
    return written, deltas


def _digest(
    lines: list[tuple[int, int, int]],
    rows: list[dict[str, Any] | None],
    adjustments: list[Any],
    expected: list[int],
) -> str:
    """What a board's traveller is scored from, as a short stable digest (the same in
    every process, unlike ``hash``)."""
    text = repr(
        (
            lines,
            [None if row is None else tuple(row.values()) for row in rows],
            adjustments,
            expected,
        )
    )
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def _sync_lines(
    stage: Stage,
    board_ids: Collection[int],
    wanted: dict[tuple[int, int], tuple[Any, ...]],
) -> tuple[int, Deltas]:
    """Write the traveller lines of ``board_ids`` that differ, and say per pair what its
    lines on them changed by (the new lines less the old). Lines are many (14,000 in a
    60-table Mitchell): a line still wanted at its table is updated in place, all in one
    statement (``update_rows``), only its columns that changed; a new line is inserted,
    one no longer wanted deleted. In place, not deleted and inserted again: a correction
    changes the scores of about 90 lines of its board at 120 tables, and on PostgreSQL
    each inserted line's six keys are checked at the commit (deferred constraints),
    an updated line's only when they change (5.1 → 2.4 ms for 90 lines, min of 15)."""
    deltas: Deltas = {}

    def add(line: tuple[Any, ...], sign: int) -> None:
        _result, ns, ew, _kind, ns_score, ew_score, top = line
        for pair, score in ((ns, ns_score), (ew, ew_score)):
            delta = deltas.setdefault(pair, [_ZERO, 0, 0])
            delta[0] += score if sign > 0 else -score
            delta[1] += top * sign
            delta[2] += sign

    for line in wanted.values():
        add(line, 1)
    # A few boards: their lines by board alone (the (board, table) index; the stage's
    # lines are its boards' lines). With the stage beside it SQLite chose the stage's
    # index and read all of them (57,000 at 120 tables) for one board's 120.
    if len(board_ids) < 500:
        existing = TravellerScore.objects.filter(board_id__in=board_ids).order_by()
    else:
        existing = TravellerScore.objects.filter(stage=stage).order_by()
    stale: list[int] = []
    changed: list[SimpleNamespace] = []
    columns: set[str] = set()
    for pk, board_id, table_id, *values in existing.values_list(
        "id", "board_id", "table_id", *_LINE_FIELDS
    ):
        if board_id not in board_ids:  # a board skipped as unchanged
            continue
        line = tuple(values)
        add(line, -1)
        new = wanted.pop((board_id, table_id), None)
        if new is None:
            stale.append(pk)
        elif new != line:
            pairs = list(zip(_LINE_FIELDS, new, strict=True))
            columns.update(f for (f, value), old in zip(pairs, line, strict=True) if old != value)
            changed.append(SimpleNamespace(id=pk, **dict(pairs)))
    for start in range(0, len(stale), 900):
        TravellerScore.objects.filter(pk__in=stale[start : start + 900]).delete()
    if changed:
        update_rows(TravellerScore, changed, sorted(columns))
    _insert_lines(
        [(stage.pk, board_id, table_id, *values) for (board_id, table_id), values in wanted.items()]
    )
    written = len(stale) + len(changed) + len(wanted)
    return written, {p: d for p, d in deltas.items() if any(d)}


def _insert_lines(rows: list[tuple[Any, ...]]) -> None:
    """Insert traveller lines in a few multi-row statements. The ORM's bulk_create builds
    a model instance and prepares every value per row, which is most of a full
    rescore's time at 14,000 lines; the values here are already what the columns take
    (ids, the kind's text, 4-place decimals)."""
    if not rows:
        return
    opts = TravellerScore._meta
    quote = connection.ops.quote_name
    columns = ["stage_id", "board_id", "table_id", *_LINE_FIELDS]
    names = ", ".join(quote(opts.get_field(c.removesuffix("_id")).column) for c in columns)
    row_marks = "(" + ", ".join(["%s"] * len(columns)) + ")"
    adapt = connection.ops.adapt_decimalfield_value
    decimals = {columns.index("ns_score"), columns.index("ew_score")}
    limit = connection.features.max_query_params or 10_000
    batch = max(1, min(1000, limit // len(columns)))
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # COPY: the server's bulk path, no SQL text to build or parse per row.
            with cursor.cursor.copy(f"COPY {quote(opts.db_table)} ({names}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
            return
        # Elsewhere many rows per INSERT, as many as the backend takes parameters.
        for start in range(0, len(rows), batch):
            chunk = rows[start : start + batch]
            params = [
                adapt(v, 10, 4) if i in decimals else v for row in chunk for i, v in enumerate(row)
            ]
            cursor.execute(
                f"INSERT INTO {quote(opts.db_table)} ({names}) VALUES "
                + ", ".join([row_marks] * len(chunk)),
                params,
            )


def _line_sums(stage: Stage) -> dict[int, list[Any]]:
    """Each pair's stored lines added up in the database: (matchpoints, tops, boards).
    The reference the running sums kept on the standings are checked against."""
    sums: dict[int, list[Any]] = {}
    lines = TravellerScore.objects.filter(stage=stage)
    for side in ("ns", "ew"):
        for pair, mp, top, boards in (
            lines.values(side)
            .annotate(mp=Sum(f"{side}_score"), top=Sum("top"), n=Count("id"))
            .values_list(side, "mp", "top", "n")
        ):
            total = sums.setdefault(pair, [_ZERO, 0, 0])
            total[0] += mp if mp is not None else _ZERO
            total[1] += int(top or 0)
            total[2] += int(boards)
    return sums


def _running_sums(
    stage: Stage, pairs: Iterable[int], rows: list[SimpleNamespace], deltas: Deltas
) -> dict[int, list[Any]]:
    """The pairs' sums as stored on their standings, with what changed added; the
    database's sums when a pair has none stored (a first rescore, a pair added)."""
    stored = {row.entrant_id: row for row in rows}
    if any(stored.get(p) is None or stored[p].lines_sum is None for p in pairs):
        return _line_sums(stage)
    sums = {p: [stored[p].lines_sum, stored[p].top, stored[p].boards] for p in pairs}
    for pair, (mp, top, boards) in deltas.items():
        total = sums.setdefault(pair, [_ZERO, 0, 0])
        total[0] += mp
        total[1] += top
        total[2] += boards
    return sums


def mitchell_standings_rescore(
    stage: Stage,
    deltas: Deltas | None = None,
    adjustments: Sequence[Adjustment] | None = None,
) -> int:
    """The N–S and E–W rankings of a Mitchell (第二十八条之7), per section when the field
    is split (the overall ranking is ``scoring.sessions.overall_ranking``); a Howell's
    one ranking of the whole field (stored without a direction). Returns rows written.

    With ``deltas`` (what a rescore of some boards changed, per pair) the sums kept on
    the standings are moved by them and the field re-ranked in memory; without, every
    line is added up again. Either way only the rows that differ are written.
    ``adjustments``: the stage's, when the caller has read them already.

    Totals are compared as printed, to the cent: two pairs that read level on the
    sheet share the place rather than being split by a Neuberg rounding."""
    howell = stage.kind == Stage.Kind.HOWELL
    entries = [
        (entrant_id, Side.NS if howell else Side[direction], label)
        for entrant_id, direction, label in StageEntry.objects.filter(stage=stage).values_list(
            "entrant_id", "direction", "group_label"
        )
        if howell or direction
    ]
    # Only what a pair's ranking writes (the team columns stay unread and unwritten), as
    # plain rows: 240 ``Standing`` objects cost more than their reading at 120 tables.
    rows = [
        SimpleNamespace(pk=row["id"], **row)
        for row in Standing.objects.filter(stage=stage).values("id", "entrant_id", *_PAIR_STANDING)
    ]
    pairs = [entrant_id for entrant_id, _side, _label in entries]
    sums = _line_sums(stage) if deltas is None else _running_sums(stage, pairs, rows, deltas)
    totals = {
        pair: PairTotal.as_printed(mp, top, boards)
        for pair, (mp, top, boards) in sums.items()
        if boards
    }
    if adjustments is None:
        adjustments = adjustments_of(stage)
    wanted: dict[int, dict[str, Any]] = {}
    for section, row in rank_sections(entries, totals, adjustments):
        wanted[row.entrant] = {  # the fields of _PAIR_STANDING
            "stage_id": stage.pk,
            "group_label": section,
            "direction": "" if howell else row.direction.name,
            "place": row.place,
            "shared": row.shared,
            "tie": "",
            "flagged": False,
            "boards": row.boards,
            "matchpoints": decimal(row.matchpoints),
            "adjustment": decimal(row.adjustment),
            "total": decimal(row.total),
            "top": row.top,
            "lines_sum": sums.get(row.entrant, [_ZERO])[0],
        }
    return sync_rows(Standing, rows, wanted, ("entrant_id",))


# --- the pairs final ---------------------------------------------------------------------


def final_rescore(stage: Stage) -> list[int]:
    """Score every contest of the pairs final, record the decided ones and write the
    places (第二十九条). The contests share the two rooms' results, so a result of the
    final touches them all. Returns the contests' match ids."""
    tables = list(Table.objects.filter(round__stage=stage).exclude(room=""))
    numbers: dict[int, list[int]] = defaultdict(list)
    for table_id, first, last in SetPlay.objects.filter(table__in=tables).values_list(
        "table_id", "board_set__first_board", "board_set__last_board"
    ):
        numbers[table_id] += range(first, last + 1)
    results = {
        (row["board_id"], row["table_id"]): row for row in confirmed_results(table__in=tables)
    }
    adjustments = adjustments_of(stage)
    contests = []
    touched = []
    for match in stage.matches.order_by("number"):
        if match.home_id is None or match.away_id is None:
            continue
        open_table = _table_of(tables, Table.Room.OPEN, match.home_id)
        closed_table = _table_of(tables, Table.Room.CLOSED, match.away_id)
        if open_table is None or closed_table is None:
            continue
        seats = Side.NS if open_table.ns_id == match.home_id else Side.EW
        board_ids = dict(
            Board.objects.filter(
                stage=stage, round_id=match.round_id, number__in=numbers[open_table.pk]
            ).values_list("number", "id")
        )
        boards = []
        meta: dict[int, dict[str, Any]] = {}
        for number in sorted(numbers[open_table.pk]):
            board_id = board_ids.get(number)
            open_row = results.get((board_id, open_table.pk)) if board_id else None
            closed_row = results.get((board_id, closed_table.pk)) if board_id else None
            meta[number] = {
                "board_id": board_id,
                "open_result_id": open_row["id"] if open_row else None,
                "closed_result_id": closed_row["id"] if closed_row else None,
            }
            boards.append(
                MatchBoard(
                    number,
                    Played(open_table.pk, play_of(open_row)) if open_row else None,
                    Played(closed_table.pk, play_of(closed_row)) if closed_row else None,
                )
            )
        score = score_final_contest(
            boards,
            open_pair=match.home_id,
            closed_pair=match.away_id,
            seats=seats,
            match=match.pk,
            adjustments=adjustments,
        )
        row = save_match_score(match, score, meta)
        record_decision(match, row, score)
        first = match.first_place or 1
        contests.append((ContestSeats(seats, (first, first + 1)), score))
        touched.append(match.pk)
    _final_standings(stage, contests)
    return touched


def _table_of(tables: Iterable[Table], room: str, pair: int) -> Table | None:
    return next((t for t in tables if t.room == room and pair in (t.ns_id, t.ew_id)), None)


def _final_standings(stage: Stage, contests: list[tuple[ContestSeats, Any]]) -> int:
    direction = dict(StageEntry.objects.filter(stage=stage).values_list("entrant_id", "direction"))
    wanted = {
        p.entrant: {
            "stage_id": stage.pk,
            "group_label": "",
            "direction": direction.get(p.entrant, ""),
            "place": p.place,
            "shared": not p.decided,
            "tie": "",
            "flagged": not p.decided,
        }
        for p in final_places(contests)
    }
    return sync_rows(Standing, Standing.objects.filter(stage=stage), wanted, ("entrant_id",))
