"""The movement library (移位库): every movement and schedule the product lays out, with
its figures, for a director choosing one before creating a stage.

Everything shown is computed by the pure ``core.formats`` functions the stage service
itself calls — the same Mitchell, Howell, Berger table, groups, Swiss and brackets —
so the library cannot disagree with what a stage will lay out; nothing is
re-implemented here, only counted and arranged for the page. The Howell's balance
is ``Movement.balance()``, the figure the printed movement sheet gives.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.formats import FormatError
from core.formats.bracket import Bracket, BracketPart, LoserOf, Seed, WinnerOf, play_rounds
from core.formats.double_elimination import double_elimination
from core.formats.groups import serpentine
from core.formats.howell import HOWELL_PAIRS, howell
from core.formats.knockout import bracket_size, knockout
from core.formats.mitchell import MIN_PAIRS, sections
from core.formats.movement import Movement
from core.formats.round_robin import Schedule, berger_rounds
from core.formats.swiss import max_rounds

from .bracket_svg import BoxMatch, BoxSlot, Feed, bracket_svg

__all__ = ["FAMILIES", "LIBRARY_KINDS", "Figures", "figures"]


@dataclass(frozen=True)
class Family:
    """One kind of movement: what it is for and the sizes the library offers."""

    kind: str
    label: Any
    unit: Any  # 对 or 队
    sizes: range
    default: int
    note: Any


FAMILIES: dict[str, Family] = {
    f.kind: f
    for f in (
        Family(
            "mitchell",
            gettext_lazy("米切尔移位"),
            gettext_lazy("对"),
            range(MIN_PAIRS, 121),
            16,
            gettext_lazy(
                "南北对不动，东西对向高号桌、牌组向低号桌移动；奇数对有轮空；大场地可分区（第二十八条）。"
            ),
        ),
        Family(
            "howell",
            gettext_lazy("豪威尔移位"),
            gettext_lazy("对"),
            HOWELL_PAIRS,
            6,
            gettext_lazy("4至10对的小场地：每两对相遇一次，全场一个排名。"),
        ),
        Family(
            "round_robin",
            gettext_lazy("团体循环赛（贝格尔表）"),
            gettext_lazy("队"),
            range(2, 25),
            6,
            gettext_lazy("每两队相遇一次（双循环两次）；奇数队每轮一队轮空（第二十五条）。"),
        ),
        Family(
            "groups",
            gettext_lazy("团体分组循环赛"),
            gettext_lazy("队"),
            range(4, 65),
            12,
            gettext_lazy("蛇形分组后各组循环，各组同时进行（第二十六条）。"),
        ),
        Family(
            "swiss",
            gettext_lazy("团体瑞士移位赛"),
            gettext_lazy("队"),
            range(2, 201),
            20,
            gettext_lazy("每轮按比赛分配对，不重复相遇；奇数队每轮一队轮空。"),
        ),
        Family(
            "knockout",
            gettext_lazy("单淘汰赛"),
            gettext_lazy("队"),
            range(2, 129),
            8,
            gettext_lazy("标准种子位置，不足2的幂次时高种子轮空（第二十七条）。"),
        ),
        Family(
            "double_elimination",
            gettext_lazy("双败淘汰赛"),
            gettext_lazy("队"),
            range(3, 33),
            8,
            gettext_lazy("输两场才被淘汰：胜区、负区与决赛（第二十七条）。"),
        ),
    )
}


#: A stage's kind → its movement in the library (the link from stage creation).
LIBRARY_KINDS = {
    "mitchell": "mitchell",
    "howell": "howell",
    "round_robin": "round_robin",
    "group_round_robin": "groups",
    "swiss": "swiss",
    "knockout": "knockout",
    "double_elimination": "double_elimination",
}


@dataclass(frozen=True)
class Cell:
    """One box of the picture: who plays there and which set (or match)."""

    text: str
    set: int = 0  # the board set, for its colour; 0: no set (a bye, an empty seat)
    title: str = ""


@dataclass
class Figures:
    """What a director asks of a movement before choosing it."""

    family: Family
    size: int
    boards_per_round: int
    rows: list[tuple[Any, str]] = field(default_factory=list)  # (label, value)
    grid_head: list[str] = field(default_factory=list)
    grid: list[tuple[str, list[Cell]]] = field(default_factory=list)  # (row label, cells)
    grids: list[tuple[str, list[str], list[tuple[str, list[Cell]]]]] = field(
        default_factory=list
    )  # per section or group: (title, head, rows)
    svg: str = ""
    error: str = ""


def figures(kind: str, size: int, *, boards: int = 4, split: int = 1, groups: int = 2) -> Figures:
    """The figures and the picture of ``kind`` for ``size`` pairs or teams."""
    family = FAMILIES[kind]
    result = Figures(family=family, size=size, boards_per_round=boards)
    try:
        BUILDERS[kind](result, split=split, groups=groups)
    except FormatError as error:
        result.error = str(error)
    return result


def _span(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"


def _pairs_rows(result: Figures, movement: Movement, *, directed: bool) -> None:
    """Rounds, tables, sets and boards of a pairs movement. ``directed``: a Mitchell,
    whose N–S and E–W pairs are numbered apart."""
    b = result.boards_per_round
    rounds = len(movement)
    played: dict[tuple[str, int], int] = {}
    for _set, ns, ew in movement.plays():
        for key in (("NS" if directed else "", ns), ("EW" if directed else "", ew)):
            played[key] = played.get(key, 0) + 1
    counts = sorted(played.values()) or [0]
    full = f" / {movement.full_rounds}" if rounds < movement.full_rounds else ""
    result.rows += [
        (_("轮数"), f"{rounds}{full}"),
        (_("桌数"), str(movement.table_count)),
        (_("每轮牌数"), str(b)),
        (_("牌组数 · 总牌数"), f"{movement.set_count} · {movement.board_count}"),
        (_("每对打的牌数"), _span(counts[0] * b, counts[-1] * b)),
    ]


def _movement_grid(
    movement: Movement, offset: int = 0
) -> tuple[list[str], list[tuple[str, list[Cell]]]]:
    head = [_("%(t)d桌") % {"t": offset + t.table} for t in movement.rounds[0].tables]
    grid = []
    for r in movement.rounds:
        cells = []
        for t in r.tables:
            ns = "—" if t.ns is None else str(offset + t.ns)
            ew = "—" if t.ew is None else str(offset + t.ew)
            if t.sit_out:  # the pair facing the empty seat sits out (轮空)
                seated = ew if t.ns is None else ns
                cells.append(Cell(text=f"{seated} {_('轮空')}"))
                continue
            cells.append(
                Cell(
                    text=f"{ns}–{ew}",
                    set=t.board_set,
                    title=_("南北%(ns)s 东西%(ew)s 第%(s)d组（%(b)s）")
                    % {"ns": ns, "ew": ew, "s": t.board_set, "b": f"{t.boards[0]}–{t.boards[-1]}"},
                )
            )
        grid.append((_("第%(n)d轮") % {"n": r.number}, cells))
    return head, grid


def _mitchell(result: Figures, *, split: int, **_kw: Any) -> None:
    parts = sections(result.size, split, result.boards_per_round)
    first = parts[0].movement
    _pairs_rows(result, first, directed=True)
    if len(parts) > 1:
        result.rows.insert(1, (_("分区"), "、".join(f"{s.label}（{s.pairs}）" for s in parts)))
    phantom = [s.label for s in parts if s.pairs % 2]
    if not phantom:
        sit_out = _("无")
    elif len(parts) == 1:
        sit_out = _("每轮一对南北轮空")
    else:
        sit_out = _("%(s)s区每轮一对南北轮空") % {"s": "、".join(phantom)}
    result.rows.append((_("轮空"), sit_out))
    result.rows.append(
        (
            _("跳桌"),
            _("第%(n)d轮后东西对跳一桌") % {"n": first.skip_after_round}
            if first.skip_after_round
            else _("无"),
        )
    )
    for s in parts:
        head, grid = _movement_grid(s.movement, s.offset)
        result.grids.append((_("%(s)s区") % {"s": s.label} if len(parts) > 1 else "", head, grid))


def _howell(result: Figures, **_kw: Any) -> None:
    movement = howell(result.size, result.boards_per_round)
    _pairs_rows(result, movement, directed=False)
    met = {frozenset((ns, ew)) for _s, ns, ew in movement.plays()}
    result.rows.append(
        (
            _("相遇"),
            _("每两对相遇%(n)d次") % {"n": 1}
            if len(met) == result.size * (result.size - 1) // 2
            else _("并非每两对都相遇"),
        )
    )
    balance = movement.balance()
    result.rows.append(
        (
            _("比较平衡"),
            _("每两对比较%(lo)d–%(hi)d次，理想%(mean)s次")
            % {"lo": balance.lowest, "hi": balance.highest, "mean": f"{balance.mean:g}"},
        )
    )
    head, grid = _movement_grid(movement)
    result.grids.append(("", head, grid))


def _schedule_grid(
    schedule: Schedule, names: Mapping[int, str] | None = None
) -> tuple[list[str], list[tuple[str, list[Cell]]]]:
    def name(n: int) -> str:
        return names[n] if names else str(n)

    width = max(len(r.matches) for r in schedule.rounds)
    head = [_("第%(m)d场") % {"m": m} for m in range(1, width + 1)] + [_("轮空")]
    grid = []
    for r in schedule.rounds:
        cells = [
            Cell(text=f"{name(m.home)}–{name(m.away)}", set=i) for i, m in enumerate(r.matches, 1)
        ]
        cells += [Cell(text="")] * (width - len(r.matches))
        cells.append(Cell(text=name(r.bye) if r.bye else ""))
        grid.append((_("第%(n)d轮") % {"n": r.number}, cells))
    return head, grid


def _team_rows(result: Figures, rounds: int, matches: int, played: str) -> None:
    b = result.boards_per_round
    result.rows += [
        (_("轮数"), str(rounds)),
        (_("每轮场数"), str(matches)),
        (_("每场牌数"), str(b)),
        (_("每队打的牌数"), played),
    ]


def _round_robin(result: Figures, **_kw: Any) -> None:
    schedule = berger_rounds(result.size)
    b = result.boards_per_round
    byes = result.size % 2
    _team_rows(
        result,
        len(schedule),
        len(schedule.rounds[0].matches),
        str((result.size - 1) * b),
    )
    result.rows.append((_("轮空"), _("每轮一队轮空") if byes else _("无")))
    result.rows.append((_("相遇"), _("每两队相遇1次（双循环2次）")))
    head, grid = _schedule_grid(schedule)
    result.grids.append(("", head, grid))


def _groups(result: Figures, *, groups: int, **_kw: Any) -> None:
    drawn = serpentine(list(range(1, result.size + 1)), groups)
    schedules = [(g, berger_rounds(len(g.members))) for g in drawn.groups]
    b = result.boards_per_round
    sizes = sorted({len(g.members) for g, _s in schedules})
    _team_rows(
        result,
        max(len(s) for _g, s in schedules),
        sum(len(s.rounds[0].matches) for _g, s in schedules),
        _span((sizes[0] - 1) * b, (sizes[-1] - 1) * b),
    )
    result.rows.insert(
        0, (_("小组"), "、".join(f"{g.label}（{len(g.members)}）" for g, _s in schedules))
    )
    for g, s in schedules:
        head, grid = _schedule_grid(s, dict(enumerate(map(str, g.members), start=1)))
        result.grids.append((_("%(g)s组（数字为种子号）") % {"g": g.label}, head, grid))


def _swiss(result: Figures, **_kw: Any) -> None:
    most = max_rounds(result.size)
    _team_rows(result, most, result.size // 2, _("每轮%(b)d副") % {"b": result.boards_per_round})
    result.rows[0] = (_("轮数"), _("至多%(n)d轮（由裁判长设定）") % {"n": most})
    result.rows.append(
        (_("轮空"), _("每轮一队轮空（每队至多一次）") if result.size % 2 else _("无"))
    )
    result.rows.append((_("相遇"), _("不重复相遇；每轮按比赛分编排")))


def _bracket_rows(result: Figures, bracket: Bracket) -> None:
    rounds = play_rounds(bracket)
    per_round: dict[int, int] = {}
    for r in rounds.values():
        per_round[r] = per_round.get(r, 0) + 1
    _team_rows(
        result,
        max(rounds.values()),
        max(per_round.values()),
        _("每场%(b)d副") % {"b": result.boards_per_round},
    )
    result.rows[1] = (_("场数"), str(len(bracket.matches)))
    byes = bracket_size(result.size) - result.size
    result.rows.append((_("首轮轮空"), str(byes) if byes else _("无")))
    result.svg = _bracket_picture(bracket, result.family.label)


def _knockout(result: Figures, **_kw: Any) -> None:
    _bracket_rows(result, knockout(result.size))


def _double(result: Figures, **_kw: Any) -> None:
    _bracket_rows(result, double_elimination(result.size))


def _bracket_picture(bracket: Bracket, title: Any) -> str:
    boxes = []
    for m in bracket.matches:
        slots = []
        for source in m.sources:
            if isinstance(source, Seed):
                text = _("%(n)d号种子") % {"n": source.seed}
            elif isinstance(source, WinnerOf):
                text = _("M%(n)d胜者") % {"n": source.match}
            elif isinstance(source, LoserOf):
                text = _("M%(n)d负者") % {"n": source.match}
            else:
                text = "—"
            slots.append(BoxSlot(text=text, state="open"))
        feeds = tuple(
            Feed(source=s.match, kind="winner" if isinstance(s, WinnerOf) else "loser", slot=i)
            for i, s in enumerate(m.sources)
            if isinstance(s, WinnerOf | LoserOf)
        )
        boxes.append(
            BoxMatch(
                id=m.id,
                side=m.side.value if m.side != BracketPart.PLACING else "placing",
                round=m.round,
                label=f"M{m.id}",
                slots=(slots[0], slots[1]),
                feeds=feeds,
                status="pending",
            )
        )
    return bracket_svg(boxes, title=str(title))


BUILDERS = {
    "mitchell": _mitchell,
    "howell": _howell,
    "round_robin": _round_robin,
    "groups": _groups,
    "swiss": _swiss,
    "knockout": _knockout,
    "double_elimination": _double,
}
