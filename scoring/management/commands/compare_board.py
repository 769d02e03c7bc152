"""`python manage.py compare_board FILE`: board points of one team-match board (第二十四条).

Input and output as interfaces.md says; the comparison itself is
`core.comparison.compare_board`. Both rooms play one box card (第二十四条之2): a closed
room whose board, level, trump, declarer or declaring player differs from the open
room's is invalid (`bad_record`), never scored.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from core.comparison import compare_board
from core.engine import RuleError
from core.results import PlayResult, board_mismatch, box_card_mismatch, judge_record
from scoring.jsonio import EXIT_INVALID, emit, no_repeated_keys, read_json, unreadable

FORMAT = "duidiao-compare/1"
ROOMS = ("open", "closed")  # 开室, 闭室


class Command(BaseCommand):
    help = "比较一副牌开室与闭室的结果，输出单副得分 / team board points of one board"
    requires_system_checks: list[str] = []  # pure: see scoring.jsonio

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="duidiao-compare/1 JSON, or - for standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            data = read_json(options["file"])
            open_ns, open_ew = _teams(data)
            judged = {room: _judge(data, room) for room in ROOMS}
        except ValueError as exc:  # unreadable JSON, wrong format, or not a board record
            unreadable(self, str(exc))
        board = data["open"].get("board") if isinstance(data["open"], dict) else None
        plays: dict[str, PlayResult] = {}
        invalid = []
        for room, (errors, play) in judged.items():
            mismatch = board_mismatch(data[room], board if isinstance(board, int) else None)
            if mismatch is not None:
                errors = (*errors, mismatch)
            if play is None or errors:
                invalid.append({"record": room, "errors": [e.to_dict() for e in errors]})
            else:
                plays[room] = play
        if not invalid:
            other = box_card_mismatch(data["closed"], data["open"])
            if other is not None:
                invalid.append({"record": "closed", "errors": [other.to_dict()]})
        if invalid:
            emit(self, {"valid": False, "invalid": invalid})
            raise SystemExit(EXIT_INVALID)
        result = compare_board(plays["open"], plays["closed"], open_ns=open_ns, open_ew=open_ew)
        emit(
            self,
            {
                "points": dict(result.points),
                "reason": result.reason_zh,
                "reason_en": result.reason_en,
                "step": result.step,
            },
        )


def _teams(data: Any) -> tuple[str, str]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        found = data.get("format") if isinstance(data, dict) else None
        raise ValueError(f"未知格式 {found!r}，应为 {FORMAT} / unknown format, expected {FORMAT}")
    no_repeated_keys(data, "compare")
    teams = data.get("teams")
    no_repeated_keys(teams, "teams")
    names = (teams.get("open_ns"), teams.get("open_ew")) if isinstance(teams, dict) else ()
    if len(names) != 2 or not all(isinstance(n, str) and n for n in names):
        raise ValueError(
            'teams 应为 {"open_ns": 队名, "open_ew": 队名} / '
            'teams must be {"open_ns": name, "open_ew": name}'
        )
    if names[0] == names[1]:
        raise ValueError("两队名称相同 / the two teams have the same name")
    return names[0], names[1]


def _judge(data: dict[str, Any], room: str) -> tuple[tuple[RuleError, ...], PlayResult | None]:
    if room not in data:
        raise ValueError(f"缺少 {room} 记录 / the {room} record is missing")
    try:
        verdict, play = judge_record(data[room])
    except ValueError as exc:  # RecordUnreadable: not a board record at all
        raise ValueError(f"{room}: {exc}") from exc
    return verdict.errors, play
