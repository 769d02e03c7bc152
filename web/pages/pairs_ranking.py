"""An event's cumulative pairs ranking over its sessions (多节累计)."""

from __future__ import annotations

from typing import TypedDict

from scoring.sessions import cumulative_ranking, movement_stages
from tournament.models import Event, Stage

from ..selectors import entrant_views
from .shared import RankedRow, ranked_view

__all__ = ["PairsRankingPage", "page"]


class PairsRankingPage(TypedDict):
    sessions: list[Stage]
    rows: list[RankedRow]


def page(event: Event, *, director: bool) -> PairsRankingPage:
    """A player's ranking counts only the boards players may see (第二十八条之6)."""
    entrants = entrant_views(event)
    return PairsRankingPage(
        sessions=movement_stages(event),
        rows=ranked_view(cumulative_ranking(event, official=director), entrants),
    )
