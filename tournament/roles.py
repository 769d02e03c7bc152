"""Who may do what in an event: the per-event roles of ``EventRole``.

Players and spectators read without a login; directors (裁判长), referees (裁判) and
scorers (记分员) log in and hold a role in one event. A superuser counts as holding
every role, so the demo's ``director`` account runs every event.
"""

from __future__ import annotations

from typing import Any

from .models import Event, EventRole

__all__ = [
    "OFFICIAL_ROLES",
    "person_name",
    "sees_every_result",
    "user_event_roles",
    "user_has_role",
]

#: The roles that read every result before a board opens to players (第二十八条之6
#: hides it from players only): the director, the referees and the scorers.
OFFICIAL_ROLES = ("director", "scorer", "referee")


def user_event_roles(user: Any, event: Event) -> set[str]:
    """The roles ``user`` holds in ``event`` (every role for a superuser)."""
    if user is None or not user.is_authenticated or not user.is_active:
        return set()
    if user.is_superuser:
        return set(EventRole.Role.values)
    return set(EventRole.objects.filter(event=event, user=user).values_list("role", flat=True))


def user_has_role(user: Any, event: Event, *roles: str) -> bool:
    """Whether ``user`` holds any of ``roles`` in ``event`` (any role at all if none given)."""
    held = user_event_roles(user, event)
    return bool(held & set(roles)) if roles else bool(held)


def sees_every_result(user: Any, event: Event) -> bool:
    """Whether ``user`` reads ``event``'s scores as an official (every result) rather
    than as a player (the boards shown only): one rule for the pages, the API and the
    papers, so a scorer reads the same numbers on each."""
    return user_has_role(user, event, *OFFICIAL_ROLES)


def person_name(user: Any) -> str:
    """An official as pages and papers show them: their name, the login only when no
    name is recorded (a referee is "王裁判", not "director")."""
    if user is None:
        return ""
    full = getattr(user, "get_full_name", lambda: "")()
    return str(full or getattr(user, "username", ""))
