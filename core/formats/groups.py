"""Groups for a group round robin (团体分组循环赛, 第二十六条).

Two ways in the article: seeding by earlier results (种子队, serpentine, so each
group gets a fair share of strong and weak teams) or a draw (抽签). A draw here is a
pseudo-random shuffle from a stored seed: the director records the seed, and anyone
can re-run the draw and get the same groups, which is what makes it checkable.
"""

from __future__ import annotations

import random
import string
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ._errors import FormatError

__all__ = ["Group", "GroupDraw", "draw_groups", "group_label", "serpentine", "serpentine_order"]

T = TypeVar("T", bound=Hashable)


@dataclass(frozen=True)
class Group(Generic[T]):
    """One group (小组), labelled A, B, …; members in the order they were placed."""

    label: str
    members: tuple[T, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "members": list(self.members)}


@dataclass(frozen=True)
class GroupDraw(Generic[T]):
    """The groups, how they were made, and the stored seed of a draw (抽签种子)."""

    method: str  # "serpentine" (蛇形分组) or "draw" (抽签)
    groups: tuple[Group[T], ...]
    seed: int | None = None
    seeded: int = 0  # how many top-ranked entrants were placed before the draw

    def group_of(self, entrant: T) -> str:
        for g in self.groups:
            if entrant in g.members:
                return g.label
        raise KeyError(entrant)

    def to_dict(self) -> dict[str, Any]:
        return {
            "method": self.method,
            "seed": self.seed,
            "seeded": self.seeded,
            "groups": [g.to_dict() for g in self.groups],
        }


def group_label(index: int) -> str:
    """0 → "A", 1 → "B" … 25 → "Z"."""
    return string.ascii_uppercase[index]


def serpentine_order(count: int, groups: int) -> tuple[int, ...]:
    """The group index (0-based) of each position 0..count−1 in serpentine order.

    1→A, 2→B, …, G→G, then G+1→G back to 2G→A, and so on (蛇形排列): the best of
    one pass goes with the worst of the next, so group strengths even out.
    """
    order = []
    for position in range(count):
        lap, offset = divmod(position, groups)
        order.append(offset if lap % 2 == 0 else groups - 1 - offset)
    return tuple(order)


def _check(entrants: Sequence[T], groups: int) -> None:
    if groups < 1 or groups > len(string.ascii_uppercase):
        raise FormatError(
            f"小组数必须在1到26之间，现为{groups}",
            f"the number of groups must be 1 to 26, got {groups}",
            article="第二十六条",
        )
    if len(entrants) < 2 * groups:
        raise FormatError(
            f"{len(entrants)}支队不够分成{groups}个小组（每组至少2支）",
            f"{len(entrants)} entrants are too few for {groups} groups (at least 2 each)",
            article="第二十六条",
        )
    if len(set(entrants)) != len(entrants):
        raise FormatError("参赛队重复", "an entrant is listed twice", article="第二十六条")


def _deal(entrants: Sequence[T], groups: int) -> tuple[Group[T], ...]:
    buckets: list[list[T]] = [[] for _ in range(groups)]
    for entrant, index in zip(entrants, serpentine_order(len(entrants), groups), strict=True):
        buckets[index].append(entrant)
    return tuple(Group(group_label(i), tuple(b)) for i, b in enumerate(buckets))


def serpentine(ranked: Sequence[T], groups: int) -> GroupDraw[T]:
    """Seed ``ranked`` (best first, by earlier results) into ``groups`` groups."""
    _check(ranked, groups)
    return GroupDraw(method="serpentine", groups=_deal(ranked, groups), seeded=len(ranked))


def draw_groups(entrants: Sequence[T], groups: int, seed: int, *, seeded: int = 0) -> GroupDraw[T]:
    """Draw ``entrants`` into ``groups`` groups, reproducibly from ``seed``.

    The first ``seeded`` entrants (seed teams, in rank order) are placed serpentine
    first; the rest are shuffled with ``random.Random(seed)`` and dealt on along the
    same serpentine, so group sizes never differ by more than one. The same entrants,
    seed and count always give the same groups.
    """
    _check(entrants, groups)
    if not 0 <= seeded <= len(entrants):
        raise FormatError(
            f"种子队数必须在0到{len(entrants)}之间，现为{seeded}",
            f"the number of seeded entrants must be 0 to {len(entrants)}, got {seeded}",
            article="第二十六条",
        )
    rest = list(entrants[seeded:])
    random.Random(seed).shuffle(rest)
    placed = list(entrants[:seeded]) + rest
    return GroupDraw(method="draw", groups=_deal(placed, groups), seed=seed, seeded=seeded)
