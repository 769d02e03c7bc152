"""``movement mitchell --tables T [--boards-per-round B]``: the pairs movement as JSON.

The contract is in interfaces.md; the movement itself is ``core.formats.mitchell``
(第二十八条). This command only parses, calls and prints, so the JSON is exactly what
the rest of the project computes.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandParser

from core.formats import FormatError
from core.formats.mitchell import mitchell

from ._json_command import JsonCommand

KINDS = ("mitchell",)


class Command(JsonCommand):
    help = "打印移位表（JSON）：movement mitchell --tables T [--boards-per-round B]"

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("kind", help="移位方式 movement: mitchell")
        parser.add_argument("--tables", type=int, required=True, help="桌数 tables")
        parser.add_argument(
            "--boards-per-round", type=int, default=4, help="每轮副数 boards per round (4)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        kind = options["kind"]
        if kind not in KINDS:
            self.fail(f"未知的移位方式 {kind!r}（可用：mitchell） / unknown movement {kind!r}")
        try:
            movement = mitchell(options["tables"], options["boards_per_round"])
        except FormatError as error:
            self.fail(str(error))
        self.emit(movement.to_dict())
