"""A group round robin's page (分组循环赛): per group its cross-table, standings and
schedule — a group's cross-table and standings from one read — and each match's score."""

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

__all__ = ["Group", "GroupsPage", "page"]


class Group(TypedDict):
    label: str
    cross_table: list[CrossRow]
    schedule: list[ScheduleRound]
    standings: list[StandingRow]


class GroupsPage(TypedDict):
    groups: list[Group]
    qualifiers: int
    scores: dict[int, ScoreCell]


def _group(
    stage: Stage,
    entrants: Mapping[int, EntrantView],
    reads: StageReads,
    label: str,
    *,
    director: bool,
) -> Group:
    table, standings = cross_section(stage, entrants, reads, group=label, director=director)
    return Group(
        label=label,
        cross_table=table,
        schedule=schedule(reads, entrants, group=label),
        standings=standings,
    )


def page(
    stage: Stage, entrants: Mapping[int, EntrantView], *, director: bool = False
) -> GroupsPage:
    reads = StageReads.of(stage)
    return GroupsPage(
        groups=[
            _group(stage, entrants, reads, label, director=director)
            for label in reads.group_labels()
        ],
        qualifiers=stage.options.qualifiers_per_group,
        scores=match_scores(stage, director=director),
    )
