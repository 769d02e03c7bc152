"""A director's override of a laid-out schedule: two entrants trade places.

Whatever the format, an override before a round is played is the same act: from that
round on, wherever one of two pairs (or teams) was to sit, the other sits (a Howell's
two pairs at one table trade directions: an arrow switch). What it may break is the
movement's promise, and that is checked on the whole schedule after the swap:

* a pair plays each board once (第二十八条): no pair may meet a board set twice;
* a team meets each other team as often as the format says (once in a round robin,
  twice in a double one, 第二十五条; never twice in a Swiss).

The stage service reads the stored schedule into plain tuples, calls these, and
writes back what they return; nothing here knows of Django.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable
from typing import TypeVar

__all__ = ["repeated", "swapped"]

T = TypeVar("T", bound=Hashable)


def swapped(value: T | None, first: T, second: T) -> T | None:
    """``value`` with ``first`` and ``second`` traded (anything else unchanged)."""
    if value == first:
        return second
    if value == second:
        return first
    return value


def repeated(items: Iterable[T], limit: int = 1) -> list[tuple[T, int]]:
    """The items seen more than ``limit`` times, with their counts, in first-seen order.

    With (pair, set) items: the sets a pair would play twice; with frozenset({home,
    away}) items: the teams that would meet more often than the format allows."""
    counts = Counter(items)
    return [(item, n) for item, n in counts.items() if n > limit]
