"""A round robin's page (循环赛): the schedule with each match's score, the cross-table
(交叉表) and the standings — the cross-table and the standings from one read."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict

from tournament.models import Stage

from ..selectors import EntrantView
from .shared import (
    CrossRow,
    ScheduleRound,
    ScoreCell,
    StageReads,
    StandingRow,
    cross_section,
    match_scores,
    schedule,
)

__all__ = ["RoundRobinPage", "page"]


class RoundRobinPage(TypedDict):
    schedule: list[ScheduleRound]
    cross_table: list[CrossRow]
    standings: list[StandingRow]
    scores: dict[int, ScoreCell]


def page(
    stage: Stage, entrants: Mapping[int, EntrantView], *, director: bool = False
) -> RoundRobinPage:
    reads = StageReads.of(stage)
    table, standings = cross_section(stage, entrants, reads, group=None, director=director)
    return RoundRobinPage(
        schedule=schedule(reads, entrants),
        cross_table=table,
        standings=standings,
        scores=match_scores(stage, director=director),
    )
