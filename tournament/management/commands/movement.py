"""``movement mitchell --tables T | --pairs P [--boards-per-round B] [--rounds R]`` and
``movement howell --pairs P [--boards-per-round B] [--rounds R]``: a pairs movement as
JSON.

The contract is in interfaces.md; the movements themselves are ``core.formats.mitchell``
(第二十八条) and ``core.formats.howell``. An empty seat (an odd field's phantom pair)
is ``"ns": null`` or ``"ew": null``. This command only parses, calls and prints, so
the JSON is exactly what the rest of the project computes.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandParser

from core.formats import FormatError
from core.formats.howell import howell
from core.formats.mitchell import mitchell, mitchell_for_pairs

from ._json_command import JsonCommand

KINDS = ("mitchell", "howell")


class Command(JsonCommand):
    help = (
        "打印移位表（JSON）：movement mitchell --tables T | --pairs P "
        "[--boards-per-round B] [--rounds R]；movement howell --pairs P"
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("kind", help="移位方式 movement: mitchell, howell")
        parser.add_argument("--tables", type=int, help="桌数 tables (Mitchell)")
        parser.add_argument("--pairs", type=int, help="对数 pairs (odd: one sits out each round)")
        parser.add_argument(
            "--boards-per-round", type=int, default=4, help="每轮副数 boards per round (4)"
        )
        parser.add_argument("--rounds", type=int, help="轮数 rounds (fewer: shortened)")

    def handle(self, *args: Any, **options: Any) -> None:
        kind, tables, pairs = options["kind"], options["tables"], options["pairs"]
        if kind not in KINDS:
            self.fail(
                f"未知的移位方式 {kind!r}（可用：mitchell、howell） / unknown movement {kind!r}"
            )
        boards, rounds = options["boards_per_round"], options["rounds"]
        try:
            if kind == "howell":
                if pairs is None or tables is not None:
                    self.fail("豪威尔移位需要 --pairs P / a Howell takes --pairs P")
                movement = howell(pairs, boards, rounds=rounds)
            elif (tables is None) == (pairs is None):
                self.fail(
                    "米切尔移位需要 --tables T 或 --pairs P（二选一） / "
                    "a Mitchell takes either --tables T or --pairs P"
                )
            elif tables is not None:
                movement = mitchell(tables, boards, rounds=rounds)
            else:
                movement = mitchell_for_pairs(pairs, boards, rounds=rounds)
        except FormatError as error:
            self.fail(str(error))
        self.emit(movement.to_dict())
