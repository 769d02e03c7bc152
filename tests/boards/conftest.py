"""The boards tests' events, laid out with chosen start levels and dealt. The people
(director, scorer) come from the root conftest; the players at a table act through the
table's code as N–S or E–W (``tests._tables``)."""

from __future__ import annotations

from typing import Any

import pytest

from boards.models import Result
from boards.services import Actor, result_enter
from tests import builders
from tests._tables import ns


@pytest.fixture
def second_scorer(db: Any) -> Any:
    """Another scorer, to confirm what the first entered."""
    return builders.user("scorer2")


@pytest.fixture
def as_director(director: Any) -> Actor:
    return Actor.director(director)


@pytest.fixture
def as_scorer(scorer: Any) -> Actor:
    return Actor.scorer(scorer)


@pytest.fixture
def team(db: Any) -> builders.TeamRound:
    """One team match, 4 boards: open room 1–2 from A, closed room 3–4 from 7; dealt."""
    return builders.team_round(dealt=True)


@pytest.fixture
def pairs(db: Any) -> builders.MitchellStage:
    """A 3-table Mitchell, sets of 2 boards (1–2 from A, 3–4 from 3, 5–6 from 5); dealt."""
    return builders.mitchell_stage(dealt=True)


@pytest.fixture
def entered(team: builders.TeamRound) -> Result:
    """Board 1 entered by the open room's N–S: 40 points against, waiting for E–W."""
    board = team.board(1)
    return result_enter(
        board=board,
        table=team.open,
        entry=builders.entry(board, points=40, declarer="N"),
        actor=ns(team.open),
    )
