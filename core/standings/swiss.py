"""Swiss teams (瑞士移位): match points, then opponents' match points, then net jump
levels, then board points.

Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic

from .match import WIN, K, ScoredMatch
from .round_robin import round_robin_standings


@dataclass(frozen=True)
class SwissRow(Generic[K]):
    """One team's line in a Swiss: match points and the tie-breaks in their order."""

    entrant: K
    place: int
    shared: bool
    played: int
    won: int
    drawn: int
    lost: int
    byes: int
    match_points: int
    opponents_points: int  # 对手场分: the match points of every team it has met
    net_levels: int  # 净跳级数: its jump levels less its opponents' on boards with a jump
    score_for: Fraction
    score_against: Fraction
    adjustment: Fraction = Fraction(0)  # 第五章: its penalties, within score_for


def swiss_standings(
    entrants: Sequence[K],
    matches: Iterable[ScoredMatch[K]],
    *,
    byes: Mapping[K, int],
    net_levels: Mapping[K, int],
) -> tuple[SwissRow[K], ...]:
    """Rank a Swiss (瑞士移位): match points 2/1/0 (第二十五条之2, a bye counts as a won
    match), then opponents' match points, then net jump levels, then board points
    (the match scores, penalties included). Teams level on all four share a place,
    listed in seed order (``entrants`` is the seeding). Undecided matches do not count.
    """
    decided = [m for m in matches if m.decided]
    base = round_robin_standings(entrants, decided)
    rows = {r.entrant: r for r in base}
    mp = {e: rows[e].match_points + WIN * byes.get(e, 0) for e in entrants}
    opponents: dict[K, list[K]] = {e: [] for e in entrants}
    for m in decided:
        opponents[m.home].append(m.away)
        opponents[m.away].append(m.home)
    opp_points = {e: sum(mp[o] for o in opponents[e]) for e in entrants}
    seed = {e: i for i, e in enumerate(entrants)}

    def key(e: K) -> tuple[int, int, int, Fraction]:
        return (-mp[e], -opp_points[e], -net_levels.get(e, 0), -rows[e].score_for)

    ordered = sorted(entrants, key=lambda e: (key(e), seed[e]))
    keys = [key(e) for e in ordered]
    out: list[SwissRow[K]] = []
    for e, k in zip(ordered, keys, strict=True):
        r = rows[e]
        out.append(
            SwissRow(
                entrant=e,
                place=keys.index(k) + 1,
                shared=keys.count(k) > 1,
                played=r.played,
                won=r.won + byes.get(e, 0),
                drawn=r.drawn,
                lost=r.lost,
                byes=byes.get(e, 0),
                match_points=mp[e],
                opponents_points=opp_points[e],
                net_levels=net_levels.get(e, 0),
                score_for=r.score_for,
                score_against=r.score_against,
                adjustment=r.adjustment,
            )
        )
    return tuple(out)
