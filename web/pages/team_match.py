"""A team match stage's page (团体对抗赛): its schedule with each match's score, and each
match board by board."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict

from scoring.selectors import match_lines
from tournament.models import Stage

from ..selectors import EntrantView
from . import match
from .shared import ScheduleRound, ScoreCell, StageReads, schedule, score_cells

__all__ = ["TeamMatchPage", "page"]


class TeamMatchPage(TypedDict):
    schedule: list[ScheduleRound]
    scores: dict[int, ScoreCell]
    matches: list[match.MatchPage]


def page(
    stage: Stage, entrants: Mapping[int, EntrantView], *, director: bool = False
) -> TeamMatchPage:
    """The schedule and every match, their scores from one ``match_lines`` read."""
    reads = StageReads.of(stage)
    lines = match_lines(stage, official=director)
    return TeamMatchPage(
        schedule=schedule(reads, entrants),
        scores=score_cells(lines.values()),
        matches=[
            match.view(m, entrants, score=lines.get(m.pk), director=director) for m in reads.matches
        ],
    )
