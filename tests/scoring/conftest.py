"""Personas and builders for the scoring tests that use the database.

Events are laid out by the tournament services and dealt by the boards services;
results go in through ``boards.services`` (entered at a table, confirmed by the other
side, or entered by the director), so every test scores what the engine judged, the
way a real event does. Rescoring is queued on commit: the ``play`` helpers run the
commit callbacks, Celery being eager in tests.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from boards.models import Board, Result
from boards.records import Entry
from boards.services import Actor, boards_generate, result_confirm, result_enter
from core.engine import parse_card
from duidiao.celery import app as celery_app
from tests._tables import open_side
from tournament.models import Entrant, Event, Stage, Table
from tournament.services import entrants_add, event_create, stage_create


@pytest.fixture(autouse=True)
def _eager_celery() -> Iterator[None]:
    """These tests read the rows a task wrote: run tasks in-process even when the suite
    runs with a broker and a worker (CI's PostgreSQL pass), whose database is not the
    test database."""
    saved = celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates
    celery_app.conf.task_always_eager = True
    celery_app.conf.task_eager_propagates = True
    yield
    celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates = saved


@pytest.fixture
def director(db: Any) -> Any:
    return get_user_model().objects.create_user("director", is_staff=True, is_superuser=True)


@pytest.fixture
def event(db: Any) -> Event:
    return event_create(
        name="赤峰市对调复式赛", code="chifeng", starts_on=datetime.date(2025, 8, 1)
    )


@pytest.fixture
def make_teams(event: Event) -> Callable[[int], list[Entrant]]:
    def make(count: int) -> list[Entrant]:
        return entrants_add(
            event=event,
            kind=Entrant.Kind.TEAM,
            entries=[
                {"name": f"第{i + 1}队", "players": [f"队{i + 1}-{j + 1}" for j in range(4)]}
                for i in range(count)
            ],
        )

    return make


@pytest.fixture
def make_pairs(event: Event) -> Callable[[int], list[Entrant]]:
    def make(count: int) -> list[Entrant]:
        return entrants_add(
            event=event,
            kind=Entrant.Kind.PAIR,
            entries=[{"players": [f"对{i + 1}甲", f"对{i + 1}乙"]} for i in range(count)],
        )

    return make


@pytest.fixture
def make_stage(event: Event) -> Callable[..., Stage]:
    """``make_stage(kind, entrants, **settings)``: a scheduled, dealt stage."""

    def make(kind: str, entrants: list[Entrant] | None = None, **settings: Any) -> Stage:
        source = settings.pop("source", None)
        stage = stage_create(
            event=event,
            kind=kind,
            entrants=entrants,
            settings=settings,
            source=source,
            draw_seed=7,
        )
        boards_generate(stage=stage)
        return stage

    return make


def fanzhu_trump(board: Board) -> str:
    """The trump of 翻主: the third card from the bottom (大王 → H, 小王 → S) — always
    declarable, so result-only scorecards need no hands."""
    third = board.bottom[-3]
    return {"BJ": "H", "LJ": "S"}.get(third, third[0])


def seat_facing(board: Board, card: str) -> str:
    """A declarer seat whose opponents hold ``card`` (so a dig with it is possible)."""
    wanted = parse_card(card)
    for seat, cards in board.hands.items():
        if any(parse_card(c) == wanted for c in cards):
            return {"N": "E", "S": "E", "E": "N", "W": "N"}[seat]
    raise AssertionError(f"{card} is in the bottom")


def entry(
    board: Board,
    points: int,
    dig: str | None = None,
    *,
    declarer: str = "S",
    levels: tuple[str, str] = ("A", "A"),
) -> Entry:
    return Entry(
        levels={"NS": levels[0], "EW": levels[1]},
        declarer=declarer,
        trump=fanzhu_trump(board),
        declared_by=None,
        defender_points=points,
        dig=dig,
    )


class Play:
    """Entering results the ways a real event does, with the rescoring they queue."""

    def __init__(self, director: Any, capture: Any) -> None:
        self.director = Actor.director(director)
        self.capture = capture

    def at_table(
        self, board: Board, table: Table, points: int, dig: str | None = None, **kw: Any
    ) -> Result:
        """Entered by N–S on the table's phone and confirmed by E–W (第二十四条's rooms)."""
        with self.capture(execute=True):
            result = result_enter(
                board=board,
                table=table,
                entry=entry(board, points, dig, **kw),
                actor=open_side(table, "NS"),
            )
            return result_confirm(result=result, actor=open_side(table, "EW"), version=1)

    def by_director(
        self, board: Board, table: Table, points: int, dig: str | None = None, **kw: Any
    ) -> Result:
        with self.capture(execute=True):
            return result_enter(
                board=board, table=table, entry=entry(board, points, dig, **kw), actor=self.director
            )

    def correct(self, result: Result, points: int, dig: str | None = None, **kw: Any) -> Result:
        from boards.services import result_correct

        result.refresh_from_db()
        with self.capture(execute=True):
            return result_correct(
                result=result,
                entry=entry(result.board, points, dig, **kw),
                actor=self.director,
                version=result.version,
                reason="计分卡抄错",
            )


@pytest.fixture
def play(director: Any, django_capture_on_commit_callbacks: Any) -> Play:
    return Play(director, django_capture_on_commit_callbacks)


@pytest.fixture
def half_played(make_teams: Any, make_stage: Any, play: Play) -> tuple[Stage, Any, Board]:
    """A round robin of four: in round 1, M1 has played all four boards and M2 three, so
    board 4 is hidden from players (every copy must be played first)."""
    from boards.selectors import visible_board_ids
    from tournament.models import Match

    from ._matches import boards_of, tables

    stage = make_stage("round_robin", make_teams(4), boards_per_session=4, sessions=1)
    first, second = Match.objects.filter(stage=stage, round__number=1).order_by("number")
    open1, closed1 = tables(first)
    for board in boards_of(open1):  # home makes 60 and breaks away at 95: home 2 a board
        play.at_table(board, open1, 60)
        play.at_table(board, closed1, 95)
    open2, closed2 = tables(second)
    for board in boards_of(open2)[:3]:
        play.at_table(board, open2, 40)
        play.at_table(board, closed2, 40)
    hidden = boards_of(open1)[3]
    assert hidden.pk not in visible_board_ids([hidden])
    return stage, first, hidden
