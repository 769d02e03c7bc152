"""The scoring tests read the rows a task wrote: every task runs in-process. Their
events come from the root conftest (``make_teams``, ``make_pairs``, ``make_stage``) and
their results from ``play``; ``half_played`` is a round robin with a board still hidden
from players (第二十八条之6)."""

from __future__ import annotations

from typing import Any

import pytest

from boards.models import Board
from boards.selectors import visible_board_ids
from tests.builders import Play, boards_of, rooms
from tournament.models import Match, Stage


@pytest.fixture(autouse=True)
def _eager_celery(eager: Any) -> None:
    """Rescoring runs in this process (see ``builders.tasks_in_process``)."""


@pytest.fixture
def half_played(make_teams: Any, make_stage: Any, play: Play) -> tuple[Stage, Match, Board]:
    """A round robin of four: in round 1, M1 has played all four boards and M2 three, so
    board 4 is hidden from players (every copy must be played first)."""
    stage = make_stage("round_robin", make_teams(4), boards_per_session=4, sessions=1)
    first, second = Match.objects.filter(stage=stage, round__number=1).order_by("number")
    open1, closed1 = rooms(first)
    for board in boards_of(open1):  # home makes 60 and breaks away at 95: home 2 a board
        play.at_table(board, open1, 60)
        play.at_table(board, closed1, 95)
    open2, closed2 = rooms(second)
    for board in boards_of(open2)[:3]:
        play.at_table(board, open2, 40)
        play.at_table(board, closed2, 40)
    hidden = boards_of(open1)[3]
    assert hidden.pk not in visible_board_ids([hidden])
    return stage, first, hidden
