"""Cached standings, and throwing them away when a result changes.

A stage's standings are served from the cache under a *version* key: a new version
makes every cached copy unreachable at once, in every web process sharing the cache
(Redis in production). A version starts when a result of the stage is confirmed or
corrected (on commit), and again when the rescore that result queued has finished —
in the web process when Celery is eager, in a worker otherwise — so a request that
slips in between the two caches the old standings for an instant only. The cached
copy also expires by itself (``STANDINGS_TTL``), which bounds any miss.

A missing version key (never set, evicted, flushed) is started from the clock, never
from zero, so a copy cached under an old version can never be mistaken for a new one.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Iterable
from typing import Any

from django.core.cache import cache
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction

__all__ = [
    "STANDINGS_TTL",
    "cached_payload",
    "connect_invalidation",
    "standings_invalidate",
    "standings_version",
]

STANDINGS_TTL = 30  # seconds: the longest a missed invalidation could show old standings


def _version_key(stage_id: int) -> str:
    return f"api:standings:version:{stage_id}"


def standings_version(stage_id: int) -> int:
    key = _version_key(stage_id)
    version = cache.get(key)
    if version is None:
        cache.add(key, time.time_ns(), timeout=None)
        version = cache.get(key, time.time_ns())
    return int(version)


def standings_invalidate(stage_ids: Iterable[int]) -> None:
    for stage_id in set(stage_ids):
        key = _version_key(stage_id)
        try:
            cache.incr(key)
        except ValueError:  # no version yet: any new one will do
            cache.set(key, time.time_ns(), timeout=None)


def cached_payload(stage_id: int, build: Callable[[], Any]) -> tuple[str, Any]:
    """``(etag, data)`` of a stage's standings, built at most once per version."""
    key = f"api:standings:{stage_id}:{standings_version(stage_id)}"
    hit = cache.get(key)
    if hit is not None:
        return hit[0], hit[1]
    data = build()
    body = json.dumps(data, cls=DjangoJSONEncoder, sort_keys=True, ensure_ascii=False)
    etag = '"' + hashlib.sha256(body.encode()).hexdigest()[:32] + '"'
    cache.set(key, (etag, data), timeout=STANDINGS_TTL)
    return etag, data


# --- what invalidates -------------------------------------------------------------------


def _on_result_changed(sender: object, result: Any, **kwargs: object) -> None:
    from boards.models import Board

    stage_id = Board.objects.filter(pk=result.board_id).values_list("stage_id", flat=True).first()
    if stage_id is not None:
        transaction.on_commit(lambda: standings_invalidate([stage_id]))


def _stages_of(summary: Any) -> list[int]:
    """The stage ids a rescore task's summary names (``scoring.services.rescore``)."""
    if not isinstance(summary, dict):
        return []
    stages = [summary["stage"]] if isinstance(summary.get("stage"), int) else []
    for item in summary.get("stages") or ():
        stages += _stages_of(item)
    return stages


def _on_task_success(sender: Any = None, result: Any = None, **kwargs: object) -> None:
    name = getattr(sender, "name", "") or ""
    if name.startswith("scoring.rescore"):
        standings_invalidate(_stages_of(result))


def connect_invalidation() -> None:
    from celery.signals import task_success

    from boards.signals import result_changed

    result_changed.connect(_on_result_changed, dispatch_uid="api.standings_on_result_changed")
    task_success.connect(_on_task_success, dispatch_uid="api.standings_on_rescore", weak=False)
