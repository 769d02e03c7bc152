"""A further session of a pairs event, seated from the cumulative ranking (重新编排).

The tournament layer seats whatever order it is given; only scoring knows the
ranking, so the next session is created here: the pairs of the earlier sessions in
their cumulative order, dealt serpentine over sections and directions (``seating:
"reseed"``), pairs held at N–S still held.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction

from tournament.errors import EventError
from tournament.models import Entrant, Event, Stage
from tournament.services import stage_create

from ..sessions import cumulative_ranking, movement_stages

__all__ = ["pairs_session_create"]


@transaction.atomic
def pairs_session_create(
    *,
    event: Event,
    kind: str = Stage.Kind.MITCHELL,
    name: str = "",
    settings: Mapping[str, Any] | None = None,
) -> Stage:
    """The next session of ``event``: its pairs reseeded by the cumulative ranking."""
    earlier = movement_stages(event)
    if not earlier:
        raise EventError(
            "没有前一节比赛，无法按累计名次编排；请直接创建阶段",
            "there is no earlier session to reseed from: create the stage directly",
            code="source",
        )
    if kind not in Stage.MOVEMENT_KINDS:
        raise EventError(
            f"按累计名次编排只适用于米切尔或豪威尔，不适用于{kind!r}",
            f"reseeding applies to a Mitchell or a Howell, not {kind!r}",
            code="kind",
        )
    place = {row.entrant_id: row.place for row in cumulative_ranking(event, earlier)}
    pairs = Entrant.objects.filter(stage_entries__stage__in=earlier).distinct()
    ordered = sorted(pairs, key=lambda e: (place.get(e.pk, len(place) + 1), e.number))
    options = dict(settings or {})
    if kind == Stage.Kind.MITCHELL:
        options["seating"] = "reseed"
    return stage_create(
        event=event,
        kind=kind,
        name=name or f"第{len(earlier) + 1}节",
        entrants=ordered,
        settings=options,
    )
