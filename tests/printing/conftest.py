"""A small event with every kind of paper to print, made once per test.

Four teams play a round robin (one session of four boards) and then a knockout; six
pairs play a three-table Mitchell of two boards a round. Every board is dealt. The
demo's draw seed keeps the Mitchell's directions the same on every run.
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from boards.services import boards_generate_event
from tournament.models import Entrant, Event, Stage
from tournament.services import entrants_add, event_create, stage_create

from ._pdf import PdfFile

TEAMS = ["红山队", "松山队", "元宝山队", "宁城队"]
PAIRS = [
    ("张伟", "王芳"),
    ("李娜", "刘洋"),
    ("陈静", "杨磊"),
    ("赵勇", "黄艳"),
    ("周杰", "吴军"),
    ("徐涛", "孙明"),
]


@pytest.fixture
def event(db: Any) -> Event:
    event = event_create(
        name="赤峰市对调复式赛",
        code="chifeng",
        venue="赤峰市红山区",
        starts_on=datetime.date(2025, 8, 1),
        ends_on=datetime.date(2025, 8, 2),
    )
    teams = entrants_add(
        event=event,
        kind=Entrant.Kind.TEAM,
        entries=[
            {
                "name": name,
                "club": "赤峰",
                "players": [f"{name[:2]}{j}号" for j in range(1, 5)],
                "seed": i,
            }
            for i, name in enumerate(TEAMS, start=1)
        ],
    )
    pairs = entrants_add(
        event=event,
        kind=Entrant.Kind.PAIR,
        entries=[{"players": list(names)} for names in PAIRS],
    )
    team_settings = {"boards_per_session": 4, "sessions": 1}
    stage_create(
        event=event,
        kind=Stage.Kind.ROUND_ROBIN,
        name="团体循环赛",
        entrants=teams,
        settings=team_settings,
    )
    stage_create(
        event=event,
        kind=Stage.Kind.KNOCKOUT,
        name="团体淘汰赛",
        entrants=teams,
        settings=team_settings,
    )
    stage_create(
        event=event,
        kind=Stage.Kind.MITCHELL,
        name="双人双冠军赛",
        entrants=pairs,
        settings={"boards_per_round": 2},
        draw_seed=2007,
    )
    boards_generate_event(event=event)
    return event


@pytest.fixture
def mitchell(event: Event) -> Stage:
    return event.stages.get(kind=Stage.Kind.MITCHELL)


@pytest.fixture
def pdf():
    """``pdf(rendered)``: the ``(filename, mimetype, bytes)`` of a renderer, opened."""
    return PdfFile.of


@pytest.fixture
def eager() -> Any:
    """Tasks in this process even when CI points Celery at a worker: the worker cannot
    see the test's uncommitted database."""
    from duidiao.celery import app

    before = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager = app.conf.task_eager_propagates = True
    yield
    app.conf.task_always_eager, app.conf.task_eager_propagates = before


@pytest.fixture
def director(db: Any) -> Any:
    """裁判长: the event's director (a role in this event, not a superuser)."""
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user("chief", password="secret-pw")


@pytest.fixture
def played(event: Event, director: Any, eager: Any) -> Event:
    """The event after its first round: every table's result entered at the table and
    confirmed by the other side (the last one of each stage left waiting), one result
    corrected by the director, a ruling recorded, appealed and upheld, and everything
    rescored — what standings, results, slips and the event export print."""
    from boards.demo import load_demo_boards
    from boards.models import Result
    from boards.records import Entry
    from boards.services import Actor, result_correct
    from rulings.services import ruling_appeal, ruling_create, ruling_uphold
    from scoring.services import rescore_event
    from tournament.models import EventRole

    EventRole.objects.create(event=event, user=director, role=EventRole.Role.DIRECTOR)
    load_demo_boards(event, rounds=1)
    team = event.stages.get(kind=Stage.Kind.ROUND_ROBIN)
    result = (
        Result.objects.filter(board__stage=team, status=Result.Status.CONFIRMED)
        .order_by("board__number", "table__number")
        .first()
    )
    assert result is not None
    points = result.defender_points + (5 if result.defender_points < 100 else -5)
    result_correct(
        result=result,
        entry=Entry.from_box_card(result.box_card_values(), defender_points=points, dig=None),
        actor=Actor.director(director),
        version=result.version,
        reason="计分卡抄错",
    )
    ruling = ruling_create(
        by=director,
        irregularity="exposed_card",
        decision="penalty_card",
        table=result.table,
        board=result.board,
        offender_side="NS",
        reason_zh="南家在首攻前暴露红心A。",
        reason_en="South exposed the ace of hearts before the opening lead.",
    )
    ruling = ruling_appeal(ruling=ruling, by=director, note="队长提出申诉")
    ruling_uphold(ruling=ruling, by=director, note="仲裁维持原判")
    rescore_event(event.pk)
    return event
