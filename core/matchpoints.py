"""Pairs scoring: matchpoints (比赛分, 第二十八条) and the pairs final (第二十九条).

Matchpoints compare the results of one board within a direction: the lowest gets 0,
each result beaten adds 2 and each tie 1, so the top (顶分) is 2(n − 1) for a board
played n times, and the N–S and E–W scores of one play add up to the top.

A result is ranked for a side by `PlayResult.key`: net jump levels first, then
points (more collected is better for defenders, fewer conceded for declarers); a
break beats any make for the defenders. Every play is ranked by its own key, so a
traveller where the declarer sat in different directions at different tables is
still ranked consistently.

A board played fewer times than the rest (fouled, not played, cancelled by a ruling)
is scaled with the Neuberg formula, as bridge scorers do; tables that did not play it
get artificial scores (人为调整分) outside the formula.

Pure Python, no Django. Scores are exact: integers, and `Fraction`s only where Neuberg
scaling or an artificial score makes them fractional; rounding is for printing.
"""

from __future__ import annotations

import enum
from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from core.engine import Side

from .results import PlayResult, RankKey

__all__ = [
    "Artificial",
    "ArtificialScore",
    "BoardMatchpoints",
    "FinalBoardPoints",
    "Score",
    "artificial_score",
    "neuberg",
    "pairs_final_points",
    "rank_matchpoints",
    "score_board",
    "top_for",
]


class Artificial(enum.Enum):
    """Artificial scores (人为调整分) for a table that could not play a board."""

    AVERAGE = "average"  # 平均分, 50% of the top
    AVERAGE_PLUS = "average_plus"  # 平均分加, 60%: the side not at fault
    AVERAGE_MINUS = "average_minus"  # 平均分减, 40%: the side at fault

    @property
    def share(self) -> Fraction:
        return _SHARES[self]


_SHARES = {
    Artificial.AVERAGE: Fraction(1, 2),
    Artificial.AVERAGE_PLUS: Fraction(3, 5),
    Artificial.AVERAGE_MINUS: Fraction(2, 5),
}


@dataclass(frozen=True)
class ArtificialScore:
    """One table's entry on a traveller when the board was not played there."""

    ns: Artificial
    ew: Artificial


#: A matchpoint score: an integer for a board played as often as expected (the common
#: case, and the cheap one), a Fraction once Neuberg scales it or a share of the top.
Score = Fraction | int


@dataclass(frozen=True)
class BoardMatchpoints:
    """The matchpoints of one board, entry by entry in the order given."""

    top: int  # 顶分: 2(N − 1), N the times the board should have been played
    ns: tuple[Score, ...]
    ew: tuple[Score, ...]


def top_for(plays: int) -> int:
    """The top (顶分) of a board played `plays` times: 2 per result that can be beaten."""
    return 2 * (plays - 1) if plays > 0 else 0


def rank_matchpoints(keys: Sequence[RankKey]) -> list[int]:
    """Matchpoints within one direction (第二十八条): 2 per result beaten, 1 per tie.

    `keys` are the results from that direction's point of view, larger is better.
    Sorted once, so a 60-table traveller costs n log n rather than n² comparisons:
    the results below a key count twice and the ties once, itself taken off again.
    """
    order = sorted(keys)
    return [bisect_left(order, key) + bisect_right(order, key) - 1 for key in keys]


def neuberg(score: Fraction | int, plays: int, expected: int) -> Fraction:
    """Scale a score from a board played `plays` times to `expected` plays (Neuberg).

    In these units (2 per result beaten, 1 per tie, top 2(n − 1)) a result's score
    plus 1 counts the results it beat twice and every result it tied, itself
    included, once. Neuberg assumes each of the n results stands for N/n results of
    the full field, so that count is scaled by N/n and the tie with itself taken off
    again:  s' = (s + 1)·N/n − 1.  (In bridge's "1 per beaten, ½ per tie" units the
    same formula reads (s + ½)·N/n − ½.) N–S and E–W still add up to the new top
    2(N − 1), and a board played once gives each side half the top, an average.
    """
    if plays < 1 or expected < plays:
        raise ValueError("Neuberg 需要 1 ≤ n ≤ N / Neuberg needs 1 ≤ n ≤ N")
    return (Fraction(score) + 1) * Fraction(expected, plays) - 1


def artificial_score(kind: Artificial, top: int) -> Fraction:
    """An artificial score: 50%, 60% or 40% of the top; never Neuberg-scaled."""
    return kind.share * top


def score_board(
    entries: Sequence[PlayResult | ArtificialScore], *, expected: int | None = None
) -> BoardMatchpoints:
    """Matchpoints of one board's traveller (随牌计分表, 第二十八条).

    `entries` are the tables in any order: played results and artificial scores.
    `expected` is how many times the board should have been played (the most any
    board was played), by default the number of entries. The played results are
    ranked among themselves and Neuberg-scaled from their number to `expected`;
    artificial scores are a share of the scaled top.
    """
    n_expected = len(entries) if expected is None else expected
    if n_expected < len(entries):
        raise ValueError(
            f"比赛应打 {n_expected} 次，但有 {len(entries)} 条记录 / "
            f"{len(entries)} entries for a board to be played {n_expected} times"
        )
    top = top_for(n_expected)
    played = [e for e in entries if isinstance(e, PlayResult)]
    # Only N–S is ranked: E–W's key is N–S's negated term by term, so E–W beats exactly
    # the results N–S lost to and ties the same ones — its score is the top less N–S's,
    # before scaling and (the formula being linear) after it.
    ns_raw = iter(rank_matchpoints([p.key(Side.NS) for p in played]))
    full = len(played) == n_expected  # nothing to scale: integers throughout
    ns: list[Score] = []
    ew: list[Score] = []
    # A board's raw scores are few distinct integers: scale each once.
    scaled: dict[int, Score] = {}

    def scale(raw: int) -> Score:
        if raw not in scaled:
            scaled[raw] = raw if full else neuberg(raw, len(played), n_expected)
        return scaled[raw]

    for entry in entries:
        if isinstance(entry, ArtificialScore):
            ns.append(artificial_score(entry.ns, top))
            ew.append(artificial_score(entry.ew, top))
        else:
            score = scale(next(ns_raw))
            ns.append(score)
            ew.append(top - score)
    return BoardMatchpoints(top, tuple(ns), tuple(ew))


@dataclass(frozen=True)
class FinalBoardPoints:
    """比赛分 of one board of the pairs final (第二十九条), per room and side."""

    open: Mapping[Side, int]
    closed: Mapping[Side, int]


def pairs_final_points(open_play: PlayResult, closed_play: PlayResult) -> FinalBoardPoints:
    """Compare the two results of a final board in the same direction (第二十九条).

    "一副牌同方向得分或跳级多者为胜，得比赛分2分": the N–S pairs of the two rooms
    (N–S 1st and E–W 1st) compete, and so do the E–W pairs; the better result, by the
    same key as matchpoints, wins 2, the other 0, a tie 0 each. Since one side's key
    is the other's negated, the winning N–S pair's room always loses the E–W contest.
    """
    a, b = open_play.key(Side.NS), closed_play.key(Side.NS)
    ns_open = 2 if a > b else 0
    ns_closed = 2 if b > a else 0
    return FinalBoardPoints(
        open={Side.NS: ns_open, Side.EW: ns_closed},
        closed={Side.NS: ns_closed, Side.EW: ns_open},
    )
