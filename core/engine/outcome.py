"""The outcome of a hand: made or broken, levels after, jump levels, next declarer.

第二十一至二十三条 and rules.md "Points and the end of a hand", in its order: dig,
points, the declaring side, the defending side, 潇洒, must-play levels, and the jump
levels that team and pairs scoring compare. `score_hand` is a pure function of the
numbers a scorecard carries, so result-only records and comparisons use it directly.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .cards import BJ, LJ, Seat, Side
from .profiles import LevelDig, LevelScale, RuleProfile

KING = 13


class Dig(enum.Enum):
    """抠底: how the defenders won the last trick (第二十二条)."""

    BJ = "BJ"  # 大王抠底, +3
    LJ = "LJ"  # 小王抠底, +2
    J = "J"  # J到底
    Q = "Q"  # Q半截
    K = "K"  # K三级 (2007) / K翻天 / K到J

    @property
    def level(self) -> int | None:
        """The level a level dig belongs to; None for a joker dig."""
        return {"J": 11, "Q": 12, "K": 13}.get(self.value)


class Outcome(enum.Enum):
    GUANG = "guang"  # 光牌: no points, no dig
    MADE = "made"  # 打成
    BROKEN = "broken"  # 打破
    GULUPO = "gulupo"  # 轱辘坡: 140 or more


JOKER_LEVELS: dict[int, int] = {BJ: 3, LJ: 2}  # 大王 three levels, 小王 two (第十六、二十二条)


@dataclass(frozen=True)
class HandOutcome:
    outcome: Outcome
    declarer_broken: bool
    levels_after: dict[Side, int]
    jump_levels: dict[Side, int]
    next_declarer: Seat
    game_won: bool  # 打通: the declaring side made at K
    xiaosa_levels: int


def rise(level: int, by: int, must_play: frozenset[int]) -> int:
    """A level after rising `by`, stopping on the first must-play level it reaches.

    J、Q、K必打 (第二十二条): a rise cannot pass a must-play level; nor pass K.
    """
    target = min(level + by, KING)
    for m in sorted(must_play):
        if level < m <= target:
            return m
    return target


def score_hand(
    profile: RuleProfile,
    levels: Mapping[Side, int],
    declarer: Seat,
    defender_points: int,
    dig: Dig | None,
    xiaosa: Iterable[int] = (),
) -> HandOutcome:
    """Compute the outcome of a hand from its result (the numbers on a scorecard)."""
    if profile.level_scale is LevelScale.SHENGJI:
        return _score_shengji(profile, levels, declarer, defender_points)
    side = declarer.side
    other = side.other
    own, theirs = levels[side], levels[other]
    xiaosa_levels = sum(JOKER_LEVELS.get(c, 0) for c in xiaosa) if profile.xiaosa else 0
    gulupo = profile.gulupo_points is not None and defender_points >= profile.gulupo_points
    broken = dig is not None or defender_points >= profile.break_points
    if not broken:
        outcome = Outcome.GUANG if defender_points == 0 else Outcome.MADE
        gain = (3 if outcome is Outcome.GUANG else 1) + xiaosa_levels
        game_won = own == KING
        after_own = 1 if game_won else rise(own, gain, profile.must_play_levels)
        return HandOutcome(
            outcome=outcome,
            declarer_broken=False,
            levels_after={side: after_own, other: theirs},
            jump_levels={side: gain, other: 0},
            next_declarer=declarer.partner,  # 由其同伴主打下一副牌
            game_won=game_won,
            xiaosa_levels=xiaosa_levels,
        )
    # Broken: the declaring side steps down (下台), its level stays unless it falls.
    falls = [own]
    defenders_base = theirs
    if gulupo:
        falls.append(1)  # 轱辘坡: back to A
    effect = profile.level_digs.get(own) if dig is not None and dig.level == own else None
    if effect is LevelDig.SWAP:  # K翻天: the sides' levels change places
        falls.append(theirs)
        defenders_base = own
    elif effect is not None:
        falls.append(
            {LevelDig.TO_A: 1, LevelDig.TO_6: 6, LevelDig.TO_10: 10, LevelDig.TO_J: 11}[effect]
        )
    after_own = min(falls)
    dig_levels = 3 if dig is Dig.BJ else 2 if dig is Dig.LJ else 0
    gain = dig_levels + xiaosa_levels
    # Level digs and 轱辘坡 award the levels the declarer fell, the larger counted once.
    award = own - after_own
    return HandOutcome(
        outcome=Outcome.GULUPO if gulupo else Outcome.BROKEN,
        declarer_broken=True,
        levels_after={side: after_own, other: rise(defenders_base, gain, profile.must_play_levels)},
        jump_levels={side: 0, other: gain + award},
        next_declarer=declarer.next,  # the old declarer's 下家 (002)
        game_won=False,
        xiaosa_levels=xiaosa_levels,
    )


def _score_shengji(
    profile: RuleProfile, levels: Mapping[Side, int], declarer: Seat, points: int
) -> HandOutcome:
    """003: under 80 the declarers rise (0: 3, under 40: 2, else 1); from 80 the
    defenders take over and rise one level per 40 beyond 80."""
    side, other = declarer.side, declarer.side.other
    if points < profile.break_points:
        gain = 3 if points == 0 else 2 if points < 40 else 1
        game_won = levels[side] == KING
        after = 1 if game_won else rise(levels[side], gain, profile.must_play_levels)
        return HandOutcome(
            outcome=Outcome.GUANG if points == 0 else Outcome.MADE,
            declarer_broken=False,
            levels_after={side: after, other: levels[other]},
            jump_levels={side: gain, other: 0},
            next_declarer=declarer.partner,
            game_won=game_won,
            xiaosa_levels=0,
        )
    gain = (points - profile.break_points) // 40
    return HandOutcome(
        outcome=Outcome.BROKEN,
        declarer_broken=True,
        levels_after={
            side: levels[side],
            other: rise(levels[other], gain, profile.must_play_levels),
        },
        jump_levels={side: 0, other: gain},
        next_declarer=declarer.next,
        game_won=False,
        xiaosa_levels=0,
    )
