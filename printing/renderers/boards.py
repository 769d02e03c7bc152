"""Board-box cards (牌盒卡, 第四十三条), eight to an A4 page for cutting, and hand-record
cards (牌型卡), two to a page: the hands laid out round the table, trumps apart."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from core.engine import SEAT_NAMES

from ..data import (
    BoxCard,
    BoxCardsData,
    EntrantRef,
    HandRecord,
    HandRecordsData,
    PinCard,
    PinCardsData,
)
from ..fonts import FontChoice
from ..labels import (
    PAPERS,
    ROOMS,
    SEATS,
    SEATS_SHORT,
    SUITS,
    SUITS_SHORT,
    label,
    numbered,
    seat_line,
    source_label,
)
from ..layout import GREY, LIGHT, RED, Sheet
from ._base import Ticker, renderer, slots

__all__ = ["Words", "draw_hand_record", "render_box_cards", "render_hand_records"]

SEAT_ORDER = SEAT_NAMES
SUIT_ORDER = ("H", "D", "S", "C")


def _short_seat(seat: str) -> str:
    return str(SEATS_SHORT[seat])


def _short_suit(suit: str) -> str:
    return str(SUITS_SHORT[suit])


def _team(ref: EntrantRef | None, source: str) -> str:
    if ref is not None:
        return ref.label
    return source_label(source) if source else ""


# --- box cards ---------------------------------------------------------------------------

BOX_COLS, BOX_ROWS = 2, 4
#: mm from a box card's rule to the baseline of its 起打级别 note: a 7 pt glyph rises
#: about 2 mm, so the note starts below the rule rather than on it.
START_NOTE = 4.0


def _box_count(data: BoxCardsData) -> int:
    return len(data.cards)


@renderer("box-cards", _box_count)
def render_box_cards(data: BoxCardsData, *, font: FontChoice | None, ticker: Ticker) -> Sheet:
    return _cut_cards("box-cards", data, _box_card, font=font, ticker=ticker)


def _cut_cards(
    kind: str, data: Any, draw: Callable[..., None], *, font: FontChoice | None, ticker: Ticker
) -> Sheet:
    """Cards eight to a page with cut lines between them (box cards, PIN cards)."""
    sheet = Sheet(
        title=str(PAPERS[kind]), subtitle=data.event.line, font=font, header=False, margin=8
    )
    w = sheet.inner_width / BOX_COLS
    h = (sheet.height - 2 * sheet.margin) / BOX_ROWS
    per_page = BOX_COLS * BOX_ROWS
    for i, card in enumerate(data.cards):
        slot = i % per_page
        if slot == 0:
            sheet.start_page()
            _cut_lines(sheet, w, h)
        x = sheet.left + (slot % BOX_COLS) * w
        y = sheet.margin + (slot // BOX_COLS) * h
        draw(sheet, card, data.event.name, x + 4, y + 3, w - 8, h - 6)
        ticker.tick()
    return sheet


@renderer("pin-cards", lambda d: len(d.cards))
def render_pin_cards(data: PinCardsData, *, font: FontChoice | None, ticker: Ticker) -> Sheet:
    """One card a team or pair, cut apart like the box cards: its PIN, which the side
    types to enter or confirm a result at the table (the opponents accept the result
    themselves, with their own PIN)."""
    return _cut_cards("pin-cards", data, _pin_card, font=font, ticker=ticker)


def _pin_card(
    sheet: Sheet, card: PinCard, event: str, x: float, y: float, w: float, h: float
) -> None:
    sheet.rect(x, y, w, h, width=0.8, radius=2)
    x += 3
    w -= 6
    sheet.text(x, y + 7, str(PAPERS["pin-cards"]), size=12, bold=True)
    sheet.text(x + w, y + 7, event, size=9, align="right", max_width=w * 0.5)
    if card.seat is not None and card.direction in ("NS", "EW"):
        who = seat_line(card.direction, card.seat)  # as the guide card and traveller
    else:
        who = f"{label('pin_' + card.kind)} {card.number}" + (f" {card.name}" if card.name else "")
    sheet.text(x, y + 17, who, size=13, bold=True, max_width=w)
    sheet.text(x, y + 24, "、".join(card.players), size=9, max_width=w)
    sheet.text(x, y + 30, card.stage, size=9, bold=True, max_width=w)
    sheet.text(x + w / 2, y + 43, card.pin, size=26, bold=True, align="center")
    sheet.paragraph(x, y + 50, label("pin_note"), width=w, size=8)


def _cut_lines(sheet: Sheet, w: float, h: float) -> None:
    for c in range(1, BOX_COLS):
        x = sheet.left + c * w
        sheet.line(x, sheet.margin, x, sheet.height - sheet.margin, dash=(2, 1.5), color=GREY)
    for r in range(1, BOX_ROWS):
        y = sheet.margin + r * h
        sheet.line(sheet.left, y, sheet.right, y, dash=(2, 1.5), color=GREY)


def _box_card(
    sheet: Sheet, card: BoxCard, event: str, x: float, y: float, w: float, h: float
) -> None:
    sheet.rect(x, y, w, h, width=0.8, radius=2)
    x += 3
    w -= 6
    sheet.text(x, y + 7, str(PAPERS["box-cards"]), size=12, bold=True)
    sheet.text(x + w, y + 9, numbered("board", card.board), size=20, bold=True, align="right")
    where = [card.stage]
    if card.round is not None:
        where.append(numbered("round", card.round))
    if card.match:
        where.append(card.match)
    sheet.text(x, y + 12.5, " · ".join(where), size=8, color=GREY, max_width=w * 0.55)
    teams = ""
    if card.match:
        teams = f"{_team(card.home, card.home_source)} — {_team(card.away, card.away_source)}"
    sheet.text(x, y + 17, teams or event, size=9, max_width=w)
    rule = y + 19.5
    sheet.line(x, rule, x + w, rule, width=0.4)
    # The level rows sit low enough that the 起打级别 note above them clears the rule.
    row = rule + START_NOTE + 5
    label_w = 20.0
    preset = card.start_level if not card.filled else ""
    sheet.text(x, row, label("level_ns"), size=9)
    sheet.blank(x + label_w, row, 18, value=card.level_ns or preset)
    sheet.text(x + w / 2 + 2, row, label("level_ew"), size=9)
    sheet.blank(x + w / 2 + 2 + label_w, row, 18, value=card.level_ew or preset)
    if preset:
        sheet.text(
            x + w,
            rule + START_NOTE,
            f"{label('start_level')} {preset}",
            size=7,
            align="right",
            color=GREY,
        )
    row += 7.5
    sheet.text(x, row, label("trump"), size=9, max_width=label_w - 1)
    cx = x + label_w
    for suit in SUIT_ORDER:
        sheet.checkbox(cx, row, "", checked=card.trump == suit)
        sheet.pip(cx + 4, row - 3.1, 3.2, suit)
        cx += 8 + sheet.text(cx + 8, row, _short_suit(suit), size=8.5) + 2.5
    row += 7.5
    sheet.text(x, row, label("declared_by"), size=9, max_width=label_w - 1)
    cx = x + label_w
    for seat in SEAT_ORDER:
        cx += sheet.checkbox(
            cx, row, _short_seat(seat), size=8.5, checked=card.filled and card.declared_by == seat
        )
    sheet.checkbox(cx, row, label("turned"), size=8.5, checked=card.filled and not card.declared_by)
    row += 7.5
    sheet.text(x, row, label("declarer"), size=9, max_width=label_w - 1)
    cx = x + label_w
    for seat in SEAT_ORDER:
        cx += sheet.checkbox(cx, row, _short_seat(seat), size=8.5, checked=card.declarer == seat)
    row += 8.5
    sheet.text(x, row, label("first_table") + "：", size=8.5)
    offset = sheet.width_of(label("first_table") + "：", 8.5) + 1
    sheet.text(x + offset, row, label("table"), size=8.5)
    offset += sheet.width_of(label("table"), 8.5) + 1
    first = str(card.first_table) if card.first_table is not None else ""
    if first and card.first_room in ROOMS:
        first += f" {ROOMS[card.first_room]}"
    sheet.blank(x + offset, row, 16, value=first, size=9)
    offset += 19
    sheet.text(x + offset, row, label("signature"), size=8.5)
    offset += sheet.width_of(label("signature"), 8.5) + 1
    sheet.blank(x + offset, row, max(10.0, w - offset))
    sheet.text(x, y + h - 2.5, label("box_card_note"), size=6.5, color=GREY, max_width=w)


# --- hand records ------------------------------------------------------------------------

Token = tuple[str | None, str]  # (suit drawn as a pip, or None; text)


class Words:
    """The labels a hand record prints, translated once per job: a page of hand
    records draws a few hundred card tokens, and each label lookup is a translation."""

    def __init__(self) -> None:
        self.big_joker = label("big_joker")
        self.small_joker = label("small_joker")
        self.level_cards = label("level_cards")
        self.point_cards = label("point_cards")
        self.points = label("points")
        self.trump_row = label("trump_row")
        self.bottom = label("bottom")
        self.level = label("level")
        self.trump = label("trump")
        self.seed = label("seed")
        self.bottom_order = label("bottom_order")
        self.match = label("match")
        self.declarer = label("declarer")
        self.declared_by = label("declared_by")
        self.turned = label("turned")
        self.levels = label("levels")
        self.seats = {seat: str(SEATS[seat]) for seat in SEAT_ORDER}
        self.seats_short = {seat: _short_seat(seat) for seat in SEAT_ORDER}
        self.suits = {suit: str(SUITS[suit]) for suit in SUIT_ORDER}

    def joker(self, card: str) -> str:
        return self.big_joker if card == "BJ" else self.small_joker

    def tokens(self, cards: Sequence[str], with_suit: bool) -> list[Token]:
        out: list[Token] = []
        for card in cards:
            if card in ("BJ", "LJ"):
                out.append((None, self.joker(card)))
            else:
                out.append((card[0] if with_suit else None, card[1:]))
        return out

    def stats(self, stats: Mapping[str, object], level: bool) -> str:
        parts = [
            f"{self.big_joker}{stats.get('big_jokers', 0)}",
            f"{self.small_joker}{stats.get('small_jokers', 0)}",
        ]
        if level:
            parts.append(f"{self.level_cards}{stats.get('level_cards', 0)}")
        parts.append(f"{self.point_cards}{stats.get('point_cards', 0)}")
        parts.append(f"{self.points}{stats.get('points', 0)}")
        return " ".join(parts)


class _Flow:
    """Card tokens laid out in lines of a fixed width; measures before it draws."""

    def __init__(self, sheet: Sheet, size: float, words: Words) -> None:
        self.sheet = sheet
        self.size = size
        self.words = words
        self.pip = size * 0.3
        self.gap = size * 0.16
        self.lead = size * 0.5

    def width(self, token: Token) -> float:
        suit, text = token
        return (self.pip + 0.3 if suit else 0) + self.sheet.width_of(text, self.size)

    def lines(self, tokens: Sequence[Token], width: float) -> int:
        lines, used = 1, 0.0
        for t in tokens:
            tw = self.width(t)
            if used and used + tw > width:
                lines, used = lines + 1, 0.0
            used += tw + self.gap
        return lines

    def draw(self, x: float, y: float, tokens: Sequence[Token], width: float) -> float:
        """Draw from baseline ``y``; returns the baseline after the last line."""
        cx = x
        jokers = (self.words.big_joker, self.words.small_joker)
        for t in tokens:
            tw = self.width(t)
            if cx > x and cx + tw > x + width:
                cx, y = x, y + self.lead
            suit, text = t
            if suit:
                self.sheet.pip(cx, y - self.pip * 0.95, self.pip, suit)
                cx += self.pip + 0.3
            joker = suit is None and text in jokers
            color = RED if (suit in ("H", "D") or text == jokers[0]) else None
            cx += self.sheet.text(cx, y, text, size=self.size, color=color, bold=joker) + self.gap
        return y + self.lead


def _hand_lines(flow: _Flow, rows: Sequence[tuple[str, tuple[str, ...]]], width: float) -> int:
    total = 0
    for key, cards in rows:
        if key == "T":
            total += flow.lines(flow.words.tokens(cards, True), width)
        else:
            total += 1 if not cards else flow.lines(flow.words.tokens(cards, False), width)
    return total


def _hand_box(
    sheet: Sheet,
    record: HandRecord,
    seat: str,
    x: float,
    y: float,
    w: float,
    h: float,
    words: Words,
) -> None:
    sheet.rect(x, y, w, h, width=0.5, radius=1.5)
    rows = record.hands.get(seat, ())
    stats = record.statistics.get(seat, {})
    sheet.text(x + 2, y + 5.2, words.seats[seat], size=11, bold=True)
    sheet.text(
        x + w - 2,
        y + 5,
        words.stats(stats, record.level is not None),
        size=6.8,
        color=GREY,
        align="right",
        max_width=w - 14,
    )
    label_w = 6.5
    inner = w - 4 - label_w - 5
    size = 9.0
    while size > 6.0:
        flow = _Flow(sheet, size, words)
        if 8 + _hand_lines(flow, rows, inner) * flow.lead <= h - 1.5:
            break
        size -= 0.5
    flow = _Flow(sheet, size, words)
    by = y + 8 + flow.lead * 0.9
    for key, cards in rows:
        lx = x + 2
        if key == "T":
            sheet.text(lx, by, words.trump_row, size=size * 0.85, bold=True, color=RED)
            tokens = words.tokens(cards, True)
        else:
            sheet.pip(lx + 0.5, by - size * 0.3, size * 0.32, key)
            tokens = words.tokens(cards, False)
        if cards:
            sheet.text(x + w - 2, by, str(len(cards)), size=size * 0.7, color=GREY, align="right")
            by = flow.draw(x + 2 + label_w, by, tokens, inner)
        else:
            sheet.text(x + 2 + label_w, by, "—", size=size, color=GREY)
            by += flow.lead


def _records(data: HandRecordsData) -> int:
    return len(data.records)


@renderer("hand-records", _records)
def render_hand_records(data: HandRecordsData, *, font: FontChoice | None, ticker: Ticker) -> Sheet:
    sheet = Sheet(title=str(PAPERS["hand-records"]), subtitle=data.event.line, font=font)
    words = Words()
    for record, y, height in slots(sheet, data.records, 2):
        draw_hand_record(sheet, record, sheet.left, y, sheet.inner_width, height - 3, words)
        ticker.tick()
    return sheet


def _copy_lines(r: HandRecord, words: Words) -> list[str]:
    """The copy a team hand record is for: its matches and its box card."""
    lines = []
    if r.matches:
        lines.append(f"{words.match} {'、'.join(r.matches)}")
    if r.filled:
        declared = words.seats_short.get(r.declared_by, words.turned)
        lines.append(f"{words.levels} {r.level_ns}/{r.level_ew}")
        lines.append(
            f"{words.declarer} {words.seats_short.get(r.declarer, r.declarer)}"
            f" · {words.declared_by} {declared}"
        )
    return lines


def draw_hand_record(
    sheet: Sheet, r: HandRecord, x: float, y: float, w: float, h: float, words: Words
) -> None:
    """One hand record in the box (x, y, w, h): the hands round the table, the bottom
    in the middle, and which board (and which copy) it is at the top left."""
    col = w / 3
    row = (h - 2) / 3
    # top left: which board
    sheet.text(x + 1, y + 8, numbered("board", r.board), size=18, bold=True)
    where = [r.stage] + ([numbered("round", r.round)] if r.round is not None else [])
    sheet.text(x + 1, y + 14, " · ".join(where), size=8.5, color=GREY, max_width=col - 4)
    level_line = f"{words.level} {r.level or '—'}"
    sheet.text(x + 1, y + 20, level_line, size=9.5)
    trump_x = x + 1 + sheet.width_of(level_line, 9.5) + 4
    sheet.text(trump_x, y + 20, words.trump, size=9.5)
    trump_x += sheet.width_of(words.trump, 9.5) + 1.5
    if r.trump:
        sheet.pip(trump_x, y + 17, 3.2, r.trump)
        sheet.text(trump_x + 4, y + 20, words.suits[r.trump], size=9.5)
    else:
        sheet.text(trump_x, y + 20, "—", size=9.5)
    for i, line_text in enumerate(_copy_lines(r, words)):
        sheet.text(x + 1, y + 25 + i * 4.5, line_text, size=8.5, max_width=col - 3)
    # top right: the seed, so the deal can be re-dealt and checked
    if r.seed:
        sheet.text(x + w - 1, y + 5, words.seed, size=7, color=GREY, align="right")
        sheet.text(x + w - 1, y + 9, r.seed, size=6.5, color=GREY, align="right", max_width=col - 2)
    gap = 2.0
    boxes = {
        "N": (x + col, y),
        "W": (x, y + row + 1),
        "E": (x + 2 * col, y + row + 1),
        "S": (x + col, y + 2 * (row + 1)),
    }
    for seat, (bx, by) in boxes.items():
        _hand_box(sheet, r, seat, bx + gap / 2, by, col - gap, row, words)
    # the bottom, in the middle of the table
    cx, cy = x + col + gap / 2, y + row + 1
    sheet.rect(cx, cy, col - gap, row, fill=LIGHT, stroke=None, radius=1.5)
    sheet.text(cx + 2, cy + 5.2, words.bottom, size=11, bold=True)
    stats = r.statistics.get("bottom", {})
    sheet.text(
        cx + col - gap - 2,
        cy + 5,
        words.stats(stats, r.level is not None),
        size=6.8,
        color=GREY,
        align="right",
        max_width=col - gap - 16,
    )
    flow = _Flow(sheet, 9.5, words)
    flow.draw(cx + 3, cy + 13, words.tokens(r.bottom, True), col - gap - 6)
    sheet.text(
        cx + (col - gap) / 2, cy + row - 3, words.bottom_order, size=7, color=GREY, align="center"
    )
