"""A pairs final's page (双人决赛): the seating (open and closed room), which pairs play
for which places and the contests' scores, the standings, and each contest board by
board."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from django.db.models import Q
from django.utils.translation import gettext as _

from scoring.selectors import match_lines
from tournament.models import Match, Stage

from ..selectors import EntrantView, pair_numbers, table_row, tables_where
from . import match
from .shared import ScoreCell, StandingRow, score_cells, standings_view

__all__ = ["Contest", "PairsFinalPage", "page"]


class Contest(TypedDict):
    """A contest of the final: the two pairs playing for two places."""

    match: Match
    places: tuple[int | None, int]
    open: EntrantView | None
    closed: EntrantView | None
    open_source: str
    closed_source: str
    score: ScoreCell | None


class PairsFinalPage(TypedDict):
    tables: list[dict[str, Any]]
    contests: list[Contest]
    places: int
    standings: list[StandingRow]
    matches: list[match.MatchPage]


def _ranking_text(source: str) -> str:
    """``ns:1`` → 南北第1名."""
    direction, _sep, place = source.partition(":")
    if direction == "ns":
        return _("南北第%(n)s名") % {"n": place}
    if direction == "ew":
        return _("东西第%(n)s名") % {"n": place}
    return source


def page(
    stage: Stage, entrants: Mapping[int, EntrantView], *, director: bool = False
) -> PairsFinalPage:
    """The final's seating and contests, their scores from one ``match_lines`` read."""
    entries = list(stage.entries.all())
    numbers = pair_numbers(stage, entries)
    sources = {e.entrant_id: e.source for e in entries}
    tables = [table_row(t, entrants, numbers) for t in tables_where(Q(round__stage=stage))]
    for row in tables:
        for key in ("ns", "ew"):
            seat = row[key]
            row[f"{key}_source"] = (
                _ranking_text(sources.get(seat.entrant.id, "")) if seat and seat.entrant else ""
            )
    lines = match_lines(stage, official=director)
    scores = score_cells(lines.values())
    matches = list(stage.matches.select_related("round").order_by("number"))
    contests = [
        Contest(
            match=m,
            places=(m.first_place, (m.first_place or 0) + 1),
            open=entrants.get(m.home_id) if m.home_id else None,
            closed=entrants.get(m.away_id) if m.away_id else None,
            open_source=_ranking_text(m.home_source),
            closed_source=_ranking_text(m.away_source),
            score=scores.get(m.number),
        )
        for m in matches
    ]
    return PairsFinalPage(
        tables=tables,
        contests=contests,
        places=stage.options.places,
        standings=standings_view(stage, entrants, director=director),
        matches=[
            match.view(m, entrants, score=lines.get(m.pk), director=director) for m in matches
        ],
    )
