"""The error the ruling services raise: a ``ValidationError`` in Chinese and English."""

from __future__ import annotations

from tournament.errors import BilingualError

__all__ = ["RulingError"]


class RulingError(BilingualError):
    """A ruling service refused an operation; nothing was saved.

    ``code`` says why (``not_allowed``, ``conflict``, ``decision``, ``offender``, …);
    ``article`` names the article the refusal rests on, when one does."""
