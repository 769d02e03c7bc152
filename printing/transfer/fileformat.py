"""The file itself: its format name, its canonical bytes, and reading it back."""

from __future__ import annotations

import json
from typing import Any

from core.engine import refuse_repeated_keys

from .errors import TransferError

__all__ = ["FORMAT", "MAX_DEPTH", "canonical_json", "event_file_read"]

FORMAT = "duidiao-event/1"

#: Deeper than any event file nests (an event file nests about 8 levels).
MAX_DEPTH = 32


def canonical_json(data: Any) -> bytes:
    """The file's bytes: UTF-8, sorted keys, one indent, a final newline."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1)
    return (text + "\n").encode("utf-8")


def _too_deep(data: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether ``data`` nests deeper than ``limit`` (walked without recursion)."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > limit:
            return True
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
    return False


def event_file_read(content: bytes | str) -> dict[str, Any]:
    """The data of an event file; :class:`TransferError` (``unreadable``) when it is
    not JSON, or not an event file of this format."""
    try:
        # A key given twice (its records' levels, results…) is refused, not "last wins".
        data = json.loads(content, object_pairs_hook=refuse_repeated_keys)
    except (UnicodeDecodeError, ValueError) as error:
        raise TransferError(
            f"无法读取：不是 JSON 文件（{error}）",
            f"unreadable: not a JSON file ({error})",
            code="unreadable",
        ) from error
    except RecursionError:
        data = None  # deeper than the parser goes
    if data is None or _too_deep(data):
        raise TransferError(
            f"无法读取：JSON 嵌套超过{MAX_DEPTH}层，不是赛事数据文件",
            f"unreadable: the JSON nests deeper than {MAX_DEPTH} levels; not an event file",
            code="unreadable",
        )
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        found = data.get("format") if isinstance(data, dict) else type(data).__name__
        raise TransferError(
            f"无法读取：不是赛事数据文件（应为 {FORMAT}，实为 {found!r}）",
            f"unreadable: not an event file (expected {FORMAT}, got {found!r})",
            code="unreadable",
        )
    return data
