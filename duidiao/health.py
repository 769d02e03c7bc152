"""Health checks for the proxy, systemd and the operator.

* ``/healthz`` — liveness: the process answers. A bare view (no database, no template,
  no session), also the load benchmark's baseline; ``ok`` even while PostgreSQL is down.
* ``/readyz`` — readiness: what a request needs answers. The database (a query), the
  cache (a write read back), the broker when one is configured (a connection), each
  ``ok`` or ``error`` with why; 503 when any of them fails. It also names the print or
  import job that has waited longest without moving (``stuck``, past
  ``JOB_STUCK_AFTER``): beat marks such jobs failed within a minute, so one still
  listed means beat is not running — reported, but no reason to stop serving pages.
"""

from __future__ import annotations

import logging
import uuid
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.cache import never_cache

__all__ = ["healthz", "readyz"]

logger = logging.getLogger(__name__)


@never_cache
def healthz(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok\n", content_type="text/plain")


def _database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def _cache() -> None:
    token = uuid.uuid4().hex
    cache.set("readyz", token, timeout=10)
    if cache.get("readyz") != token:
        raise RuntimeError("the cache did not give back what was written")


def _broker() -> None:
    from duidiao.celery import app

    with app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1, timeout=2)


def _check(probe: Any) -> dict[str, str]:
    try:
        probe()
    except Exception as error:  # any failure is the answer, not a 500
        logger.warning("readyz: %s failed", probe.__name__.strip("_"), exc_info=True)
        return {"state": "error", "error": f"{type(error).__name__}: {error}"[:300]}
    return {"state": "ok"}


def _jobs() -> dict[str, Any]:
    from printing.services import oldest_stuck_job

    job = oldest_stuck_job()
    if job is None:
        return {"state": "ok"}
    return {
        "state": "stuck",
        "oldest": {
            "kind": type(job).__name__,
            "id": job.pk,
            "status": job.status,
            "since": job.moved_at.isoformat(),
        },
    }


@never_cache
def readyz(request: HttpRequest) -> JsonResponse:
    checks: dict[str, Any] = {"database": _check(_database), "cache": _check(_cache)}
    if settings.CELERY_TASK_ALWAYS_EAGER:
        checks["broker"] = {"state": "not configured (tasks run in the web process)"}
    else:
        checks["broker"] = _check(_broker)
    if checks["database"]["state"] == "ok":
        try:
            checks["jobs"] = _jobs()
        except Exception as error:
            checks["jobs"] = {"state": "error", "error": f"{type(error).__name__}: {error}"}
    ready = all(check["state"] != "error" for check in checks.values())
    return JsonResponse({"ready": ready, "checks": checks}, status=200 if ready else 503)
