"""``schedule KIND --teams N``: a team schedule or bracket as JSON.

``round-robin`` prints the interfaces.md contract (Berger tables, 第二十五条);
``knockout`` and ``double-elimination`` print the drawn bracket (第二十七条) — new
kinds, which the contract allows (``--places`` adds a knockout's placing matches);
``swiss`` prints the most rounds a Swiss of N teams can play (N − 1, or N when N is
odd: then every team has met every other) and its round 1 (later rounds follow from
the results, each paired while a pairing without a rematch exists). Only parsing and
printing happen here.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandParser

from core.formats import FormatError
from core.formats.double_elimination import double_elimination
from core.formats.knockout import knockout
from core.formats.round_robin import berger_rounds
from core.formats.swiss import check_rounds, first_round, max_rounds

from ._json_command import JsonCommand

KINDS = ("round-robin", "knockout", "double-elimination", "swiss")


class Command(JsonCommand):
    help = (
        "打印赛程（JSON）：schedule round-robin --teams N [--double] | "
        "knockout --teams N [--places P] | double-elimination --teams N [--reset] | "
        "swiss --teams N"
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("kind", help="赛制 format: " + ", ".join(KINDS))
        parser.add_argument("--teams", type=int, required=True, help="队数 teams")
        parser.add_argument(
            "--double", action="store_true", help="双循环 double round robin (round-robin)"
        )
        parser.add_argument(
            "--reset",
            action="store_true",
            help="负区冠军胜决赛后加赛一场 bracket reset (double-elimination)",
        )
        parser.add_argument(
            "--places",
            type=int,
            default=2,
            help="决出名次数 places decided: 2, 4 (三四名决赛), 8 … (knockout)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        kind, teams = options["kind"], options["teams"]
        if kind not in KINDS:
            self.fail(
                f"未知的赛制 {kind!r}（可用：{'、'.join(KINDS)}） / unknown schedule {kind!r}"
            )
        if options["double"] and kind != "round-robin":
            self.fail("--double 只用于循环赛 / --double applies to round-robin only")
        if options["reset"] and kind != "double-elimination":
            self.fail("--reset 只用于双败淘汰赛 / --reset applies to double-elimination only")
        if options["places"] != 2 and kind != "knockout":
            self.fail("--places 只用于单淘汰赛 / --places applies to knockout only")
        try:
            if kind == "swiss":
                check_rounds(teams, 1)
                data = {
                    "max_rounds": max_rounds(teams),
                    "rounds": [first_round(list(range(1, teams + 1))).to_dict()],
                }
            elif kind == "round-robin":
                data = berger_rounds(teams, double=options["double"]).to_dict()
            elif kind == "knockout":
                data = knockout(teams, places=options["places"]).to_dict()
            else:
                data = double_elimination(teams, bracket_reset=options["reset"]).to_dict()
        except FormatError as error:
            self.fail(str(error))
        self.emit(data)
