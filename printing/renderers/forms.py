"""Papers for the first table and the tables (issue 16).

* Blank hand records (空白牌型卡, 第四十三条之2): for every copy of every board, the
  box-card fields and four hands of 25 and a bottom of 8 to write in, two to a page.
* The pairs traveller with the hand record on one paper (第二十八条之6), a board a
  page: the hand record once the board is released, a blank one until then.
* Team table cards: table, room, match, teams and seats, boards, and the QR code of
  the table's entry link, two to a page.
* The movement overview: a Mitchell's tables × rounds on one landscape page.
"""

from __future__ import annotations

from ..data import (
    BoxCard,
    BoxCardsData,
    MovementData,
    TableCard,
    TableCardsData,
    TravellerRecordsData,
    board_range,
)
from ..fonts import FontChoice
from ..labels import PAPERS, ROOMS, SEATS, SEATS_SHORT, SUITS_SHORT, label, numbered, source_label
from ..layout import GREY, LIGHT, Cell, Column, Sheet
from ._base import Ticker, renderer, slots
from .boards import SEAT_ORDER, SUIT_ORDER, Words, draw_hand_record
from .scoresheets import draw_traveller, traveller_columns

__all__ = [
    "draw_blank_hands",
    "render_blank_hand_records",
    "render_movement_overview",
    "render_table_cards",
    "render_traveller_records",
]


def _team(ref: object, source: str) -> str:
    name = getattr(ref, "label", "")
    return name or (source_label(source) if source else "—")


# --- blank hand records ----------------------------------------------------------------


def draw_blank_hands(sheet: Sheet, x: float, y: float, w: float, h: float) -> None:
    """Four hands of 25 round the table and the bottom of 8 in the middle, to write in:
    each hand a line for the jokers and one per suit, the bottom eight boxes."""
    col, row = w / 3, h / 3
    places = {
        "N": (x + col, y),
        "W": (x, y + row),
        "E": (x + 2 * col, y + row),
        "S": (x + col, y + 2 * row),
    }
    lines = [(None, label("jokers"))] + [(suit, "") for suit in SUIT_ORDER]
    for seat, (bx, by) in places.items():
        bw, bh = col - 2, row - 2
        sheet.rect(bx + 1, by + 1, bw, bh, width=0.5, radius=1.5)
        sheet.text(bx + 3, by + 6, str(SEATS[seat]), size=11, bold=True)
        sheet.text(bx + bw - 1, by + 6, label("hand_cards"), size=7, color=GREY, align="right")
        pitch = (bh - 9) / len(lines)
        for i, (suit, text) in enumerate(lines):
            base = by + 9 + (i + 0.8) * pitch
            if suit is None:
                sheet.text(bx + 3, base - 0.5, text, size=6.5, color=GREY)
            else:
                sheet.pip(bx + 3.5, base - 3.2, 2.8, suit)
            sheet.line(bx + 12, base, bx + bw - 1, base, width=0.25, color=GREY)
    cx, cy = x + col + 1, y + row + 1
    sheet.rect(cx, cy, col - 2, row - 2, fill=LIGHT, stroke=None, radius=1.5)
    sheet.text(cx + 2, cy + 5.5, label("bottom_cards"), size=10, bold=True)
    box = min((col - 12) / 4, (row - 16) / 2)
    for i in range(8):
        bx = cx + 4 + (i % 4) * (box + 1)
        by = cy + 9 + (i // 4) * (box + 1)
        sheet.rect(bx, by, box, box, width=0.4)
    sheet.text(
        cx + (col - 2) / 2,
        cy + row - 4,
        label("bottom_order"),
        size=6.5,
        color=GREY,
        align="center",
    )


def _box_fields(sheet: Sheet, card: BoxCard, x: float, y: float, w: float) -> float:
    """The box card's fields on two lines from baseline ``y``; returns the next one."""
    preset = card.start_level if not card.filled else ""
    cx = x
    for name, value in (("level_ns", card.level_ns), ("level_ew", card.level_ew)):
        cx += sheet.text(cx, y, label(name), size=9) + 1
        sheet.blank(cx, y, 14, value=value or preset, size=10)
        cx += 18
    cx += sheet.text(cx, y, label("trump"), size=9) + 1.5
    for suit in SUIT_ORDER:
        sheet.checkbox(cx, y, "", checked=card.trump == suit)
        sheet.pip(cx + 4, y - 3.1, 3.2, suit)
        cx += 8 + sheet.text(cx + 8, y, str(SUITS_SHORT[suit]), size=8.5) + 3
    y += 7
    cx = x
    cx += sheet.text(cx, y, label("declared_by"), size=9) + 1.5
    for seat in SEAT_ORDER:
        checked = card.filled and card.declared_by == seat
        cx += sheet.checkbox(cx, y, str(SEATS_SHORT[seat]), size=8.5, checked=checked)
    cx += sheet.checkbox(
        cx, y, label("turned"), size=8.5, checked=card.filled and not card.declared_by
    )
    cx += 3 + sheet.text(cx + 3, y, label("declarer"), size=9) + 4.5
    for seat in SEAT_ORDER:
        cx += sheet.checkbox(cx, y, str(SEATS_SHORT[seat]), size=8.5, checked=card.declarer == seat)
    first = str(card.first_table) if card.first_table is not None else ""
    if first and card.first_room in ROOMS:
        first += f" {ROOMS[card.first_room]}"
    width = sheet.width_of(label("first_table_no"), 9)
    sheet.text(x + w - 20 - width, y, label("first_table_no"), size=9)
    sheet.blank(x + w - 19, y, 19, value=first, size=9)
    return y + 7


def _blank_count(data: BoxCardsData) -> int:
    return len(data.cards)


@renderer("blank-hand-records", _blank_count)
def render_blank_hand_records(
    data: BoxCardsData, *, font: FontChoice | None, ticker: Ticker
) -> Sheet:
    """A blank 牌型卡 for every copy of every board, two to a page."""
    sheet = Sheet(title=str(PAPERS["blank-hand-records"]), subtitle=data.event.line, font=font)
    for card, y, height in slots(sheet, data.cards, 2):
        x, w = sheet.left, sheet.inner_width
        sheet.text(x, y + 6, label("hand_record"), size=13, bold=True)
        sheet.text(x + w, y + 8, numbered("board", card.board), size=20, bold=True, align="right")
        where = [card.stage]
        if card.round is not None:
            where.append(numbered("round", card.round))
        if card.match:
            where.append(card.match)
            where.append(
                f"{_team(card.home, card.home_source)} — {_team(card.away, card.away_source)}"
            )
        sheet.text(x, y + 12, " · ".join(where), size=8.5, color=GREY, max_width=w * 0.75)
        after = _box_fields(sheet, card, x, y + 20, w)
        note_y = y + height - 5
        draw_blank_hands(sheet, x, after - 3, w, note_y - after - 1)
        sheet.text(x, note_y + 1, label("hands_to_fill"), size=7.5, color=GREY, max_width=w)
        ticker.tick()
    return sheet


# --- the traveller with the hand record -------------------------------------------------


def _papers(data: TravellerRecordsData) -> int:
    return len(data.papers)


@renderer("traveller-records", _papers)
def render_traveller_records(
    data: TravellerRecordsData, *, font: FontChoice | None, ticker: Ticker
) -> Sheet:
    """A board a page: its traveller on top, its hand record below (第二十八条之6)."""
    sheet = Sheet(title=str(PAPERS["traveller-records"]), subtitle=data.event.line, font=font)
    columns, names = traveller_columns(sheet)
    words = Words()
    for paper in data.papers:
        sheet.start_page()
        draw_traveller(sheet, paper.traveller, columns, names)
        sheet.text(
            sheet.left,
            sheet.cursor + 4,
            label("traveller_note"),
            size=7.5,
            color=GREY,
            max_width=sheet.inner_width,
        )
        top = max(sheet.cursor + 8, sheet.bottom - 125)
        sheet.line(sheet.left, top - 2, sheet.right, top - 2, width=0.6)
        height = sheet.bottom - top
        if paper.record is not None:
            draw_hand_record(sheet, paper.record, sheet.left, top, sheet.inner_width, height, words)
        else:
            sheet.text(sheet.left, top + 5, label("hand_record"), size=12, bold=True)
            sheet.text(
                sheet.right, top + 5, label("hands_withheld"), size=8.5, color=GREY, align="right"
            )
            draw_blank_hands(sheet, sheet.left, top + 8, sheet.inner_width, height - 8)
        ticker.tick()
    return sheet


# --- team table cards -------------------------------------------------------------------

QR_SIZE = 46.0


def _table_count(data: TableCardsData) -> int:
    return len(data.cards)


@renderer("table-cards", _table_count)
def render_table_cards(data: TableCardsData, *, font: FontChoice | None, ticker: Ticker) -> Sheet:
    """A card for every table of every session of every team match, two to a page."""
    sheet = Sheet(title=str(PAPERS["table-cards"]), subtitle=data.event.line, font=font)
    for card, y, height in slots(sheet, data.cards, 2):
        _table_card(sheet, card, sheet.left, y, sheet.inner_width, height - 4)
        ticker.tick()
    return sheet


def _table_card(sheet: Sheet, card: TableCard, x: float, y: float, w: float, h: float) -> None:
    sheet.rect(x, y, w, h, width=0.8, radius=2)
    x, w = x + 5, w - 10
    room = str(ROOMS.get(card.room, card.room))
    sheet.text(x, y + 16, f"{numbered('table', card.table)}  {room}", size=30, bold=True)
    where = [
        card.stage,
        numbered("round", card.round),
        card.match,
        numbered("session", card.session),
    ]
    sheet.text(x, y + 24, " · ".join(where), size=11, max_width=w - QR_SIZE - 6)
    row = y + 36
    text_w = w - QR_SIZE - 8
    for side, ref, source, seats in (
        ("ns", card.ns, card.ns_source, "NS"),
        ("ew", card.ew, card.ew_source, "EW"),
    ):
        sheet.text(x, row, f"{label(side)}：", size=13, bold=True)
        sheet.text(x + 17, row, _team(ref, source), size=13, bold=True, max_width=text_w - 17)
        row += 8
        half = text_w / 2
        for i, seat in enumerate(seats):
            sx = x + 4 + i * half
            used = sheet.text(sx, row, str(SEATS[seat]), size=10.5) + 2
            sheet.blank(
                sx + used, row, half - used - 6, value=card.players.get(seat, ""), size=10.5
            )
        row += 9
    sheet.text(x, row, f"{label('boards')}：{board_range(card.boards)}", size=12, bold=True)
    sheet.text(
        x + text_w / 2, row, f"{label('boards_per_session')}：{card.boards_per_session}", size=12
    )
    if card.url:
        # The phone keeps what it could not send (issue 29): say how long to wait.
        sheet.text(x, row + 10, label("keep_open"), size=10, max_width=text_w)
        qx = x + w - QR_SIZE
        sheet.qr(qx, y + 6, QR_SIZE, card.url)
        sheet.text(qx + QR_SIZE / 2, y + QR_SIZE + 10, label("scan"), size=10, align="center")
        sheet.text(
            qx + QR_SIZE / 2, y + QR_SIZE + 16, card.code, size=13, bold=True, align="center"
        )


# --- the movement overview --------------------------------------------------------------


def _stages(data: MovementData) -> int:
    return len(data.stages)


@renderer("movement-overview", _stages)
def render_movement_overview(
    data: MovementData, *, font: FontChoice | None, ticker: Ticker
) -> Sheet:
    """A Mitchell on one landscape page: a row a table (its N–S pair), a column a round;
    each cell the E–W pair and the board set that meet there."""
    sheet = Sheet(
        title=str(PAPERS["movement-overview"]), subtitle=data.event.line, font=font, landscape=True
    )
    for stage in data.stages:
        sheet.start_page()
        sheet.heading(stage.name, size=14, gap=3)
        note = f"{label('overview_note')}    {label('movement_rule')}"
        sheet.text(
            sheet.left, sheet.cursor + 2, note, size=8, color=GREY, max_width=sheet.inner_width
        )
        sheet.cursor += 5
        numbers = sorted({row.table for r in stage.rounds for row in r.rows})
        cell = {(r.number, row.table): row for r in stage.rounds for row in r.rows}
        first = {row.table: row for row in stage.rounds[0].rows} if stage.rounds else {}
        head_w = 24.0
        round_w = (sheet.inner_width - head_w) / max(1, len(stage.rounds))
        columns = [Column(f"{label('table')} / {label('ns')}", head_w)]
        columns += [Column(numbered("round", r.number), round_w) for r in stage.rounds]
        row_h = min(8.0, (sheet.bottom - sheet.cursor - 8) / max(1, len(numbers)))
        size = max(5.0, min(9.0, row_h * 1.7))
        rows = []
        for number in numbers:
            ns = first.get(number)
            line: list[object] = [
                Cell(f"{number} / {ns.ns.number if ns and ns.ns else '—'}", bold=True, fill=LIGHT)
            ]
            for r in stage.rounds:
                at = cell.get((r.number, number))
                ew = at.ew.number if at and at.ew else "—"
                line.append(f"{ew} / {at.board_set}" if at else "")
            rows.append(line)
        sheet.table(columns, rows, row_height=row_h, size=size, header_size=min(8.0, size))
        ticker.tick()
    return sheet
