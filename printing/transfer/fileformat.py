"""The file itself: its format name, its canonical bytes, and reading it back."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

from core.engine import refuse_repeated_keys

from .errors import TransferError

__all__ = ["FORMAT", "MAX_DEPTH", "canonical_json", "event_file_read"]

FORMAT = "duidiao-event/1"

#: Deeper than any event file nests (an event file nests about 8 levels).
MAX_DEPTH = 32


def canonical_json(data: Any) -> bytes:
    """The file's bytes: UTF-8, sorted keys, one indent, a final newline — exactly
    ``json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1)`` and a newline.

    Written here rather than by ``json.dumps``: with an indent, the standard library
    encodes in Python a generator per container, and a 60-table event's file (17 MB,
    2.7 million values) took it 2–3 s. Here a dict's or list's scalar items are
    written one string each; text is escaped by the library's own (C) function."""
    out: list[str] = []
    _write(data, "\n", out.append)
    out.append("\n")
    return "".join(out).encode("utf-8")


_escape = json.encoder.encode_basestring  # ensure_ascii=False's escaping, in C


def _float(value: float) -> str:
    if value != value:
        return "NaN"
    if value in (math.inf, -math.inf):
        return "Infinity" if value > 0 else "-Infinity"
    return float.__repr__(value)


#: How each scalar type is written (as ``json.dumps`` writes it).
_SCALARS: dict[type, Callable[[Any], str]] = {
    str: _escape,
    int: int.__repr__,
    float: _float,
    bool: lambda value: "true" if value else "false",
    type(None): lambda value: "null",
}


def _scalar(value: Any) -> str | None:
    """``value`` written as JSON if it is no container (subclasses as their base,
    as ``json.dumps`` writes them); None for a container."""
    write = _SCALARS.get(type(value))
    if write is not None:
        return write(value)
    if isinstance(value, (dict, list, tuple)):
        return None
    if isinstance(value, str):
        return _escape(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        return _float(value)
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def _key(key: Any) -> str:
    """A dict key as ``json.dumps`` writes it: text, or a number or constant as text."""
    if isinstance(key, str):
        return _escape(key)
    if isinstance(key, (bool, int, float)) or key is None:
        text = _scalar(key)
        assert text is not None
        return _escape(text)
    raise TypeError(f"keys must be str, int, float, bool or None, not {type(key).__name__}")


def _write(value: Any, indent: str, out: Callable[[str], None]) -> None:
    """``value`` at the depth whose line break and indent is ``indent``."""
    text = _scalar(value)
    if text is not None:
        out(text)
        return
    inner = indent + " "
    if isinstance(value, dict):
        if not value:
            out("{}")
            return
        sep = "{" + inner
        for key, item in sorted(value.items()):
            name = _escape(key) if type(key) is str else _key(key)
            write = _SCALARS.get(type(item))  # the common case first, as in _scalar
            text = write(item) if write is not None else _scalar(item)
            if text is not None:
                out(f"{sep}{name}: {text}")
            else:
                out(f"{sep}{name}: ")
                _write(item, inner, out)
            sep = "," + inner
        out(indent + "}")
        return
    if not value:
        out("[]")
        return
    sep = "[" + inner
    for item in value:
        text = _scalar(item)
        if text is not None:
            out(sep + text)
        else:
            out(sep)
            _write(item, inner, out)
        sep = "," + inner
    out(indent + "]")


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
