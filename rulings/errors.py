"""The error the ruling services raise: a ``ValidationError`` in Chinese and English."""

from __future__ import annotations

from django.core.exceptions import ValidationError

__all__ = ["RulingError"]


class RulingError(ValidationError):
    """A ruling service refused an operation; nothing was saved.

    ``code`` says why (``not_allowed``, ``conflict``, ``decision``, ``offender``, …);
    ``article`` names the article the refusal rests on, when one does."""

    def __init__(
        self, message_zh: str, message_en: str, *, code: str = "invalid", article: str | None = None
    ) -> None:
        self.message_zh = message_zh
        self.message_en = message_en
        self.article = article
        super().__init__(f"{message_zh} / {message_en}", code=code)

    def __str__(self) -> str:
        return f"{self.message_zh} / {self.message_en}"
