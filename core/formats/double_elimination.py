"""Double elimination (双败淘汰赛, 第二十七条之2).

Winners stay in the winners' bracket (胜区); a first loss drops a team to the
losers' bracket (负区); a second loss puts it out. The last team of each bracket meet
in the final (决赛). The article has one final; a bracket reset (a second final when
the losers' side wins the first, so that the winners' side has also lost twice) is
offered as an option, off by default.

Losers' bracket for a full field of 2^k:

* L1 pairs the first-round losers;
* L2j (j = 1 … k−1) sets the survivors of L(2j−1) against the losers of winners'
  round j+1 dropping down;
* L(2j+1) pairs the survivors of L2j.

Teams dropping from the same part of the winners' bracket would meet the teams they
have just beaten, so the drop order alternates: reversed into L2, L6, … and with its
halves swapped into L4, L8, …. A dropping team then meets survivors from a far part
of the draw whenever the round is wide enough for that to be possible.
"""

from __future__ import annotations

from .bracket import (
    Bracket,
    BracketPart,
    ProtoLoser,
    ProtoMatch,
    ProtoSource,
    ProtoWinner,
    build_bracket,
    check_entrants,
)
from .knockout import bracket_size, winners_layout

__all__ = ["MAX_ENTRANTS", "double_elimination", "drop_order"]

#: The article's format is drawn by hand on one sheet; 32 is the largest field the
#: project lays out and tests exhaustively.
MAX_ENTRANTS = 32


def drop_order(drop_round: int, count: int) -> tuple[int, ...]:
    """Which winners' match (0-based) drops into each losers' match of a drop round.

    ``drop_round`` j is the drop of winners' round j+1 into losers' round 2j: odd j
    reversed, even j halves swapped.
    """
    if drop_round % 2:
        return tuple(range(count - 1, -1, -1))
    half = count // 2
    return tuple((i + half) % count for i in range(count))


def double_elimination(entrants: int, *, bracket_reset: bool = False) -> Bracket:
    """A double-elimination bracket for seeds 1..``entrants`` (2 to 32).

    Matches come in an order fit to play: each winners' round, then the losers'
    rounds it feeds, then the final (and the reset final when asked for).
    """
    check_entrants(entrants, maximum=MAX_ENTRANTS)
    size = bracket_size(entrants)
    winners = winners_layout(size)
    by_round: dict[int, list[ProtoMatch]] = {}
    for m in winners:
        by_round.setdefault(m.round, []).append(m)
    depth = max(by_round)

    layout: list[ProtoMatch] = list(by_round[1])
    losers_champion: ProtoSource = ProtoLoser(("W", 1, 0))
    for j in range(1, depth):
        layout += by_round[j + 1]
        if j == 1:
            odd = [
                ProtoMatch(
                    ("L", 1, i),
                    BracketPart.LOSERS,
                    1,
                    ProtoLoser(("W", 1, 2 * i)),
                    ProtoLoser(("W", 1, 2 * i + 1)),
                )
                for i in range(size // 4)
            ]
        else:
            odd = [
                ProtoMatch(
                    ("L", 2 * j - 1, i),
                    BracketPart.LOSERS,
                    2 * j - 1,
                    ProtoWinner(("L", 2 * j - 2, 2 * i)),
                    ProtoWinner(("L", 2 * j - 2, 2 * i + 1)),
                )
                for i in range(size // 2 ** (j + 1))
            ]
        layout += odd
        drops = drop_order(j, len(odd))
        layout += [
            ProtoMatch(
                ("L", 2 * j, i),
                BracketPart.LOSERS,
                2 * j,
                ProtoWinner(("L", 2 * j - 1, i)),
                ProtoLoser(("W", j + 1, drops[i])),
            )
            for i in range(len(odd))
        ]
        losers_champion = ProtoWinner(("L", 2 * j, 0))
    winners_champion = ProtoWinner(("W", depth, 0))
    layout.append(ProtoMatch(("F", 1), BracketPart.FINAL, 1, winners_champion, losers_champion))
    if bracket_reset:
        layout.append(
            ProtoMatch(
                ("F", 2),
                BracketPart.FINAL,
                2,
                ProtoWinner(("F", 1)),
                ProtoLoser(("F", 1)),
                reset=True,
            )
        )
    return build_bracket("double_elimination", entrants, layout)
