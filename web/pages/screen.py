"""The venue screen (场馆大屏): what a projector or a TV in the hall shows in turn — each
stage's standings as its ``/standings/`` page shows them, and the seating of the round
being played (or next) — always as a player reads it (第二十八条之6), whoever opened it.

Reads only; each stage's result is its own page builder's (``web.views.STAGE_PAGES``
passes it in), so the screen shows the numbers every other face shows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django.db.models import Q

from tournament.models import Event, Stage

from ..selectors import EntrantView, current_round, pair_numbers, table_row, tables_where

__all__ = ["page", "shown_stages"]


def shown_stages(event: Event, orders: Iterable[int] = ()) -> list[Stage]:
    """The stages the screen shows: those asked for (``?stage=N``, as often as wanted),
    else those with a round still open, else the last one scheduled."""
    stages = list(event.stages.exclude(status=Stage.Status.PLANNED).order_by("order"))
    wanted = set(orders)
    if wanted:
        return [s for s in stages if s.order in wanted]
    open_ = [s for s in stages if s.rounds.filter(closed_at__isnull=True).exists()]
    return open_ or stages[-1:]


def page(
    stages: list[Stage],
    entrants: Mapping[int, EntrantView],
    result_of: Callable[[Stage], Mapping[str, Any]],
) -> dict[str, Any]:
    """A panel per stage's standings (``result_of``: its page builder's data, what
    ``_stage_result.html`` renders), then one per stage with its round's seating."""
    panels: list[dict[str, Any]] = []
    for stage in stages:
        panels.append({"kind": "standings", "stage": stage, **result_of(stage)})
    for stage in stages:
        number = current_round(stage)
        if number is None:
            continue
        numbers = pair_numbers(stage)
        rows = [
            table_row(t, entrants, numbers)
            for t in tables_where(Q(round__stage=stage, round__number=number))
        ]
        if rows:
            panels.append(
                {
                    "kind": "seating",
                    "stage": stage,
                    "round": rows[0]["table"].round,
                    "tables": rows,
                    "is_mitchell": stage.kind in Stage.MOVEMENT_KINDS,
                }
            )
    return {"panels": panels}
