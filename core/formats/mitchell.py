"""The Mitchell movement of the pairs event (双人双冠军赛, 第二十八条).

N–S pairs stay put; after each round the E–W pairs move up a table (顺时针，向高号桌)
and the board sets move down one (逆时针，向低号桌). Everything a director prints
(table cards, the movement sheet, travelling score sheets) follows from one formula
per round, so the movement is computed, not tabulated.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ._errors import FormatError
from .levels import LEVELS, level_name

__all__ = [
    "MIN_TABLES",
    "MitchellMovement",
    "MitchellRound",
    "TableAssignment",
    "mitchell",
    "set_start_level",
]

#: Two tables give one round in which every board is played once: nothing to compare,
#: so no matchpoints. Three is the smallest field where each board travels.
MIN_TABLES = 3


@dataclass(frozen=True)
class TableAssignment:
    """Who plays what at one table in one round."""

    table: int
    ns: int  # 南北对号 — N–S pair t sits at table t all session
    ew: int  # 东西对号
    board_set: int  # 牌组 — set s holds boards b(s−1)+1 … b·s
    boards: tuple[int, ...]
    start_level: str  # 起打级别 — both sides start the set's first board here

    def to_dict(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "ns": self.ns,
            "ew": self.ew,
            "boards": list(self.boards),
            "start_level": self.start_level,
        }


@dataclass(frozen=True)
class MitchellRound:
    """One round (轮) of the movement, tables in order."""

    number: int
    tables: tuple[TableAssignment, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.number, "tables": [t.to_dict() for t in self.tables]}


@dataclass(frozen=True)
class MitchellMovement:
    """A whole Mitchell session."""

    table_count: int
    boards_per_round: int
    rounds: tuple[MitchellRound, ...]

    @property
    def skip_after_round(self) -> int | None:
        """The round after which E–W move up two tables (跳桌); ``None`` for odd T."""
        return self.table_count // 2 if self.table_count % 2 == 0 else None

    @property
    def board_count(self) -> int:
        """Boards in play: one set per table."""
        return self.table_count * self.boards_per_round

    def __iter__(self) -> Iterator[MitchellRound]:
        return iter(self.rounds)

    def __len__(self) -> int:
        return len(self.rounds)

    def to_dict(self) -> dict[str, Any]:
        """The ``movement mitchell`` JSON of interfaces.md."""
        return {"rounds": [r.to_dict() for r in self.rounds]}


def set_start_level(board_set: int, boards_per_round: int = 4) -> str:
    """The level a set starts from: 1 + b·(s−1) mod 13, A=1 … K=13.

    The article spreads the start levels so that every level gets played across the
    field (with b=4: A, 5, 9, K, 4, 8, Q, 3, 7, J, 2, 6, 10). The level belongs to the
    set, not to the table: later tables play it from the box card (牌盒卡, 第四十三条).
    """
    return level_name(1 + (boards_per_round * (board_set - 1)) % len(LEVELS))


def mitchell(tables: int, boards_per_round: int = 4) -> MitchellMovement:
    """The Mitchell movement for ``tables`` tables and sets of ``boards_per_round``.

    Round r, table t: set t + (r−1) (sets move down one a round) and E–W pair
    t − (r−1) − skip (E–W move up one), both wrapped round T. With T odd that meets
    every pair and set once in T rounds. With T even, plain moving would bring each E–W
    pair back to a set it has played after T/2 rounds, so after round T/2 the E–W pairs
    move up two tables (跳桌) once — skip is 1 from round T/2 + 1 on — and the session
    has T − 1 rounds.
    """
    if tables < MIN_TABLES:
        raise FormatError(
            f"米切尔移位至少需要{MIN_TABLES}张桌（少于此每副牌只打一次，无法比较），现有{tables}张",
            f"a Mitchell movement needs at least {MIN_TABLES} tables "
            f"(with fewer each board is played once and nothing can be compared), got {tables}",
            article="第二十八条",
        )
    if boards_per_round < 1:
        raise FormatError(
            f"每轮至少打1副牌，现为{boards_per_round}",
            f"a round needs at least 1 board, got {boards_per_round}",
            article="第二十八条",
        )
    even = tables % 2 == 0
    round_count = tables - 1 if even else tables
    rounds: list[MitchellRound] = []
    for r in range(1, round_count + 1):
        skip = 1 if even and r > tables // 2 else 0
        assignments = []
        for t in range(1, tables + 1):
            board_set = (t - 1 + r - 1) % tables + 1
            first = boards_per_round * (board_set - 1) + 1
            assignments.append(
                TableAssignment(
                    table=t,
                    ns=t,
                    ew=(t - 1 - (r - 1) - skip) % tables + 1,
                    board_set=board_set,
                    boards=tuple(range(first, first + boards_per_round)),
                    start_level=set_start_level(board_set, boards_per_round),
                )
            )
        rounds.append(MitchellRound(number=r, tables=tuple(assignments)))
    return MitchellMovement(
        table_count=tables, boards_per_round=boards_per_round, rounds=tuple(rounds)
    )
