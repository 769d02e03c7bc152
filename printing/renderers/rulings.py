"""Ruling slips (判罚单, 第五章): one slip a ruling, two to an A4 page for cutting — where,
the article and the irregularity, the offender, the decision and the amount, the
referee and the time, the reason in Chinese and English, the ruling's history (an
appeal, a change, a withdrawal) and two signatures."""

from __future__ import annotations

from django.utils.translation import gettext as _

from core.articles import LATENESS

from ..data import RulingSlip, RulingSlipsData
from ..fonts import FontChoice
from ..labels import (
    ERRING_SIDES,
    IRREGULARITIES,
    PAPERS,
    ROOMS,
    RULING_ACTIONS,
    RULING_DECISIONS,
    RULING_STATUSES,
    label,
    numbered,
)
from ..layout import GREY, LIGHT, RED, Sheet
from ._base import Ticker, renderer

__all__ = ["render_ruling_slips"]

PER_PAGE = 2
LABEL_W = 30.0


def _slips(data: RulingSlipsData) -> int:
    return len(data.slips)


@renderer("ruling-slips", _slips)
def render_ruling_slips(data: RulingSlipsData, *, font: FontChoice | None, ticker: Ticker) -> Sheet:
    sheet = Sheet(
        title=str(PAPERS["ruling-slips"]), subtitle=data.event.line, font=font, header=False
    )
    h = (sheet.height - 2 * sheet.margin) / PER_PAGE
    for i, slip in enumerate(data.slips):
        slot = i % PER_PAGE
        if slot == 0:
            sheet.start_page()
            for k in range(1, PER_PAGE):
                y = sheet.margin + k * h
                sheet.line(sheet.left, y, sheet.right, y, dash=(2, 1.5), color=GREY)
        top = sheet.margin + slot * h
        _slip(sheet, slip, data.event.line, top + 3, h - 6)
        ticker.tick()
    return sheet


def _where(slip: RulingSlip) -> str:
    parts = [slip.stage]
    if slip.round is not None:
        parts.append(numbered("round", slip.round))
    if slip.match:
        parts.append(slip.match)
    if slip.table is not None:
        table = numbered("table", slip.table)
        if slip.room in ROOMS:
            table += f" {ROOMS[slip.room]}"
        parts.append(table)
    if slip.board is not None:
        parts.append(numbered("board", slip.board))
    return " · ".join(parts)


def _offender(slip: RulingSlip) -> str:
    text = slip.offender or "—"
    if slip.offender_side:
        text += f"（{label('ns') if slip.offender_side == 'NS' else label('ew')}）"
    return text


def _slip(sheet: Sheet, slip: RulingSlip, event: str, y: float, h: float) -> None:
    x, w = sheet.left, sheet.inner_width
    bottom = y + h
    sheet.rect(x, y, w, h, width=0.8, radius=2)
    x += 4
    w -= 8
    sheet.text(x, y + 9, str(PAPERS["ruling-slips"]), size=16, bold=True)
    sheet.text(x + w, y + 9, numbered("ruling", slip.number), size=12, bold=True, align="right")
    sheet.text(x, y + 14.5, event, size=8, color=GREY, max_width=w * 0.7)
    status = str(RULING_STATUSES.get(slip.status, slip.status))
    published = label("published") if slip.published else label("not_published")
    sheet.text(
        x + w,
        y + 14.5,
        f"{label('status')}：{status} · {label('version')} {slip.version} · {published}",
        size=8.5,
        align="right",
        color=RED if slip.status == "withdrawn" else None,
        bold=slip.status != "recorded",
    )
    sheet.line(x, y + 17, x + w, y + 17, width=0.4)
    row = y + 23.0
    half = w / 2

    def field(name: str, value: str, col: int = 0, *, bold: bool = False) -> None:
        fx = x + col * half
        sheet.text(fx, row, label(name), size=9, color=GREY, max_width=LABEL_W - 2)
        sheet.text(
            fx + LABEL_W,
            row,
            value,
            size=10,
            bold=bold,
            max_width=(half if col or name != "where" else w) - LABEL_W - 2,
        )

    field("where", _where(slip))
    row += 6.5
    field("article", numbered("article", slip.article), bold=True)
    field("irregularity", _irregularity(slip), 1)
    row += 6.5
    field("offender", _offender(slip), bold=True)
    if slip.offender_player:
        field("offender_player", slip.offender_player, 1)
    row += 6.5
    field("penalty", str(RULING_DECISIONS.get(slip.decision, slip.decision)), bold=True)
    if slip.amount:
        field("amount", slip.amount, 1, bold=True)
    row += 6.5
    extras: list[tuple[str, str]] = []
    if slip.second:
        extras.append(("second", slip.second))
    if slip.erring_side:
        extras.append(("erring_side", str(ERRING_SIDES.get(slip.erring_side, slip.erring_side))))
    if slip.minutes_late is not None:
        extras.append(("minutes_late", str(slip.minutes_late)))
    if slip.corrected_points is not None:
        extras.append(("corrected_points", str(slip.corrected_points)))
    if slip.cancelled_boards:
        extras.append(("cancelled_boards", ", ".join(str(b) for b in slip.cancelled_boards)))
    for i, (name, value) in enumerate(extras):
        field(name, value, i % 2)
        if i % 2 == 1 or i == len(extras) - 1:
            row += 6.5
    field("referee", slip.referee)
    field("time", slip.at, 1)
    row += 4
    sheet.line(x, row, x + w, row, width=0.25, color=GREY)
    row += 5.5
    for name, text in (("reason", slip.reason_zh), ("reason_en", slip.reason_en)):
        if not text:
            continue
        sheet.text(x, row, label(name), size=9, color=GREY, max_width=LABEL_W - 2)
        used = sheet.paragraph(x + LABEL_W, row, text, width=w - LABEL_W, size=9.5, max_lines=4)
        row += max(used, 4.3) + 1.5
    if len(slip.history) > 1:
        sheet.text(x, row, label("history"), size=9, color=GREY, max_width=LABEL_W - 2)
        shown = slip.history[-5:]
        for action in shown:
            line = (
                f"v{action.number} {RULING_ACTIONS.get(action.action, action.action)} · "
                f"{action.by} · {action.at}"
            )
            if action.note:
                line += f" · {action.note}"
            sheet.text(x + LABEL_W, row, line, size=8.5, max_width=w - LABEL_W)
            row += 4.2
        row += 1.5
    sign_y = bottom - 9
    note_y = sign_y - 8
    if row < note_y:
        sheet.rect(x, note_y - 4, w, 6, fill=LIGHT, stroke=None)
        sheet.text(x + 1.5, note_y, label("appeal_note"), size=8, max_width=w - 3)
    for i, name in enumerate(("signature_referee", "signature_captain")):
        sx = x + i * half
        width = sheet.text(sx, sign_y, label(name), size=9.5)
        sheet.blank(sx + width + 2, sign_y, half - width - 10)


def _irregularity(slip: RulingSlip) -> str:
    """Lateness by the minutes entered (第三十条: 12 minutes reads "迟到12分钟", not the
    row's "迟到5—10分钟"), any other irregularity by its row."""
    if slip.irregularity in LATENESS and slip.minutes_late is not None:
        return _("迟到%(minutes)d分钟") % {"minutes": slip.minutes_late}
    return str(IRREGULARITIES.get(slip.irregularity, slip.irregularity))
