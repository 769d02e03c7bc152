"""Seeding qualifiers from groups into a bracket (第二十六条 → 第二十七条).

Group winners take the top seeds in group order, then the runners-up, and so on. With
an odd number of groups every other place is taken in reverse group order: otherwise
the middle group's winner would meet its own runner-up in the first round (three
groups: C1 is seed 3, C2 seed 6, and 3 meets 6 in an 8-line bracket).
"""

from __future__ import annotations

from ._errors import FormatError
from .groups import group_label

__all__ = ["group_qualifier_order"]


def group_qualifier_order(groups: int, per_group: int) -> tuple[tuple[str, int], ...]:
    """``(group label, place)`` for seeds 1, 2, … of the next stage."""
    if groups < 1 or per_group < 1:
        raise FormatError(
            f"小组数和每组出线数都至少为1，现为{groups}组、每组{per_group}",
            f"groups and qualifiers per group must be at least 1, got {groups} and {per_group}",
            article="第二十六条",
        )
    order: list[tuple[str, int]] = []
    for place in range(1, per_group + 1):
        labels = [group_label(i) for i in range(groups)]
        if groups % 2 and place % 2 == 0:
            labels.reverse()
        order += [(label, place) for label in labels]
    return tuple(order)
