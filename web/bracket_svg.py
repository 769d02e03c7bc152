"""A knockout or double-elimination bracket drawn as an SVG picture, server side.

Pure Python (no Django): the page builds :class:`BoxMatch` rows from the bracket and
its results, with every text already in the reader's language, and
:func:`bracket_svg` returns the markup. Each match is a box of two slots; a line runs
from each match to every match its winner or loser feeds. The winners' bracket (胜区)
is drawn on top, the losers' bracket (负区) below it, one column to the right so that
every drop runs rightwards, and the final (决赛) to the right of both.

Rows are found by walking each side's feed tree from its last match: a first-round
match takes the next free row and a later match sits level with the middle of the
matches that feed it, so no two lines of a side cross.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape

__all__ = ["BoxMatch", "BoxSlot", "Feed", "Placed", "bracket_svg", "layout"]

BOX_W = 156  # px: a box is two slots of SLOT_H
SLOT_H = 24
BOX_H = 2 * SLOT_H
COL_GAP = 40  # between columns, where the lines turn
ROW_H = BOX_H + 26  # a row: the box, its label above and some air
TITLE_H = 28  # a section's column titles
SECTION_GAP = 18
MARGIN = 8
MAX_TEXT_UNITS = 9.5  # about nine CJK characters fit a slot

SIDES = ("winners", "losers", "final", "placing")


@dataclass(frozen=True)
class BoxSlot:
    """One slot of a box: who sits there, or where they will come from."""

    text: str
    #: "winner", "loser", "loser out" (out of the event), "open" (not known yet) or ""
    state: str = ""
    title: str = ""  # the full text when ``text`` is shortened
    score: str = ""  # the slot's score in the match, shown at the right end


@dataclass(frozen=True)
class Feed:
    """Slot ``slot`` (0 = upper, 1 = lower) of a match is fed by ``source``'s winner or loser."""

    source: int
    kind: str  # "winner" or "loser"
    slot: int


@dataclass(frozen=True)
class BoxMatch:
    id: int
    side: str  # "winners", "losers" or "final"
    round: int  # round within its side
    label: str  # e.g. "M5"
    slots: tuple[BoxSlot, BoxSlot]
    feeds: tuple[Feed, ...] = ()
    status: str = ""  # a Match.Status value: "finished", "ready", "pending", "not_needed"


@dataclass(frozen=True)
class Placed:
    """A box's top-left corner in px."""

    x: float
    y: float


def _column(match: BoxMatch, winners_cols: int, losers_cols: int) -> int:
    if match.side == "winners":
        return match.round - 1
    if match.side == "losers":
        return match.round  # one column right of the winners' round that drops into it
    if match.side == "placing":  # 名次赛: from the final's column on, below the bracket
        return max(0, winners_cols + match.round - 2)
    return max(winners_cols, losers_cols) + match.round - 1


def _rows(matches: Sequence[BoxMatch]) -> dict[int, float]:
    """Row of each match of one side, in row units from the side's top."""
    by_id = {m.id: m for m in matches}

    def children(m: BoxMatch) -> list[int]:
        feeds = sorted(m.feeds, key=lambda f: f.slot)
        return [f.source for f in feeds if f.kind == "winner" and f.source in by_id]

    fed = {c for m in matches for c in children(m)}
    rows: dict[int, float] = {}
    next_row = 0.0

    def place(match_id: int) -> float:
        nonlocal next_row
        if match_id in rows:
            return rows[match_id]
        kids = [place(c) for c in children(by_id[match_id])]
        if kids:
            rows[match_id] = sum(kids) / len(kids)
        else:
            rows[match_id] = next_row
            next_row += 1
        return rows[match_id]

    for m in sorted(matches, key=lambda m: -m.id):
        if m.id not in fed:
            place(m.id)
    return rows


def layout(matches: Sequence[BoxMatch]) -> tuple[dict[int, Placed], dict[str, float], float]:
    """Where each box goes: (top-left of each match, top of each section, total height)."""
    sides = {s: [m for m in matches if m.side == s] for s in SIDES}
    winners_cols = max((m.round for m in sides["winners"]), default=0)
    losers_cols = max((m.round + 1 for m in sides["losers"]), default=0)
    placed: dict[int, Placed] = {}
    tops: dict[str, float] = {}
    y = float(MARGIN)
    for side in ("winners", "losers", "placing"):
        if not sides[side]:
            continue
        tops[side] = y
        rows = _rows(sides[side])
        for m in sides[side]:
            col = _column(m, winners_cols, losers_cols)
            placed[m.id] = Placed(
                x=MARGIN + col * (BOX_W + COL_GAP),
                y=y + TITLE_H + rows[m.id] * ROW_H + (ROW_H - BOX_H),
            )
        y += TITLE_H + (max(rows.values()) + 1) * ROW_H + SECTION_GAP
    if sides["final"]:
        tops["final"] = tops.get("winners", float(MARGIN))
    for m in sorted(sides["final"], key=lambda m: (m.round, m.id)):
        feeders = [placed[f.source].y for f in m.feeds if f.source in placed]
        top = sum(feeders) / len(feeders) if feeders else tops["final"] + TITLE_H
        placed[m.id] = Placed(
            x=MARGIN + _column(m, winners_cols, losers_cols) * (BOX_W + COL_GAP), y=top
        )
    height = max((p.y + BOX_H for p in placed.values()), default=0.0) + MARGIN
    return placed, tops, height


def _units(text: str) -> float:
    return sum(1.0 if ord(ch) > 0x2E7F else 0.56 for ch in text)


def _fit(text: str, room: float = MAX_TEXT_UNITS) -> str:
    if _units(text) <= room:
        return text
    out = ""
    for ch in text:
        if _units(out + ch + "…") > room:
            break
        out += ch
    return out + "…"


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


STYLE = """
.bracket-svg { font-family: system-ui, -apple-system, "PingFang SC", "Noto Sans CJK SC",
  "Microsoft YaHei", sans-serif; }
.bracket-svg .col-title { font-size: 13px; font-weight: 600; fill: #5f6368; }
.bracket-svg .label { font-size: 11px; fill: #5f6368; }
.bracket-svg .box rect.frame { fill: #fff; stroke: #9aa0a6; stroke-width: 1; }
.bracket-svg .box.ready rect.frame { stroke: #b3261e; stroke-width: 2; }
.bracket-svg .box.not_needed { opacity: 0.45; }
.bracket-svg .slot text { font-size: 13px; fill: #1d1d1f; }
.bracket-svg .slot.open text { fill: #80868b; font-style: italic; }
.bracket-svg .slot.winner rect { fill: #fdecea; }
.bracket-svg .slot.winner text { font-weight: 700; fill: #b3261e; }
.bracket-svg .slot text.score { font-variant-numeric: tabular-nums; }
.bracket-svg .slot.loser text { fill: #80868b; }
.bracket-svg .slot.out text { text-decoration: line-through; }
.bracket-svg .divider { stroke: #e0e0e0; }
.bracket-svg .feed { fill: none; stroke: #5f6368; stroke-width: 1.4; }
.bracket-svg .feed.loser { stroke: #9aa0a6; stroke-dasharray: 4 3; stroke-width: 1; }
"""


def bracket_svg(
    matches: Sequence[BoxMatch],
    *,
    title: str,
    column_titles: Mapping[tuple[str, int], str] | None = None,
) -> str:
    """The SVG markup of a bracket; ``column_titles`` maps (side, round) to a heading."""
    placed, tops, height = layout(matches)
    width = max((p.x + BOX_W for p in placed.values()), default=0.0) + MARGIN
    out: list[str] = [
        f'<svg class="bracket-svg" xmlns="http://www.w3.org/2000/svg" role="img" '
        f'width="{_fmt(width)}" height="{_fmt(height)}" '
        f'viewBox="0 0 {_fmt(width)} {_fmt(height)}" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f"<style>{STYLE}</style>",
    ]
    titles_done: set[tuple[str, int]] = set()
    for m in matches:
        key = (m.side, m.round)
        heading = (column_titles or {}).get(key)
        if heading is None or key in titles_done:
            continue
        titles_done.add(key)
        top = tops.get(m.side, float(MARGIN))
        p = placed[m.id]
        if m.side == "final":
            top = p.y - (ROW_H - BOX_H) - TITLE_H + 8
        out.append(
            f'<text class="col-title" x="{_fmt(p.x)}" y="{_fmt(top + 16)}">{escape(heading)}</text>'
        )
    # Lines first, so the boxes sit on top of them.
    for m in matches:
        target = placed[m.id]
        for feed in m.feeds:
            if feed.source not in placed:
                continue
            source = placed[feed.source]
            x1 = source.x + BOX_W
            y1 = source.y + BOX_H / 2
            x2 = target.x
            y2 = target.y + SLOT_H / 2 + feed.slot * SLOT_H
            turn = x2 - COL_GAP / 2 if x2 > x1 else x1 + COL_GAP / 2
            if feed.kind == "loser":
                turn -= 5  # keep a drop's turn apart from a winner's line into the same gap
            path = f"M{_fmt(x1)} {_fmt(y1)}H{_fmt(turn)}V{_fmt(y2)}H{_fmt(x2)}"
            out.append(
                f'<path class="feed {feed.kind}" data-from="{feed.source}" '
                f'data-to="{m.id}" data-slot="{feed.slot}" d="{path}"/>'
            )
    for m in matches:
        p = placed[m.id]
        out.append(
            f'<g class="box {escape(m.status)}" data-match="{m.id}" '
            f'transform="translate({_fmt(p.x)} {_fmt(p.y)})">'
        )
        out.append(f'<text class="label" x="2" y="-6">{escape(m.label)}</text>')
        out.append(f'<rect class="frame" width="{BOX_W}" height="{BOX_H}" rx="4"/>')
        for i, slot in enumerate(m.slots):
            room = MAX_TEXT_UNITS - (_units(slot.score) + 0.8 if slot.score else 0.0)
            shown = _fit(slot.text, room)
            full = slot.title or (slot.text if shown != slot.text else "")
            out.append(f'<g class="slot {escape(slot.state)}">')
            if full:
                out.append(f"<title>{escape(full)}</title>")
            out.append(
                f'<rect x="1" y="{i * SLOT_H + 1}" width="{BOX_W - 2}" '
                f'height="{SLOT_H - 2}" rx="3" fill="none"/>'
            )
            y = f"{i * SLOT_H + SLOT_H / 2 + 4.5:g}"
            out.append(f'<text x="8" y="{y}">{escape(shown)}</text>')
            if slot.score:
                out.append(
                    f'<text class="score" x="{BOX_W - 7}" y="{y}" '
                    f'text-anchor="end">{escape(slot.score)}</text>'
                )
            out.append("</g>")
        out.append(f'<line class="divider" x1="0" x2="{BOX_W}" y1="{SLOT_H}" y2="{SLOT_H}"/></g>')
    out.append("</svg>")
    return "".join(out)
