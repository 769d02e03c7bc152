"""The options of a stage (``Stage.settings``), their defaults and their checks.

Pure Python so the model, the admin form and the services read the same rules. A
stage's JSON holds only what the director changed; :func:`validate_stage_settings`
fills in the rest and refuses a value the format cannot use, in Chinese and English.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

__all__ = ["StageOptions", "validate_stage_settings"]

TEAM_KINDS = (
    "team_match",
    "round_robin",
    "group_round_robin",
    "knockout",
    "double_elimination",
    "swiss",
)
MOVEMENT_KINDS = ("mitchell", "howell")
KINDS = (*TEAM_KINDS, *MOVEMENT_KINDS, "pairs_final")

#: Which options mean something for which kind of stage.
APPLIES: dict[str, tuple[str, ...]] = {
    "boards_per_session": (*TEAM_KINDS, "pairs_final"),
    "sessions": TEAM_KINDS,
    "double": ("round_robin", "group_round_robin"),
    "groups": ("group_round_robin",),
    "qualifiers_per_group": ("group_round_robin",),
    "draw": ("group_round_robin",),
    "seeded": ("group_round_robin",),
    "tiebreak_boards": ("knockout", "double_elimination"),
    "bracket_reset": ("double_elimination",),
    "boards_per_round": MOVEMENT_KINDS,
    "rounds": (*MOVEMENT_KINDS, "swiss"),
    "sections": ("mitchell",),
    "matchpoints": ("mitchell",),
    "held_ns": ("mitchell",),
    "seating": ("mitchell",),
    "places": ("pairs_final", "knockout"),
    "carry_over": ("round_robin",),
}


@dataclass(frozen=True)
class StageOptions:
    boards_per_session: int = 12  # 每节副数 (第二十四条: even, half per room)
    sessions: int = 2  # 节数 (第二十四条: two; 第二十五条 allows one)
    double: bool = False  # 双循环
    groups: int = 2  # 小组数 (第二十六条)
    qualifiers_per_group: int = 2  # 每组出线数
    draw: str = "serpentine"  # "serpentine" (种子蛇形) or "draw" (抽签)
    seeded: int = 0  # 抽签前先蛇形放入的种子队数
    tiebreak_boards: int = 4  # 打平后加赛副数 (第二十七条)
    bracket_reset: bool = False  # 双败：负区冠军胜决赛后再赛一场
    boards_per_round: int = 4  # 米切尔每轮副数 (第二十八条)
    places: int = 4  # 决出名次数 (第二十九条: 4 or 8; a knockout: 2, 4 with a 3rd-place match…)
    carry_over: bool = False  # 带分: a final after groups keeps the group match of two finalists
    # 轮数: a Swiss plays so many rounds (7 by default); a Mitchell or Howell 0 for the
    # full movement, fewer for a shortened one.
    rounds: int = 7
    sections: int = 1  # 分区数: sections of equal tables playing the same sets
    matchpoints: str = "field"  # 比赛分范围: "field" (全场) or "section" (分区)
    held_ns: tuple[int, ...] = ()  # 固定南北的对号(参赛编号): players who cannot move
    seating: str = "draw"  # "draw" (抽签) or "reseed" (按前几节累计名次重新编排)

    @property
    def half_session(self) -> int:
        """Boards each room starts with: the open room 1–6, the closed 7–12 (第二十四条)."""
        return self.boards_per_session // 2

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def _fail(zh: str, en: str) -> None:
    raise ValueError(f"{zh} / {en}")


def _int(data: Mapping[str, Any], key: str, default: int, low: int) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        _fail(
            f"{key} 必须是不小于{low}的整数，现为{value!r}",
            f"{key} must be an integer ≥ {low}, got {value!r}",
        )
    return value


def _bool(data: Mapping[str, Any], key: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        _fail(f"{key} 必须是 true 或 false", f"{key} must be true or false")
    return value


def _numbers(data: Mapping[str, Any], key: str) -> tuple[int, ...]:
    value = data.get(key, [])
    if not isinstance(value, list | tuple) or any(
        isinstance(v, bool) or not isinstance(v, int) or v < 1 for v in value
    ):
        _fail(
            f"{key} 必须是参赛编号的列表，现为{value!r}",
            f"{key} must be a list of entrant numbers, got {value!r}",
        )
    if len(set(value)) != len(value):
        _fail(f"{key} 中有重复的编号", f"{key} lists a number twice")
    return tuple(value)


def validate_stage_settings(kind: str, data: Mapping[str, Any] | None) -> StageOptions:
    """The options of a ``kind`` stage from its JSON; ``ValueError`` (bilingual) if unusable."""
    data = dict(data or {})
    if kind not in KINDS:
        _fail(f"未知的赛制 {kind!r}", f"unknown stage kind {kind!r}")
    for key in data:
        if key not in APPLIES:
            _fail(f"未知的设置项 {key!r}", f"unknown setting {key!r}")
        if kind not in APPLIES[key]:
            _fail(f"设置项 {key!r} 不适用于此赛制", f"setting {key!r} does not apply to {kind}")
    default_sessions = 1 if kind == "pairs_final" else 2
    options = StageOptions(
        boards_per_session=_int(data, "boards_per_session", 12, 2),
        sessions=_int(data, "sessions", default_sessions, 1),
        double=_bool(data, "double", False),
        groups=_int(data, "groups", 2, 1),
        qualifiers_per_group=_int(data, "qualifiers_per_group", 2, 1),
        draw=data.get("draw", "serpentine"),
        seeded=_int(data, "seeded", 0, 0),
        tiebreak_boards=_int(data, "tiebreak_boards", 4, 2),
        bracket_reset=_bool(data, "bracket_reset", False),
        boards_per_round=_int(data, "boards_per_round", 4, 1),
        places=_int(data, "places", 2 if kind == "knockout" else 4, 2),
        carry_over=_bool(data, "carry_over", False),
        rounds=(_int(data, "rounds", 7, 1) if kind == "swiss" else _int(data, "rounds", 0, 0)),
        sections=_int(data, "sections", 1, 1),
        matchpoints=data.get("matchpoints", "field"),
        held_ns=_numbers(data, "held_ns"),
        seating=data.get("seating", "draw"),
    )
    if options.boards_per_session % 2:
        _fail(
            f"每节副数必须是偶数（开闭室各打一半），现为{options.boards_per_session}",
            f"boards per session must be even (half per room), got {options.boards_per_session}",
        )
    if options.tiebreak_boards % 2:
        _fail(
            f"加赛副数必须是偶数（开闭室各打一半），现为{options.tiebreak_boards}",
            f"tie-break boards must be even (half per room), got {options.tiebreak_boards}",
        )
    if options.draw not in ("serpentine", "draw"):
        _fail(
            f"分组方式必须是 serpentine（种子蛇形）或 draw（抽签），现为{options.draw!r}",
            f"draw must be 'serpentine' or 'draw', got {options.draw!r}",
        )
    if options.matchpoints not in ("field", "section"):
        _fail(
            f"比赛分范围必须是 field（全场）或 section（分区），现为{options.matchpoints!r}",
            f"matchpoints must be 'field' or 'section', got {options.matchpoints!r}",
        )
    if options.seating not in ("draw", "reseed"):
        _fail(
            f"座位编排必须是 draw（抽签）或 reseed（按累计名次），现为{options.seating!r}",
            f"seating must be 'draw' or 'reseed', got {options.seating!r}",
        )
    if kind == "pairs_final" and options.places % 4:
        _fail(
            f"决赛决出名次数必须是4的倍数，现为{options.places}",
            f"the places decided must be a multiple of 4, got {options.places}",
        )
    return options
