"""Team-match score sheets (计分表), one page a table and session, and pairs travellers
(记分条), a strip a board. Blank lines to fill in at the table; a board already
played prints what was entered, and its score columns what scoring made of it: the
board points of each side (第二十四条) on a score sheet, the matchpoints on a
traveller (第二十八条)."""

from __future__ import annotations

from ..data import EntrantRef, PlayedResult, ScoreSheetsData, TravellersData
from ..fonts import FontChoice
from ..labels import DIGS, OUTCOMES, PAPERS, ROOMS, SEATS, SUITS, label, numbered, source_label
from ..layout import GREY, Cell, Column, Sheet
from ._base import Ticker, renderer

__all__ = ["render_score_sheets", "render_travellers"]


def _team(ref: EntrantRef | None, source: str) -> str:
    if ref is not None:
        return ref.label
    return source_label(source) if source else "—"


def _seat(value: str) -> str:
    return str(SEATS[value]) if value in SEATS else value


def _result_cells(r: PlayedResult | None) -> list[object]:
    """Level N–S, level E–W, trump, declared by, declarer, defenders' points, dig,
    outcome, levels after N–S and E–W, score N–S and E–W."""
    if r is None:
        return [""] * 12
    return [
        r.level_ns,
        r.level_ew,
        str(SUITS[r.trump]) if r.trump in SUITS else r.trump,
        _seat(r.declared_by) if r.declared_by else (label("turned") if r.trump else ""),
        _seat(r.declarer),
        "" if r.defender_points is None else str(r.defender_points),
        str(DIGS[r.dig]) if r.dig in DIGS else r.dig,
        str(OUTCOMES[r.outcome]) if r.outcome in OUTCOMES else r.outcome,
        r.levels_after_ns,
        r.levels_after_ew,
        r.score_ns,
        r.score_ew,
    ]


def _result_columns(score_ns: str, score_ew: str) -> list[Column]:
    return [
        Column(label("level_ns"), 13),
        Column(label("level_ew"), 13),
        Column(label("trump"), 12),
        Column(label("declared_by"), 13),
        Column(label("declarer"), 11),
        Column(label("defender_points"), 14),
        Column(label("dig"), 14),
        Column(label("outcome"), 12),
        Column(label("levels_after_ns"), 13),
        Column(label("levels_after_ew"), 13),
        Column(label(score_ns), 14),
        Column(label(score_ew), 14),
    ]


def _sheets(data: ScoreSheetsData) -> int:
    return len(data.sheets)


@renderer("score-sheets", _sheets)
def render_score_sheets(data: ScoreSheetsData, *, font: FontChoice | None, ticker: Ticker) -> Sheet:
    sheet = Sheet(title=str(PAPERS["score-sheets"]), subtitle=data.event.line, font=font)
    columns = [Column(label("board"), 12), Column(label("start_level"), 14)]
    columns += _result_columns("score_ns", "score_ew")
    for s in data.sheets:
        sheet.start_page()
        room = str(ROOMS.get(s.room, s.room))
        sheet.text(
            sheet.left,
            sheet.cursor + 7,
            f"{numbered('table', s.table)}  {room}",
            size=20,
            bold=True,
        )
        sheet.text(sheet.right, sheet.cursor + 4, s.stage, size=10, align="right")
        sheet.text(
            sheet.right,
            sheet.cursor + 9.5,
            f"{numbered('round', s.round)} · {s.match} · {numbered('session', s.session)}"
            f" · {label('code')} {s.code}",
            size=10,
            align="right",
        )
        sheet.cursor += 14
        for side, ref, source, seats in (
            ("ns", s.ns, s.ns_source, "NS"),
            ("ew", s.ew, s.ew_source, "EW"),
        ):
            names = "  ".join(f"{SEATS[seat]} {s.players.get(seat, '')}" for seat in seats)
            sheet.text(sheet.left, sheet.cursor + 4.5, f"{label(side)}：", size=11, bold=True)
            sheet.text(
                sheet.left + 16,
                sheet.cursor + 4.5,
                _team(ref, source),
                size=11,
                bold=True,
                max_width=70,
            )
            sheet.text(
                sheet.left + 90,
                sheet.cursor + 4.5,
                names,
                size=10,
                max_width=sheet.inner_width - 90,
            )
            sheet.cursor += 7
        sheet.cursor += 3
        rows = [
            [
                Cell(str(row.board), bold=True),
                Cell(row.start_level, bold=True),
                *_result_cells(row.result),
            ]
            for row in s.rows
        ]
        sheet.table(columns, rows, row_height=10.5, size=10, header_size=7.5)
        sheet.cursor += 4
        sheet.ensure(20)
        third = sheet.inner_width / 3
        for i, name in enumerate(("signature_ns", "signature_ew", "director")):
            x = sheet.left + i * third
            sheet.text(x, sheet.cursor + 10, label(name), size=10)
            sheet.blank(
                x + sheet.width_of(label(name), 10) + 2,
                sheet.cursor + 10,
                third - sheet.width_of(label(name), 10) - 8,
            )
        ticker.tick()
    return sheet


def _travellers(data: TravellersData) -> int:
    return len(data.travellers)


@renderer("travellers", _travellers)
def render_travellers(data: TravellersData, *, font: FontChoice | None, ticker: Ticker) -> Sheet:
    sheet = Sheet(title=str(PAPERS["travellers"]), subtitle=data.event.line, font=font)
    columns = [
        Column(label("round"), 10),
        Column(label("table"), 10),
        Column(label("ns"), 14),
        Column(label("ew"), 14),
    ]
    results = _result_columns("matchpoints_ns", "matchpoints_ew")
    # The traveller has no room for "declared by": the box card holds it.
    results = [c for c in results if c.label != label("declared_by")]
    columns += results
    shrink = (sheet.inner_width - 48) / sum(c.width for c in results)
    columns = columns[:4] + [Column(c.label, c.width * shrink, c.align) for c in results]
    row_h = 8.0
    for t in data.travellers:
        block = 12 + 7 + row_h * len(t.rows) + 6
        sheet.ensure(block)
        top = sheet.cursor
        sheet.text(sheet.left, top + 6, numbered("board", t.board), size=15, bold=True)
        info = f"{t.stage} · {numbered('set', t.board_set)}"
        if t.start_level:
            info += f" · {label('start_level')} {t.start_level}"
        sheet.text(sheet.right, top + 6, info, size=9.5, align="right", color=GREY)
        sheet.cursor += 9
        rows = []
        for row in t.rows:
            cells = _result_cells(row.result)
            del cells[3]  # declared by
            rows.append(
                [
                    str(row.round),
                    str(row.table),
                    Cell(str(row.ns.number) if row.ns and row.ns.number else "", bold=True),
                    Cell(str(row.ew.number) if row.ew and row.ew.number else "", bold=True),
                    *cells,
                ]
            )
        sheet.table(columns, rows, row_height=row_h, size=9.5, header_size=7, keep_rows=len(rows))
        sheet.cursor += 3
        sheet.line(sheet.left, sheet.cursor, sheet.right, sheet.cursor, dash=(2, 1.5), color=GREY)
        sheet.cursor += 4
        ticker.tick()
    return sheet
