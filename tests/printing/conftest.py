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
