"""The adjustments hook: what a ruling does to a score (第五章, 第三十至三十九条).

Every scoring computation (a team match, a round-robin table, a Mitchell traveller and
ranking, the pairs final) accepts a sequence of :class:`Adjustment` and applies what
concerns it; nothing else changes a score. The rulings work turns each ruling into
adjustments, so a ruling changes the score exactly as its article says and a
withdrawn ruling simply stops being passed in.

Five kinds, one per effect the chapter has on a score:

* ``PENALTY`` — ``amount`` 比赛分 added to the target's score, negative for a penalty
  (−0.5 for articles 31, 33, 34, 36, 39; another amount the referee sets for 37, 38).
  比赛分 are board points in team play and matchpoints in pairs (competition.md).
* ``FORFEIT`` — article 30, late 15 minutes or more: "本轮比赛记零分，对方获胜", the
  offender scores 0 and the opponent wins that match (or that table's boards).
* ``SCORE_BROKEN`` / ``SCORE_MADE`` — article 33, a wrong card count found after play:
  the declaring side's error scores the board as broken even if made, the defenders'
  as made even if broken, "其他按实际算" (points as they were).
* ``NOT_SCORED`` — article 33 when both sides erred ("本副牌不计分可重打"), or a board
  cancelled (article 38): the result at that table is not scored.

Readings where the articles leave a choice, each visible in one place:

* Both ``SCORE_BROKEN`` and ``SCORE_MADE`` on the same result (two rulings, one per
  side) add up to the both-sides case: the board is not scored there.
* In pairs scoring a result that is not scored leaves the traveller (the other results
  are Neuberg-scaled) and the table gets artificial scores, average (50 %) to each side
  unless the adjustment names others (e.g. average-minus to the side at fault).
* A forfeited Mitchell table: the offender 0, the opponent average-plus (60 % of the
  top, the artificial score of a side not at fault) unless the adjustment names another
  for it (a director's choice on a withdrawal) — "a win" has no matchpoint value of its
  own in the article; the offender's 0 ("记零分") never changes.

Pure Python, no Django.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from core.engine import Outcome

from .matchpoints import ArtificialScore
from .results import PlayResult

__all__ = [
    "Adjustment",
    "AdjustmentKind",
    "OVERRIDES",
    "adjustment_total",
    "apply_override",
    "forfeits",
    "result_override",
]


class AdjustmentKind(enum.StrEnum):
    PENALTY = "penalty"  # 罚分
    FORFEIT = "forfeit"  # 弃权 (第三十条)
    SCORE_BROKEN = "score_broken"  # 按打破计 (第三十三条, 打家方错误)
    SCORE_MADE = "score_made"  # 按打成计 (第三十三条, 防守方错误)
    NOT_SCORED = "not_scored"  # 本副不计分 (第三十三条双方错误, 第三十八条取消)


#: The kinds that change one table's result of one board rather than a total.
OVERRIDES = frozenset(
    {AdjustmentKind.SCORE_BROKEN, AdjustmentKind.SCORE_MADE, AdjustmentKind.NOT_SCORED}
)


@dataclass(frozen=True)
class Adjustment:
    """One effect of one ruling on the scores.

    ``target`` is the entrant (team or pair, by whatever key the caller scores with)
    the adjustment is against — the offender; a side at a table is resolved to its
    entrant by the caller. ``match``, ``board`` and ``table`` say where it applies:
    a team penalty belongs to a match (the match score is board points less
    penalties); a result override names the board and the table whose result it
    changes; a forfeit names the match, or in a Mitchell the table (one round).
    ``source`` identifies the ruling (e.g. ``"ruling:17"``) so every changed score can
    be traced back; ``reason`` is for people.
    """

    kind: AdjustmentKind
    target: Hashable | None = None
    amount: Fraction = Fraction(0)
    reason: str = ""
    source: str = ""
    match: Hashable | None = None
    board: int | None = None
    table: Hashable | None = None
    artificial: ArtificialScore | None = None

    @classmethod
    def penalty(
        cls,
        target: Hashable,
        amount: Fraction | int | str = Fraction(1, 2),
        *,
        reason: str = "",
        source: str = "",
        match: Hashable | None = None,
        board: int | None = None,
        table: Hashable | None = None,
    ) -> Adjustment:
        """A penalty of ``amount`` 比赛分 (given as a positive number) against ``target``."""
        value = Fraction(amount)
        if value < 0:
            raise ValueError("罚分请用正数 / give a penalty as a positive amount")
        return cls(
            AdjustmentKind.PENALTY,
            target,
            -value,
            reason,
            source,
            match=match,
            board=board,
            table=table,
        )

    @classmethod
    def forfeit(
        cls,
        target: Hashable,
        *,
        reason: str = "",
        source: str = "",
        match: Hashable | None = None,
        table: Hashable | None = None,
        artificial: ArtificialScore | None = None,
    ) -> Adjustment:
        """Article 30: ``target`` forfeits the match (team play) or the table (a round)."""
        return cls(
            AdjustmentKind.FORFEIT,
            target,
            reason=reason,
            source=source,
            match=match,
            table=table,
            artificial=artificial,
        )

    @classmethod
    def override(
        cls,
        kind: AdjustmentKind,
        *,
        board: int,
        table: Hashable,
        target: Hashable | None = None,
        reason: str = "",
        source: str = "",
        artificial: ArtificialScore | None = None,
    ) -> Adjustment:
        """Article 33/38: score ``board`` at ``table`` as broken, as made, or not at all."""
        if kind not in OVERRIDES:
            raise ValueError(f"{kind} 不是成绩改判 / is not a result override")
        return cls(
            kind,
            target,
            reason=reason,
            source=source,
            board=board,
            table=table,
            artificial=artificial,
        )

    @property
    def is_override(self) -> bool:
        return self.kind in OVERRIDES


def result_override(
    adjustments: Iterable[Adjustment], board: int, table: Hashable
) -> tuple[AdjustmentKind | None, tuple[Adjustment, ...]]:
    """The override that applies to ``board`` at ``table``, and the adjustments behind it.

    Broken and made together (each side erred, two rulings) mean not scored; a
    not-scored ruling wins over either.
    """
    found = tuple(a for a in adjustments if a.is_override and a.board == board and a.table == table)
    kinds = {a.kind for a in found}
    if not kinds:
        return None, found
    if AdjustmentKind.NOT_SCORED in kinds or len(kinds) > 1:
        return AdjustmentKind.NOT_SCORED, found
    return kinds.pop(), found


def apply_override(play: PlayResult, kind: AdjustmentKind | None) -> PlayResult | None:
    """``play`` as a ruling says to score it; None when it is not scored at all.

    Scored as broken: a plain break (the declarers 0 levels, the defenders 0 — no dig,
    no 潇洒 levels — and the points as collected). Scored as made: a plain make (the
    declarers 1 level). A result that already is what the ruling says is kept as it
    is: the ruling only turns a make into a break or a break into a make.
    """
    if kind is None:
        return play
    if kind is AdjustmentKind.NOT_SCORED:
        return None
    declaring, defending = play.declaring, play.declaring.other
    if kind is AdjustmentKind.SCORE_BROKEN:
        if not play.made:
            return play
        hand = dataclasses.replace(
            play.hand,
            outcome=Outcome.BROKEN,
            declarer_broken=True,
            jump_levels={declaring: 0, defending: 0},
            game_won=False,
            xiaosa_levels=0,
        )
        return dataclasses.replace(play, hand=hand)
    if play.made:
        return play
    hand = dataclasses.replace(
        play.hand,
        outcome=Outcome.MADE,
        declarer_broken=False,
        jump_levels={declaring: 1, defending: 0},
        xiaosa_levels=0,
    )
    return dataclasses.replace(play, dig=None, hand=hand)


def adjustment_total(
    adjustments: Iterable[Adjustment], target: Hashable, *, match: Hashable | None = None
) -> tuple[Fraction, tuple[Adjustment, ...]]:
    """The penalties against ``target`` (within ``match`` when one is given), summed."""
    applied = tuple(
        a
        for a in adjustments
        if a.kind is AdjustmentKind.PENALTY
        and a.target == target
        and (match is None or a.match == match)
    )
    return sum((a.amount for a in applied), Fraction(0)), applied


def forfeits(
    adjustments: Sequence[Adjustment],
    *,
    match: Hashable | None = None,
    table: Hashable | None = None,
) -> tuple[Adjustment, ...]:
    """The forfeits of a match (or of one table)."""
    return tuple(
        a
        for a in adjustments
        if a.kind is AdjustmentKind.FORFEIT
        and (match is None or a.match == match)
        and (table is None or a.table == table)
    )
