"""Standings (成绩排名) and team-match results board by board (团体赛逐副成绩).

Standings: a stage to a page — a round robin's (or each group's) table with its
cross-table (交叉表), a bracket with the match scores, a Mitchell's two rankings with
their percentages, the pairs final's places. Results: every scored team match (and
pairs-final contest) as a block: each board's open-room and closed-room results side
by side with the board points (第二十四条), then the totals, penalties, score, match
points and the winner.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import get_language, pgettext

from scoring.reasons import tie_mark, tie_reason

from ..data import (
    CrossTableData,
    MatchResult,
    PlayedResult,
    PrintedStanding,
    ResultsData,
    StandingsData,
    StandingsTable,
)
from ..fonts import FontChoice
from ..labels import (
    DIGS_SHORT,
    MATCH_DECISIONS,
    OUTCOMES,
    PAPERS,
    ROOMS,
    SEATS_SHORT,
    SUITS_SHORT,
    label,
    numbered,
    xiaosa_text,
)
from ..layout import GREY, LIGHT, Cell, Column, Sheet
from ._base import Ticker, renderer
from .brackets import draw_bracket

__all__ = ["render_results", "render_standings"]

ROW = 7.0


def _stages(data: StandingsData) -> int:
    return len(data.stages)


@renderer("standings", _stages)
def render_standings(data: StandingsData, *, font: FontChoice | None, ticker: Ticker) -> Sheet:
    sheet = Sheet(title=str(PAPERS["standings"]), subtitle=data.event.line, font=font)
    for stage in data.stages:
        # A bracket alone gets a landscape page, as on the brackets paper; tables do not.
        sheet.start_page(landscape=not stage.tables and stage.bracket is not None)
        sheet.heading(stage.name, size=15, gap=4)
        for table in stage.tables:
            if table.kind == "teams":
                _teams(sheet, table)
            elif table.kind == "pairs":
                _pairs(sheet, table)
            else:
                _places(sheet, table)
            sheet.cursor += 5
        if stage.bracket is not None:
            if stage.tables:
                sheet.start_page(landscape=True)
                sheet.heading(stage.name, size=15, gap=4)
            draw_bracket(sheet, stage.bracket)
        ticker.tick()
    return sheet


def _place(line: PrintedStanding, qualifiers: int | None = None) -> Cell:
    going_on = qualifiers is not None and line.place <= qualifiers
    return Cell(line.place_text, bold=True, fill=LIGHT if going_on else None)


def _number(line: PrintedStanding, *, bold: bool = False) -> Cell:
    return Cell(str(line.entrant.number or ""), bold=bold)


@dataclass(frozen=True)
class _Field:
    """One column of a ranking and the cell it shows for a line, side by side so the
    two cannot drift apart (the place comes first and the note last on every ranking)."""

    key: str
    width: float
    cell: Callable[[PrintedStanding], object]
    align: str = "center"


_TEAM_FIELDS = (
    _Field("team_no", 12, _number),
    _Field("team", 48, lambda line: Cell(line.entrant.label, bold=True), "left"),
    _Field("played", 12, lambda line: line.played),
    _Field("won", 10, lambda line: line.won),
    _Field("drawn", 10, lambda line: line.drawn),
    _Field("lost", 10, lambda line: line.lost),
    _Field("match_points", 14, lambda line: Cell(str(line.match_points), bold=True)),
    _Field("score_for", 17, lambda line: line.score_for),
    _Field("score_against", 17, lambda line: line.score_against),
)
_PAIR_FIELDS = (
    _Field("pair_no", 12, lambda line: _number(line, bold=True)),
    _Field("players", 52, lambda line: line.entrant.label, "left"),
    _Field("boards_scored", 12, lambda line: line.boards),
    _Field("matchpoints", 18, lambda line: line.matchpoints),
    _Field("adjustment", 14, lambda line: line.adjustment),
    _Field("total_matchpoints", 18, lambda line: line.total),
    _Field("top", 14, lambda line: line.top),
    _Field("percentage", 18, lambda line: Cell(line.percentage, bold=True)),
)


def _ranking(sheet: Sheet, heading: str, table: StandingsTable, fields: tuple[_Field, ...]) -> None:
    """A ranking: the place, ``fields``, and the note in the width left over."""
    columns = [Column(label("place"), 12)]
    columns += [Column(label(f.key), f.width, f.align) for f in fields]
    columns.append(Column(label("note"), sheet.inner_width - sum(c.width for c in columns), "left"))
    rows = [
        [
            _place(line, table.qualifiers),
            *(f.cell(line) for f in fields),
            Cell(_note(line), size=7.5),
        ]
        for line in table.lines
    ]
    sheet.heading(heading, size=12, keep=ROW * 3)
    sheet.table(columns, rows, row_height=ROW, size=9.5)
    _tie_notes(sheet, table)


def _note(line: PrintedStanding) -> str:
    """The note column: the director's recorded reason, else the row's short mark (需加赛决定,
    尚未相遇…); the sentence for each mark follows the table (:func:`_tie_notes`)."""
    if line.tie == "director" and line.note:
        return line.note
    return tie_mark(line)


def _tie_notes(sheet: Sheet, table: StandingsTable) -> None:
    """Under the table, each mark with its reason as the pages say it (scoring.reasons,
    第二十五条之4), once each, wrapped to the page width."""
    notes = {
        (tie_mark(line), tie_reason(line)): None
        for line in table.lines
        if tie_reason(line) and not (line.tie == "director" and line.note)
    }
    for mark, reason in notes:
        text = f"{mark}：{reason}" if get_language() == "zh-hans" else f"{mark}: {reason}"
        lines = len(sheet.wrap(text, 8, sheet.inner_width))
        sheet.ensure(4 * lines + 2)
        sheet.cursor += sheet.paragraph(
            sheet.left, sheet.cursor + 3, text, width=sheet.inner_width, size=8, color=GREY
        )
    if notes:
        sheet.cursor += 2


def _teams(sheet: Sheet, table: StandingsTable) -> None:
    title = numbered("group", table.group) if table.group else label("standings_table")
    if table.qualifiers:
        title += "  " + _qualify_note(table.qualifiers)
    _ranking(sheet, title, table, _TEAM_FIELDS)
    if table.cross is not None and len(table.cross.entrants) > 1:
        sheet.cursor += 4
        _cross_table(sheet, table.cross)


def _qualify_note(n: int) -> str:
    return pgettext("print", "（前%(n)s名出线，底色标出）") % {"n": n}


def _cross_table(sheet: Sheet, cross: CrossTableData) -> None:
    n = len(cross.entrants)
    name_w = 44.0
    cell_w = min(24.0, (sheet.inner_width - name_w - 8) / n)
    lines = max((c.count("\n") + 1 for row in cross.cells for c in row), default=1)
    columns = [Column("", 8), Column(label("team"), name_w, "left")]
    columns += [Column(str(i), cell_w) for i in range(1, n + 1)]
    rows = []
    for i, (ref, cells) in enumerate(zip(cross.entrants, cross.cells, strict=True)):
        row: list[object] = [Cell(str(i + 1), bold=True), Cell(ref.label, bold=True)]
        for j, text in enumerate(cells):
            row.append(Cell("", fill=GREY) if i == j else Cell(text, size=8.5))
        rows.append(row)
    sheet.heading(label("cross_table"), size=11, keep=ROW * 3)
    sheet.table(columns, rows, row_height=max(ROW, 4.2 * lines + 2.5), size=9)


def _pairs(sheet: Sheet, table: StandingsTable) -> None:
    heading = _direction(table.direction)
    if table.group:  # a section of a split Mitchell
        heading = f"{numbered('section', table.group)} · {heading}"
    _ranking(sheet, heading, table, _PAIR_FIELDS)


def _direction(direction: str) -> str:
    """A Mitchell ranks each direction on its own (南北 / 东西); a Howell one field."""
    return {"NS": label("ns"), "EW": label("ew")}.get(direction, label("field"))


def _places(sheet: Sheet, table: StandingsTable) -> None:
    columns = [
        Column(label("place"), 16),
        Column(label("pair_no"), 16),
        Column(label("players"), 90, "left"),
    ]
    rows = [[_place(line), _number(line, bold=True), line.entrant.label] for line in table.lines]
    sheet.heading(label("place"), size=12, keep=ROW * 3)
    sheet.table(columns, rows, row_height=ROW, size=10)


# --- team matches board by board ------------------------------------------------------------


def _room_cells(r: PlayedResult | None) -> list[object]:
    """Levels (N–S/E–W), declarer, trump, defenders' points, dig, 潇洒, outcome, levels
    after and jump levels (N–S/E–W)."""
    if r is None or not r.declarer:
        return [""] * 9
    return [
        f"{r.level_ns}/{r.level_ew}",
        str(SEATS_SHORT[r.declarer]) if r.declarer in SEATS_SHORT else r.declarer,
        str(SUITS_SHORT[r.trump]) if r.trump in SUITS_SHORT else r.trump,
        "" if r.defender_points is None else str(r.defender_points),
        str(DIGS_SHORT.get(r.dig, r.dig)),
        Cell(xiaosa_text(r.xiaosa), size=7.5),
        str(OUTCOMES[r.outcome]) if r.outcome in OUTCOMES else r.outcome,
        f"{r.levels_after_ns}/{r.levels_after_ew}",
        f"{r.jump_ns or 0}/{r.jump_ew or 0}",
    ]


def _room_columns() -> list[Column]:
    return [
        Column(label("levels"), 14),
        Column(label("declarer"), 9),
        Column(label("trump_row"), 10),
        Column(label("defender_points"), 12),
        Column(label("dig"), 10),
        Column(label("xiaosa"), 24),
        Column(label("outcome"), 11),
        Column(label("levels_after"), 14),
        Column(label("jumps"), 11),
    ]


def _matches(data: ResultsData) -> int:
    return len(data.matches)


@renderer("results", _matches)
def render_results(data: ResultsData, *, font: FontChoice | None, ticker: Ticker) -> Sheet:
    sheet = Sheet(title=str(PAPERS["results"]), subtitle=data.event.line, font=font, landscape=True)
    for m in data.matches:
        _match(sheet, m)
        ticker.tick()
    return sheet


def _team(ref: object) -> str:
    return getattr(ref, "label", "") or "—"


def _match(sheet: Sheet, m: MatchResult) -> None:
    columns = [Column(label("board"), 11), *_room_columns(), *_room_columns()]
    columns += [Column(label("home_points"), 0), Column(label("away_points"), 0)]
    free = (sheet.inner_width - sum(c.width for c in columns)) / 2
    columns = [Column(c.label, c.width or free, c.align) for c in columns]
    height = 22 + ROW * (len(m.boards) + 1) + 16
    sheet.ensure(min(height, sheet.bottom - sheet.margin - 12))
    top = sheet.cursor
    where = [m.stage]
    if m.round is not None:
        where.append(numbered("round", m.round))
    if m.group:
        where.append(numbered("group", m.group))
    where.append(m.match)
    sheet.text(sheet.left, top + 5, " · ".join(where), size=9.5, color=GREY)
    sheet.text(
        sheet.left,
        top + 12,
        f"{_team(m.home)}  —  {_team(m.away)}",
        size=14,
        bold=True,
        max_width=sheet.inner_width * 0.7,
    )
    score = f"{m.home_score or 0} : {m.away_score or 0}"
    sheet.text(sheet.right, top + 12, score, size=14, bold=True, align="right")
    sheet.cursor = top + 16
    room_w = sum(c.width for c in _room_columns())
    x = sheet.left + columns[0].width
    for room, table in (("open", m.open_table), ("closed", m.closed_table)):
        text = str(ROOMS[room])
        if table is not None:
            text += f"（{numbered('table', table)}）"
        sheet.rect(x, sheet.cursor, room_w, 5.5, fill=LIGHT, width=0.4)
        sheet.text(x + room_w / 2, sheet.cursor + 4, text, size=8.5, align="center")
        x += room_w
    sheet.cursor += 5.5
    rows = []
    for b in m.boards:
        board = str(b.board) + (f" {label('tiebreak')}" if b.tiebreak else "")
        if b.state == "not_scored":
            points: list[object] = [Cell(label("not_scored"), size=7.5), ""]
        elif b.state == "hidden":  # a player's paper: not shown yet (第二十八条之6)
            points = [Cell(label("hidden"), size=7.5), ""]
        else:
            points = [Cell(b.home_points, bold=True), Cell(b.away_points, bold=True)]
        rows.append([Cell(board, bold=True), *_room_cells(b.open), *_room_cells(b.closed), *points])
    sheet.table(columns, rows, row_height=ROW, size=9, header_size=7, keep_rows=len(rows))
    sheet.ensure(14)
    parts = [
        f"{label('board_points')} {m.home_board_points} : {m.away_board_points}",
    ]
    if m.home_adjustment or m.away_adjustment:
        parts.append(f"{label('adjustment')} {m.home_adjustment or 0} : {m.away_adjustment or 0}")
    parts.append(f"{label('match_score')} {m.home_score or 0} : {m.away_score or 0}")
    parts.append(f"{label('match_points')} {m.home_match_points} : {m.away_match_points}")
    sheet.text(sheet.left, sheet.cursor + 5, "   ".join(parts), size=9.5)
    decision = str(MATCH_DECISIONS.get(m.decision, m.decision))
    if m.winner is not None:
        decision += f" · {label('winner')} {m.winner.label}"
    sheet.text(
        sheet.left, sheet.cursor + 10, f"{label('decision')}：{decision}", size=9.5, bold=True
    )
    note = m.note_en if _english() else m.note_zh
    if note:
        sheet.text(
            sheet.left, sheet.cursor + 14.5, note, size=8, color=GREY, max_width=sheet.inner_width
        )
        sheet.cursor += 4.5
    sheet.cursor += 13
    sheet.line(sheet.left, sheet.cursor, sheet.right, sheet.cursor, dash=(2, 1.5), color=GREY)
    sheet.cursor += 5


def _english() -> bool:
    return (get_language() or "").startswith("en")
