"""What every pairs movement is made of: rounds of tables, each with its pairs and set.

The Mitchell (第二十八条) and the Howell share this shape, so the stage service, the
movement sheet, the guide cards and the ``movement`` command read one structure. An
empty seat (a phantom pair, 轮空) is ``None``: the pair facing it sits out that round
and its set is not played there.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Any, TypeVar

from .levels import LEVELS, level_name

__all__ = [
    "Balance",
    "Movement",
    "MovementRound",
    "TableAssignment",
    "balance",
    "comparison_counts",
    "set_start_level",
]

P = TypeVar("P", bound=Hashable)


def set_start_level(board_set: int, boards_per_round: int = 4) -> str:
    """The level a set starts from: 1 + b·(s−1) mod 13, A=1 … K=13.

    The article spreads the start levels so that every level gets played across the
    field (with b=4: A, 5, 9, K, 4, 8, Q, 3, 7, J, 2, 6, 10). The level belongs to the
    set, not to the table: later tables play it from the box card (牌盒卡, 第四十三条).
    """
    return level_name(1 + (boards_per_round * (board_set - 1)) % len(LEVELS))


@dataclass(frozen=True)
class TableAssignment:
    """Who plays what at one table in one round."""

    table: int
    ns: int | None  # 南北对号; None: the seat is empty (轮空), E–W sits out
    ew: int | None  # 东西对号; None: N–S sits out
    board_set: int  # 牌组 — set s holds boards b(s−1)+1 … b·s
    boards: tuple[int, ...]
    start_level: str  # 起打级别 — both sides start the set's first board here

    @property
    def sit_out(self) -> bool:
        """One seat is empty: nothing is played at this table this round."""
        return self.ns is None or self.ew is None

    def to_dict(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "ns": self.ns,
            "ew": self.ew,
            "boards": list(self.boards),
            "start_level": self.start_level,
        }


@dataclass(frozen=True)
class MovementRound:
    """One round (轮) of the movement, tables in order."""

    number: int
    tables: tuple[TableAssignment, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.number, "tables": [t.to_dict() for t in self.tables]}


@dataclass(frozen=True)
class Movement:
    """A whole session of a pairs movement.

    ``full_rounds`` is how many rounds the complete movement has; ``rounds`` may be
    fewer (a shortened movement, chosen by the director). ``set_count`` is the number
    of board sets in play, ``skip_after_round`` the round after which a Mitchell's E–W
    pairs skip a table (跳桌), None where they never do.
    """

    table_count: int
    boards_per_round: int
    set_count: int
    full_rounds: int
    rounds: tuple[MovementRound, ...]
    skip_after_round: int | None = None

    @property
    def board_count(self) -> int:
        """Boards in play: every set's boards."""
        return self.set_count * self.boards_per_round

    def __iter__(self) -> Iterator[MovementRound]:
        return iter(self.rounds)

    def __len__(self) -> int:
        return len(self.rounds)

    def to_dict(self) -> dict[str, Any]:
        """The ``movement`` JSON of interfaces.md."""
        return {"rounds": [r.to_dict() for r in self.rounds]}

    def plays(self) -> Iterator[tuple[int, int, int]]:
        """(set, N–S pair, E–W pair) for every table-round where a set is played."""
        for r in self.rounds:
            for t in r.tables:
                if t.ns is not None and t.ew is not None:
                    yield t.board_set, t.ns, t.ew

    def balance(self) -> Balance:
        """The comparison balance of the pairs that play (see :func:`balance`)."""
        plays = list(self.plays())
        return balance(comparison_counts(plays, {p for _, ns, ew in plays for p in (ns, ew)}))


def assignment(
    table: int, ns: int | None, ew: int | None, board_set: int, boards_per_round: int
) -> TableAssignment:
    """A table's line in a round, the boards and start level derived from the set."""
    first = boards_per_round * (board_set - 1) + 1
    return TableAssignment(
        table=table,
        ns=ns,
        ew=ew,
        board_set=board_set,
        boards=tuple(range(first, first + boards_per_round)),
        start_level=set_start_level(board_set, boards_per_round),
    )


def comparison_counts(
    plays: Iterable[tuple[int, P | None, P | None]], pairs: Iterable[P]
) -> dict[frozenset[P], int]:
    """For every two of ``pairs``: on how many board sets they are compared (比较).

    ``plays`` gives (set, N–S pair, E–W pair) for each table-round (None: an empty
    seat, nothing played). A board is matchpointed within one direction (第二十八条),
    so two pairs are compared on a set when both play it in the same direction — at
    different tables, since the two at one table are opponents. A Howell is balanced
    when every two pairs are compared equally often.
    """
    seats: dict[tuple[int, int], set[P]] = {}
    for board_set, ns, ew in plays:
        if ns is None or ew is None:
            continue
        seats.setdefault((board_set, 0), set()).add(ns)
        seats.setdefault((board_set, 1), set()).add(ew)
    counts = {frozenset(two): 0 for two in combinations(set(pairs), 2)}
    for same_way in seats.values():
        for two in combinations(same_way, 2):
            key = frozenset(two)
            if key in counts:
                counts[key] += 1
    return counts


@dataclass(frozen=True)
class Balance:
    """The spread of :func:`comparison_counts`: fewest, most, and the mean (the ideal
    a perfectly balanced movement would give every two pairs)."""

    lowest: int
    highest: int
    mean: float


def balance(counts: dict[frozenset[P], int]) -> Balance:
    values = list(counts.values()) or [0]
    return Balance(lowest=min(values), highest=max(values), mean=sum(values) / len(values))
