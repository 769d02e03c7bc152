"""The Howell movement for small fields: every pair meets every other pair.

With 4–10 pairs a Mitchell cannot run (at 4 each N–S pair meets only two E–W pairs,
and it gives two rankings of two or three pairs each); a Howell moves the pairs so
that they all meet, and ranks them in one field. The tables follow the published
construction of the Howell movement (E. C. Howell; the skeleton method as set out in
the Bridge Central movement pages, "Deriving Howell movements" and "4 Table Howell",
bridgecentral.com/MvtHTML/): pair 2T stays at table 1 N–S, and from one round to the
next every other position's pair number goes up by one, modulo 2T − 1. The round-1
skeletons are:

* 2 tables: 4-1 3-2, all boards relayed every round (as in the ACBL standard 2-table
  Howell, H0203, "all boards are relayed on each round");
* 3 tables: 6-1 2-5 3-4, every table playing the round's set (barometer-style: the
  set is duplicated, every round is compared as soon as it ends);
* 4 tables: 8-1 2-7 3-6 5-4 (Bridge Central's base skeleton (a), a perfect Howell);
* 5 tables: 10-1 3-2 4-8 5-7 6-9 — Bridge Central's skeleton 10-1 2-3 4-8 5-7 6-9
  with table 2 arrow-switched (its pairs change directions), which balances it.

Balance (比较次数): a board is matchpointed within one direction, so two pairs are
compared on each set they both play in the same direction
(:func:`~core.formats.movement.comparison_counts`). With every pair playing every
set, each set splits the field into an N–S half and an E–W half, and a perfect
balance (every two pairs compared equally often: 2 for 6 pairs, 4 for 10) would be a
Hadamard matrix of order 6 or 10 (the splits as ±1 columns plus a column of ones) —
there is none. The best is 1–3 for 6 pairs, five pairs of pairs at each of 1, 2 and 3
(the only spread of 1–3 there is; the skeleton above gives it), and 3–5 for 10 pairs
(18 at 3, 9 at 4, 18 at 5), against 3–7 for the unswitched skeleton. 4 and 8 pairs
are perfect (1 and 3).

The set a table plays also goes up by one each round (mod 2T − 1); the round-1 sets
were chosen so that each pair plays every set exactly once — the tests check it.
An odd number of pairs leaves pair 2T a phantom: the pair at table 1 sits out, a
different one each round.
"""

from __future__ import annotations

from ._errors import FormatError
from .mitchell import check_rounds
from .movement import Movement, MovementRound, assignment

__all__ = ["HOWELL_PAIRS", "howell"]

#: Round 1 of each Howell: (N–S, E–W, set) per table, table 1 first.
_SKELETONS: dict[int, tuple[tuple[int, int, int], ...]] = {
    2: ((4, 1, 1), (3, 2, 1)),
    3: ((6, 1, 1), (2, 5, 1), (3, 4, 1)),
    4: ((8, 1, 1), (2, 7, 3), (3, 6, 5), (5, 4, 2)),
    5: ((10, 1, 1), (3, 2, 6), (4, 8, 5), (5, 7, 3), (6, 9, 8)),
}

#: The fields a Howell takes here: 4 to 10 pairs.
HOWELL_PAIRS = range(4, 11)


def howell(pairs: int, boards_per_round: int = 4, *, rounds: int | None = None) -> Movement:
    """The Howell for ``pairs`` pairs (4–10): 2T − 1 rounds of T tables, T = ⌈P/2⌉.

    Round r: a moving position that held pair p in round 1 holds p + r − 1 (wrapped
    into 1 … 2T − 1), and its set s becomes s + r − 1 (wrapped likewise).
    """
    if pairs not in HOWELL_PAIRS:
        raise FormatError(
            f"豪威尔移位适用于{HOWELL_PAIRS.start}到{HOWELL_PAIRS.stop - 1}对，现有{pairs}对",
            f"a Howell takes {HOWELL_PAIRS.start} to {HOWELL_PAIRS.stop - 1} pairs, got {pairs}",
        )
    if boards_per_round < 1:
        raise FormatError(
            f"每轮至少打1副牌，现为{boards_per_round}",
            f"a round needs at least 1 board, got {boards_per_round}",
        )
    tables = (pairs + 1) // 2
    moving = 2 * tables - 1  # pairs 1 … 2T − 1 move; so many rounds and sets
    phantom = 2 * tables if pairs % 2 else None
    round_count = check_rounds(rounds, moving)

    def at(number: int, r: int) -> int | None:
        if number == 2 * tables:
            return None if number == phantom else number
        return (number - 1 + r - 1) % moving + 1

    played = []
    for r in range(1, round_count + 1):
        played.append(
            MovementRound(
                number=r,
                tables=tuple(
                    assignment(
                        t, at(ns, r), at(ew, r), (s - 1 + r - 1) % moving + 1, boards_per_round
                    )
                    for t, (ns, ew, s) in enumerate(_SKELETONS[tables], start=1)
                ),
            )
        )
    return Movement(
        table_count=tables,
        boards_per_round=boards_per_round,
        set_count=moving,
        full_rounds=moving,
        rounds=tuple(played),
    )
