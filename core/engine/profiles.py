"""Rule profiles: the readings of rules.md as data.

A profile is a frozen set of named switches. `chifeng-2007` is the 2007 competition
rules (004) as the articles read; `chifeng-club` the game as commonly played (000/001);
`shengji` generic 升级/拖拉机 (003). An event picks a profile and may override single
switches (`resolve_profile("chifeng-2007", {"must_follow_shape": True})`).
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .cards import NotationError, level_name, parse_level
from .errors import shown

E = TypeVar("E", bound=enum.Enum)


class LevelDig(enum.Enum):
    """What a level dig (J到底/Q半截/K三级, 第二十二条) does to the declaring side's level."""

    TO_A = "to_A"  # J到底: back to A
    TO_6 = "to_6"  # Q半截: back to 6
    TO_10 = "to_10"  # K三级 (2007): back to 10
    TO_J = "to_J"  # K到J (001)
    SWAP = "swap"  # K翻天 (000/001/002): the two sides' levels change places


class BottomPoints(enum.Enum):
    """Whether points buried in the bottom count (抠底不抠分)."""

    NONE = "none"  # chifeng-2007: never
    MULTIPLIED = "multiplied"  # 003: to defenders winning the last trick, ×2 per single …


class LevelScale(enum.Enum):
    """How points turn into levels."""

    DUIDIAO = "duidiao"  # 第二十一至二十三条: made +1, 光牌 +3, 80 breaks, 140 轱辘坡
    SHENGJI = "shengji"  # 003: 40 a level either way of 80


@dataclass(frozen=True)
class RuleProfile:
    name: str
    must_play_levels: frozenset[int] = frozenset({11, 12, 13})  # J、Q、K必打 (第二十二条)
    level_digs: Mapping[int, LevelDig] = field(
        default_factory=lambda: {11: LevelDig.TO_A, 12: LevelDig.TO_6, 13: LevelDig.TO_10}
    )
    ace_low_tractor: bool = True  # "A、2为连对，为最小" (第十三条)
    must_follow_shape: bool = False  # 上家出对，下家…可以不跟对 (000)
    failed_throw_penalty: float = 0.0  # 甩错牌 (第三十五条): no score penalty in 2007
    bottom_points: BottomPoints = BottomPoints.NONE  # 抠底不抠分
    ganbaguo: bool = False  # 干巴锅 (000/001): a bottom without trumps may not be taken
    sealing: bool = True  # 封主 (第十五条); 000 plays without it
    xiaosa: bool = True  # 潇洒 (第十六条)
    joker_digs: bool = True  # 抠底 with jokers (第二十二条)
    level_scale: LevelScale = LevelScale.DUIDIAO
    break_points: int = 80  # 打破 at 80 (第二十一条)
    gulupo_points: int | None = 140  # 轱辘坡 (第二十三条); None: no such rule

    def with_switches(self, overrides: Mapping[str, object]) -> RuleProfile:
        """This profile with single switches overridden (names and JSON values as in rules.md)."""
        if not overrides:
            return self
        changes: dict[str, Any] = {}
        names = {f.name for f in dataclasses.fields(self)} - {"name"}
        for key, value in overrides.items():
            if not isinstance(key, str) or key not in names:
                raise ProfileError(
                    f"没有名为 {shown(key)} 的规则开关", f"no switch is named {shown(key)}"
                )
            changes[key] = _switch_value(key, value)
        return dataclasses.replace(self, **changes)

    def describe(self) -> dict[str, object]:
        """JSON-ready switches, the inverse of `with_switches`."""
        return {
            "must_play_levels": [level_name(x) for x in sorted(self.must_play_levels)],
            "level_digs": {level_name(k): v.value for k, v in sorted(self.level_digs.items())},
            "ace_low_tractor": self.ace_low_tractor,
            "must_follow_shape": self.must_follow_shape,
            "failed_throw_penalty": self.failed_throw_penalty,
            "bottom_points": self.bottom_points.value,
            "ganbaguo": self.ganbaguo,
            "sealing": self.sealing,
            "xiaosa": self.xiaosa,
            "joker_digs": self.joker_digs,
            "level_scale": self.level_scale.value,
            "break_points": self.break_points,
            "gulupo_points": self.gulupo_points,
        }


class ProfileError(ValueError):
    """An unknown profile or switch, or a switch value of the wrong form (in Chinese and
    English, like every message of the engine)."""

    def __init__(self, zh: str, en: str) -> None:
        super().__init__(f"{zh} / {en}")
        self.message_zh = zh
        self.message_en = en


def _member(kind: type[E], key: str, value: object) -> E:
    """The member of `kind` spelled `value`; ProfileError naming the choices if none."""
    for member in kind:
        if member.value == value and isinstance(value, str):
            return member
    choices = "、".join(str(m.value) for m in kind)
    raise ProfileError(
        f"开关 {key} 的值 {shown(value)} 无效，应为 {choices} 之一",
        f"switch {key}: {shown(value)} is not one of {choices.replace('、', ', ')}",
    )


def _levels_of(key: str, values: Iterable[object]) -> list[int]:
    out = []
    for v in values:
        try:
            out.append(parse_level(v))
        except NotationError:
            raise ProfileError(
                f"开关 {key} 中的 {shown(v)} 不是级别（A、2…10、J、Q、K）",
                f"switch {key}: {shown(v)} is not a level (A, 2 … 10, J, Q, K)",
            ) from None
    return out


def _switch_value(key: str, value: object) -> object:
    if key == "must_play_levels":
        if not isinstance(value, list | tuple | set | frozenset):
            raise ProfileError(f"开关 {key} 应为级别的列表", f"switch {key} takes a list of levels")
        return frozenset(_levels_of(key, value))
    if key == "level_digs":
        if not isinstance(value, Mapping):
            raise ProfileError(
                f"开关 {key} 应为“级别: 后果”的对象",
                f"switch {key} takes an object of level: effect",
            )
        digs = dict(
            zip(
                _levels_of(key, value),
                (_member(LevelDig, key, v) for v in value.values()),
                strict=True,
            )
        )
        if not set(digs) <= {11, 12, 13}:
            raise ProfileError(
                "只有 J、Q、K 有级别抠底（第二十二条）",
                "only J, Q and K have level digs (article 22)",
            )
        return digs
    if key == "bottom_points":
        return _member(BottomPoints, key, value)
    if key == "level_scale":
        return _member(LevelScale, key, value)
    if key == "failed_throw_penalty":
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ProfileError(f"开关 {key} 应为数", f"switch {key} takes a number")
        if not -1000 <= value <= 1000:  # also keeps NaN and huge numbers out
            raise ProfileError(
                f"开关 {key} 应在 -1000 到 1000 之间", f"switch {key} takes -1000 to 1000"
            )
        return float(value)
    if key in ("break_points", "gulupo_points"):
        if value is None and key == "gulupo_points":
            return None
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or value % 5
            or not 0 <= value <= 200
        ):
            raise ProfileError(
                f"开关 {key} 应为 0 到 200 之间 5 的倍数",
                f"switch {key} takes a multiple of 5 from 0 to 200",
            )
        return value
    if not isinstance(value, bool):
        raise ProfileError(f"开关 {key} 应为 true 或 false", f"switch {key} takes true or false")
    return value


CHIFENG_2007 = RuleProfile(name="chifeng-2007")
CHIFENG_CLUB = RuleProfile(
    name="chifeng-club",
    level_digs={11: LevelDig.TO_A, 12: LevelDig.TO_6, 13: LevelDig.SWAP},
    ganbaguo=True,
    sealing=False,
)
SHENGJI = RuleProfile(
    name="shengji",
    must_play_levels=frozenset(),
    level_digs={},
    ace_low_tractor=False,
    must_follow_shape=True,
    bottom_points=BottomPoints.MULTIPLIED,
    xiaosa=False,
    joker_digs=False,
    level_scale=LevelScale.SHENGJI,
    gulupo_points=None,
)
PROFILES: dict[str, RuleProfile] = {p.name: p for p in (CHIFENG_2007, CHIFENG_CLUB, SHENGJI)}
DEFAULT_PROFILE = CHIFENG_2007


def resolve_profile(name: object, switches: Mapping[str, object] | None = None) -> RuleProfile:
    """The profile `name` (None: the default) with `switches` overridden."""
    if name is None:
        name = DEFAULT_PROFILE.name
    profile = PROFILES.get(name) if isinstance(name, str) else None
    if profile is None:
        names = "、".join(PROFILES)
        raise ProfileError(
            f"没有名为 {shown(name)} 的规则方案，应为 {names} 之一",
            f"no rules are named {shown(name)}; they are {names.replace('、', ', ')}",
        )
    return profile.with_switches(switches or {})
