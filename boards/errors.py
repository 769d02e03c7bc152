"""The errors the board services raise: a ``ValidationError`` carrying both languages
and, when the rules engine refused an entry, the engine's own findings.

``codes`` are the engine's fixed vocabulary (interfaces.md: ``card_count``,
``result_impossible``, ``result_mismatch``, …) plus the services' own:

=====================  ====================================================================
``box_card_mismatch``  a later table's box card differs from the one the first play filled
``conflict``           the result changed since the version the edit was made from
``already_entered``    the table already has a result for the board (correct it instead)
``already_confirmed``  confirming a result that is confirmed
``same_side``          the side (or person) that entered a result cannot confirm it
``not_allowed``        the actor may not do this (e.g. a table code for another table)
``not_scheduled``      the table does not play the board
``no_board_set``       a board number no set of the stage (round) carries
``board_exists``       a deal for this board is already stored
``board_played``       the deal cannot be replaced: results were entered on it
``unreadable``         a board file that is not a ``duidiao-board/1`` record
=====================  ====================================================================
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from core.engine import RuleError
from tournament.errors import BilingualError

__all__ = ["BoardError", "ConflictError", "EntryRejected"]


class BoardError(BilingualError):
    """A board service refused an operation; nothing was saved.

    ``errors`` are dicts shaped like the verdict's errors (interfaces.md): ``code``,
    ``article``, ``board``, ``trick``, ``seat``, ``message_zh``, ``message_en``.
    """

    def __init__(
        self,
        message_zh: str,
        message_en: str,
        *,
        code: str = "invalid",
        article: str | None = None,
        errors: Sequence[dict[str, Any]] = (),
    ) -> None:
        super().__init__(message_zh, message_en, code=code, article=article)
        self.errors: tuple[dict[str, Any], ...] = tuple(errors) or (
            {
                "code": code,
                "article": article,
                "board": None,
                "trick": None,
                "seat": None,
                "message_zh": message_zh,
                "message_en": message_en,
            },
        )

    @property
    def codes(self) -> list[str]:
        """Every code found, in order (the engine lists every error, not the first)."""
        return [e["code"] for e in self.errors]

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "message_zh": self.message_zh,
            "message_en": self.message_en,
            "errors": list(self.errors),
        }


class EntryRejected(BoardError):
    """The engine (or the box card) rejected a scorecard; ``errors`` says why."""

    @classmethod
    def from_findings(
        cls,
        findings: Iterable[RuleError | dict[str, Any]],
        *,
        board: int | None = None,
        what: tuple[str, str] = ("成绩未保存", "result not saved"),
    ) -> EntryRejected:
        errors = [f.to_dict() if isinstance(f, RuleError) else dict(f) for f in findings]
        for error in errors:
            if error.get("board") is None:
                error["board"] = board
        head = errors[0]
        more_zh = f"（另有{len(errors) - 1}处错误）" if len(errors) > 1 else ""
        more_en = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        return cls(
            f"{what[0]}：{head['message_zh']}{more_zh}",
            f"{what[1]}: {head['message_en']}{more_en}",
            code=str(head["code"]),
            article=head.get("article"),
            errors=errors,
        )


class ConflictError(BoardError):
    """The result changed after the version an edit was based on; nothing was saved."""

    def __init__(self, *, expected: int, current: int) -> None:
        self.expected = expected
        self.current = current
        super().__init__(
            f"成绩已被他人修改（当前版本{current}，您的修改基于版本{expected}），请刷新后重试",
            f"the result was changed by someone else (now version {current}, your edit was "
            f"made from version {expected}); reload and try again",
            code="conflict",
        )
