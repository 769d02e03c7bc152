"""Team round robin on the FIDE Berger tables (团体循环赛, 第二十五条).

The rules send directors to "the round table in the annex" (附件中对调团体赛轮次表); the
annex is the classic Berger table, which chess publishes as the FIDE Berger tables
(FIDE Handbook C.05, Annex 1). Reproducing those tables exactly, rather than any
valid round robin, means a printed schedule matches the one a director already has
on paper, round for round and home for away.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ._errors import FormatError

__all__ = ["Fixture", "Round", "Schedule", "berger_rounds"]


@dataclass(frozen=True)
class Fixture:
    """One team match of a round. ``home`` is named first in the Berger table (主队)."""

    home: int
    away: int

    def to_dict(self) -> dict[str, int]:
        return {"home": self.home, "away": self.away}


@dataclass(frozen=True)
class Round:
    """One round (轮): its matches in table order and the team that sits out (轮空)."""

    number: int
    matches: tuple[Fixture, ...]
    bye: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.number,
            "matches": [m.to_dict() for m in self.matches],
            "bye": self.bye,
        }


@dataclass(frozen=True)
class Schedule:
    """A whole round robin (循环赛轮次表); ``double`` when every pair meets twice."""

    teams: int
    double: bool
    rounds: tuple[Round, ...]

    def __iter__(self) -> Iterator[Round]:
        return iter(self.rounds)

    def __len__(self) -> int:
        return len(self.rounds)

    def to_dict(self) -> dict[str, Any]:
        """The ``schedule round-robin`` JSON of interfaces.md."""
        return {"rounds": [r.to_dict() for r in self.rounds]}


def _wrap(value: int, modulus: int) -> int:
    """``value`` reduced into 1..modulus (the table's numbers, not 0-based ones)."""
    return (value - 1) % modulus + 1


def _berger_round(size: int, number: int) -> list[Fixture]:
    """Round ``number`` of the Berger table for an even ``size``, boards in table order.

    Numbers 1..size−1 turn round the fixed ``size``: in round r two of them meet when
    they add up to r+1 (mod size−1), and the one that would meet itself meets ``size``.
    The FIDE tables then fix the board order and colours: in odd rounds 2k−1 the
    home teams read k, k+1, … down the boards with ``size`` away on board 1; in even
    rounds 2k ``size`` is home on board 1 and the other home teams read
    size/2+k+1, … from board 2.
    """
    others = size - 1
    half = size // 2
    total = number + 1
    if number % 2:
        first_home = (number + 1) // 2
        homes = [_wrap(first_home + i, others) for i in range(half)]
        matches = [Fixture(home=homes[0], away=size)]
    else:
        k = number // 2
        partner = next(p for p in range(1, size) if _wrap(2 * p, others) == _wrap(total, others))
        matches = [Fixture(home=size, away=partner)]
        homes = [0] + [_wrap(half + k + 1 + i, others) for i in range(half - 1)]
    for home in homes[1:]:
        matches.append(Fixture(home=home, away=_wrap(total - home, others)))
    return matches


def berger_rounds(n_teams: int, double: bool = False) -> Schedule:
    """The Berger schedule for teams 1..``n_teams`` (第二十五条).

    An odd field gets a dummy n+1; whoever is drawn against it sits out (轮空) and is
    reported as ``bye``. ``double`` plays the table a second time with home and away
    swapped (双循环), so every pair has one home match each.
    """
    if n_teams < 2:
        raise FormatError(
            f"循环赛至少需要2支队，现有{n_teams}支",
            f"a round robin needs at least 2 teams, got {n_teams}",
            article="第二十五条",
        )
    size = n_teams + n_teams % 2
    first: list[Round] = []
    for number in range(1, size):
        bye: int | None = None
        matches: list[Fixture] = []
        for match in _berger_round(size, number):
            if size > n_teams and size in (match.home, match.away):
                bye = match.away if match.home == size else match.home
            else:
                matches.append(match)
        first.append(Round(number=number, matches=tuple(matches), bye=bye))
    rounds = list(first)
    if double:
        rounds += [
            Round(
                number=r.number + len(first),
                matches=tuple(Fixture(home=m.away, away=m.home) for m in r.matches),
                bye=r.bye,
            )
            for r in first
        ]
    return Schedule(teams=n_teams, double=double, rounds=tuple(rounds))
