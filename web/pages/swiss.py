"""A Swiss teams stage's page (瑞士移位): the ranking with its tie-breaks and each round's
pairings as published, with each match's score."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict

from tournament.models import Stage

from ..selectors import EntrantView
from .shared import (
    ScheduleRound,
    ScoreCell,
    StageReads,
    StandingRow,
    match_scores,
    schedule,
    standings_view,
)

__all__ = ["SwissPage", "page"]


class SwissPage(TypedDict):
    schedule: list[ScheduleRound]
    standings: list[StandingRow]
    scores: dict[int, ScoreCell]
    rounds_paired: int
    rounds_total: int


def page(stage: Stage, entrants: Mapping[int, EntrantView], *, director: bool = False) -> SwissPage:
    reads = StageReads.of(stage)
    return SwissPage(
        schedule=schedule(reads, entrants),
        standings=standings_view(stage, entrants, director=director),
        scores=match_scores(stage, director=director),
        rounds_paired=reads.rounds[-1].number if reads.rounds else 0,
        rounds_total=stage.options.rounds,
    )
