"""Mitchell movement sheets (one page a round) and per-table guide cards (one page a
table, a line a round with the round's entry QR code)."""

from __future__ import annotations

from core.formats.movement import Balance
from core.numbers import format_number as number_text

from ..data import EntrantRef, GuideCardsData, GuideRound, MovementData, board_range
from ..fonts import FontChoice
from ..labels import PAPERS, label, numbered, seat_line
from ..layout import GREY, Cell, Column, Sheet
from ._base import Ticker, renderer

__all__ = ["render_guide_cards", "render_movement"]


def _pair(ref: EntrantRef | None) -> str:
    return ref.numbered if ref is not None else "—"


def _rounds(data: MovementData) -> int:
    return sum(len(s.rounds) for s in data.stages)


@renderer("movement", _rounds)
def render_movement(data: MovementData, *, font: FontChoice | None, ticker: Ticker) -> Sheet:
    sheet = Sheet(title=str(PAPERS["movement"]), subtitle=data.event.line, font=font)
    columns = [
        Column(label("table"), 18),
        Column(label("ns"), 64, "left"),
        Column(label("ew"), 64, "left"),
        Column(label("boards"), 22),
        Column(label("start_level"), 18),
    ]
    for stage in data.stages:
        for r in stage.rounds:
            sheet.start_page()
            sheet.heading(f"{stage.name} · {numbered('round', r.number)}", size=15, gap=4)
            note = label("howell_rule" if stage.howell else "movement_rule")
            if stage.skip_after_round:
                note += " " + _skip_note(stage.skip_after_round)
            if stage.balance is not None:
                note += " " + _balance_note(stage.balance)
            sheet.text(
                sheet.left,
                sheet.cursor + 2,
                note,
                size=8.5,
                color=GREY,
                max_width=sheet.inner_width,
            )
            sheet.cursor += 6
            rows = [
                [
                    Cell(str(row.table), bold=True, size=13),
                    _pair(row.ns),
                    _pair(row.ew),
                    board_range(row.boards),
                    Cell(row.start_level, bold=True),
                ]
                for row in r.rows
            ]
            sheet.table(columns, rows, row_height=9, size=11)
            if r.sit_out:
                sheet.text(
                    sheet.left,
                    sheet.cursor + 6,
                    f"{label('sit_out')}：" + "、".join(_pair(p) for p in r.sit_out),
                    size=11,
                    bold=True,
                    max_width=sheet.inner_width,
                )
                sheet.cursor += 8
            ticker.tick()
    return sheet


def _skip_note(after: int) -> str:
    from django.utils.translation import pgettext

    return pgettext("print", "第%(n)s轮后东西跳过一桌（移往高两号桌）。") % {"n": after}


def _balance_note(balance: Balance) -> str:
    from django.utils.translation import pgettext

    return pgettext(
        "print",
        "比较次数（两对同向打同一牌组的次数）：%(lowest)s–%(highest)s，平均%(mean)s。",
    ) % {
        "lowest": balance.lowest,
        "highest": balance.highest,
        "mean": number_text(balance.mean, places=1),
    }


def _cards(data: GuideCardsData) -> int:
    return len(data.cards)


@renderer("guide-cards", _cards)
def render_guide_cards(data: GuideCardsData, *, font: FontChoice | None, ticker: Ticker) -> Sheet:
    sheet = Sheet(title=str(PAPERS["guide-cards"]), subtitle=data.event.line, font=font)
    qr_size = 24.0
    row_h = qr_size + 3
    columns = [
        Column(label("round"), 14),
        Column(label("ew") + " / " + label("ew_from"), 50, "left"),
        Column(label("boards") + " / " + label("start_level"), 28),
        Column(label("boards_next"), 22),
        Column(label("ew_next"), 22),
        Column(label("code"), 22),
        Column(label("scan"), qr_size + 4),
    ]
    for card in data.cards:
        sheet.running = ""
        sheet.start_page()
        # A card of many rounds runs over pages: each names its table and stage.
        sheet.running = f"{numbered('table', card.table)} · {card.stage}"
        sheet.text(sheet.left, sheet.cursor + 9, numbered("table", card.table), size=26, bold=True)
        sheet.text(sheet.right, sheet.cursor + 4, card.stage, size=11, align="right")
        ns = {r.ns for r in card.rounds}
        if len(ns) == 1:
            only = next(iter(ns))
            sheet.text(
                sheet.right,
                sheet.cursor + 10,
                seat_line("NS", only),
                size=11,
                align="right",
                max_width=sheet.inner_width * 0.6,
            )
        sheet.cursor += 15
        rounds = list(card.rounds)
        qr_x = sheet.left + sum(c.width for c in columns[:-1]) + 2

        def qr(i: int, rounds: list[GuideRound] = rounds, x: float = qr_x) -> None:
            if rounds[i].url:  # a sit-out round has nothing to enter
                sheet.qr(x, sheet.cursor - row_h + 1.5, qr_size, rounds[i].url)

        sheet.table(
            columns,
            [_guide_row(r, card.table, len(ns) > 1) for r in rounds],
            row_height=row_h,
            size=10,
            on_row=qr,
            keep_rows=1,
        )
        ticker.tick()
    return sheet


def _guide_row(r: GuideRound, table: int, ns_moves: bool) -> list[object]:
    if not r.code:  # 轮空: the table's pair sits out, no boards, nothing to enter
        return [Cell(str(r.round), bold=True, size=14), label("sit_out"), "", "", "", "", ""]
    arriving = _pair(r.ew)
    if r.ew_from is not None and r.ew_from != table:
        arriving += "\n" + label("ew_from") + " " + numbered("table", r.ew_from)
    if ns_moves:
        arriving = f"{label('ns')} {_pair(r.ns)}\n{label('ew')} " + arriving
    return [
        Cell(str(r.round), bold=True, size=14),
        arriving,
        f"{board_range(r.boards)}\n{label('start_level')} {r.start_level}",
        _destination(r.boards_next, table, label("to_director")),
        _destination(r.ew_next, table, label("finished"))
        + (
            f"\n{label('ns_next')} " + _destination(r.ns_next, table, label("finished"))
            if ns_moves
            else ""
        ),
        Cell(r.code, bold=True, size=10),
        "",
    ]


def _destination(table: int | None, here: int, otherwise: str) -> str:
    if table is None:
        return otherwise
    if table == here:
        return label("stays")
    return numbered("table", table)
