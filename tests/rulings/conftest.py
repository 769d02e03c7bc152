"""Personas and events for the rulings tests.

The events, results and rescoring come from the root conftest's builders (results
entered through the board services, Celery eager, commit callbacks run); the people
are the event's referee and director (``EventRole``), an official of another event
and a login with no role. Players have no login: they are the anonymous client.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests import builders
from tournament.models import Event, EventRole, Match, Stage


@pytest.fixture(autouse=True)
def _eager_celery(eager: Any) -> None:
    """Rulings rescore the boards they touch: every task runs in-process."""


@pytest.fixture
def chief(event: Event) -> Any:
    """裁判长: a second director of the event, who decides appeals."""
    return builders.user("chief", event=event, role=EventRole.Role.DIRECTOR)


@pytest.fixture
def team_match(make_teams: Any, make_stage: Any) -> Match:
    """One team match of 4 boards in one session: the open room plays 1–2 first, the
    closed room 3–4; home sits N–S in the open room."""
    stage = make_stage(Stage.Kind.TEAM_MATCH, make_teams(2), boards_per_session=4, sessions=1)
    return stage.matches.get()


@pytest.fixture
def round_robin(make_teams: Any, make_stage: Any) -> Stage:
    """Four teams, 2 boards a match, one session: 3 rounds of 2 matches (第二十五条)."""
    return make_stage(Stage.Kind.ROUND_ROBIN, make_teams(4), boards_per_session=2, sessions=1)


@pytest.fixture
def rule(referee: Any, django_capture_on_commit_callbacks: Any) -> Any:
    """The referee's hand on the ruling services (see ``_helpers.Rule``)."""
    from ._helpers import Rule

    return Rule(django_capture_on_commit_callbacks, referee)
