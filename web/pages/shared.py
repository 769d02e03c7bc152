"""What several format pages show alike: a standings row, a match's score cell, the
schedule of rounds, the round-robin cross-table and a ranking over several fields.

Each row type is one typed shape (``StandingRow``, ``ScoreCell``, ``CrossRow`` …), the
same on every page that shows it. The scores come from scoring's read model
(``scoring.selectors``), as the reader may see them; the stage's structure (entries,
matches, rounds) is read once per page (``StageReads``) and shared by the schedule and
the cross-table.
"""

from __future__ import annotations

import html
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any, NotRequired, TypedDict

from django.utils.safestring import SafeString

from core.numbers import format_number as number
from scoring.models import Withdrawal
from scoring.reasons import tie_mark, tie_reason
from scoring.rows import MatchLine, StandingLine
from scoring.selectors import cross_table_rows, match_lines, standings_rows
from scoring.sessions import RankedPair
from tournament.models import Match, Round, Stage, StageEntry

from ..selectors import EntrantView

__all__ = [
    "CrossCell",
    "CrossRow",
    "CrossStanding",
    "RankedRow",
    "ScheduleRound",
    "ScheduledMatch",
    "ScoreCell",
    "StageReads",
    "StandingRow",
    "cross_scores",
    "cross_section",
    "cross_table",
    "match_scores",
    "number",
    "ranked_view",
    "row_html",
    "schedule",
    "score_cells",
    "standing_row",
    "standings_view",
]


# --- standings --------------------------------------------------------------------------------


class StandingRow(TypedDict):
    """An entrant's line in a stage's standings as a page shows it (every format)."""

    row: StandingLine
    place: str  # "3" or "3=" (shared)
    entrant: EntrantView | None
    score_for: str
    score_against: str
    total: str
    adjustment: str
    percentage: str
    tie: str  # how a level was settled, or why not yet (第二十五条之4)
    why: str  # the director's recorded reason, or the rule's
    opening: SafeString  # the rest: RowHtml
    name: SafeString
    boards: str
    pair_number: NotRequired[int | None]  # a Mitchell's or a Howell's pairs


class RowHtml(TypedDict):
    """What ``_standings_table.html`` shows of every row alike, rendered once here rather
    than cell by cell (a 60-table page has 120 rows), escaped as the template would."""

    opening: SafeString  # the row's <tr> tag: flagged or not, and its entrant
    name: SafeString  # the name cell: the label, and the tie mark with its reason
    boards: str


def row_html(
    entrant_id: int, flagged: bool, entrant: EntrantView | None, boards: int, tie: str, why: str
) -> RowHtml:
    label = _text(entrant.label if entrant is not None else "")
    name = f'{label} <small class="tie-mark" title="{_text(why)}">{_text(tie)}</small>'
    flag = ' class="flagged"' if flagged else ""
    # Every value escaped here (``_text``), plain text as it is built; made safe as
    # ``SafeString`` itself (``mark_safe`` looks for a lazy string first, 480 times a page).
    return RowHtml(
        opening=SafeString(f'<tr{flag} data-entrant="{int(entrant_id)}">'),
        name=SafeString(name if tie else label),
        boards=str(boards),
    )


def standing_row(row: StandingLine, entrants: Mapping[int, EntrantView]) -> StandingRow:
    entrant = entrants.get(row.entrant_id)
    tie, why = tie_mark(row), tie_reason(row)
    return StandingRow(
        row=row,
        place=f"{row.place}{'=' if row.shared else ''}",
        entrant=entrant,
        score_for=number(row.score_for),
        score_against=number(row.score_against),
        total=number(row.total),
        adjustment=number(row.adjustment) if row.adjustment else "",
        percentage=number(row.percentage, fixed=True) if row.percentage is not None else "",
        # How a level was settled or why it is not yet (第二十五条之4), and the
        # director's recorded reason when the director ordered it: rendered from the
        # row's codes the one way every face renders them (``scoring.reasons``).
        tie=tie,
        why=why,
        **row_html(row.entrant_id, row.flagged, entrant, row.boards, tie, why),
    )


def standings_view(
    stage: Stage,
    entrants: Mapping[int, EntrantView],
    *,
    group: str | None = None,
    director: bool = False,
) -> list[StandingRow]:
    """Standings rows as the reader may see them (``scoring.selectors.standings_rows``)."""
    return [
        standing_row(row, entrants)
        for row in standings_rows(stage, official=director, group_label=group)
    ]


# --- match scores -----------------------------------------------------------------------------


class ScoreCell(TypedDict):
    """A match's score as a schedule or a bracket shows it beside the match."""

    home: str
    away: str
    decided: bool
    hidden: bool  # a board of it the reader may not see yet
    boards: str  # "3/4": boards scored of boards expected
    needs_review: bool


def score_cell(line: MatchLine) -> ScoreCell:
    return ScoreCell(
        home=number(line.home),
        away=number(line.away),
        decided=line.decision not in ("waiting", ""),
        hidden=line.hidden > 0,
        boards=f"{line.boards_scored}/{line.boards_expected}",
        needs_review=line.needs_review,
    )


def score_cells(lines: Iterable[MatchLine]) -> dict[int, ScoreCell]:
    """Match number → its score cell, from match lines already read."""
    return {line.number: score_cell(line) for line in lines}


def match_scores(stage: Stage, *, director: bool = False) -> dict[int, ScoreCell]:
    """Match number → its score as a schedule shows it: for a player, the boards shown
    only (a match with a hidden board is not decided yet for them)."""
    return score_cells(match_lines(stage, official=director).values())


# --- the stage's structure, read once ---------------------------------------------------------


@dataclass(frozen=True)
class StageReads:
    """What a schedule and a cross-table read of the stage, once per page: its entries in
    draw order, its matches (with their round and tables) by number, its rounds, and a
    Swiss's withdrawn teams (退赛) by entrant."""

    entries: list[StageEntry]
    matches: list[Match]
    rounds: list[Round]
    withdrawn: dict[int, Withdrawal] = field(default_factory=dict)

    @classmethod
    def of(cls, stage: Stage) -> StageReads:
        swiss = stage.kind == Stage.Kind.SWISS
        return cls(
            entries=list(stage.entries.order_by("group_label", "position", "seed", "id")),
            matches=list(
                stage.matches.select_related("round").prefetch_related("tables").order_by("number")
            ),
            rounds=list(stage.rounds.order_by("number")),
            withdrawn={w.entrant_id: w for w in Withdrawal.objects.standing_in(stage)}
            if swiss
            else {},
        )

    def group_labels(self) -> list[str]:
        return sorted({e.group_label for e in self.entries if e.group_label})


@dataclass
class ScheduledMatch:
    number: int
    home: EntrantView | None
    away: EntrantView | None
    group: str
    tables: list[int]
    winner: EntrantView | None = None


class ScheduleRound(TypedDict):
    """A round of the schedule: its matches and the teams that sit out (轮空)."""

    round: Round
    matches: list[ScheduledMatch]
    byes: list[EntrantView]


def schedule(
    reads: StageReads, entrants: Mapping[int, EntrantView], group: str | None = None
) -> list[ScheduleRound]:
    """Rounds with their matches, table numbers and the teams that sit out (轮空); with
    ``group``, that group's rounds only."""
    field_ids = {e.entrant_id for e in reads.entries if group is None or e.group_label == group}
    by_round: dict[int, list[ScheduledMatch]] = defaultdict(list)
    playing: dict[int, set[int]] = defaultdict(set)
    for m in reads.matches:
        if group is not None and m.group_label != group:
            continue
        tables = sorted({t.number for t in m.tables.all()})
        by_round[m.round.number].append(
            ScheduledMatch(
                number=m.number,
                home=entrants.get(m.home_id) if m.home_id else None,
                away=entrants.get(m.away_id) if m.away_id else None,
                group=m.group_label,
                tables=tables,
                winner=entrants.get(m.winner_id) if m.winner_id else None,
            )
        )
        playing[m.round.number].update(x for x in (m.home_id, m.away_id) if x)
    rounds = []
    for r in reads.rounds:
        if group is not None and r.number not in by_round:
            continue
        out = {i for i, w in reads.withdrawn.items() if w.unpaired_in(r.pk)}  # not a bye
        byes = sorted(
            (entrants[i] for i in field_ids - playing[r.number] - out if i in entrants),
            key=lambda e: e.number,
        )
        rounds.append(ScheduleRound(round=r, matches=by_round.get(r.number, []), byes=byes))
    return rounds


# --- the cross-table --------------------------------------------------------------------------


@dataclass
class CrossCell:
    """One cell of a cross-table: the row team against the column team."""

    opponent: EntrantView
    rounds: list[int]  # the rounds they meet in (two in a double round robin)
    result: str = ""  # filled by scoring, e.g. "18 : 12"


@dataclass
class CrossRow:
    position: int
    entrant: EntrantView
    cells: list[CrossCell | None]  # None on the diagonal
    total: str = ""
    rank: str = ""


class CrossStanding(TypedDict):
    """A team's total and place in the cross-table's last columns."""

    total: int | Decimal | Fraction | str
    rank: int | str


def cross_table(
    stage: Stage,
    entrants: Mapping[int, EntrantView],
    *,
    group: str | None = None,
    results: Mapping[tuple[int, int], str] | None = None,
    standings: Mapping[int, Mapping[str, Any]] | None = None,
    reads: StageReads | None = None,
) -> list[CrossRow]:
    """The round robin's cross-table (交叉表), rows and columns in draw-number order.

    ``results`` maps (row entrant id, column entrant id) to the cell's text and
    ``standings`` maps an entrant id to ``{"total": …, "rank": …}``; both come from
    scoring once results exist, and the cells stay empty until then. ``reads``: the
    stage's structure as the page already read it.
    """
    reads = reads or StageReads.of(stage)
    entries = [e for e in reads.entries if group is None or e.group_label == group]
    order = [e.entrant_id for e in entries if e.entrant_id in entrants]
    meetings: dict[frozenset[int], list[int]] = defaultdict(list)
    for m in reads.matches:
        if group is not None and m.group_label != group:
            continue
        if m.home_id and m.away_id:
            meetings[frozenset((m.home_id, m.away_id))].append(m.round.number)
    results = results or {}
    standings = standings or {}
    rows = []
    for position, row_id in enumerate(order, start=1):
        cells: list[CrossCell | None] = []
        for col_id in order:
            if col_id == row_id:
                cells.append(None)
                continue
            cells.append(
                CrossCell(
                    opponent=entrants[col_id],
                    rounds=sorted(meetings.get(frozenset((row_id, col_id)), [])),
                    result=results.get((row_id, col_id), ""),
                )
            )
        standing = standings.get(row_id, {})
        rows.append(
            CrossRow(
                position=position,
                entrant=entrants[row_id],
                cells=cells,
                total=str(standing.get("total", "")),
                rank=str(standing.get("rank", "")),
            )
        )
    return rows


def cross_scores(
    stage: Stage, group: str, entrants: Mapping[int, EntrantView], *, director: bool
) -> tuple[dict[tuple[int, int], str], dict[int, CrossStanding], list[StandingRow]]:
    """The cross-table's cells (row, column) → ``18:12``, each team's total and place,
    and the group's standings rows: the one read of the group (``cross_table_rows``)
    serves both the cross-table and the table beside it."""
    cross = cross_table_rows(stage, official=director, group_label=group)
    results = {
        key: " / ".join(f"{number(c.score_for)}:{number(c.score_against)}" for c in cells)
        for key, cells in cross.table.cells.items()
    }
    standings = {
        row.entrant_id: CrossStanding(
            total=row.match_points, rank=f"{row.place}{'=' if row.shared else ''}"
        )
        for row in cross.lines
    }
    return results, standings, [standing_row(row, entrants) for row in cross.lines]


def cross_section(
    stage: Stage,
    entrants: Mapping[int, EntrantView],
    reads: StageReads,
    *,
    group: str | None,
    director: bool,
) -> tuple[list[CrossRow], list[StandingRow]]:
    """A round robin's (or one group's) cross-table and standings, from one read of the
    scores and the stage's structure as the page read it."""
    results, standings, rows = cross_scores(stage, group or "", entrants, director=director)
    table = cross_table(
        stage, entrants, group=group, results=results, standings=standings, reads=reads
    )
    return table, rows


# --- rankings over several fields -------------------------------------------------------------


class RankedLine(TypedDict):
    entrant_id: int
    boards: int
    direction: str
    sessions: int
    flagged: bool


class RankedRow(TypedDict):
    """A pair's line in a ranking over several fields, in the shape of
    ``_pair_standings.html``'s rows (as ``StandingRow``)."""

    row: RankedLine
    place: str
    pair_number: int | str | None
    entrant: EntrantView | None
    total: str
    adjustment: str
    percentage: str
    opening: SafeString  # RowHtml
    name: SafeString
    boards: str


def pair_row_html(r: StandingRow | RankedRow) -> SafeString:
    """A pair's whole row of ``_pair_standings.html`` (第二十八条之7: 得分率 and 比赛分 right
    after the name), written here once rather than cell by cell by the template: a
    120-table Mitchell's standings have 240 rows, and the template's per-row block cost
    more than the rest of the first read after a result. Escaped as the template would
    (``html.escape``, what Django's ``escape`` calls), as plain text: ``format_html``
    looks at every argument again, a third of the page's first read."""
    number = r.get("pair_number")
    percentage = r["percentage"]
    adjustment = r["adjustment"]
    muted = f' <small class="muted">({_numeric(adjustment)})</small>' if adjustment else ""
    # The cells are numbers' text (``number``: digits, ".", "-"; a place's "="), which
    # escaping leaves as it is; the opening and the name cell are HTML escaped already.
    return SafeString(
        f'{r["opening"]}<td class="num place">{_numeric(r["place"])}</td>'
        f'<td class="num">{"" if number is None else _numeric(str(number))}</td>'
        f'<th scope="row" class="name">{r["name"]}</th>'
        f'<td class="num strong rank-score">{_numeric(percentage) + "%" if percentage else ""}</td>'
        f'<td class="num rank-score">{_numeric(r["total"])}{muted}</td>'
        f'<td class="num">{_numeric(r["boards"])}</td></tr>'
    )


def _text(value: Any) -> str:
    """Text in HTML, escaped as the template escapes it."""
    return html.escape(str(value))


_NUMERIC = frozenset("0123456789.-=")


def _numeric(text: str) -> str:
    """A number's text as it is (nothing in it to escape); anything else escaped."""
    return text if _NUMERIC.issuperset(text) else _text(text)


def ranked_view(
    ranked: list[RankedPair],
    entrants: Mapping[int, EntrantView],
    numbers: Mapping[int, int | None] | None = None,
) -> list[RankedRow]:
    """Rankings over several fields (a split Mitchell's overall, an event's sessions)."""
    return [
        RankedRow(
            row=RankedLine(
                entrant_id=r.entrant_id,
                boards=r.boards,
                direction=r.direction,
                sessions=r.sessions,
                flagged=False,
            ),
            place=f"{r.place}{'=' if r.shared else ''}",
            pair_number=(numbers or {}).get(r.entrant_id)
            or getattr(entrants.get(r.entrant_id), "number", ""),
            entrant=entrants.get(r.entrant_id),
            total=number(r.total),
            adjustment="",
            percentage=number(r.percentage, fixed=True) if r.percentage is not None else "",
            **row_html(r.entrant_id, False, entrants.get(r.entrant_id), r.boards, "", ""),
        )
        for r in ranked
    ]
