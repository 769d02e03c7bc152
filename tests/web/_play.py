"""Playing boards for the page tests: deal a stage, type scorecards as a form would,
enter results through the board services with the rescoring they queue."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from boards.models import Board, Result
from boards.records import Entry
from boards.services import Actor, boards_generate, result_confirm, result_enter
from duidiao.celery import app as celery_app
from scoring.cache import local_clear
from tests._tables import open_side
from tournament.models import Stage, Table


@pytest.fixture
def eager(django_capture_on_commit_callbacks: Any) -> Iterator[Any]:
    """Rescoring runs in-process, on commit, as with no broker; the standings versions
    each process remembers for a second are forgotten between steps."""
    saved = celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates
    celery_app.conf.task_always_eager = True
    celery_app.conf.task_eager_propagates = True
    local_clear()
    yield django_capture_on_commit_callbacks
    local_clear()
    celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates = saved


def deal(stage: Stage) -> Stage:
    boards_generate(stage=stage)
    return stage


def fanzhu_trump(board: Board) -> str:
    """翻主: the third card from the bottom gives trump (大王 → H, 小王 → S); always
    declarable, so a result-only scorecard needs no hands."""
    third = board.bottom[-3]
    return {"BJ": "H", "LJ": "S"}.get(third, third[0])


def entry(board: Board, points: int = 40, *, declarer: str = "S", levels=("A", "A")) -> Entry:
    return Entry(
        levels={"NS": levels[0], "EW": levels[1]},
        declarer=declarer,
        trump=fanzhu_trump(board),
        declared_by=None,
        defender_points=points,
    )


def form(deal: Board, points: int | str = 40, /, *, declarer="S", levels=("A", "A"), **extra):
    """A scorecard as the page's form posts it."""
    return {
        "level_ns": levels[0],
        "level_ew": levels[1],
        "declarer": declarer,
        "trump": fanzhu_trump(deal),
        "declared_by": "",
        "defender_points": str(points),
        "dig": "",
        "xiaosa_bj": "0",
        "xiaosa_lj": "0",
        **extra,
    }


def boards_of(table: Table) -> list[Board]:
    sets = table.set_plays.order_by("order").values_list("board_set_id", flat=True)
    out: list[Board] = []
    for set_id in sets:
        out += list(Board.objects.filter(board_set_id=set_id).order_by("number"))
    return out


def at_table(capture: Any, board: Board, table: Table, points: int = 40, **kw: Any) -> Result:
    """Entered by N–S on the table's phone, confirmed by E–W."""
    with capture(execute=True):
        result = result_enter(
            board=board,
            table=table,
            entry=entry(board, points, **kw),
            actor=open_side(table, "NS"),
        )
        return result_confirm(result=result, actor=open_side(table, "EW"), version=1)


def by_director(capture: Any, user: Any, board: Board, table: Table, points: int = 40, **kw):
    with capture(execute=True):
        return result_enter(
            board=board, table=table, entry=entry(board, points, **kw), actor=Actor.director(user)
        )


def play_tables(capture: Any, user: Any, tables: list[Table], points=lambda table, board: 40):
    """Every board of ``tables`` entered by the director, first plays before replays."""
    plays = []
    for table in tables:
        for order, set_id in table.set_plays.values_list("order", "board_set_id"):
            plays.append((table.session, order, table.number, table, set_id))
    for _session, _order, _number, table, set_id in sorted(plays, key=lambda p: p[:3]):
        for board in Board.objects.filter(board_set_id=set_id).order_by("number"):
            by_director(capture, user, board, table, points(table, board))
