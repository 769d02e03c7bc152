"""Starting and closing a round (轮): when its tables may enter results."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from ..errors import EventError
from ..models import Round
from .versions import stage_changed


@transaction.atomic
def round_start(*, round: Round) -> Round:
    """Open a round to its tables. Starting an open round again changes nothing."""
    locked = Round.objects.select_for_update().get(pk=round.pk)
    if locked.closed_at is not None:
        raise EventError(
            f"第{locked.number}轮已经结束，不能再开始。",
            f"Round {locked.number} is closed and cannot be started again.",
            code="round_closed",
        )
    if locked.started_at is None:
        locked.started_at = timezone.now()
        locked.save(update_fields=["started_at"])
        stage_changed(locked.stage_id)  # the dashboard's round controls
    return locked


@transaction.atomic
def round_close(*, round: Round) -> Round:
    """Close a started round: its tables can no longer enter results."""
    locked = Round.objects.select_for_update().get(pk=round.pk)
    if locked.started_at is None:
        raise EventError(
            f"第{locked.number}轮尚未开始，不能结束。",
            f"Round {locked.number} has not started and cannot be closed.",
            code="round_not_started",
        )
    if locked.closed_at is None:
        locked.closed_at = timezone.now()
        locked.save(update_fields=["closed_at"])
        stage_changed(locked.stage_id)  # the dashboard's round controls
    return locked
