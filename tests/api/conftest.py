"""Personas and a running event for the API tests.

Event A (running): a team match of 4 boards (open and closed room) and a 3-table
Mitchell, both dealt. Event B (running) and event C (a draft) belong to other
directors. Personas log in with tokens, as programs do: ``anonymous``, ``player`` (a
login without a role), ``scorer``, ``referee`` and ``director`` of A, and
``other_director`` (director of B only).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from boards.models import Board
from boards.services import boards_generate
from duidiao.celery import app as celery_app
from tests._tables import start_first_rounds
from tests.boards import _events
from tournament.models import Event, EventRole

PERSONAS = ("anonymous", "player", "scorer", "referee", "director", "other_director")


@pytest.fixture(autouse=True)
def _eager_celery() -> Iterator[None]:
    """Rescoring runs in-process: a worker's database is not the test database."""
    saved = celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates
    celery_app.conf.task_always_eager = True
    celery_app.conf.task_eager_propagates = True
    yield
    celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates = saved


@dataclass
class World:
    event: Event
    team: _events.TeamRound
    pairs: _events.MitchellStage
    other_event: Event
    other_team: _events.TeamRound
    draft: Event
    users: dict[str, Any]

    def client(self, persona: str) -> APIClient:
        client = APIClient()
        user = self.users.get(persona)
        if user is not None:
            token, _ = Token.objects.get_or_create(user=user)
            client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
        return client

    def url(self, path: str = "", event: Event | None = None) -> str:
        return f"/api/events/{(event or self.event).code}/{path}"

    def board(self, number: int) -> Board:
        return self.team.board(number)


def build_world() -> World:
    user_model = get_user_model()
    event = _events.event(status=Event.Status.RUNNING)
    team = _events.team_round(event)
    pairs = _events.mitchell_stage(event, order=2)
    boards_generate(stage=team.stage)
    boards_generate(stage=pairs.stage)
    other_event = _events.event(status=Event.Status.RUNNING)
    other_team = _events.team_round(other_event)
    boards_generate(stage=other_team.stage)
    draft = _events.event(status=Event.Status.DRAFT)
    start_first_rounds(event)
    start_first_rounds(other_event)
    users = {
        name: user_model.objects.create_user(name, password="secret-pw")
        for name in PERSONAS
        if name != "anonymous"
    }
    for name in ("scorer", "referee", "director"):
        EventRole.objects.create(event=event, user=users[name], role=name)
    EventRole.objects.create(event=other_event, user=users["other_director"], role="director")
    EventRole.objects.create(event=draft, user=users["other_director"], role="director")
    return World(event, team, pairs, other_event, other_team, draft, users)


@pytest.fixture
def world(db: Any) -> World:
    return build_world()


def entry_body(board: Board, *, points: int = 40, **extra: Any) -> dict[str, Any]:
    """A result-only scorecard the engine accepts (trump from the bottom, 翻主)."""
    return {
        "levels": {"NS": "A", "EW": "A"},
        "declarer": "N",
        "trump": _events.fanzhu_trump(board),
        "declared_by": None,
        "defender_points": points,
        "dig": None,
        **extra,
    }
