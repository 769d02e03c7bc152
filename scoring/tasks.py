"""Celery tasks of the scoring app. They take ids, and rescoring is idempotent: running
a task twice leaves the same rows as running it once."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from celery import shared_task


@shared_task(name="scoring.check_board")
def check_board_task(record: dict[str, Any]) -> dict[str, Any]:
    """Check one ``duidiao-board/1`` record and return its verdict as JSON-ready data."""
    # Imported here so the worker and Django start even while the engine is incomplete.
    from core.engine import check_board

    return check_board(record).to_dict()


@shared_task(name="scoring.rescore_result")
def rescore_result_task(result_id: int) -> dict[str, Any]:
    """Rescore what one confirmed or corrected result touches."""
    from scoring.services import rescore_result

    return rescore_result(result_id)


@shared_task(name="scoring.rescore_targets")
def rescore_targets_task(
    stage_id: int, boards: Sequence[int] = (), matches: Sequence[int] = ()
) -> dict[str, Any]:
    """Rescore some boards and matches of a stage, and its standings."""
    from scoring.services import rescore_targets

    return rescore_targets(stage_id, boards=boards, matches=matches)


@shared_task(name="scoring.rescore_stage")
def rescore_stage_task(stage_id: int) -> dict[str, Any]:
    from scoring.services import rescore_stage

    return rescore_stage(stage_id)


@shared_task(name="scoring.rescore_event")
def rescore_event_task(event_id: int) -> dict[str, Any]:
    """A full rescore of an event: every board, match and standing of every stage."""
    from scoring.services import rescore_event

    return rescore_event(event_id)
