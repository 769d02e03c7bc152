"""The error the scoring services raise: a ``ValidationError`` in Chinese and English."""

from __future__ import annotations

from tournament.errors import BilingualError

__all__ = ["ScoringError"]


class ScoringError(BilingualError):
    """A scoring service refused an operation; nothing was saved."""
