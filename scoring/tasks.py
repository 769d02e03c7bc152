"""Celery tasks of the scoring app. They take ids, and rescoring is idempotent: running
a task twice leaves the same rows as running it once. Each retries with a growing delay
on a database or broker error (``duidiao.retry``)."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from duidiao.retry import RETRY


@shared_task(name="scoring.check_board")
def check_board_task(record: dict[str, Any]) -> dict[str, Any]:
    """Check one ``duidiao-board/1`` record and return its verdict as JSON-ready data."""
    # Imported here so the worker and Django start even while the engine is incomplete.
    from core.engine import check_board

    return check_board(record).to_dict()


@shared_task(name="scoring.rescore_result", **RETRY)
def rescore_result_task(result_id: int) -> dict[str, Any]:
    """Rescore what one confirmed or corrected result touches."""
    from scoring.services import rescore_result

    return rescore_result(result_id)


@shared_task(name="scoring.rescore_dirty", **RETRY)
def rescore_dirty_task(stage_id: int) -> dict[str, Any]:
    """Rescore what a stage's outbox marks name (``scoring.models.DirtyStage``)."""
    from scoring.services import rescore_dirty

    return rescore_dirty(stage_id)


@shared_task(name="scoring.rescore_stage", **RETRY)
def rescore_stage_task(stage_id: int) -> dict[str, Any]:
    from scoring.services import rescore_stage

    return rescore_stage(stage_id)


@shared_task(name="scoring.rescore_event", **RETRY)
def rescore_event_task(event_id: int) -> dict[str, Any]:
    """A full rescore of an event: every board, match and standing of every stage."""
    from scoring.services import rescore_event

    return rescore_event(event_id)


@shared_task(name="scoring.reconcile", **RETRY)
def reconcile_task() -> list[int]:
    """Celery beat's round (``duidiao/celery.py``): rescore the marks whose own task was
    lost or failed."""
    from scoring.services import reconcile

    return reconcile()
