"""Personas made once per test: the director (裁判长), two scorers (记分员) and the
players at a table, who act through the table's code as N–S or E–W."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from boards.services import Actor, boards_generate
from tests._tables import open_side
from tournament.models import Table

from . import _events


@pytest.fixture
def director(db: Any) -> Any:
    return get_user_model().objects.create_user("director", is_staff=True, is_superuser=True)


@pytest.fixture
def scorer(db: Any) -> Any:
    return get_user_model().objects.create_user("scorer")


@pytest.fixture
def second_scorer(db: Any) -> Any:
    return get_user_model().objects.create_user("scorer2")


@pytest.fixture
def as_director(director: Any) -> Actor:
    return Actor.director(director)


@pytest.fixture
def as_scorer(scorer: Any) -> Actor:
    return Actor.scorer(scorer)


def ns(table: Table) -> Actor:
    """The N–S players of ``table``, through its table code."""
    return open_side(table, "NS")


def ew(table: Table) -> Actor:
    return open_side(table, "EW")


@pytest.fixture
def team(db: Any) -> _events.TeamRound:
    """One team match, 4 boards: open room 1–2 from A, closed room 3–4 from 7; dealt."""
    t = _events.team_round()
    boards_generate(stage=t.stage)
    return t


@pytest.fixture
def pairs(db: Any) -> _events.MitchellStage:
    """A 3-table Mitchell, sets of 2 boards (1–2 from A, 3–4 from 3, 5–6 from 5); dealt."""
    m = _events.mitchell_stage()
    boards_generate(stage=m.stage)
    return m
