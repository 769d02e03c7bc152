"""Personas and builders for the event-structure tests, made once per test."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model

from tournament.models import Entrant, Event
from tournament.services import entrants_add, event_create

TEAM_NAMES = [
    "红山队",
    "松山队",
    "元宝山队",
    "宁城队",
    "林西队",
    "巴林队",
    "克什克腾队",
    "翁牛特队",
    "敖汉队",
    "喀喇沁队",
    "阿鲁科尔沁队",
    "天山队",
    "大板队",
    "经棚队",
    "乌丹队",
    "新惠队",
]


@pytest.fixture
def director(db):
    """The chief director (裁判长): a superuser, as load_demo makes."""
    return get_user_model().objects.create_superuser(
        username="director", password="duidiao", email=""
    )


@pytest.fixture
def event(db) -> Event:
    return event_create(
        name="赤峰市对调复式赛",
        code="chifeng",
        venue="赤峰市红山区",
        starts_on=datetime.date(2025, 8, 1),
        ends_on=datetime.date(2025, 8, 2),
    )


@pytest.fixture
def make_teams(event):
    """``make_teams(n)``: n teams of four named players, numbered and seeded 1..n."""

    def make(count: int, size: int = 4) -> list[Entrant]:
        start = event.entrants.filter(kind=Entrant.Kind.TEAM).count()
        return entrants_add(
            event=event,
            kind=Entrant.Kind.TEAM,
            entries=[
                {
                    "name": TEAM_NAMES[i] if i < len(TEAM_NAMES) else f"第{i + 1}队",
                    "players": [f"队{i + 1}选手{j + 1}" for j in range(size)],
                    "seed": i + 1,
                }
                for i in range(start, start + count)
            ],
        )

    return make


@pytest.fixture
def make_pairs(event):
    """``make_pairs(n)``: n pairs of two named players."""

    def make(count: int) -> list[Entrant]:
        return entrants_add(
            event=event,
            kind=Entrant.Kind.PAIR,
            entries=[{"players": [f"对{i + 1}甲", f"对{i + 1}乙"]} for i in range(count)],
        )

    return make
