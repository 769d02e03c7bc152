"""What a task retries on: the errors that pass by themselves (a database restarting, a
full disk freed, a broker or cache reconnecting), never a bug.

Every task of the project takes :data:`RETRY` — ``@shared_task(**RETRY)`` — so a task
that meets one of these is sent again with a growing delay (1, 2, 4 … s, at most a
minute, jittered) up to ``max_retries`` times; the tasks are idempotent, so running one
again is safe. What still fails is healed by the reconcilers (``scoring.reconcile``,
``printing.fail_stuck_jobs``), which Celery beat runs (``duidiao/celery.py``).
"""

from __future__ import annotations

from typing import Any

from django.db import InterfaceError
from django.db import OperationalError as DatabaseError
from kombu.exceptions import OperationalError as BrokerError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

__all__ = ["RETRY", "TRANSIENT_ERRORS"]

TRANSIENT_ERRORS: tuple[type[BaseException], ...] = (
    DatabaseError,
    InterfaceError,
    BrokerError,
    RedisConnectionError,
    RedisTimeoutError,
)

RETRY: dict[str, Any] = {
    "autoretry_for": TRANSIENT_ERRORS,
    "retry_backoff": True,
    "retry_backoff_max": 60,
    "retry_jitter": True,
    "max_retries": 5,
}
