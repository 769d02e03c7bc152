"""`python manage.py check_board FILE`: the verdict of one board record (interfaces.md)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from core.engine import check_board
from scoring.jsonio import EXIT_INVALID, emit, read_json, unreadable


class Command(BaseCommand):
    help = "检查一副牌的记录并输出裁定 JSON / check a duidiao-board/1 record, print its verdict"
    requires_system_checks: list[str] = []  # pure: see scoring.jsonio

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="board record JSON, or - for standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            verdict = check_board(read_json(options["file"]))
        except ValueError as exc:  # unreadable JSON, or RecordUnreadable: not a board record
            unreadable(self, str(exc))
        emit(self, verdict.to_dict())
        if not verdict.valid:
            raise SystemExit(EXIT_INVALID)
