"""`python manage.py matchpoints FILE`: matchpoints of one board's traveller (第二十八条).

Input and output as interfaces.md says, with two optional extensions: a play may carry
`"artificial": {"ns": "average_plus", "ew": "average_minus"}` instead of a record (a
table that could not play the board), and `"expected_plays": N` scales a board played
fewer times than the others with the Neuberg formula (by default N is the number of
plays listed). The scoring itself is `core.matchpoints.score_board`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from core.engine import ErrorCode, RuleError
from core.matchpoints import Artificial, ArtificialScore, score_board
from core.numbers import rounded
from core.results import PlayResult, board_mismatch, judge_record
from scoring.jsonio import EXIT_INVALID, emit, no_repeated_keys, read_json, unreadable

FORMAT = "duidiao-traveller/1"


class Command(BaseCommand):
    help = "计算一副牌随牌计分表的比赛分 / matchpoints of one board's traveller"
    requires_system_checks: list[str] = []  # pure: see scoring.jsonio

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="duidiao-traveller/1 JSON, or - for standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            data = read_json(options["file"])
            board, rows, expected = _traveller(data)
            entries = [_entry(i, row) for i, row in enumerate(rows)]
        except ValueError as exc:  # unreadable JSON, wrong format, or not a board record
            unreadable(self, str(exc))
        invalid = []
        seen: dict[str, set[str]] = {"ns": set(), "ew": set()}
        for i, (row, (errors, entry)) in enumerate(zip(rows, entries, strict=True)):
            found = list(errors)
            mismatch = board_mismatch(row.get("record"), board)
            if mismatch is not None:
                found.append(mismatch)
            for direction in ("ns", "ew"):
                pair = _pair(row, direction)
                if pair in seen[direction]:
                    found.append(_duplicate(direction, pair, board))
                seen[direction].add(pair)
            if found or entry is None:
                invalid.append(
                    {
                        "record": f"plays[{i}]",
                        "ns": _pair(row, "ns"),
                        "ew": _pair(row, "ew"),
                        "errors": [e.to_dict() for e in found],
                    }
                )
        if invalid:
            emit(self, {"valid": False, "invalid": invalid})
            raise SystemExit(EXIT_INVALID)
        scores = score_board(
            [entry for _, entry in entries if entry is not None], expected=expected
        )
        emit(
            self,
            {
                "board": board,
                "top": scores.top,
                "ns": {_pair(r, "ns"): _number(s) for r, s in zip(rows, scores.ns, strict=True)},
                "ew": {_pair(r, "ew"): _number(s) for r, s in zip(rows, scores.ew, strict=True)},
            },
        )


def _traveller(data: Any) -> tuple[int | None, list[dict[str, Any]], int | None]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        found = data.get("format") if isinstance(data, dict) else None
        raise ValueError(f"未知格式 {found!r}，应为 {FORMAT} / unknown format, expected {FORMAT}")
    no_repeated_keys(data, "traveller")
    board = data.get("board")
    if board is not None and (isinstance(board, bool) or not isinstance(board, int)):
        raise ValueError("board 应为整数 / board must be a whole number")
    rows = data.get("plays")
    if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
        raise ValueError("plays 应为非空的对象列表 / plays must be a non-empty list of objects")
    for i, row in enumerate(rows):
        no_repeated_keys(row, f"plays[{i}]")
        no_repeated_keys(row.get("artificial"), f"plays[{i}] artificial")
        for direction in ("ns", "ew"):
            pair = row.get(direction)
            if isinstance(pair, bool) or not isinstance(pair, str | int) or pair == "":
                raise ValueError(
                    f"plays[{i}] 缺少 {direction} 对号 / plays[{i}] has no {direction} pair"
                )
        if ("record" in row) == ("artificial" in row):
            raise ValueError(
                f"plays[{i}] 应有 record 或 artificial 之一 / "
                f"plays[{i}] needs exactly one of record and artificial"
            )
    expected = data.get("expected_plays")
    if expected is not None and (
        isinstance(expected, bool) or not isinstance(expected, int) or expected < len(rows)
    ):
        raise ValueError(
            f"expected_plays 应为不小于 {len(rows)} 的整数 / "
            f"expected_plays must be a whole number of at least {len(rows)}"
        )
    return board, rows, expected


def _entry(
    i: int, row: dict[str, Any]
) -> tuple[tuple[RuleError, ...], PlayResult | ArtificialScore | None]:
    """A traveller line: a judged record (None when invalid), or an artificial score."""
    if "artificial" in row:
        given = row["artificial"]
        try:
            return (), ArtificialScore(Artificial(given["ns"]), Artificial(given["ew"]))
        except (TypeError, KeyError, ValueError):
            kinds = ", ".join(a.value for a in Artificial)
            raise ValueError(
                f'plays[{i}] artificial 应为 {{"ns": …, "ew": …}}，取值 {kinds} / '
                f"plays[{i}] artificial must give ns and ew, each one of {kinds}"
            ) from None
    try:
        verdict, play = judge_record(row["record"])
    except ValueError as exc:  # RecordUnreadable: not a board record at all
        raise ValueError(f"plays[{i}]: {exc}") from exc
    return verdict.errors, play


def _pair(row: dict[str, Any], direction: str) -> str:
    return str(row[direction])


def _duplicate(direction: str, pair: str, board: int | None) -> RuleError:
    return RuleError(
        code=ErrorCode.BAD_RECORD,
        message_zh=f"{'南北' if direction == 'ns' else '东西'} {pair} 号对在这副牌上出现两次",
        message_en=f"{direction.upper()} pair {pair} appears twice on this board",
        board=board,
    )


def _number(score: Fraction) -> int | float:
    """Whole matchpoints print as integers; Neuberg and 60%/40% scores to 2 decimals,
    half up on the exact value (``core.numbers``, as every page and paper prints them:
    0.125 is 0.13, where a float's ``round`` gave 0.12)."""
    return int(score) if score.denominator == 1 else float(rounded(score, 2))
