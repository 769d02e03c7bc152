"""Handouts for players (issue 16).

* Personal score cards (个人成绩单): a Mitchell pair's boards with its matchpoints, or
  a team's scored matches board by board with its board points, each with a running
  total — a card to check against the standings.
* Board handouts (逐副成绩公布): for a released board, its hand record, every table's
  result with its matchpoints (pairs) or board points (teams), and how often each
  result occurred.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..data import BoardHandoutsData, ScoreCardsData
from ..fonts import FontChoice
from ..labels import PAPERS, ROOMS, label, numbered
from ..layout import GREY, LIGHT, MIN_SIZE, Cell, Column, Sheet
from ._base import Ticker, renderer
from .boards import Words, draw_hand_record
from .scoresheets import result_columns, result_values, result_words

__all__ = ["render_board_handouts", "render_score_cards"]

ROW = 7.0


def _cards(data: ScoreCardsData) -> int:
    return len(data.cards)


@renderer("score-cards", _cards)
def render_score_cards(data: ScoreCardsData, *, font: FontChoice | None, ticker: Ticker) -> Sheet:
    sheet = Sheet(title=str(PAPERS["score-cards"]), subtitle=data.event.line, font=font)
    for card in data.cards:
        sheet.start_page()
        sheet.heading(card.entrant.numbered, size=16, gap=2)
        sheet.text(sheet.left, sheet.cursor + 2, card.stage, size=9.5, color=GREY)
        sheet.cursor += 6
        if card.kind == "pairs":
            columns = [
                Column(label("round"), 11),
                Column(label("board"), 11),
                Column(label("table"), 11),
                Column(label("direction"), 11),
                Column(label("opponent"), 34, "left"),
                Column(label("result"), 0, "left"),
                Column(label("matchpoints"), 17),
                Column(label("total_matchpoints"), 17),
            ]
            rows = [
                [
                    str(line.round),
                    Cell(str(line.board), bold=True),
                    line.where,
                    label("ns") if line.side == "NS" else label("ew"),
                    line.opponent.numbered if line.opponent else "—",
                    result_words(line.results[0]),
                    Cell(line.score, bold=True),
                    line.running,
                ]
                for line in card.lines
            ]
        else:
            columns = [
                Column(label("round"), 11),
                Column(label("match"), 12),
                Column(label("board"), 11),
                Column(label("opponent"), 30, "left"),
                Column(str(ROOMS["open"]), 0, "left"),
                Column(str(ROOMS["closed"]), 0, "left"),
                Column(label("board_points"), 17),
                Column(label("total_matchpoints"), 15),
            ]
            rows = [
                [
                    str(line.round),
                    line.where,
                    Cell(str(line.board), bold=True),
                    line.opponent.label if line.opponent else "—",
                    Cell(result_words(line.results[0]), size=8),
                    Cell(result_words(line.results[-1]), size=8),
                    Cell(line.score, bold=True),
                    line.running,
                ]
                for line in card.lines
            ]
        free = sheet.inner_width - sum(c.width for c in columns)
        blanks = sum(1 for c in columns if not c.width)
        columns = [Column(c.label, c.width or free / blanks, c.align) for c in columns]
        if card.adjustment:  # 第五章: the penalties, counted in the total
            rows.append([Cell(label("adjustment"), fill=LIGHT)] + [""] * (len(columns) - 2))
            rows[-1].append(card.adjustment)
        rows.append([Cell(label("total"), bold=True, fill=LIGHT)] + [""] * (len(columns) - 2))
        rows[-1].append(Cell(card.total, bold=True))
        sheet.table(columns, rows, row_height=ROW, size=9, header_size=7.5)
        ticker.tick()
    return sheet


def _handouts(data: BoardHandoutsData) -> int:
    return len(data.handouts)


@renderer("board-handouts", _handouts)
def render_board_handouts(
    data: BoardHandoutsData, *, font: FontChoice | None, ticker: Ticker
) -> Sheet:
    sheet = Sheet(title=str(PAPERS["board-handouts"]), subtitle=data.event.line, font=font)
    words = Words()
    for h in data.handouts:
        sheet.running = ""
        sheet.start_page()
        fit = _handout_fit(sheet.bottom - sheet.cursor, len(h.rows), len(h.frequencies))
        draw_hand_record(
            sheet, h.record, sheet.left, sheet.cursor, sheet.inner_width, fit.record, words
        )
        sheet.cursor += fit.record + 4
        # Only a field too big for any page runs over: the next page names the board.
        sheet.running = " · ".join(
            [numbered("board", h.board), h.stage]
            + ([numbered("round", h.round)] if h.round is not None else [])
        )
        row_h = fit.row
        size = max(MIN_SIZE, min(8.5, row_h * 1.25))
        pairs = h.kind == "pairs"
        scores = ("matchpoints_ns", "matchpoints_ew") if pairs else ("score_ns", "score_ew")
        width = _part_width(sheet, fit.results)
        narrow = width / sheet.inner_width  # the leading columns too, side by side
        lead = [Column(label("round"), 10 * narrow), Column(label("table"), 10 * narrow)]
        if not pairs:
            lead.append(Column(label("match"), 16 * narrow))
        lead += [Column(label("ns"), 14 * narrow), Column(label("ew"), 14 * narrow)]
        fitted = result_columns(
            width - sum(c.width for c in lead),
            skip=("declared_by", "levels_after_ns", "levels_after_ew"),
            scores=scores,
        )
        names = [n for n, _c in fitted]
        rows = []
        for row in h.rows:
            values = result_values(row.result)
            line: list[object] = [str(row.round), str(row.table)]
            if not pairs:
                match, _sp, room = row.where.partition(" ")
                line.append(f"{match} {ROOMS[room]}" if room in ROOMS else row.where)
            line += [
                Cell(_short(row.ns, pairs), bold=True),
                Cell(_short(row.ew, pairs), bold=True),
                *(values[n] for n in names),
            ]
            rows.append(line)
        _side_by_side(
            sheet,
            fit.results,
            [*lead, *(c for _n, c in fitted)],
            rows,
            row_height=row_h,
            size=size,
            header_size=7,
        )
        if h.frequencies:
            sheet.cursor += GAP
            sheet.heading(label("result_frequencies"), size=11, keep=row_h * 2)
            width = _part_width(sheet, fit.frequencies)
            count_w = 20 * min(1.0, width / 140)
            sheet_rows = [[result_words(r), Cell(str(n), bold=True)] for r, n in h.frequencies]
            _side_by_side(
                sheet,
                fit.frequencies,
                [
                    Column(label("result"), min(120, width - count_w), "left"),
                    Column(label("frequency"), count_w),
                ],
                sheet_rows,
                row_height=row_h,
                size=min(9.0, size),
                header_size=7,
            )
        ticker.tick()
    sheet.running = ""
    return sheet


RECORD_H = 120.0  # mm: the hand record at the top of a handout
RECORD_MIN = 104.0  # mm: as small as it reads well
ROW_MIN = 3.6  # mm: a result row as small as it reads well on a full-width table
ROW_FLOOR = 2.4  # mm: a row at the smallest text (5 pt), for a big field's tables side by side
HEAD_H = 8.3  # mm: a table's header (two lines of labels at 7 pt)
HEADING_H = 7.5  # mm: the frequencies' heading (11 pt, its gap)
GAP = 4.0  # mm: between the results and the frequencies
SIDE_GAP = 3.0  # mm: between the parts of a table set side by side
#: How many parts side by side the results and the frequencies are set in, tried in
#: turn until the rows are no lower than :data:`ROW_MIN` (the last: :data:`ROW_FLOOR`).
ACROSS = ((1, 1), (1, 2), (2, 2), (2, 3))


@dataclass(frozen=True)
class HandoutFit:
    record: float  # mm: the hand record's height
    row: float  # mm: a row's height
    results: int  # the results table in this many parts side by side
    frequencies: int  # the frequencies likewise


def _handout_fit(room: float, rows: int, frequencies: int) -> HandoutFit:
    """How a board's handout fits one page of ``room`` mm: the results and the
    frequencies at full size when they fit, else rows made lower, then the hand record
    smaller, then the tables set in parts side by side (a 60-table Mitchell's board:
    59 results). A handout is one board a page — a second page of rows with no hand
    record above them reads as another board. Only a field too big even for that runs
    over, its tables full width."""
    fixed = 0.5 + HEAD_H + (GAP + HEADING_H + HEAD_H if frequencies else 0)  # 0.5: rounding
    for across, least in [*((a, ROW_MIN) for a in ACROSS), (ACROSS[-1], ROW_FLOOR)]:
        lines = max(1, -(-rows // across[0]) + -(-frequencies // across[1]))
        record = RECORD_H
        row = (room - record - 4 - fixed) / lines
        if row < 4.5:  # the hand record gives up some of its room before rows get tiny
            record = max(RECORD_MIN, room - 4 - fixed - 4.5 * lines)
            row = (room - record - 4 - fixed) / lines
        if row >= least:
            return HandoutFit(record, min(ROW, row), *across)
    return HandoutFit(RECORD_MIN, ROW_MIN, 1, 1)


def _part_width(sheet: Sheet, parts: int) -> float:
    """The width of one of ``parts`` tables side by side across the page."""
    return (sheet.inner_width - SIDE_GAP * (parts - 1)) / parts


def _side_by_side(
    sheet: Sheet,
    parts: int,
    columns: list[Column],
    rows: list[list[object]],
    **style: Any,
) -> None:
    """``rows`` as ``parts`` tables side by side, in order down each then across (the
    first part the longest), each with its header; the cursor below the longest."""
    top, per = sheet.cursor, -(-len(rows) // parts)
    bottom = top
    for i in range(parts):
        part = rows[i * per : (i + 1) * per]
        if not part:
            break
        sheet.cursor = top
        sheet.table(
            columns, part, x=sheet.left + i * (_part_width(sheet, parts) + SIDE_GAP), **style
        )
        bottom = max(bottom, sheet.cursor)
    sheet.cursor = bottom


def _short(ref: object, pairs: bool) -> str:
    """A pair by its number, a team by its name (a handout row is narrow)."""
    if ref is None:
        return ""
    number = getattr(ref, "number", None)
    return str(number or "") if pairs else str(getattr(ref, "label", ""))
