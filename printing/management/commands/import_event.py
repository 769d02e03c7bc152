"""``python manage.py import_event FILE [--code NEW]``

Rebuild an event from a file ``export_event`` wrote, in one transaction, and rescore
it (``printing.transfer``). ``--code`` imports it under a new event code (a copy beside
the original). Users unknown here become inactive accounts without a password.

Exit status: 0 imported; 2 the file cannot be read (missing, not JSON, nested too
deep, not an event file, a null or a wrong type where a value belongs) or the
arguments are wrong; 1 the file is an event file but cannot be imported (the code is
taken, a reference is missing, the rules engine refuses a deal or a result — named by
stage and board, with the reason) — nothing is then saved.
Errors are one line, in Chinese and English.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NoReturn

from django.core.exceptions import ValidationError
from django.core.management.base import CommandParser
from django.core.validators import validate_slug

from printing.transfer import TransferError, event_file_read, event_import
from tournament.management.commands._json_command import JsonCommand


class Command(JsonCommand):
    help = "从 JSON 文件导入整个赛事 / import a whole event from its JSON file"

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="export_event 导出的文件 / a file export_event wrote")
        parser.add_argument("--code", help="以新的赛事代码导入 / import under a new event code")

    def invalid(self, reason: str) -> NoReturn:
        self.stderr.write(" ".join(reason.split()))
        raise SystemExit(1)

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["file"])
        try:
            content = path.read_bytes()
        except OSError as error:
            self.fail(
                f"无法读取文件 {path}（{error.strerror}） / cannot read {path}: {error.strerror}"
            )
        code = options["code"]
        try:
            if code is not None:
                validate_slug(code)
        except ValidationError:
            self.fail(
                f"赛事代码只能由字母、数字、连字符组成：{code!r} / "
                f"an event code is letters, digits and hyphens: {code!r}"
            )
        try:
            data = event_file_read(content)
        except TransferError as error:
            self.fail(str(error))
        try:
            summary = event_import(data, code=code)
        except TransferError as error:
            if error.code in ("unreadable", "malformed"):
                self.fail(str(error))
            self.invalid(str(error))
        self.stdout.write(f"{summary.line_zh()} / {summary.line_en()}")
        if summary.users_created:
            names = ", ".join(summary.users_created)
            self.stdout.write(
                f"新建未启用的账号：{names}（请在管理后台启用） / "
                f"accounts created inactive: {names} (activate them in the admin)"
            )
        if summary.codes_replaced:
            self.stdout.write(
                f"{summary.codes_replaced}个牌桌录入码已被占用，已换新码 / "
                f"{summary.codes_replaced} table codes were taken here and were replaced"
            )
