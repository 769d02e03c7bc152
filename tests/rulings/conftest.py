"""Personas and events for the rulings tests.

The events, results and rescoring come from the scoring tests' builders (results
entered through the board services, Celery eager, commit callbacks run); the people
are the event's referee and director (``EventRole``), an official of another event
and a login with no role. Players have no login: they are the anonymous client.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from tests.scoring import conftest as scoring
from tournament.models import Event, EventRole, Match, Stage

# The scoring tests' fixtures: an event, teams and pairs, dealt stages, and results
# entered through the board services with the rescoring they queue.
_eager_celery = scoring._eager_celery
director = scoring.director
event = scoring.event
make_teams = scoring.make_teams
make_pairs = scoring.make_pairs
make_stage = scoring.make_stage
play = scoring.play


def make_user(username: str, *, event: Event | None = None, role: str | None = None) -> Any:
    user = get_user_model().objects.create_user(username=username, password="secret-pw")
    if event is not None and role is not None:
        EventRole.objects.create(event=event, user=user, role=role)
    return user


@pytest.fixture
def referee(event: Event) -> Any:
    """裁判: the event's referee (a role in this event, not a superuser)."""
    return make_user("referee", event=event, role=EventRole.Role.REFEREE)


@pytest.fixture
def chief(event: Event) -> Any:
    """裁判长: the event's director, who decides appeals."""
    return make_user("chief", event=event, role=EventRole.Role.DIRECTOR)


@pytest.fixture
def scorer(event: Event) -> Any:
    """记分员: a role in the event, but not one that rules."""
    return make_user("scorer", event=event, role=EventRole.Role.SCORER)


@pytest.fixture
def outsider(db: Any) -> Any:
    """A login with no role in any event."""
    return make_user("outsider")


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
