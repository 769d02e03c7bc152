"""The fixed vocabulary of rule errors (interfaces.md) with articles and bilingual messages.

Every finding is a `RuleError`: a code, the article it enforces, where it happened
(board, trick, seat) and a message in Chinese and English. Validation collects them
instead of stopping at the first, so a director sees everything wrong with a record.
"""

from __future__ import annotations

import enum
import json
import math
from dataclasses import dataclass
from typing import Any

SHOWN_CHARS = 20  # how much of a bad value a message quotes


class ErrorCode(enum.Enum):
    BAD_RECORD = "bad_record"
    UNKNOWN_CARD = "unknown_card"
    CARD_COUNT = "card_count"
    HAND_SIZE = "hand_size"
    BOTTOM_SIZE = "bottom_size"
    TRUMP_NOT_DECLARABLE = "trump_not_declarable"
    BURIED_NOT_HELD = "buried_not_held"
    EXCHANGE_NOT_ALLOWED = "exchange_not_allowed"
    WRONG_LEADER = "wrong_leader"
    CARD_NOT_HELD = "card_not_held"
    WRONG_COUNT = "wrong_count"
    MIXED_LEAD = "mixed_lead"
    TRUMP_THROW = "trump_throw"
    FAILED_THROW = "failed_throw"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    MUST_FOLLOW_SHAPE = "must_follow_shape"
    INCOMPLETE_PLAY = "incomplete_play"
    RESULT_MISMATCH = "result_mismatch"
    RESULT_IMPOSSIBLE = "result_impossible"


# The article each code enforces by default; a finding may name a more precise one.
ARTICLES: dict[ErrorCode, str | None] = {
    ErrorCode.BAD_RECORD: None,
    ErrorCode.UNKNOWN_CARD: "第四十一条",
    ErrorCode.CARD_COUNT: "第四十一条",
    ErrorCode.HAND_SIZE: "第十四条",
    ErrorCode.BOTTOM_SIZE: "第十条",
    ErrorCode.TRUMP_NOT_DECLARABLE: "第十五条",
    ErrorCode.BURIED_NOT_HELD: "第十六条",
    ErrorCode.EXCHANGE_NOT_ALLOWED: "第十六条",
    ErrorCode.WRONG_LEADER: "第十七条",
    ErrorCode.CARD_NOT_HELD: "第十七条",
    ErrorCode.WRONG_COUNT: "第十七条",
    ErrorCode.MIXED_LEAD: "第十七条",
    ErrorCode.TRUMP_THROW: "第十九条",
    ErrorCode.FAILED_THROW: "第三十五条",
    ErrorCode.MUST_FOLLOW_SUIT: "第十七条",
    ErrorCode.MUST_FOLLOW_SHAPE: "第十七条",
    ErrorCode.INCOMPLETE_PLAY: "第十七条",
    ErrorCode.RESULT_MISMATCH: "第二十一条",
    ErrorCode.RESULT_IMPOSSIBLE: "第二十一条",
}


@dataclass(frozen=True)
class RuleError:
    """One thing a record does that the rules forbid."""

    code: ErrorCode
    message_zh: str
    message_en: str
    article: str | None = None
    board: int | None = None
    trick: int | None = None
    seat: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code.value,
            "article": self.article,
            "board": self.board,
            "trick": self.trick,
            "seat": self.seat,
            "message_zh": self.message_zh,
            "message_en": self.message_en,
        }


class Findings:
    """Collects the errors of one record, stamping each with the board number."""

    def __init__(self, board: int | None) -> None:
        self.board = board
        self.errors: list[RuleError] = []

    def add(
        self,
        code: ErrorCode,
        zh: str,
        en: str,
        *,
        trick: int | None = None,
        seat: str | None = None,
        article: str | None = None,
    ) -> None:
        self.errors.append(
            RuleError(
                code=code,
                message_zh=zh,
                message_en=en,
                article=article or ARTICLES[code],
                board=self.board,
                trick=trick,
                seat=seat,
            )
        )

    def __bool__(self) -> bool:
        return bool(self.errors)


class RecordUnreadable(ValueError):
    """Input that is not a board record at all (malformed JSON, unknown format)."""

    def __init__(self, zh: str, en: str) -> None:
        super().__init__(f"{zh} / {en}")
        self.message_zh = zh
        self.message_en = en


def shown(value: object) -> str:
    """A bad value as a message quotes it: short, on one line, never recursing.

    Input can be anything JSON allows (nested 100,000 deep, numbers of 4,000 digits), so
    a message quotes a string or a number in part and names a list or an object by its
    brackets instead of printing it.
    """
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, str):
        text = value if len(value) <= SHOWN_CHARS else value[:SHOWN_CHARS] + "…"
        return json.dumps(text, ensure_ascii=False)
    if isinstance(value, int):
        if -(10**SHOWN_CHARS) < value < 10**SHOWN_CHARS:
            return str(value)
        return ("-" if value < 0 else "") + "9" * SHOWN_CHARS + "…"
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else json.dumps(value)
    if isinstance(value, list | tuple):
        return "[…]"
    if isinstance(value, dict):
        return "{…}"
    return "…"
