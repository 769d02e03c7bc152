"""A scorecard as the table page's form posts it (the web's own fields)."""

from __future__ import annotations

from boards.models import Board
from tests.builders import fanzhu_trump


def form(deal: Board, points: int | str = 40, /, *, declarer="S", levels=("A", "A"), **extra):
    """A scorecard as the page's form posts it."""
    return {
        "level_ns": levels[0],
        "level_ew": levels[1],
        "declarer": declarer,
        "trump": fanzhu_trump(deal),
        "declared_by": "",
        "defender_points": str(points),
        "dig": "",
        "xiaosa_bj": "0",
        "xiaosa_lj": "0",
        **extra,
    }
