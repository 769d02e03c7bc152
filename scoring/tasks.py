"""Celery tasks of the scoring app."""

from __future__ import annotations

from typing import Any

from celery import shared_task


@shared_task(name="scoring.check_board")
def check_board_task(record: dict[str, Any]) -> dict[str, Any]:
    """Check one ``duidiao-board/1`` record and return its verdict as JSON-ready data."""
    # Imported here so the worker and Django start even while the engine is incomplete.
    from scoring.engine import check_board

    return check_board(record).to_dict()
