"""A round robin (第二十五条): match points (场分) win 2, draw 1, loss 0; ranked by
match points; two teams level: the winner of their match first; still level: a shared
place; three or more level: a play-off (决赛轮) or the director's recorded order. While
matches remain the table is a running one (see ``round_robin_standings``).

Pure Python, no Django.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic

from .match import K, MatchDecision, ScoredMatch


@dataclass(frozen=True)
class DirectorOrder(Generic[K]):
    """The director's order of teams the rules leave level, and why (第二十五条之4(三))."""

    entrants: tuple[K, ...]
    reason: str


class Tie(enum.StrEnum):
    """Why a row has the place it has among teams level on match points (第二十五条之4).

    The values are codes: the faces render them in Chinese or English."""

    NONE = "none"  # a place of its own by match points
    HEAD_TO_HEAD = "head_to_head"  # two level, their match decided: 之4(一)
    SHARED = "shared"  # two level, their match(es) level too: 并列, 之4(二)
    NOT_MET = "not_met"  # two level, their match not played yet: level for now
    LEVEL = "level"  # three or more level, matches still to play: level for now
    PLAYOFF = "playoff"  # three or more level, their matches all played: 之4(三)
    DIRECTOR = "director"  # ordered by the director with a recorded reason


@dataclass(frozen=True)
class StandingRow(Generic[K]):
    """One team's line in a round-robin table."""

    entrant: K
    place: int
    shared: bool
    tie: Tie
    played: int
    won: int
    drawn: int
    lost: int
    match_points: int
    score_for: Fraction
    score_against: Fraction
    note: str = ""  # the director's reason, when the director ordered a tie
    adjustment: Fraction = Fraction(0)  # 第五章: its penalties, within score_for

    @property
    def flagged(self) -> bool:
        return self.tie is Tie.PLAYOFF

    @property
    def difference(self) -> Fraction:
        return self.score_for - self.score_against


def round_robin_standings(
    entrants: Sequence[K],
    matches: Iterable[ScoredMatch[K]],
    *,
    director_orders: Sequence[DirectorOrder[K]] = (),
    to_play: Iterable[tuple[K, K]] = (),
) -> tuple[StandingRow[K], ...]:
    """Rank a round robin (第二十五条) from its decided matches.

    Match points first. Two teams level: the one that won their match (in a double
    round robin, more match points between them) is placed first; still level: they
    share the place. Three or more level: flagged for a play-off, sharing the place
    until the director orders them (``director_orders``: a play-off's outcome or
    another recorded decision). A director's order applies only to teams the rules
    leave level, never against a decided head-to-head. Matches not yet decided do not
    count; the table is right as far as it goes.

    ``to_play``: the pairs of teams with a match of this round robin still to decide
    that ``matches`` does not hold (a match of a later round has no score yet); the
    undecided ones in ``matches`` count as still to play too. 第二十五条之3 ranks the
    teams 比赛结束 — when the round robin is over — and 之4 breaks the ties of those
    final places, so while matches remain a row says only what is true now:

    * two level teams whose match is decided: 之4(一) or (二) already holds between
      them (``HEAD_TO_HEAD``, ``SHARED``) — their match will not change;
    * two level teams that have not met (no decided match between them):
      ``NOT_MET`` — they share the place for now; their match will order them, so
      they are not told it was drawn;
    * three or more level while any of them has a match still to play: ``LEVEL`` — a
      shared place for now, since a match to come can still separate them; once all
      their matches are played the tie is real and 之4(三) applies: ``PLAYOFF``
      (flagged), or the director's order.
    """
    matches = list(matches)
    waiting: dict[K, int] = {}
    for home, away in [*to_play, *((m.home, m.away) for m in matches if not m.decided)]:
        for team in (home, away):
            waiting[team] = waiting.get(team, 0) + 1
    decided = [m for m in matches if m.decided]
    stats: dict[K, dict[str, int]] = {
        e: {"played": 0, "won": 0, "drawn": 0, "lost": 0, "mp": 0} for e in entrants
    }
    score_for: dict[K, Fraction] = {e: Fraction(0) for e in entrants}
    score_against: dict[K, Fraction] = {e: Fraction(0) for e in entrants}
    adjustment: dict[K, Fraction] = {e: Fraction(0) for e in entrants}
    for m in decided:
        for team in (m.home, m.away):
            if team not in stats:
                raise ValueError(f"{team!r} 不在本循环赛 / is not in this round robin")
            s = stats[team]
            s["played"] += 1
            s["mp"] += m.match_points[team]
            if m.winner is None and m.decision is not MatchDecision.FORFEIT:
                s["drawn"] += 1
            elif m.winner == team:
                s["won"] += 1
            else:
                s["lost"] += 1
            score_for[team] += m.score[team]
            score_against[team] += m.score[m.opponent(team)]
            adjustment[team] += m.adjustment.get(team, Fraction(0))
    position = {e: i for i, e in enumerate(entrants)}
    by_points: dict[int, list[K]] = {}
    for e in entrants:
        by_points.setdefault(stats[e]["mp"], []).append(e)
    rows: list[StandingRow[K]] = []
    place = 1
    for mp in sorted(by_points, reverse=True):
        level = sorted(by_points[mp], key=position.__getitem__)
        for group, tie, note in _break_tie(level, decided, director_orders, waiting):
            for e in group:
                s = stats[e]
                rows.append(
                    StandingRow(
                        entrant=e,
                        place=place,
                        shared=len(group) > 1,
                        tie=tie,
                        played=s["played"],
                        won=s["won"],
                        drawn=s["drawn"],
                        lost=s["lost"],
                        match_points=s["mp"],
                        score_for=score_for[e],
                        score_against=score_against[e],
                        note=note,
                        adjustment=adjustment[e],
                    )
                )
            place += len(group)
    return tuple(rows)


def _break_tie(
    level: list[K],
    matches: Sequence[ScoredMatch[K]],
    orders: Sequence[DirectorOrder[K]],
    waiting: Mapping[K, int],
) -> list[tuple[list[K], Tie, str]]:
    """Teams level on match points, in placing order: groups that share a place
    (第二十五条之4, as far as the matches played decide it; ``waiting``: each team's
    matches still to play)."""
    if len(level) == 1:
        return [(level, Tie.NONE, "")]
    if len(level) == 2:
        a, b = level
        between = [m for m in matches if {m.home, m.away} == {a, b}]
        if not between:  # not met yet: their match will order them (之4(一))
            return [(level, Tie.NOT_MET, "")]
        mp_a = sum(m.match_points[a] for m in between)
        mp_b = sum(m.match_points[b] for m in between)
        if mp_a != mp_b:
            first, second = (a, b) if mp_a > mp_b else (b, a)
            return [([first], Tie.HEAD_TO_HEAD, ""), ([second], Tie.HEAD_TO_HEAD, "")]
        unresolved = Tie.SHARED
    elif any(waiting.get(e) for e in level):  # a match to come may still separate them
        return [(level, Tie.LEVEL, "")]
    else:
        unresolved = Tie.PLAYOFF
    for order in orders:
        if set(level) <= set(order.entrants):
            ranked = sorted(level, key=order.entrants.index)
            return [([e], Tie.DIRECTOR, order.reason) for e in ranked]
    return [(level, unresolved, "")]


@dataclass(frozen=True)
class CrossCell:
    """One match in a cross-table cell, from the row team's side."""

    score_for: Fraction
    score_against: Fraction
    match_points: int
    decision: MatchDecision


@dataclass(frozen=True)
class CrossTable(Generic[K]):
    """The round-robin cross-table (交叉表): rows and columns in standings order."""

    entrants: tuple[K, ...]
    cells: Mapping[tuple[K, K], tuple[CrossCell, ...]]

    def cell(self, row: K, column: K) -> tuple[CrossCell, ...]:
        return self.cells.get((row, column), ())


def cross_table(rows: Sequence[StandingRow[K]], matches: Iterable[ScoredMatch[K]]) -> CrossTable[K]:
    """Every match of a round robin seen from each side; undecided ones are left out."""
    cells: dict[tuple[K, K], list[CrossCell]] = {}
    for m in matches:
        if not m.decided:
            continue
        for team in (m.home, m.away):
            other = m.opponent(team)
            cells.setdefault((team, other), []).append(
                CrossCell(m.score[team], m.score[other], m.match_points[team], m.decision)
            )
    return CrossTable(
        entrants=tuple(r.entrant for r in rows),
        cells={key: tuple(value) for key, value in cells.items()},
    )
