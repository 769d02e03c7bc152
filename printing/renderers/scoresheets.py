"""Team-match score sheets (计分表), one page a table and session, and pairs travellers
(记分条), a strip a board. Blank lines to fill in at the table; a board already
played prints what was entered, and its score columns what scoring made of it: the
board points of each side (第二十四条) on a score sheet, the matchpoints on a
traveller (第二十八条). Both print 潇洒 (who put in which joker, its levels, 第十六条),
the levels after the board and each side's jump levels; a score sheet ends with a
totals row for the captains to sign."""

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import get_language

from ..data import (
    EntrantRef,
    PlayedResult,
    ScoreSheetsData,
    Traveller,
    TravellersData,
    number_text,
)
from ..fonts import FontChoice
from ..labels import (
    PAPERS,
    ROOMS,
    SEATS,
    label,
    numbered,
    played_words,
    source_label,
)
from ..layout import GREY, LIGHT, Cell, Column, Sheet
from ._base import Ticker, renderer

__all__ = [
    "RESULT_COLUMNS",
    "render_score_sheets",
    "render_travellers",
    "result_columns",
    "result_values",
    "result_words",
    "totals_row",
    "draw_traveller",
    "traveller_columns",
]


def _team(ref: EntrantRef | None, source: str) -> str:
    if ref is not None:
        return ref.label
    return source_label(source) if source else "—"


#: The result columns of a score sheet, in order, with their widths (mm, before fitting).
RESULT_COLUMNS = (
    ("level_ns", 9),
    ("level_ew", 9),
    ("trump", 10),
    ("declared_by", 10),
    ("declarer", 9),
    ("defender_points", 11),
    ("dig", 11),
    ("xiaosa", 26),
    ("outcome", 10),
    ("levels_after_ns", 10),
    ("levels_after_ew", 10),
    ("jump_ns", 9),
    ("jump_ew", 9),
    ("score_ns", 11),
    ("score_ew", 11),
)


def _jump(value: int | None) -> str:
    return "" if value is None else str(value)


def result_values(r: PlayedResult | None) -> dict[str, str]:
    """A played result's cells by column name (blank when not played): the box card
    as played, defenders' points, dig, 潇洒 (who put in which joker, its levels),
    outcome, levels after, jump levels and the score."""
    if r is None:
        return {name: "" for name, _w in RESULT_COLUMNS}
    return {
        "level_ns": r.level_ns,
        "level_ew": r.level_ew,
        **played_words(
            r.trump, r.declared_by, r.declarer, r.dig, r.outcome, r.xiaosa, get_language()
        ),
        "defender_points": "" if r.defender_points is None else str(r.defender_points),
        "levels_after_ns": r.levels_after_ns,
        "levels_after_ew": r.levels_after_ew,
        "jump_ns": _jump(r.jump_ns) if r.declarer else "",
        "jump_ew": _jump(r.jump_ew) if r.declarer else "",
        "score_ns": r.score_ns,
        "score_ew": r.score_ew,
    }


def result_words(r: PlayedResult | None) -> str:
    """A result on one line: declarer and trump, defenders' points, outcome, dig, 潇洒
    (``北 红心 35 打成 东大王+3``); "" when not played."""
    if r is None or not r.declarer:
        return ""
    values = result_values(r)
    parts = [values["declarer"], values["trump"], values["defender_points"], values["outcome"]]
    parts += [values["dig"], values["xiaosa"]]
    return " ".join(p for p in parts if p)


def result_columns(
    width: float, skip: tuple[str, ...] = (), scores: tuple[str, str] = ("score_ns", "score_ew")
) -> list[tuple[str, Column]]:
    """(name, column) of the result columns but ``skip``, fitted into ``width`` mm; the
    score columns headed ``scores``."""
    kept = [(n, w) for n, w in RESULT_COLUMNS if n not in skip]
    scale = width / sum(w for _n, w in kept)
    heads = {"score_ns": scores[0], "score_ew": scores[1]}
    return [(n, Column(label(heads.get(n, n)), w * scale)) for n, w in kept]


def _total(texts: list[str]) -> str:
    """The sum of a column of printed numbers; "" when none is filled in."""
    filled = [Decimal(t) for t in texts if t]
    return number_text(sum(filled)) if filled else ""


def totals_row(names: list[str], results: list[PlayedResult | None]) -> list[object]:
    """合计: the jump levels and the scores of the played boards added up."""
    summed = {"jump_ns", "jump_ew", "score_ns", "score_ew"}
    row: list[object] = []
    for name in names:
        if name in summed:
            row.append(Cell(_total([result_values(r)[name] for r in results]), bold=True))
        else:
            row.append("")
    return row


def _sheets(data: ScoreSheetsData) -> int:
    return len(data.sheets)


@renderer("score-sheets", _sheets)
def render_score_sheets(data: ScoreSheetsData, *, font: FontChoice | None, ticker: Ticker) -> Sheet:
    sheet = Sheet(title=str(PAPERS["score-sheets"]), subtitle=data.event.line, font=font)
    fitted = result_columns(sheet.inner_width - 20)
    fields = [n for n, _c in fitted]
    columns = [Column(label("board"), 9), Column(label("start_level"), 11)]
    columns += [c for _n, c in fitted]
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
        rows: list[list[object]] = [
            [
                Cell(str(row.board), bold=True),
                Cell(row.start_level, bold=True),
                *(result_values(row.result)[n] for n in fields),
            ]
            for row in s.rows
        ]
        totals = totals_row(fields, [row.result for row in s.rows])
        rows.append([Cell(label("total"), bold=True, fill=LIGHT), "", *totals])
        sheet.table(columns, rows, row_height=10.5, size=9.5, header_size=7)
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


def traveller_columns(sheet: Sheet) -> tuple[list[Column], list[str]]:
    """The traveller's columns across the page, and the names of its result columns."""
    columns = [
        Column(label("round"), 10),
        Column(label("table"), 10),
        Column(label("ns"), 14),
        Column(label("ew"), 14),
    ]
    # The traveller has no room for "declared by": the box card holds it.
    fitted = result_columns(
        sheet.inner_width - 48, skip=("declared_by",), scores=("matchpoints_ns", "matchpoints_ew")
    )
    names = [n for n, _c in fitted]
    columns += [c for _n, c in fitted]
    return columns, names


def draw_traveller(sheet: Sheet, t: Traveller, columns: list[Column], names: list[str]) -> None:
    """One board's traveller at the cursor, kept on one page: a line a round."""
    row_h = 8.0
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
        values = result_values(row.result)
        rows.append(
            [
                str(row.round),
                str(row.table),
                Cell(str(row.ns.number) if row.ns and row.ns.number else "", bold=True),
                Cell(str(row.ew.number) if row.ew and row.ew.number else "", bold=True),
                *(values[n] for n in names),
            ]
        )
    sheet.table(columns, rows, row_height=row_h, size=9.5, header_size=7, keep_rows=len(rows))


@renderer("travellers", _travellers)
def render_travellers(data: TravellersData, *, font: FontChoice | None, ticker: Ticker) -> Sheet:
    sheet = Sheet(title=str(PAPERS["travellers"]), subtitle=data.event.line, font=font)
    columns, names = traveller_columns(sheet)
    for t in data.travellers:
        draw_traveller(sheet, t, columns, names)
        sheet.cursor += 3
        sheet.line(sheet.left, sheet.cursor, sheet.right, sheet.cursor, dash=(2, 1.5), color=GREY)
        sheet.cursor += 4
        ticker.tick()
    return sheet
