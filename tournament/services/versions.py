"""The event's version (``EventVersion``): raised by every write that changes what the
director's dashboard shows, inside that write's transaction, so the dashboard's ETag
changes exactly when it commits (and not if it rolls back)."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

from django.db import IntegrityError, connection, transaction
from django.db.models import F

from ..models import EventVersion, Stage

__all__ = ["event_changed", "event_write", "stage_changed"]

P = ParamSpec("P")
R = TypeVar("R")


def event_changed(event_id: int) -> None:
    """Raise ``event_id``'s version by one (the first write starts it from the clock).
    Called inside the write's own transaction: the new number commits with the write.

    On PostgreSQL the write's foreign keys are checked now, not at its commit (Django
    makes them deferrable, initially deferred): each check takes a key-share lock on
    the row it points at, and taken at commit — after this row's lock — a refused
    correction's trail (a change pointing at the result) waited for the result's lock
    held by the correction that won, which waited for this row: a deadlock. Checked
    first, every write takes the event's row last. Then they are deferred again, as
    Django declares them, for whatever the transaction does next (a stage taken back
    deletes its matches before the tables that point at them)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:  # one round trip (no parameters: two statements)
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE; SET CONSTRAINTS ALL DEFERRED")
    if EventVersion.objects.filter(event_id=event_id).update(version=F("version") + 1):
        return
    try:
        with transaction.atomic():  # a savepoint: another write may create it first
            EventVersion.objects.create(event_id=event_id, version=int(time.time() * 1000))
    except IntegrityError:
        EventVersion.objects.filter(event_id=event_id).update(version=F("version") + 1)


def stage_changed(stage_id: int) -> None:
    """:func:`event_changed` for the event of stage ``stage_id``."""
    event_changed(Stage.objects.values_list("event_id", flat=True).get(pk=stage_id))


def event_write(
    event_of: Callable[[dict[str, Any]], int],
) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """A service (keyword arguments only) whose write the director's dashboard shows:
    it runs in a transaction that also raises the version of the event
    ``event_of(kwargs)`` names (every return path alike)."""

    def decorate(service: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(service)
        def run(*args: P.args, **kwargs: P.kwargs) -> R:
            with transaction.atomic():
                out = service(*args, **kwargs)
                event_changed(event_of(kwargs))
            return out

        return run

    return decorate
