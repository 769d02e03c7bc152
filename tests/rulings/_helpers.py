"""Reading the scores a ruling should change, and recording rulings with the commit
callbacks run (rescoring is queued on commit; Celery is eager in tests)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from boards.models import Board, Result
from rulings import services
from rulings.models import Ruling
from scoring.models import BoardScore, MatchScore
from tournament.models import Match, Table


def scores(match: Match) -> tuple[Decimal, Decimal]:
    """(home, away) match score: board points less penalties (第二十四条)."""
    row = MatchScore.objects.get(match=match)
    return row.home_score, row.away_score


def board_points(match: Match, number: int) -> tuple[int, int, str]:
    row = BoardScore.objects.get(match=match, number=number)
    return row.home_points, row.away_points, row.state


def board(match: Match, number: int) -> Board:
    return Board.objects.get(stage=match.stage, round=match.round, number=number)


def result(match: Match, number: int, table: Table) -> Result:
    return Result.objects.get(board=board(match, number), table=table)


class Rule:
    """The ruling services, each call committed so the rescoring runs."""

    def __init__(self, capture: Any, user: Any) -> None:
        self.capture = capture
        self.user = user

    def _run(self, service: Any, **kwargs: Any) -> Ruling:
        kwargs.setdefault("by", self.user)
        with self.capture(execute=True):
            return service(**kwargs)

    def create(self, **kwargs: Any) -> Ruling:
        kwargs.setdefault("reason_zh", "裁判当场判定")
        return self._run(services.ruling_create, **kwargs)

    def change(self, ruling: Ruling, note: str = "申诉后改判", **kwargs: Any) -> Ruling:
        return self._run(services.ruling_change, ruling=ruling, note=note, **kwargs)

    def appeal(self, ruling: Ruling, note: str = "队长提出申诉") -> Ruling:
        return self._run(services.ruling_appeal, ruling=ruling, note=note)

    def uphold(self, ruling: Ruling, note: str = "仲裁维持原判") -> Ruling:
        return self._run(services.ruling_uphold, ruling=ruling, note=note)

    def withdraw(self, ruling: Ruling, note: str = "经核实撤销") -> Ruling:
        return self._run(services.ruling_withdraw, ruling=ruling, note=note)
