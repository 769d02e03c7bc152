"""The pairs final (第二十九条): 2 比赛分 per board to the better result in the same
direction; N–S 1st against E–W 1st for champion and runner-up, the two 2nds for third
and fourth, 5th–8th the same way.

Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic

from core.engine import Side

from ..adjustments import (
    Adjustment,
)
from ..matchpoints import (
    pairs_final_points,
)
from ..results import PlayResult
from .match import K, MatchBoard, ScoredMatch, _score_match


@dataclass(frozen=True)
class ContestSeats:
    """Which seats of the two rooms a final contest compares, and the places at stake."""

    seats: Side  # NS: N–S 1st against E–W 1st; EW: the two 2nds
    places: tuple[int, int]  # (the winner's place, the loser's)


def score_final_contest(
    boards: Iterable[MatchBoard],
    *,
    open_pair: K,
    closed_pair: K,
    seats: Side,
    match: Hashable | None = None,
    adjustments: Sequence[Adjustment] = (),
) -> ScoredMatch[K]:
    """One contest of the pairs final (第二十九条之3): the pair in ``seats`` of the open
    room against the pair in the same seats of the closed room; each board compared in
    that direction gives the better result 2 比赛分, a tie 0 each. More wins; a contest
    level after its boards is flagged like a level knockout match (the article does
    not say; extra boards, 第二十七条's way, or the director decides).
    """
    name_zh = "南北" if seats is Side.NS else "东西"
    name_en = "N–S" if seats is Side.NS else "E–W"

    def compare(
        open_play: PlayResult, closed_play: PlayResult
    ) -> tuple[int, int, int | None, str, str]:
        points = pairs_final_points(open_play, closed_play)
        a, b = points.open[seats], points.closed[seats]
        if a > b:
            zh, en = (
                f"{name_zh}方向开室成绩较好，得 {a} 分",
                f"{name_en}: the open room did better, {a}",
            )
        elif b > a:
            zh, en = (
                f"{name_zh}方向闭室成绩较好，得 {b} 分",
                f"{name_en}: the closed room did better, {b}",
            )
        else:
            zh, en = f"{name_zh}方向成绩相同，各 0 分", f"{name_en}: equal results, 0 each"
        return a, b, None, zh, en

    return _score_match(
        boards,
        home=open_pair,
        away=closed_pair,
        compare=compare,
        match=match,
        adjustments=adjustments,
        needs_winner=True,
    )


@dataclass(frozen=True)
class FinalPlace(Generic[K]):
    entrant: K
    place: int
    decided: bool


def final_places(
    contests: Sequence[tuple[ContestSeats, ScoredMatch[K]]],
) -> tuple[FinalPlace[K], ...]:
    """Places from the final's contests (第二十九条之3、4): each contest's winner takes
    the better of its two places. An undecided contest leaves both pairs at the better
    place, not decided."""
    places: list[FinalPlace[K]] = []
    for seats, score in contests:
        win, lose = seats.places
        if score.winner is not None and score.decided:
            loser = score.opponent(score.winner)
            places += [FinalPlace(score.winner, win, True), FinalPlace(loser, lose, True)]
        else:
            places += [FinalPlace(score.home, win, False), FinalPlace(score.away, win, False)]
    return tuple(sorted(places, key=lambda p: p.place))
