"""What the format commands share: JSON out, a one-line reason and exit 2 on bad input.

interfaces.md promises exit 2 when a command "cannot be read at all"; for commands
that only take arguments, that means bad arguments. argparse and Django would
otherwise print a usage block (from a shell) or raise ``CommandError`` (from
``call_command``); scripts want the same one line and status either way.

They compute from their arguments alone, so they run none of the site's system checks:
those load every URL and view, and with them ReportLab and openpyxl (about 1.5 s of CPU
on each call, for a command that prints a movement).
"""

from __future__ import annotations

import json
from typing import Any, NoReturn

from django.core.management.base import BaseCommand, CommandParser


class JsonCommand(BaseCommand):
    requires_system_checks: list[str] = []  # pure: no database, no URL, no view

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> CommandParser:
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        command = self

        def error(message: str) -> NoReturn:
            command.fail(message)

        parser.error = error  # type: ignore[method-assign]
        return parser

    def fail(self, reason: str) -> NoReturn:
        """Write ``reason`` on one line to stderr and stop with status 2."""
        self.stderr.write(" ".join(reason.split()))
        raise SystemExit(2)

    def emit(self, data: dict[str, Any]) -> None:
        self.stdout.write(json.dumps(data, ensure_ascii=False, indent=2))
