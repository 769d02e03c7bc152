"""Reading JSON input for the JSON-in, JSON-out management commands (interfaces.md).

Each command reads a file or standard input and answers with exit status 0 (valid),
1 (read but invalid) or 2 (cannot be read at all, with a one-line reason and never a
traceback). The reading and the exit codes live here so every command behaves alike.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand

EXIT_VALID, EXIT_INVALID, EXIT_UNREADABLE = 0, 1, 2


def read_json(path: str) -> Any:
    """The JSON value in `path` (or standard input for "-"); raises ValueError, bilingual."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
    except OSError as exc:
        raise ValueError(f"无法读取文件 / cannot read {path}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise ValueError(f"文件不是 UTF-8 文本 / {path} is not UTF-8 text") from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(
            f"JSON 格式错误 / malformed JSON: line {exc.lineno} column {exc.colno}: {exc.msg}"
        ) from exc


def emit(command: BaseCommand, payload: Any) -> None:
    command.stdout.write(json.dumps(payload, ensure_ascii=False, indent=1))


def unreadable(command: BaseCommand, reason: str) -> None:
    """Say why the input cannot be read, on one line, and exit 2."""
    command.stderr.write(reason.replace("\n", " "))
    raise SystemExit(EXIT_UNREADABLE)
