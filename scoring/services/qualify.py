"""Qualifying the next stage from the standings of its source stage, in one step.

Only from a finished source (第二十六条之3: the groups' places once every match is
played and every qualifying line is settled); a director may go on earlier, but only
by saying why — the override is kept with its reason and the groups it overrode. A
team that withdrew (退赛) and qualifies all the same forfeits its matches in the new
stage as in the old (第三十条): its opponents go on by walkover.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from tournament.models import Stage, StageEntry
from tournament.services import stage_delete, stage_qualify, stage_unqualify

from ..errors import ScoringError
from ..models import DecisionRecord, QualificationOverride
from ..selectors import qualification_standings, stage_group_qualifiers
from .withdrawals import withdrawals_follow

__all__ = [
    "stage_qualification_remove",
    "stage_qualify_from_source",
    "stage_source_undecided",
    "stage_take_back",
]


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
    unfinished, unless the director gives ``override_reason`` (kept on record).
    Idempotent: a stage already qualified keeps its field (a second click shows it and
    adds nothing); to qualify afresh, remove the qualification first
    (:func:`stage_qualification_remove`)."""
    if stage.entries.exists():
        return list(stage.entries.select_related("entrant").order_by("seed", "id"))
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
    withdrawals_follow(stage)  # a withdrawn team that qualified: walkovers (第三十条)
    if undecided:
        QualificationOverride.objects.create(
            stage=stage,
            reason=override_reason.strip(),
            undecided=[{"message_zh": z, "message_en": e} for z, e in undecided],
            decided_by=user,
        )
    return entries


def _reason(reason: str) -> str:
    if not reason.strip():
        raise ScoringError("须说明原因", "give the reason", code="reason")
    return reason.strip()


@transaction.atomic
def stage_qualification_remove(*, stage: Stage, reason: str, user: Any = None) -> int:
    """Take back a qualification before the stage is played, with the reason (kept in
    the event's decision record, with who was qualified): its field goes, and the next
    qualification lays it out again. Returns how many entries went."""
    reason = _reason(reason)
    names = [str(e.entrant) for e in stage.entries.select_related("entrant").order_by("seed")]
    gone = stage_unqualify(stage=stage)
    DecisionRecord.objects.create(
        event_id=stage.event_id,
        kind=DecisionRecord.Kind.QUALIFICATION_REMOVED,
        subject=stage.name,
        reason=reason,
        details={"stage": stage.pk, "qualified": names, "article": "第二十六条"},
        done_by=user,
    )
    return gone


@transaction.atomic
def stage_take_back(*, stage: Stage, reason: str, user: Any = None) -> None:
    """Remove a stage not played yet — a play-off laid out by mistake (第二十五条之4) —
    with the reason, kept in the event's decision record after the stage is gone."""
    reason = _reason(reason)
    subject = stage.name
    details = {
        "kind": stage.kind,
        "entrants": [str(e.entrant) for e in stage.entries.select_related("entrant")],
    }
    event_id = stage.event_id
    stage_delete(stage=stage)
    DecisionRecord.objects.create(
        event_id=event_id,
        kind=DecisionRecord.Kind.STAGE_REMOVED,
        subject=subject,
        reason=reason,
        details=details,
        done_by=user,
    )
