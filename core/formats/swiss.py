"""Swiss teams (瑞士移位赛): pairing each round by the standings so far.

The 2007 rules have no article for it; it is the usual format for open team fields too
big for a round robin (第二十五条), and it follows published practice:

* Score groups (同分组) by match points, 2/1/0 as in 第二十五条之2. Within the ranking
  (match points, then the tie-breaks of ``core.standings.swiss_standings``) each team,
  from the top down, meets the nearest team below it that it has not met — bridge
  Swiss teams practice ("you will be drawn against the closest contestant you haven't
  previously played"; 1st plays 2nd, 3rd plays 4th). A score group with an odd number
  of teams sends its last team down to the next group (a float, 降组).
* Never the same two teams twice (FIDE Handbook C.04.1 b, absolute criterion C1 of the
  Dutch system C.04.3): when the nearest choices leave teams further down with nobody
  to meet, the search goes back and takes the next choice; it is complete, so a round
  is refused only when no pairing without a rematch exists.
* An odd field: a bye (轮空) to the lowest-ranked team that has not had one (C.04.1 c,
  C.04.3 C2: at most one bye each). A bye counts as a won match (2 match points) with
  no board points.
* Round 1 by the seeding: the top half meets the bottom half (1 v n/2+1, 2 v n/2+2…),
  as the Dutch system pairs a homogeneous group (S1 v S2), so the best seeds do not
  meet at once.

How many rounds can always be paired: after k rounds every team has met k others, so
each still has n−1−k teams it may meet; when that is at least n/2 the teams it may
meet contain a perfect matching (Dirac's theorem gives a Hamiltonian cycle), so any
history can be paired. That bounds a stage's rounds by :func:`max_rounds`: n/2 for an
even field, (n+1)/2 − 1 for an odd one (the bye team is taken out first). 9 rounds need
18 teams or more; smaller fields play fewer rounds (or a round robin).

Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ._errors import FormatError

__all__ = [
    "SwissPair",
    "SwissRound",
    "SwissTeam",
    "first_round",
    "max_rounds",
    "pair_round",
    "score_groups",
]

K = TypeVar("K", bound=Hashable)

ARTICLE = "第二十五条"  # match points 2/1/0; the Swiss itself has no article


@dataclass(frozen=True)
class SwissTeam(Generic[K]):
    """A team as the pairing sees it: its match points, whom it has met, any bye."""

    team: K
    match_points: int
    opponents: frozenset[K] = frozenset()
    had_bye: bool = False


@dataclass(frozen=True)
class SwissPair(Generic[K]):
    """One match: ``home`` is the higher-ranked team (sits N–S in the open room)."""

    home: K
    away: K
    float: bool = False  # the two teams come from different score groups (降组)

    def to_dict(self) -> dict[str, Any]:
        return {"home": self.home, "away": self.away, "float": self.float}


@dataclass(frozen=True)
class SwissRound(Generic[K]):
    """A round's pairings in table order (best first), and the team with the bye."""

    number: int
    pairs: tuple[SwissPair[K], ...]
    bye: K | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.number,
            "matches": [p.to_dict() for p in self.pairs],
            "bye": self.bye,
        }


def max_rounds(teams: int) -> int:
    """The most rounds a Swiss of ``teams`` can always pair without a rematch."""
    if teams < 2:
        return 0
    if teams % 2 == 0:
        return teams // 2
    return max(1, (teams + 1) // 2 - 1)


def check_rounds(teams: int, rounds: int) -> None:
    """Refuse a Swiss that could run out of opponents (bilingual)."""
    if teams < 4:
        raise FormatError(
            f"瑞士移位至少需要4支队，现有{teams}支",
            f"a Swiss needs at least 4 teams, got {teams}",
            article=ARTICLE,
        )
    limit = max_rounds(teams)
    if not 1 <= rounds <= limit:
        raise FormatError(
            f"{teams}支队的瑞士移位最多{limit}轮（保证不重复相遇），现为{rounds}轮",
            f"a Swiss of {teams} teams takes 1 to {limit} rounds "
            f"(so that no two teams meet twice), got {rounds}",
            article=ARTICLE,
        )


def score_groups(ranked: Sequence[SwissTeam[K]]) -> tuple[tuple[K, ...], ...]:
    """The ranking cut into score groups (同分组), highest match points first."""
    groups: list[list[K]] = []
    last: int | None = None
    for t in ranked:
        if t.match_points != last:
            groups.append([])
            last = t.match_points
        groups[-1].append(t.team)
    return tuple(tuple(g) for g in groups)


def first_round(seeded: Sequence[K]) -> SwissRound[K]:
    """Round 1 from the seeding (best first): top half v bottom half; an odd field's
    lowest seed has the bye."""
    teams = list(seeded)
    if len(set(teams)) != len(teams):
        raise FormatError("参赛队重复", "a team is listed twice", article=ARTICLE)
    bye = teams.pop() if len(teams) % 2 else None
    half = len(teams) // 2
    pairs = tuple(SwissPair(teams[i], teams[half + i]) for i in range(half))
    return SwissRound(1, pairs, bye)


def pair_round(ranked: Sequence[SwissTeam[K]], number: int) -> SwissRound[K]:
    """The pairings of round ``number`` from the ranking after the rounds before it
    (best first): no rematches, the nearest unmet team, floats between score groups,
    a bye to the lowest team without one. ``FormatError`` when no pairing exists."""
    teams = list(ranked)
    if len({t.team for t in teams}) != len(teams):
        raise FormatError("参赛队重复", "a team is listed twice", article=ARTICLE)
    index = {t.team: i for i, t in enumerate(teams)}
    met = [0] * len(teams)  # bit j set: met team j
    for i, t in enumerate(teams):
        for other in t.opponents:
            j = index.get(other)
            if j is not None:
                met[i] |= 1 << j
    everyone = (1 << len(teams)) - 1
    byes: list[int | None] = [None]
    if len(teams) % 2:
        byes = [i for i in range(len(teams) - 1, -1, -1) if not teams[i].had_bye]
    for bye in byes:
        pool = everyone if bye is None else everyone & ~(1 << bye)
        found = _match(pool, met, {})
        if found is not None:
            pairs = tuple(
                SwissPair(
                    teams[a].team,
                    teams[b].team,
                    float=teams[a].match_points != teams[b].match_points,
                )
                for a, b in sorted(found)
            )
            return SwissRound(number, pairs, None if bye is None else teams[bye].team)
    raise FormatError(
        f"第{number}轮无法编排：剩余的队都已相遇过",
        f"round {number} cannot be paired: the remaining teams have all met",
        article=ARTICLE,
    )


def _match(pool: int, met: Sequence[int], failed: dict[int, bool]) -> list[tuple[int, int]] | None:
    """Pair every team of the bit set ``pool``: the top one with the nearest it has not
    met, going back when the rest cannot be paired. ``failed`` remembers pools that
    cannot be paired, so no dead end is searched twice."""
    if pool == 0:
        return []
    if pool in failed:
        return None
    top = (pool & -pool).bit_length() - 1
    rest = pool & ~(1 << top)
    # A team below with nobody left to meet makes the whole pool a dead end.
    scan = rest
    while scan:
        low = scan & -scan
        j = low.bit_length() - 1
        if not (rest & ~(1 << j) & ~met[j]) and not (~met[top] & (1 << j)):
            failed[pool] = True
            return None
        scan ^= low
    candidates = rest & ~met[top]
    while candidates:
        low = candidates & -candidates
        j = low.bit_length() - 1
        found = _match(rest & ~low, met, failed)
        if found is not None:
            return [(top, j), *found]
        candidates ^= low
    failed[pool] = True
    return None
