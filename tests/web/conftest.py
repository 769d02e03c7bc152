"""A running event with a stage of every format, for the page tests; its officials are
the root conftest's personas (``event`` here is the demo's).

The event is built through the services (not ``load_demo``), so these tests depend only
on the event structure: eight teams in a round robin (the first six), groups feeding a
knockout, a double elimination and a team match; eight pairs in a Mitchell feeding the
pairs final.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.urls import reverse

from scoring.cache import local_clear
from tests import builders
from tests._tables import start_first_rounds
from tournament.models import Entrant, Event, Stage, Table


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
    """Every format in one event, each first round started; nothing dealt yet."""
    event = builders.event(code=code, status=status, ends_on=datetime.date(2025, 8, 3))
    teams = builders.teams(event, 8)
    pairs = builders.pairs(event, builders.PAIR_PLAYERS)
    one_session = {"boards_per_session": 4, "sessions": 1}
    round_robin = builders.stage(event, "round_robin", teams[:6], name="团体循环赛", **one_session)
    groups = builders.stage(
        event,
        "group_round_robin",
        teams,
        name="团体分组赛",
        **one_session,
        groups=2,
        qualifiers_per_group=2,
    )
    knockout = builders.stage(event, "knockout", name="团体淘汰赛", source=groups, **one_session)
    double_elimination = builders.stage(
        event, "double_elimination", teams, name="团体双败淘汰赛", **one_session, bracket_reset=True
    )
    team_match = builders.stage(event, "team_match", teams[:2], name="团体对抗赛", draw_seed=7)
    mitchell = builders.stage(
        event, "mitchell", pairs, name="双人双冠军赛", draw_seed=2007, boards_per_round=3
    )
    pairs_final = builders.stage(event, "pairs_final", name="双人决赛", source=mitchell)
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


_kept_demo = builders.kept(build_event, commit_hooks=False)


@pytest.fixture
def demo(request: pytest.FixtureRequest, _kept_demo: Demo | None, db: Any) -> Demo:
    """The event, built once for the module; each test reads and writes its own copy."""
    return builders.copy_of(request, _kept_demo, build_event)


@pytest.fixture
def team(demo: Demo) -> Demo:
    """The demo with its team match dealt."""
    builders.deal(demo.team_match)
    return demo


@pytest.fixture
def open_table(team: Demo) -> Table:
    """The team match's open room (开室), where home sits N–S."""
    return Table.objects.get(round__stage=team.team_match, session=1, room="open")


@pytest.fixture
def event(demo: Demo) -> Event:
    """The event the root conftest's director, referee and scorer hold their roles in."""
    return demo.event


@pytest.fixture
def eager(eager: None, django_capture_on_commit_callbacks: Any) -> Iterator[Any]:
    """Rescoring runs in-process, on commit (the root ``eager``); here it is the commit
    capture, and the standings versions each process remembers for a second are
    forgotten between steps."""
    local_clear()
    yield django_capture_on_commit_callbacks
    local_clear()


@pytest.fixture
def english(client: Any) -> Any:
    """The client after choosing English with the language switch (kept in a cookie)."""
    response = client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert response.status_code == 302
    return client


def stage_url(stage: Stage) -> str:
    return reverse("web:stage", args=[stage.event.code, stage.order])
