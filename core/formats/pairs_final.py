"""The final of the pairs single-champion event (双人单冠军赛, 第二十九条).

After the Mitchell (第二十八条) there is one N–S and one E–W ranking. The final seats
the leaders of both so that the two firsts compete for the title and the two seconds
for third place, in the team-match way: an open and a closed room (开室、闭室) that
play the same boards and are compared seat by seat.

Open room: N–S 1st sits N–S, N–S 2nd sits E–W. Closed room: E–W 1st sits N–S, E–W 2nd
sits E–W. Comparing the N–S seats of the two rooms sets N–S 1st against E–W 1st
(champion 冠军 and runner-up 亚军); the E–W seats set the two 2nds against each other
(third and fourth). The open room plays boards 1–6, the closed 7–12, then they swap
boards: 12 boards, one session, no change of seats. Every further four places take
one more pair of tables: the 3rds and 4ths for 5th–8th, and so on.
"""

from __future__ import annotations

import enum
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ._errors import FormatError

__all__ = ["Contest", "FinalGroup", "FinalTable", "PairsFinal", "Room", "pairs_final"]

P = TypeVar("P", bound=Hashable)


class Room(enum.StrEnum):
    OPEN = "open"  # 开室
    CLOSED = "closed"  # 闭室


@dataclass(frozen=True)
class FinalTable(Generic[P]):
    """One table of the final and the boards it plays, first half then second half."""

    table: int
    room: Room
    ns: P
    ew: P
    first_half: tuple[int, ...]
    second_half: tuple[int, ...]

    @property
    def boards(self) -> tuple[int, ...]:
        return self.first_half + self.second_half

    def to_dict(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "room": self.room.value,
            "ns": self.ns,
            "ew": self.ew,
            "boards": list(self.boards),
        }


@dataclass(frozen=True)
class Contest(Generic[P]):
    """Two pairs compared board by board in the same seats of the two rooms."""

    places: tuple[int, int]  # (winner's place, loser's place)
    seats: str  # "NS" or "EW": the seats whose results are compared
    open_pair: P
    closed_pair: P

    def to_dict(self) -> dict[str, Any]:
        return {
            "places": list(self.places),
            "seats": self.seats,
            "open": self.open_pair,
            "closed": self.closed_pair,
        }


@dataclass(frozen=True)
class FinalGroup(Generic[P]):
    """An open and a closed table deciding four consecutive places."""

    places: tuple[int, int]
    open: FinalTable[P]
    closed: FinalTable[P]
    contests: tuple[Contest[P], Contest[P]]

    def to_dict(self) -> dict[str, Any]:
        return {
            "places": list(self.places),
            "tables": [self.open.to_dict(), self.closed.to_dict()],
            "contests": [c.to_dict() for c in self.contests],
        }


@dataclass(frozen=True)
class PairsFinal(Generic[P]):
    boards: int
    groups: tuple[FinalGroup[P], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"boards": self.boards, "groups": [g.to_dict() for g in self.groups]}


def pairs_final(
    ns_ranking: Sequence[P],
    ew_ranking: Sequence[P],
    *,
    boards: int = 12,
    places: int = 4,
) -> PairsFinal[P]:
    """Seat the final from the Mitchell rankings (best first in each direction).

    ``places`` is 4 (the article's two tables) or a larger multiple of 4 (8 adds the
    tables for 5th–8th). ``boards`` must be even: each room starts with its own half.
    Every pair of tables plays the same board numbers, from duplicated boards.
    """
    if places < 4 or places % 4:
        raise FormatError(
            f"决赛名次数必须是4的倍数，现为{places}",
            f"the places decided must be a multiple of 4, got {places}",
            article="第二十九条",
        )
    if boards < 2 or boards % 2:
        raise FormatError(
            f"决赛副数必须是正偶数（开闭室各打一半），现为{boards}",
            f"the final needs an even number of boards (half per room), got {boards}",
            article="第二十九条",
        )
    needed = places // 2
    if len(ns_ranking) < needed or len(ew_ranking) < needed:
        raise FormatError(
            f"决出前{places}名需要南北、东西各{needed}对，"
            f"现有南北{len(ns_ranking)}对、东西{len(ew_ranking)}对",
            f"deciding {places} places needs {needed} pairs in each direction, "
            f"got N–S {len(ns_ranking)} and E–W {len(ew_ranking)}",
            article="第二十九条",
        )
    if set(ns_ranking[:needed]) & set(ew_ranking[:needed]):
        raise FormatError(
            "同一对不能同时列在南北和东西排名中",
            "a pair cannot be ranked in both directions",
            article="第二十九条",
        )
    half = boards // 2
    first, second = tuple(range(1, half + 1)), tuple(range(half + 1, boards + 1))
    groups = []
    for g in range(places // 4):
        ns_top, ns_next = ns_ranking[2 * g], ns_ranking[2 * g + 1]
        ew_top, ew_next = ew_ranking[2 * g], ew_ranking[2 * g + 1]
        top = 4 * g + 1
        groups.append(
            FinalGroup(
                places=(top, top + 3),
                open=FinalTable(2 * g + 1, Room.OPEN, ns_top, ns_next, first, second),
                closed=FinalTable(2 * g + 2, Room.CLOSED, ew_top, ew_next, second, first),
                contests=(
                    Contest((top, top + 1), "NS", ns_top, ew_top),
                    Contest((top + 2, top + 3), "EW", ns_next, ew_next),
                ),
            )
        )
    return PairsFinal(boards=boards, groups=tuple(groups))
