"""Levels as the rules name them (级别): A=1, 2 … 10, J=11, Q=12, K=13.

Kept here rather than borrowed from ``core.engine`` so the format algorithms stay
below every other module in the dependency picture (style.md) and need nothing but
the standard library.
"""

from __future__ import annotations

__all__ = ["LEVELS", "level_name"]

LEVELS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def level_name(level: int) -> str:
    """``1`` → ``"A"`` … ``13`` → ``"K"``, the notation of interfaces.md."""
    if not 1 <= level <= len(LEVELS):
        raise ValueError(f"级别必须在1到13之间 / a level must be 1 to 13, got {level}")
    return LEVELS[level - 1]
