"""One match — a team match, a bracket match, a pairs-final contest (第二十四条): the
match score is the sum of board points less penalties; more wins. A match forfeited
(第三十条) is 0 for the offender and a win for the opponent; a knockout match level
after its boards is decided by its tie-break boards (加赛, 第二十七条).

Pure Python, no Django.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

from ..adjustments import (
    Adjustment,
    AdjustmentKind,
    adjustment_total,
    apply_override,
    forfeits,
    result_override,
)
from ..comparison import compare_board
from ..results import PlayResult

K = TypeVar("K", bound=Hashable)

WIN, DRAW, LOSS = 2, 1, 0  # 场分 (第二十五条之2)


@dataclass(frozen=True)
class Played:
    """A board's result at one table; ``table`` is the key rulings name it by."""

    table: Hashable
    play: PlayResult


@dataclass(frozen=True)
class MatchBoard:
    """One board of a match: its open-room and closed-room results, as far as played.

    ``tiebreak`` marks the extra boards of a level knockout match (第二十七条).
    ``tables`` are the open and closed tables' keys, so a ruling can take out a board
    a room has not played (boards cancelled for slow play, 第三十八条).
    """

    number: int
    open: Played | None = None
    closed: Played | None = None
    tiebreak: bool = False
    tables: tuple[Hashable | None, Hashable | None] = (None, None)


class BoardState(enum.StrEnum):
    SCORED = "scored"  # both rooms played and compared
    WAITING = "waiting"  # a room has not played it yet
    NOT_SCORED = "not_scored"  # a ruling took a result out (第三十三、三十八条)


@dataclass(frozen=True)
class ScoredBoard(Generic[K]):
    """Board points of one board of a match, and why (for the match page)."""

    number: int
    state: BoardState
    points: Mapping[K, int]
    tiebreak: bool = False
    step: int | None = None  # 第二十四条's step that decided (team matches)
    reason_zh: str = ""
    reason_en: str = ""
    adjustments: tuple[Adjustment, ...] = ()


class MatchDecision(enum.StrEnum):
    WAITING = "waiting"  # boards still to play
    WON = "won"  # a winner
    DRAWN = "drawn"  # level, and a draw stands (round robin)
    TIEBREAK = "tiebreak"  # level, and a winner is needed: extra boards (第二十七条)
    FORFEIT = "forfeit"  # decided by a forfeit (第三十条)


@dataclass(frozen=True)
class ScoredMatch(Generic[K]):
    """A scored match between ``home`` and ``away``."""

    home: K
    away: K
    boards: tuple[ScoredBoard[K], ...]
    board_points: Mapping[K, int]  # regular and tie-break boards
    tiebreak_points: Mapping[K, int]  # of which on tie-break boards
    adjustment: Mapping[K, Fraction]  # penalties (negative)
    score: Mapping[K, Fraction]  # board points + adjustment; 0 for a forfeiting side
    decision: MatchDecision
    winner: K | None
    match_points: Mapping[K, int]  # 2/1/0 once decided, else 0 each
    forfeited: tuple[K, ...] = ()
    adjustments: tuple[Adjustment, ...] = ()
    boards_scored: int = 0
    boards_expected: int = 0

    @property
    def decided(self) -> bool:
        return self.decision in (MatchDecision.WON, MatchDecision.DRAWN, MatchDecision.FORFEIT)

    @property
    def loser(self) -> K | None:
        if self.winner is None:
            return None
        return self.away if self.winner == self.home else self.home

    def opponent(self, entrant: K) -> K:
        return self.away if entrant == self.home else self.home


def _score_match(
    boards: Iterable[MatchBoard],
    *,
    home: K,
    away: K,
    compare: Callable[[PlayResult, PlayResult], tuple[int, int, int | None, str, str]],
    match: Hashable | None,
    adjustments: Sequence[Adjustment],
    needs_winner: bool,
) -> ScoredMatch[K]:
    """Board by board, then the total, the penalties, forfeits and the decision."""
    if home == away:
        raise ValueError("主客队相同 / home and away are the same entrant")
    scored: list[ScoredBoard[K]] = []
    points = {home: 0, away: 0}
    tiebreak_points = {home: 0, away: 0}
    waiting_regular = waiting_tiebreak = 0
    has_tiebreak = False
    count = 0
    for board in sorted(boards, key=lambda b: b.number):
        has_tiebreak |= board.tiebreak
        overrides: list[Adjustment] = []
        plays: list[PlayResult | None] = []
        waiting = False
        not_scored = False
        for played, table in zip((board.open, board.closed), board.tables, strict=True):
            if played is None:
                kind, found = (
                    (None, ())
                    if table is None
                    else result_override(adjustments, board.number, table)
                )
                if kind is AdjustmentKind.NOT_SCORED:  # cancelled before it was played
                    overrides += found
                    not_scored = True
                else:
                    waiting = True
                plays.append(None)
                continue
            kind, found = result_override(adjustments, board.number, played.table)
            overrides += found
            play = apply_override(played.play, kind)
            not_scored |= play is None
            plays.append(play)
        zero = {home: 0, away: 0}
        if not_scored:
            scored.append(
                ScoredBoard(
                    board.number,
                    BoardState.NOT_SCORED,
                    zero,
                    board.tiebreak,
                    reason_zh="裁判判定本副不计分",
                    reason_en="not scored by a ruling",
                    adjustments=tuple(overrides),
                )
            )
            count += 1
            continue
        open_play, closed_play = plays
        if waiting or open_play is None or closed_play is None:
            scored.append(ScoredBoard(board.number, BoardState.WAITING, zero, board.tiebreak))
            if board.tiebreak:
                waiting_tiebreak += 1
            else:
                waiting_regular += 1
            continue
        home_pts, away_pts, step, zh, en = compare(open_play, closed_play)
        count += 1
        got = {home: home_pts, away: away_pts}
        for team, value in got.items():
            points[team] += value
            if board.tiebreak:
                tiebreak_points[team] += value
        scored.append(
            ScoredBoard(
                board.number, BoardState.SCORED, got, board.tiebreak, step, zh, en, tuple(overrides)
            )
        )
    adjustment: dict[K, Fraction] = {}
    applied: list[Adjustment] = [a for b in scored for a in b.adjustments]
    for team in (home, away):
        total, found = adjustment_total(adjustments, team, match=match)
        adjustment[team] = total
        applied += found
    forfeiting = tuple(
        team
        for team in (home, away)
        if any(a.target == team for a in forfeits(adjustments, match=match))
    )
    applied += [a for a in forfeits(adjustments, match=match) if a.target in (home, away)]
    score = {team: points[team] + adjustment[team] for team in (home, away)}
    regular = {team: score[team] - tiebreak_points[team] for team in (home, away)}
    winner: K | None = None
    if forfeiting:
        for team in forfeiting:
            score[team] = Fraction(0)
        decision = MatchDecision.FORFEIT
        if len(forfeiting) == 1:
            winner = away if forfeiting[0] == home else home
    elif waiting_regular:
        decision = MatchDecision.WAITING
    elif regular[home] != regular[away]:
        decision = MatchDecision.WON
        winner = home if regular[home] > regular[away] else away
    elif not needs_winner:
        decision = MatchDecision.DRAWN
    elif not has_tiebreak:
        decision = MatchDecision.TIEBREAK
    elif waiting_tiebreak:
        decision = MatchDecision.WAITING
    elif score[home] != score[away]:
        decision = MatchDecision.WON
        winner = home if score[home] > score[away] else away
    else:
        decision = MatchDecision.TIEBREAK  # still level: another segment (第二十七条)
    if decision in (MatchDecision.WON, MatchDecision.FORFEIT):
        match_points = {team: WIN if team == winner else LOSS for team in (home, away)}
    elif decision is MatchDecision.DRAWN:
        match_points = {home: DRAW, away: DRAW}
    else:
        match_points = {home: 0, away: 0}
    return ScoredMatch(
        home=home,
        away=away,
        boards=tuple(scored),
        board_points=points,
        tiebreak_points=tiebreak_points,
        adjustment=adjustment,
        score=score,
        decision=decision,
        winner=winner,
        match_points=match_points,
        forfeited=forfeiting,
        adjustments=tuple(dict.fromkeys(applied)),
        boards_scored=count,
        boards_expected=len(scored),
    )


def score_team_match(
    boards: Iterable[MatchBoard],
    *,
    home: K,
    away: K,
    match: Hashable | None = None,
    adjustments: Sequence[Adjustment] = (),
    needs_winner: bool = False,
) -> ScoredMatch[K]:
    """Score a team match (第二十四条): home sits N–S in the open room, away in the closed.

    ``boards`` are every board the match is to play, each with what has been played of
    it so far. ``match`` is the key penalties and forfeits name the match by.
    ``needs_winner`` for knockout and double-elimination matches (第二十七条): a level
    match is then decided by its tie-break boards (``MatchBoard.tiebreak``), and is
    ``MatchDecision.TIEBREAK`` while it has none or they are level too. A round-robin match
    that ends level is a draw.
    """

    def compare(
        open_play: PlayResult, closed_play: PlayResult
    ) -> tuple[int, int, int | None, str, str]:
        # Compared once; the reason names the teams 主队/客队 (home/away): the page
        # shows who is who.
        c = compare_board(open_play, closed_play, open_ns="home", open_ew="away")
        zh = c.reason("zh", {"home": "主队", "away": "客队"})
        return c.points["home"], c.points["away"], c.step, zh, c.reason_en

    return _score_match(
        boards,
        home=home,
        away=away,
        compare=compare,
        match=match,
        adjustments=adjustments,
        needs_winner=needs_winner,
    )
