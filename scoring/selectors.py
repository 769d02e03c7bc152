"""Reads of the stored scores, for pages, printing and qualification.

Everything here reads rows the scoring services wrote (``scoring.models``); nothing is
computed from results on a page view. Ordering is the ranking's order.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from boards.models import Board
from core.standings import CrossTable, Decision, GroupTable, Qualifiers, StandingRow, Tie
from core.standings import MatchScore as PureMatchScore
from core.standings import cross_table as build_cross_table
from core.standings import group_qualifiers as pure_group_qualifiers
from tournament.models import Entrant, Match, Stage

from .models import BoardScore, MatchScore, Standing, TravellerScore
from .services.team_formats import carried_matches

__all__ = [
    "board_traveller",
    "match_board_scores",
    "pair_scorecard",
    "qualification_standings",
    "stage_cross_table",
    "stage_group_qualifiers",
    "stage_match_scores",
    "stage_standings",
]


def stage_standings(stage: Stage, *, group_label: str | None = None) -> list[Standing]:
    """A stage's standings in ranking order: per group (round robin: one group ""), per
    direction (a Mitchell: N–S then E–W), or the final's places."""
    rows = Standing.objects.filter(stage=stage).select_related("entrant")
    if group_label is not None:
        rows = rows.filter(group_label=group_label)
    return list(rows.order_by("group_label", "-direction", "place", "entrant__number"))


def stage_match_scores(stage: Stage) -> dict[int, MatchScore]:
    """Match id → its score, for a stage's schedule or bracket page."""
    return {s.match_id: s for s in MatchScore.objects.filter(stage=stage).select_related("winner")}


def match_board_scores(match: Match) -> list[BoardScore]:
    """A match board by board, both rooms' results beside the points (第二十四条)."""
    return list(
        BoardScore.objects.filter(match=match)
        .select_related("open_result", "closed_result")
        .order_by("number")
    )


def board_traveller(board: Board) -> list[TravellerScore]:
    """A Mitchell board's traveller (随牌计分表) with its matchpoints, in table order."""
    return list(
        TravellerScore.objects.filter(board=board)
        .select_related("result", "ns", "ew", "table__round")
        .order_by("table__round__number", "table__number")
    )


def pair_scorecard(stage: Stage, entrant: Entrant) -> list[TravellerScore]:
    """A pair's own scorecard in a Mitchell: every board it has a score on."""
    from django.db.models import Q

    return list(
        TravellerScore.objects.filter(Q(ns=entrant) | Q(ew=entrant), stage=stage)
        .select_related("board", "table__round", "result", "ns", "ew")
        .order_by("table__round__number", "board__number")
    )


def _row(s: Standing) -> StandingRow[int]:
    return StandingRow(
        entrant=s.entrant_id,
        place=s.place,
        shared=s.shared,
        tie=Tie(s.tie or Tie.NONE.value),
        played=s.played,
        won=s.won,
        drawn=s.drawn,
        lost=s.lost,
        match_points=s.match_points,
        score_for=Fraction(s.score_for),
        score_against=Fraction(s.score_against),
        note=s.note,
    )


def stage_cross_table(stage: Stage, *, group_label: str = "") -> CrossTable[int]:
    """The round-robin cross-table (交叉表) of a stage or one of its groups, by entrant id
    in standings order (第二十五条)."""
    rows = [_row(s) for s in stage_standings(stage, group_label=group_label)]
    matches = [
        PureMatchScore(
            home=m.home_id,
            away=m.away_id,
            boards=(),
            board_points={},
            tiebreak_points={},
            adjustment={},
            score={m.home_id: Fraction(m.home_score), m.away_id: Fraction(m.away_score)},
            decision=Decision(m.decision),
            winner=m.winner_id,
            match_points={m.home_id: m.home_match_points, m.away_id: m.away_match_points},
        )
        for m in MatchScore.objects.filter(
            stage=stage, match__group_label=group_label, needs_review=False
        )
    ]
    if not group_label:  # a final's group matches carried over (带分, 第二十六条之3)
        matches += carried_matches(stage)
    return build_cross_table(rows, matches)


def stage_group_qualifiers(stage: Stage) -> Qualifiers[int]:
    """Who goes on from each group (第二十六条之3), by entrant id; a group is undecided
    while matches remain or its qualifying line runs through a tie."""
    finished: dict[str, bool] = defaultdict(lambda: True)
    for label, status in stage.matches.values_list("group_label", "status"):
        finished[label] &= status == Match.Status.FINISHED
    by_group: dict[str, list[StandingRow[int]]] = {
        label: [] for label in stage.entries.values_list("group_label", flat=True)
    }
    for s in stage_standings(stage):
        by_group.setdefault(s.group_label, []).append(_row(s))
    tables = [
        GroupTable(label, tuple(rows), finished[label]) for label, rows in sorted(by_group.items())
    ]
    return pure_group_qualifiers(tables, stage.options.qualifiers_per_group)


def qualification_standings(stage: Stage) -> dict[str, list[Entrant]]:
    """What ``tournament.services.stage_qualify`` takes from this stage: each group's
    teams best first (groups), or the N–S and E–W rankings (a Mitchell)."""
    out: dict[str, list[Entrant]] = defaultdict(list)
    for s in stage_standings(stage):
        out[s.direction or s.group_label].append(s.entrant)
    return dict(out)
