"""Reading JSON input for the JSON-in, JSON-out management commands (interfaces.md).

Each command reads a file or standard input and answers with exit status 0 (valid),
1 (read but invalid) or 2 (cannot be read at all, with a one-line reason and never a
traceback). The reading and the exit codes live here so every command behaves alike.

These commands compute from their input alone (no database, no URL), so they run none
of the site's system checks (``requires_system_checks = []``): the checks load every URL
and view, and with them ReportLab and openpyxl — about 1.5 s of CPU on each call.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand

from core.engine import REPEATED_KEYS, mark_repeated_keys

EXIT_VALID, EXIT_INVALID, EXIT_UNREADABLE = 0, 1, 2
# The largest input read (docs/architecture.md, "JSON commands"): a full-play record is
# about 3 kB, a traveller of 100 full-play records 300 kB.
MAX_INPUT_BYTES = 4 * 1024 * 1024


def read_json(path: str) -> Any:
    """The JSON value in `path` (or standard input for "-"); raises ValueError, bilingual.

    Any input gets an answer: a file too large, bytes that are not UTF-8, malformed or
    non-standard JSON (NaN, Infinity), numbers too long to read and nesting too deep to
    parse are all refused with a one-line reason. An object that gives a key twice is
    kept with the repeated keys marked (`core.engine.mark_repeated_keys`): the engine
    refuses a record so marked with `bad_record`, and `no_repeated_keys` refuses the
    command's own objects.
    """
    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", None)  # a text stream when replaced
            raw = (
                stream.read(MAX_INPUT_BYTES + 1)
                if stream is not None
                else sys.stdin.read(MAX_INPUT_BYTES + 1).encode("utf-8")
            )
        else:
            with open(path, "rb") as fh:
                raw = fh.read(MAX_INPUT_BYTES + 1)
    except OSError as exc:
        raise ValueError(f"无法读取文件 / cannot read {path}: {exc.strerror}") from exc
    if len(raw) > MAX_INPUT_BYTES:
        mib = MAX_INPUT_BYTES // (1024 * 1024)
        raise ValueError(f"输入超过 {mib} MiB 上限 / the input is over the {mib} MiB limit")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"输入不是 UTF-8 文本 / {path} is not UTF-8 text") from exc
    try:
        return json.loads(text, parse_constant=_no_constant, object_pairs_hook=mark_repeated_keys)
    except json.JSONDecodeError as exc:
        raise ValueError(
            f"JSON 格式错误：第 {exc.lineno} 行第 {exc.colno} 列 / "
            f"malformed JSON: line {exc.lineno} column {exc.colno}: {exc.msg}"
        ) from exc
    except RecursionError:
        raise ValueError("JSON 嵌套太深 / JSON nested too deep") from None
    except ValueError as exc:  # a number of more than 4,300 digits, NaN, Infinity
        raise ValueError(
            "JSON 含有无法读取的数（太长，或 NaN、Infinity）/ "
            "JSON holds a number that cannot be read (too long, or NaN or Infinity)"
        ) from exc


def no_repeated_keys(value: Any, where: str) -> None:
    """Raise ValueError (bilingual) when `value`, an object of the command's own input
    around the records, gave a key twice: which of the two was meant cannot be known."""
    if isinstance(value, dict) and REPEATED_KEYS in value:
        keys = ", ".join(value[REPEATED_KEYS])
        raise ValueError(f"{where} 的键重复：{keys} / {where} gives the key {keys} more than once")


def _no_constant(name: str) -> Any:
    raise ValueError(name)  # NaN, Infinity and -Infinity are not JSON (RFC 8259)


def emit(command: BaseCommand, payload: Any) -> None:
    command.stdout.write(json.dumps(payload, ensure_ascii=False, indent=1))


def unreadable(command: BaseCommand, reason: str) -> None:
    """Say why the input cannot be read, on one line, and exit 2."""
    command.stderr.write(reason.replace("\n", " "))
    raise SystemExit(EXIT_UNREADABLE)
