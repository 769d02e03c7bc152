"""Who may do what, per event (``tournament.models.EventRole``).

Reading the public face of an event (entrants, stages, schedules, standings, boards
whose results may be shown) needs nothing. A view that does more names the roles it
needs in ``roles``; a director of *this* event (or a superuser) holds every role, a
role in another event counts for nothing here. Table tablets act without a login
through their table's code, which the result views accept in the body.
"""

from __future__ import annotations

from typing import Any

from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request

__all__ = ["EventRoles", "ROLES_OFFICIAL", "ROLES_RESULTS", "ROLE_DIRECTOR"]

ROLE_DIRECTOR = frozenset({"director"})
ROLES_RESULTS = frozenset({"director", "scorer"})
ROLES_OFFICIAL = frozenset({"director", "scorer", "referee"})


class EventRoles(BasePermission):
    """The view's ``roles`` (for every method) or ``write_roles`` (unsafe methods only);
    a view without either is public. ``table_code_ok`` lets a request without a role
    through when it carries a table code (the service then checks the code)."""

    message = "需要本赛事的相应职责 / this needs a role in this event"

    def has_permission(self, request: Request, view: Any) -> bool:
        needed = getattr(view, "roles", None)
        if needed is None and request.method not in SAFE_METHODS:
            needed = getattr(view, "write_roles", None)
        if not needed:
            return True
        if view.event_roles() & needed:
            return True
        if getattr(view, "table_code_ok", False) and request.data.get("table_code"):
            return True
        return False
