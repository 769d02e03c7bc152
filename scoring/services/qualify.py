"""Qualifying the next stage from the standings of its source stage, in one step.

Only from a finished source (第二十六条之3: the groups' places once every match is
played and every qualifying line is settled); a director may go on earlier, but only
by saying why — the override is kept with its reason and the groups it overrode.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from tournament.models import Stage, StageEntry
from tournament.services import stage_qualify

from ..errors import ScoringError
from ..models import QualificationOverride
from ..selectors import qualification_standings, stage_group_qualifiers

__all__ = ["stage_qualify_from_source", "stage_source_undecided"]


def stage_source_undecided(stage: Stage) -> list[tuple[str, str]]:
    """Why the source of ``stage`` cannot give its field yet: (Chinese, English) per
    group still undecided, or the Mitchell rounds still open. Empty when it can."""
    source = stage.source
    if source is None:
        raise ScoringError("此阶段没有来源阶段", "this stage has no source stage", code="source")
    if source.kind == Stage.Kind.GROUP_ROUND_ROBIN:
        return list(stage_group_qualifiers(source).undecided.values())
    open_rounds = source.rounds.filter(closed_at__isnull=True).count()
    if open_rounds and source.status != Stage.Status.FINISHED:
        return [
            (
                f"{source.name}还有{open_rounds}轮未结束",
                f"{source.name} has {open_rounds} round(s) not closed",
            )
        ]
    return []


@transaction.atomic
def stage_qualify_from_source(
    *, stage: Stage, user: Any = None, override_reason: str = ""
) -> list[StageEntry]:
    """Fill ``stage`` from its source's standings. Refused while the source is
    unfinished, unless the director gives ``override_reason`` (kept on record)."""
    undecided = stage_source_undecided(stage)
    if undecided and not override_reason.strip():
        zh = "；".join(z for z, _e in undecided)
        en = "; ".join(e for _z, e in undecided)
        raise ScoringError(
            f"来源阶段尚未结束，不能出线：{zh}。如确需提前出线，请写明原因",
            f"the source stage is not finished: {en}. To qualify all the same, give the reason",
            code="unfinished",
            article="第二十六条",
        )
    assert stage.source is not None
    entries = stage_qualify(stage=stage, standings=qualification_standings(stage.source))
    if undecided:
        QualificationOverride.objects.create(
            stage=stage,
            reason=override_reason.strip(),
            undecided=[{"message_zh": z, "message_en": e} for z, e in undecided],
            decided_by=user,
        )
    return entries
