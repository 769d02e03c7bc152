"""Swiss teams (瑞士移位赛): pairing each round by the standings so far.

The 2007 rules have no article for it; it is the usual format for open team fields too
big for a round robin (第二十五条), and it follows published practice (the FIDE Swiss
rules, Handbook C.04.1 and the Dutch system C.04.3):

* Score groups (同分组) by match points, 2/1/0 as in 第二十五条之2.
* Round 1 by the seeding: the top half meets the bottom half (1 v n/2+1, 2 v n/2+2…),
  as the Dutch system pairs a homogeneous group (S1 v S2), so the best seeds do not
  meet at once; an odd field's lowest seed has the bye.
* Each later round is one minimum-cost perfect matching of the ranked field (best
  first), over the pairs that have not met: never the same two teams twice (C.04.1 b,
  absolute criterion C1 of C.04.3) and at most one bye each (C.04.1 c, C.04.3 C2). A
  round is refused only when no such pairing exists. Among those pairings it takes, in
  strict order:

  1. the fewest floats (降组): pairs of teams from different score groups;
  2. then the least total score difference, the sum over the pairs of the two teams'
     match-point difference;
  3. then the bye to the lowest-ranked team that can take it;
  4. then the nearest team: from the top of the ranking down, each team meets the
     nearest team below it that the rules above leave it — bridge Swiss teams practice
     ("you will be drawn against the closest contestant you haven't previously played";
     1st plays 2nd, 3rd plays 4th).

  An odd field adds a phantom team, ranked last and counted in the lowest score group:
  the team paired with it has the bye (轮空). A bye to a team of the lowest score group
  is no float; a bye to a team above it is a float with that team's score difference,
  as if it had floated down to the bottom. A bye counts as a won match (2 match points)
  with no board points.
* The higher-ranked team of a pair is ``home`` (sits N–S in the open room); the pairs
  come in table order, the best first.

The order is kept exactly by integer costs in mixed radix (each tier's unit exceeds
the most all lower tiers can add up to over a round), and the cheapest perfect
matching is found by Edmonds' blossom algorithm (networkx ``max_weight_matching``
with ``maxcardinality``). Rule 4 makes the cheapest pairing unique: pairing the team
ranked ``a`` (0 the best) with the one ranked ``b`` below it costs
``(b − a − 1) · N^(2(N − 1 − a))`` for N places (the phantom included), so a nearer
partner for a higher team outweighs every choice of the teams below it.

How many rounds: at most n − 1 for an even field and n for an odd one (then every team
has met every other). Any history of fewer than n/2 rounds leaves each team n/2 or more
teams it may meet, so the next round can always be paired (Dirac's theorem gives a
Hamiltonian cycle): n/2 rounds are always possible ((n+1)/2 − 1 for an odd field, the
bye team taken out first). Later rounds usually pair too (8 teams always 5 rounds:
every 3-regular graph on 8 vertices has a perfect matching), but not always: 10 teams
whose five rounds have paired each of one half with each of the other cannot pair a
sixth. Such a round is refused with the reason.

Pure Python (networkx finds the matching), no Django.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import networkx as nx

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
    """The most rounds a Swiss of ``teams`` can play: after n − 1 rounds of an even
    field, or n of an odd one (one bye each), every team has met every other."""
    if teams < 2:
        return 0
    return teams if teams % 2 else teams - 1


def check_rounds(teams: int, rounds: int) -> None:
    """Refuse a Swiss of too few teams, or of more rounds than it has opponents for
    (bilingual); whether each round can be paired is :func:`pair_round`'s to say."""
    if teams < 4:
        raise FormatError(
            f"瑞士移位至少需要4支队，现有{teams}支",
            f"a Swiss needs at least 4 teams, got {teams}",
            article=ARTICLE,
        )
    limit = max_rounds(teams)
    if not 1 <= rounds <= limit:
        raise FormatError(
            f"{teams}支队的瑞士移位最多{limit}轮（此后每队都已与其他各队相遇），现为{rounds}轮",
            f"a Swiss of {teams} teams takes 1 to {limit} rounds "
            f"(after {limit} every team has met every other), got {rounds}",
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
    (best first): the cheapest pairing without a rematch or a second bye, in the order
    of the module's rules (fewest floats, least score difference, the bye lowest, the
    nearest team). ``FormatError`` (bilingual) when no such pairing exists."""
    teams = list(ranked)
    if len({t.team for t in teams}) != len(teams):
        raise FormatError("参赛队重复", "a team is listed twice", article=ARTICLE)
    real = len(teams)
    size = real + real % 2  # an odd field: the phantom (the bye) ranked last, index ``real``
    lowest = min((t.match_points for t in teams), default=0)
    points = [t.match_points for t in teams] + [lowest] * (size - real)
    base = size**2  # rule 4's digit (the module's docstring)
    costs: dict[tuple[int, int], tuple[int, int, int, int]] = {}
    for a in range(size):
        for b in range(a + 1, size):
            if b == real:
                if teams[a].had_bye:
                    continue  # at most one bye each (C.04.1 c)
                bye = real - 1 - a  # how far above the last place the bye would go
            elif teams[b].team in teams[a].opponents or teams[a].team in teams[b].opponents:
                continue  # never the same two teams twice (C.04.1 b)
            else:
                bye = 0
            costs[a, b] = (
                int(points[a] != points[b]),  # a float (降组)
                abs(points[a] - points[b]),  # the score difference
                bye,
                (b - a - 1) * base ** (size - 1 - a),  # the nearest team below
            )
    found = _cheapest_perfect_matching(size, costs)
    if found is None:
        odd = size != real
        raise FormatError(
            f"第{number}轮无法编排：任何编排都会有两队重复相遇"
            + ("或一队第二次轮空" if odd else ""),
            f"round {number} cannot be paired: every pairing has two teams meet again"
            + (" or a team take a second bye" if odd else ""),
            article=ARTICLE,
        )
    pairs = tuple(
        SwissPair(
            teams[a].team,
            teams[b].team,
            float=teams[a].match_points != teams[b].match_points,
        )
        for a, b in found
        if b != real
    )
    bye_team = next((teams[a].team for a, b in found if b == real), None)
    return SwissRound(number, pairs, bye_team)


def _cheapest_perfect_matching(
    size: int, costs: Mapping[tuple[int, int], Sequence[int]]
) -> list[tuple[int, int]] | None:
    """The perfect matching of vertices ``0 … size−1`` over the edges of ``costs`` whose
    cost vectors, summed, are lexicographically least — or ``None`` when the edges hold
    no perfect matching. Each cost vector is folded into one integer in mixed radix:
    a tier's digit is larger than the most every lower tier can add up to over
    size/2 edges, so no amount of a lower tier outweighs one unit of a higher. The
    maximum-weight matching of maximum cardinality (Edmonds' blossom algorithm,
    networkx) with weights ``radix − cost``, ``radix`` above every matching's cost, is
    then the cheapest perfect matching, if any."""
    pairs = size // 2
    if not costs:
        return [] if size == 0 else None
    tiers = len(next(iter(costs.values())))
    total = dict.fromkeys(costs, 0)
    radix = 1
    for tier in reversed(range(tiers)):
        for edge, cost in costs.items():
            total[edge] += cost[tier] * radix
        radix *= max(cost[tier] for cost in costs.values()) * pairs + 1
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(size))
    graph.add_weighted_edges_from((a, b, radix - cost) for (a, b), cost in total.items())
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if len(matching) < pairs:
        return None
    return sorted((min(a, b), max(a, b)) for a, b in matching)
