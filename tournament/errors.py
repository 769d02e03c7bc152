"""The error the event services raise: a ``ValidationError`` carrying both languages.

Services are called from the admin (which shows the message on the form), from views
and commands, and from code; like the engine's ``RuleError`` and the formats'
``FormatError`` the message is written once in Chinese and English, ``"中文 / English"``.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils import translation

from core.formats import FormatError


def in_chinese(label: Any) -> str:
    """A (lazy) label as text for a message's Chinese half, whatever language is active:
    a director on an English page is still told "已是本赛事的裁判长", not "的Director"."""
    with translation.override("zh-hans"):
        return str(label)


class BilingualError(ValidationError):
    """A refusal written in Chinese and English, with the article it rests on if any.

    The base of every app's service error (events, boards, scoring, rulings), so each
    says only what is its own."""

    def __init__(
        self, message_zh: str, message_en: str, *, code: str = "invalid", article: str | None = None
    ) -> None:
        self.message_zh = message_zh
        self.message_en = message_en
        self.article = article
        super().__init__(f"{message_zh} / {message_en}", code=code)

    def __str__(self) -> str:
        return f"{self.message_zh} / {self.message_en}"


class EventError(BilingualError):
    """A service refused an operation; nothing was saved."""

    @classmethod
    def from_format(cls, error: FormatError) -> EventError:
        return cls(error.message_zh, error.message_en, code="format", article=error.article)
