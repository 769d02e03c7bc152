"""Personas and a running event with a stage of every format, for the page tests.

The event is built through the services (not ``load_demo``), so these tests depend only
on the event structure: eight teams in a round robin (the first six), groups feeding a
knockout, a double elimination and a team match; eight pairs in a Mitchell feeding the
pairs final.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests._tables import start_first_rounds
from tournament.models import Entrant, Event, EventRole, Stage
from tournament.services import entrants_add, event_create, stage_create

from ._play import eager  # noqa: F401 (a fixture: rescoring on commit, in-process)

TEAM_NAMES = ["红山队", "松山队", "元宝山队", "宁城队"]
TEAM_NAMES += ["林西队", "巴林队", "克什克腾队", "翁牛特队"]
PAIR_PLAYERS = [
    ("张伟", "王芳"),
    ("李娜", "刘敏"),
    ("陈静", "杨磊"),
    ("赵洋", "黄勇"),
    ("周艳", "吴杰"),
    ("徐军", "孙涛"),
    ("马明", "朱超"),
    ("胡霞", "郭平"),
]


@dataclass
class Demo:
    event: Event
    teams: list[Entrant]
    pairs: list[Entrant]
    round_robin: Stage
    groups: Stage
    knockout: Stage
    double_elimination: Stage
    team_match: Stage
    mitchell: Stage
    pairs_final: Stage


def build_event(code: str = "chifeng", status: str = Event.Status.RUNNING) -> Demo:
    event = event_create(
        name="赤峰市对调复式赛",
        code=code,
        venue="赤峰市红山区",
        starts_on=datetime.date(2025, 8, 1),
        ends_on=datetime.date(2025, 8, 3),
        status=status,
    )
    teams = entrants_add(
        event=event,
        kind=Entrant.Kind.TEAM,
        entries=[
            {"name": name, "players": [f"{name[:2]}{j}号" for j in range(1, 5)], "seed": i}
            for i, name in enumerate(TEAM_NAMES, start=1)
        ],
    )
    pairs = entrants_add(
        event=event,
        kind=Entrant.Kind.PAIR,
        entries=[{"players": list(players)} for players in PAIR_PLAYERS],
    )
    one_session = {"boards_per_session": 4, "sessions": 1}
    round_robin = stage_create(
        event=event, kind="round_robin", name="团体循环赛", entrants=teams[:6], settings=one_session
    )
    groups = stage_create(
        event=event,
        kind="group_round_robin",
        name="团体分组赛",
        entrants=teams,
        settings=one_session | {"groups": 2, "qualifiers_per_group": 2},
    )
    knockout = stage_create(
        event=event, kind="knockout", name="团体淘汰赛", source=groups, settings=one_session
    )
    double_elimination = stage_create(
        event=event,
        kind="double_elimination",
        name="团体双败淘汰赛",
        entrants=teams,
        settings=one_session | {"bracket_reset": True},
    )
    team_match = stage_create(
        event=event, kind="team_match", name="团体对抗赛", entrants=teams[:2], draw_seed=7
    )
    mitchell = stage_create(
        event=event,
        kind="mitchell",
        name="双人双冠军赛",
        entrants=pairs,
        settings={"boards_per_round": 3},
        draw_seed=2007,
    )
    pairs_final = stage_create(event=event, kind="pairs_final", name="双人决赛", source=mitchell)
    start_first_rounds(event)
    return Demo(
        event=event,
        teams=teams,
        pairs=pairs,
        round_robin=round_robin,
        groups=groups,
        knockout=knockout,
        double_elimination=double_elimination,
        team_match=team_match,
        mitchell=mitchell,
        pairs_final=pairs_final,
    )


@pytest.fixture
def demo(db) -> Demo:
    return build_event()


def make_user(username: str, *, event: Event | None = None, role: str | None = None):
    user = get_user_model().objects.create_user(username=username, password="secret-pw")
    if event is not None and role is not None:
        EventRole.objects.create(event=event, user=user, role=role)
    return user


@pytest.fixture
def director(demo):
    """The event's director (裁判长): a role in this event, not a superuser."""
    return make_user("director", event=demo.event, role=EventRole.Role.DIRECTOR)


@pytest.fixture
def referee(demo):
    return make_user("referee", event=demo.event, role=EventRole.Role.REFEREE)


@pytest.fixture
def outsider(db):
    """A login with no role in any event."""
    return make_user("outsider")


@pytest.fixture
def english(client):
    """The client after choosing English with the language switch (kept in a cookie)."""
    response = client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert response.status_code == 302
    return client


def stage_url(stage: Stage) -> str:
    return reverse("web:stage", args=[stage.event.code, stage.order])
