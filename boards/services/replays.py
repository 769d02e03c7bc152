"""Safe retries: the first answer to a write that carried an idempotency key, kept so
that the same key from the same caller gets it again (a phone that lost the response
to its entry, a tablet retrying a confirmation) instead of "already entered"."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction

from ..models import Result, WriteReplay
from .results import Actor

__all__ = ["MAX_KEY", "replay_find", "replay_keep", "replay_scope"]

#: The longest idempotency key kept (a UUID is 36 characters).
MAX_KEY = 100


def replay_scope(actor: Actor) -> str:
    """Whose keys these are: a table side (its table and side) or a logged-in person."""
    if actor.table is not None:
        return f"table:{actor.table.pk}:{actor.side}"
    return f"user:{actor.user_id}"


def replay_find(actor: Actor, key: str) -> WriteReplay | None:
    """The first answer to ``key`` from ``actor``, if there was one."""
    if not key or len(key) > MAX_KEY:
        return None
    return WriteReplay.objects.filter(scope=replay_scope(actor), key=key).first()


def replay_keep(
    actor: Actor, key: str, *, result: Result, status: int, body: dict[str, Any]
) -> WriteReplay | None:
    """Keep the answer to ``key`` (the first one wins if two arrive at once)."""
    if not key or len(key) > MAX_KEY:
        return None
    scope = replay_scope(actor)
    try:
        with transaction.atomic():
            return WriteReplay.objects.create(
                scope=scope, key=key, result=result, status=status, body=body
            )
    except IntegrityError:
        return WriteReplay.objects.get(scope=scope, key=key)
