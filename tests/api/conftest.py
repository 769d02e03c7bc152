"""Personas and a running event for the API tests.

Event A (running): a team match of 4 boards (open and closed room) and a 3-table
Mitchell, both dealt. Event B (running) and event C (a draft) belong to other
directors. Personas log in with tokens, as programs do: ``anonymous``, ``player`` (a
login without a role), ``scorer``, ``referee`` and ``director`` of A, and
``other_director`` (director of B only).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from boards.models import Board
from tests import builders
from tests._tables import start_first_rounds
from tournament.models import Event, EventRole, Table

PERSONAS = ("anonymous", "player", "scorer", "referee", "director", "other_director")


@pytest.fixture(autouse=True)
def _eager_celery(eager: Any) -> None:
    """Rescoring runs in-process: a worker's database is not the test database."""


@dataclass
class World:
    event: Event
    team: builders.TeamRound
    pairs: builders.MitchellStage
    other_event: Event
    other_team: builders.TeamRound
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
    event = builders.bare_event(status=Event.Status.RUNNING)
    team = builders.team_round(event, dealt=True)
    pairs = builders.mitchell_stage(event, order=2, dealt=True)
    other_event = builders.bare_event(status=Event.Status.RUNNING)
    other_team = builders.team_round(other_event, dealt=True)
    draft = builders.bare_event(status=Event.Status.DRAFT)
    start_first_rounds(event)
    start_first_rounds(other_event)
    users = {"player": builders.user("player")}
    for role in ("scorer", "referee", "director"):
        users[role] = builders.user(role, event=event, role=role)
    users["other_director"] = builders.user("other_director", event=other_event, role="director")
    EventRole.objects.create(event=draft, user=users["other_director"], role="director")
    return World(event, team, pairs, other_event, other_team, draft, users)


_kept_world = builders.kept(build_world, commit_hooks=False)


@pytest.fixture
def world(request: pytest.FixtureRequest, _kept_world: World | None, db: Any) -> World:
    """The module's world (built once, rolled back after its last test), a fresh copy
    for each test."""
    return builders.copy_of(request, _kept_world, build_world)


def entry_body(board: Board, *, points: int = 40, **extra: Any) -> dict[str, Any]:
    """A result-only scorecard the engine accepts (trump from the bottom, 翻主)."""
    return {
        "levels": {"NS": "A", "EW": "A"},
        "declarer": "N",
        "trump": builders.fanzhu_trump(board),
        "declared_by": None,
        "defender_points": points,
        "dig": None,
        **extra,
    }


def play_body(board: Board, table: Table, record: dict[str, Any]) -> dict[str, Any]:
    """A whole play (a simulator's record, ``builders.played``) as a program posts it."""
    return {
        "board": board.pk,
        "table": table.pk,
        "levels": record["levels"],
        "declarer": record["declarer"],
        "trump": record["trump"],
        "declared_by": record["declared_by"],
        "buried": record.get("buried"),
        "exchanges": record.get("exchanges") or None,
        "tricks": record["tricks"],
    }
