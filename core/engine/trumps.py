"""Trump order, effective suits and combinations (第九、十三、十八条; rules.md "Trumps and order").

Once the level and the trump suit are known, every card kind has an *effective suit*
(one of the three side suits, or trumps) and a *position* in that suit's order, where
equal cards share a position (the three 副级牌). Pairs are two cards of one kind; a
tractor (连对) is pairs at consecutive positions. Everything about leading, following
and winning is decided on these two numbers, computed once per board.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import BJ, KINDS, LJ, Suit, level_rank_index

TRUMP = 4  # the effective suit of every trump card

# Positions in the trump order: the trump suit's other ranks take 0…11, then these.
OFF_LEVEL_POS = 12  # 副级牌: the level cards of the three other suits, equal to one another
MAIN_LEVEL_POS = 13  # 主级牌
LJ_POS = 14  # 小王
BJ_POS = 15  # 大王
TRUMP_STRENGTH = BJ_POS + 1  # added to a trump's position in `TrumpContext.strength`
SIDE_TOP_THREE = (9, 10, 11)  # positions of a side suit's three highest ranks (浑甩)


class Shape(enum.Enum):
    SINGLE = "single"
    PAIR = "pair"
    TRACTOR = "tractor"  # 连对/拖拉机
    THROW = "throw"  # 甩牌


@dataclass(frozen=True)
class Structure:
    """A play broken into components: longest tractors first, then pairs, then singles."""

    tractors: tuple[int, ...]  # lengths, longest first
    pairs: int
    singles: int

    @property
    def shape(self) -> Shape:
        if not self.tractors and not self.pairs:
            return Shape.SINGLE if self.singles == 1 else Shape.THROW
        if self.singles == 0 and len(self.tractors) + self.pairs == 1:
            return Shape.TRACTOR if self.tractors else Shape.PAIR
        return Shape.THROW

    @property
    def pair_total(self) -> int:
        return sum(self.tractors) + self.pairs


# A play's components: tractors as (length, top position), pair positions, single positions.
Components = tuple[list[tuple[int, int]], list[int], list[int]]


class TrumpContext:
    """Effective suit and position of every card kind for one level and trump suit."""

    __slots__ = ("level", "trump", "ace_low", "eff", "pos", "strength", "kinds_of", "top_three")

    def __init__(self, level: int, trump: Suit, ace_low: bool = True) -> None:
        self.level = level
        self.trump = trump
        # Ace-low applies to side suits only, and only where the ace is not the level card.
        self.ace_low = ace_low and level != 1
        level_rank = level_rank_index(level)
        eff = [0] * KINDS
        pos = [0] * KINDS
        for c in range(52):
            suit, rank = divmod(c, 13)
            if rank == level_rank:
                eff[c] = TRUMP
                pos[c] = MAIN_LEVEL_POS if suit == trump else OFF_LEVEL_POS
            else:
                eff[c] = TRUMP if suit == trump else suit
                pos[c] = rank if rank < level_rank else rank - 1
        eff[LJ] = eff[BJ] = TRUMP
        pos[LJ], pos[BJ] = LJ_POS, BJ_POS
        self.eff: list[int] = eff
        self.pos: list[int] = pos
        # One number per kind that orders every trump above every side card, so that
        # "does this card beat the one winning" is a single comparison (第十八条).
        self.strength: list[int] = [
            p + (TRUMP_STRENGTH if e == TRUMP else 0) for e, p in zip(eff, pos, strict=True)
        ]
        self.kinds_of: list[list[int]] = [
            [c for c in range(KINDS) if eff[c] == s] for s in range(5)
        ]
        # A side suit's three highest ranks, the cards 浑甩 looks for (第十九条).
        self.top_three: list[list[int]] = [
            [c for c in kinds if s != TRUMP and pos[c] in SIDE_TOP_THREE]
            for s, kinds in enumerate(self.kinds_of)
        ]

    def suit_of_play(self, cards: Sequence[int]) -> int | None:
        """The effective suit all of `cards` share, or None when they are mixed."""
        eff = self.eff
        first = eff[cards[0]]
        for c in cards:
            if eff[c] != first:
                return None
        return first

    def pair_positions(self, cards: Iterable[int]) -> dict[int, int]:
        """Position → number of pairs there (副级牌 can hold pairs of several kinds)."""
        seen: dict[int, int] = {}
        out: dict[int, int] = {}
        for c in cards:
            n = seen.get(c, 0) + 1
            seen[c] = n
            if n == 2:
                p = self.pos[c]
                out[p] = out.get(p, 0) + 1
        return out

    def _ace_low_ok(self, suit: int) -> bool:
        return suit != TRUMP and self.ace_low

    def structure(self, cards: Sequence[int], suit: int) -> Structure:
        """Split cards of one effective suit into components, longest tractors first."""
        tractors, pairs, singles = self.components(cards, suit)
        return Structure(tuple(length for length, _ in tractors), len(pairs), len(singles))

    def components(self, cards: Sequence[int], suit: int) -> Components:
        """(tractors as (length, top), pair positions, single positions) of a play."""
        remaining = self.pair_positions(cards)
        tractors: list[tuple[int, int]] = []
        length = len(remaining)
        while length >= 2:
            tops = self.run_tops(remaining, suit, length)
            if tops:
                tractors.append((length, tops[0]))
                self._take_run(remaining, suit, tops[0], length)
            else:
                length -= 1
        pairs = [p for p, n in remaining.items() for _ in range(n)]
        seen: dict[int, int] = {}
        for c in cards:
            seen[c] = seen.get(c, 0) + 1
        singles = [self.pos[c] for c, n in seen.items() if n == 1]
        return tractors, pairs, singles

    def cover_key(self, lead: Structure, play: Sequence[int]) -> int | None:
        """How strongly `play` matches the lead's shape, or None when it cannot win.

        A play can win only with exactly the lead's shape (single, pair, tractor of the
        same length), or against a throw with components covering the throw's (as many
        tractors of at least the same lengths, as many pairs, the rest singles; 003).
        Competing plays are compared by the top of their most significant component
        (tractor, else pair, else single): 10-10-K beats QQ2 over a thrown 5-4-3 (K > Q),
        and QQ2 beats 10-10-K over 5-4-4 (QQ > 10-10).
        """
        pos = self.pos
        if len(play) != lead.singles + 2 * lead.pair_total:
            return None
        suit = self.eff[play[0]]
        if not lead.tractors and not lead.pairs:
            return max(pos[c] for c in play)
        pairs = self.pair_positions(play)
        if not lead.tractors:
            if sum(pairs.values()) < lead.pairs:
                return None
            return max(pairs)
        for top in self.run_tops(pairs, suit, lead.tractors[0]):
            rest = dict(pairs)
            self._take_run(rest, suit, top, lead.tractors[0])
            if self._can_place(rest, suit, lead.tractors[1:], lead.pairs):
                return top
        return None

    def run_tops(self, pairs: dict[int, int], suit: int, length: int) -> list[int]:
        """Top positions of every run of `length` consecutive pairs, highest first.

        A run uses one pair per position. In a side suit with ace-low on, an ace pair may
        also stand below the lowest rank (AA22), giving that run a low top.
        """
        tops = [
            top
            for top in sorted(pairs, reverse=True)
            if top >= length - 1 and all(pairs.get(top - k) for k in range(1, length))
        ]
        if self._ace_low_ok(suit) and pairs.get(11) and length < 12:
            # AA22: the ace stands at -1 under positions 0 … length-2, which tops the run.
            if all(pairs.get(p) for p in range(0, length - 1)):
                tops.append(length - 2)
        return tops

    def _take_run(self, pairs: dict[int, int], suit: int, top: int, length: int) -> None:
        span: list[int] = list(range(top - length + 1, top + 1))
        if span[0] < 0:  # only an ace-low run has its top this low
            span = [11, *range(0, length - 1)]
        for p in span:
            pairs[p] -= 1
            if not pairs[p]:
                del pairs[p]

    def _can_place(
        self, pairs: dict[int, int], suit: int, tractors: tuple[int, ...], n_pairs: int
    ) -> bool:
        if not tractors:
            return sum(pairs.values()) >= n_pairs
        for top in self.run_tops(pairs, suit, tractors[0]):
            rest = dict(pairs)
            self._take_run(rest, suit, top, tractors[0])
            if self._can_place(rest, suit, tractors[1:], n_pairs):
                return True
        return False


@functools.cache
def trump_context(level: int, trump: Suit, ace_low: bool = True) -> TrumpContext:
    """The shared, read-only context of a level and trump suit (there are only 104)."""
    return TrumpContext(level, trump, ace_low)
