"""Hand statistics and sorted hands for hand records (牌型卡). Pure Python, no Django.

A hand record shows each seat's 25 cards and the bottom; next to each hand the
director and the players like to see its jokers, its level cards and its point cards
(第七条: each 5 is worth 5, each 10 and K 10). Level cards depend on the level played,
so the level is an argument; without one, level cards are not counted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from core.engine import BJ, LJ, SEAT_NAMES, card_name, parse_card, parse_level
from core.engine.cards import POINTS, level_rank_index, parse_suit
from core.engine.trumps import trump_context

__all__ = ["HandStats", "deal_statistics", "hand_statistics", "sort_hand"]

SEATS = SEAT_NAMES


@dataclass(frozen=True)
class HandStats:
    """One hand's count of what matters on a hand record."""

    cards: int
    big_jokers: int  # 大王
    small_jokers: int  # 小王
    level_cards: int  # 级牌 of the level played (0 when no level is given)
    point_cards: int  # 5, 10, K
    points: int
    by_suit: Mapping[str, int]  # H, D, S, C: cards of each suit, jokers apart

    @property
    def jokers(self) -> int:
        return self.big_jokers + self.small_jokers

    def to_dict(self) -> dict[str, Any]:
        return {
            "cards": self.cards,
            "jokers": self.jokers,
            "big_jokers": self.big_jokers,
            "small_jokers": self.small_jokers,
            "level_cards": self.level_cards,
            "point_cards": self.point_cards,
            "points": self.points,
            "by_suit": dict(self.by_suit),
        }


def hand_statistics(cards: Sequence[str], level: str | int | None = None) -> HandStats:
    """Statistics of one hand (or the bottom); ``level`` names the level rank, if known."""
    parsed = [parse_card(c) for c in cards]
    rank = level_rank_index(parse_level(level)) if level is not None else None
    return HandStats(
        cards=len(parsed),
        big_jokers=sum(1 for c in parsed if c == BJ),
        small_jokers=sum(1 for c in parsed if c == LJ),
        level_cards=sum(1 for c in parsed if c < LJ and rank is not None and c % 13 == rank),
        point_cards=sum(1 for c in parsed if POINTS[c]),
        points=sum(POINTS[c] for c in parsed),
        by_suit={s: sum(1 for c in parsed if c < LJ and "HDSC"[c // 13] == s) for s in "HDSC"},
    )


def deal_statistics(
    hands: Mapping[str, Sequence[str]], bottom: Sequence[str], level: str | int | None = None
) -> dict[str, HandStats]:
    """Statistics of the four hands and the bottom (key ``"bottom"``)."""
    out = {seat: hand_statistics(hands[seat], level) for seat in SEATS}
    out["bottom"] = hand_statistics(bottom, level)
    return out


def sort_hand(
    cards: Sequence[str], level: str | int | None = None, trump: str | None = None
) -> list[str]:
    """A hand in the order a player holds it: trumps apart (highest first), then the
    side suits H, D, S, C, each from its ace down.

    Without a level the jokers still come first; without a trump suit only the jokers
    and the level cards are trumps (as before trump is declared).
    """
    parsed = [parse_card(c) for c in cards]
    if level is None:
        return [card_name(c) for c in sorted(parsed, key=lambda c: (c < LJ, c // 13, -(c % 13)))]
    lvl = parse_level(level)
    rank = level_rank_index(lvl)
    suit = parse_suit(trump) if trump is not None else None
    pos = trump_context(lvl, suit, True).pos if suit is not None else None

    def key(c: int) -> tuple[int, int, int]:
        if c >= LJ or c % 13 == rank or (suit is not None and c // 13 == suit):
            return (0, -(pos[c] if pos is not None else _no_trump_pos(c)), c // 13)
        return (1 + c // 13, -(c % 13), 0)

    return [card_name(c) for c in sorted(parsed, key=key)]


def _no_trump_pos(c: int) -> int:
    """Before trump is declared: the jokers, then the level cards in suit order."""
    if c == BJ:
        return 100
    if c == LJ:
        return 99
    return 50 - c // 13
