"""Bracket sheets (对阵表): a knockout or double elimination drawn as a tree, one
landscape page a stage, scaled to fit.

Layout: each side (winners, then losers) is a tree whose children are the same-side
matches feeding a match's slots with their winners. Matches no same-side winner feeds
are leaves and take the next line down; every other match sits level with the mean
of its feeders, so lines run straight or as even elbows. Columns are the rounds of the
side; the final (and the reset final) come after the widest side, level with the
matches that feed them. A drop to the losers' bracket is written in its slot rather
than drawn, as on a director's hand-drawn sheet.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..data import BracketBox, BracketData, BracketSheet, BracketSlot
from ..fonts import FontChoice
from ..labels import MATCH_DECISIONS, PAPERS, SIDES, label, source_label
from ..layout import GREY, LIGHT, RED, Sheet
from ._base import Ticker, renderer

__all__ = ["draw_bracket", "render_brackets"]

BOX_W, BOX_H, H_GAP, V_GAP, SIDE_GAP = 46.0, 12.0, 12.0, 5.0, 12.0


def _winner_feeders(m: BracketBox) -> list[int | None]:
    out: list[int | None] = []
    for slot in (m.a, m.b):
        kind, _sep, rest = slot.source.partition(":")
        out.append(int(rest.removeprefix("M")) if kind == "winner" else None)
    return out


@dataclass
class _Place:
    col: float
    y: float  # centre, in lines (multiplied by the pitch when drawn)


def _place_side(
    on_side: list[BracketBox],
    children: dict[int, list[int]],
    fed: set[int],
    first_line: float,
    places: dict[int, _Place],
) -> float:
    """Place one side's trees from ``first_line`` down; returns the next free line."""
    rounds = {m.number: m.round for m in on_side}
    next_leaf = first_line

    def place(number: int) -> float:
        nonlocal next_leaf
        kids = children[number]
        if kids:
            y = sum(place(k) for k in kids) / len(kids)
        else:
            y = next_leaf
            next_leaf += 1
        places[number] = _Place(col=rounds[number] - 1, y=y)
        return y

    for root in sorted(m.number for m in on_side if m.number not in fed):
        place(root)
    return next_leaf


def _layout(sheet_data: BracketSheet) -> tuple[dict[int, _Place], float, dict[str, float]]:
    """Column and line of every match; the total lines; each side's first line."""
    by_number = {m.number: m for m in sheet_data.matches}
    places: dict[int, _Place] = {}
    side_top: dict[str, float] = {}
    line = 0.0
    for side in ("winners", "losers"):
        on_side = [m for m in sheet_data.matches if m.side == side]
        if not on_side:
            continue
        if line:
            line += SIDE_GAP / (BOX_H + V_GAP)
        side_top[side] = line
        children: dict[int, list[int]] = {}
        fed: set[int] = set()
        for m in on_side:
            kids = [k for k in _winner_feeders(m) if k is not None and by_number[k].side == side]
            children[m.number] = kids
            fed.update(kids)
        line = _place_side(on_side, children, fed, line, places)
    last_col = max((p.col for p in places.values()), default=-1)
    for m in sorted((m for m in sheet_data.matches if m.side == "final"), key=lambda m: m.number):
        feeders = [places[k] for k in _winner_feeders(m) if k is not None and k in places]
        if m.reset and feeders:
            places[m.number] = _Place(col=feeders[0].col + 1, y=feeders[0].y)
        else:
            y = sum(p.y for p in feeders) / len(feeders) if feeders else line
            places[m.number] = _Place(col=last_col + 1, y=y)
    # Placing matches (名次赛) below the bracket, from the final's column on.
    placing = [m for m in sheet_data.matches if m.side == "placing"]
    if placing:
        line += SIDE_GAP / (BOX_H + V_GAP)
        side_top["placing"] = line
        children = {
            m.number: [
                k for k in _winner_feeders(m) if k is not None and by_number[k].side == "placing"
            ]
            for m in placing
        }
        fed = {k for kids in children.values() for k in kids}
        line = _place_side(placing, children, fed, line, places)
        for m in placing:
            places[m.number].col += last_col
    return places, max(line, 1.0), side_top


def _slot_text(slot: BracketSlot) -> str:
    if slot.entrant is not None:
        prefix = f"{slot.seed}. " if slot.seed is not None else ""
        return prefix + slot.entrant.label
    return source_label(slot.source) if slot.source else ""


def _match_title(m: BracketBox) -> str:
    title = f"M{m.number}"
    if m.reset:
        title += " " + label("reset")
    elif m.side == "final":
        title += " " + label("final")
    elif m.places is not None:  # 5–8 for a semi-final of places 5–8, 3–4 for third place
        first, loser = m.places
        title += f" {label('placing')} {first}–{2 * loser - first - 1}"
    if m.not_needed:
        title += " · " + label("not_needed")
    if m.progress is not None:
        title += f" · {m.progress[0]}/{m.progress[1]} {label('in_progress')}"
    elif m.tiebreak:  # level after its boards: what the match page and results say
        title += " · " + str(MATCH_DECISIONS["tiebreak"])
    return title


def _sheets(data: BracketData) -> int:
    return len(data.sheets)


@renderer("brackets", _sheets)
def render_brackets(data: BracketData, *, font: FontChoice | None, ticker: Ticker) -> Sheet:
    sheet = Sheet(
        title=str(PAPERS["brackets"]), subtitle=data.event.line, font=font, landscape=True
    )
    for bracket in data.sheets:
        sheet.start_page()
        sheet.heading(bracket.stage, size=14, gap=5)
        draw_bracket(sheet, bracket)
        ticker.tick()
    return sheet


def draw_bracket(sheet: Sheet, bracket: BracketSheet) -> None:
    """Draw ``bracket`` below the cursor, scaled to the rest of the page (a landscape
    one: callers start one). A match under way says how far it has got (23/24 进行中),
    so its score is not read as final."""
    _draw(sheet, bracket)


def _draw(sheet: Sheet, bracket: BracketSheet) -> None:
    places, lines, side_top = _layout(bracket)
    if not places:
        return
    cols = max(p.col for p in places.values()) + 2  # and the champion
    pitch = BOX_H + V_GAP
    need_w = cols * BOX_W + (cols - 1) * H_GAP
    need_h = lines * pitch + 10
    labelled = len(side_top) > 1
    top = sheet.cursor + (8 if labelled else 4)
    # A small bracket is drawn larger (up to 1.4×), a large one shrunk to the page.
    scale = min(1.4, sheet.inner_width / need_w, (sheet.bottom - top) / need_h)
    bw, bh, gap, pitch = BOX_W * scale, BOX_H * scale, H_GAP * scale, pitch * scale
    size = max(5.0, 9 * scale)

    def x_of(col: float) -> float:
        return sheet.left + col * (bw + gap)

    def y_of(line: float) -> float:  # the box's top
        return top + 3 + line * pitch

    if labelled:
        for side, first in side_top.items():
            sheet.text(sheet.left, y_of(first) - 5, str(SIDES[side]), size=size + 2, bold=True)
    for m in bracket.matches:
        p = places[m.number]
        x, y = x_of(p.col), y_of(p.y)
        for i, feeder in enumerate(_winner_feeders(m)):
            if feeder is None or feeder not in places:
                continue
            f = places[feeder]
            fx, fy = x_of(f.col) + bw, y_of(f.y) + bh / 2
            ty = y + bh / 4 + i * bh / 2
            mid = x - gap / 2 if f.col < p.col else fx + gap / 2
            sheet.line(fx, fy, mid, fy, width=0.5)
            sheet.line(mid, fy, mid, ty, width=0.5)
            sheet.line(mid, ty, x, ty, width=0.5)
        dash = (1.0, 1.0) if m.not_needed or m.progress is not None else None
        sheet.rect(x, y, bw, bh, width=0.6, fill=LIGHT if m.side == "final" else None, dash=dash)
        sheet.line(x, y + bh / 2, x + bw, y + bh / 2, width=0.25)
        for i, slot in enumerate((m.a, m.b)):
            known = slot.entrant is not None
            baseline = y + bh / 4 + i * bh / 2 + size * 0.13
            score_w = 0.0
            if slot.score:
                score_w = sheet.text(
                    x + bw - 1.2,
                    baseline,
                    slot.score,
                    size=size,
                    bold=slot.won,
                    align="right",
                    color=GREY if m.progress is not None else None,
                )
                score_w += 1.5
            sheet.text(
                x + 1.2,
                baseline,
                _slot_text(slot),
                size=size,
                bold=slot.won,
                color=None if known else GREY,
                max_width=bw - 2.4 - score_w,
            )
        sheet.text(
            x,
            y - 0.8,
            _match_title(m),
            size=max(5.0, size * 0.75),
            color=RED if m.progress is not None else GREY,
            max_width=bw + gap,
        )
    deciding = [m for m in bracket.matches if not m.not_needed]
    if deciding:
        last = deciding[-1]
        p = places[last.number]
        x, y = x_of(p.col) + bw + gap, y_of(p.y)
        sheet.line(x - gap, y + bh / 2, x, y + bh / 2, width=0.5)
        sheet.rect(x, y, bw, bh, width=1.0)
        sheet.text(x, y - 0.8, label("champion"), size=max(5.0, size * 0.75), bold=True)
        name = bracket.champion.label if bracket.champion else ""
        sheet.text(
            x + bw / 2,
            y + bh / 2 + size * 0.15,
            name,
            size=size * 1.2,
            bold=True,
            align="center",
            max_width=bw - 2,
        )
