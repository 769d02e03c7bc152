"""The one way a page finds its event: visible to the reader, and held by a role if the
page asks for one. The web, rulings and printing views all call :func:`event_for`; a
table's own pages find their table with :func:`table_for`.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest

from duidiao.security import guess_missed, guesses_left

from .models import Event, Stage, Table
from .roles import sees_every_result, user_event_roles
from .selectors import event_get, table_get_by_code

__all__ = ["event_context", "event_for", "stage_for", "table_for"]


def event_for(request: HttpRequest, code: str, role: str | tuple[str, ...] | None = None) -> Event:
    """The event behind ``code`` as ``request.user`` may reach it.

    Without ``role``: 404 when the reader may not see it (no such code, or a draft the
    reader holds no role in). With ``role`` (one or several): 404 for no such code, 403
    when the reader holds none of them — an official's page, whatever the status.
    """
    if role is None:
        try:
            return event_get(code, request.user)
        except Event.DoesNotExist as error:
            raise Http404("no such event") from error
    event = Event.objects.filter(code=code).first()
    if event is None:
        raise Http404("no such event")
    wanted = {role} if isinstance(role, str) else set(role)
    if not wanted & user_event_roles(request.user, event):
        raise PermissionDenied(" or ".join(sorted(wanted)) + " only")
    return event


def event_context(request: HttpRequest, event: Event, **extra: Any) -> dict[str, Any]:
    """What every event page's frame needs: the event, its stages in order and the
    reader's roles in it."""
    return {
        "event": event,
        "stages": list(event.stages.order_by("order")),
        "roles": user_event_roles(request.user, event),
        **extra,
    }


def stage_for(event: Event, order: int) -> Stage:
    """The stage numbered ``order`` of an event already reached by :func:`event_for`."""
    try:
        return event.stages.get(order=order)
    except Stage.DoesNotExist as error:
        raise Http404("no such stage") from error


def table_for(request: HttpRequest, code: str, *, officials_any_round: bool = False) -> Table:
    """The table behind an entry code typed by its players, while the director has its
    round open. A code that opens no table — unknown, of a round not started yet, or
    of a closed round — is answered alike (the same 404) and counted alike, per client
    address and device cookie: past a few a minute the answer is 429 to that phone
    (``duidiao.security``), never to the venue's other phones, and nobody learns which
    codes exist. ``officials_any_round``: the event's officials reach
    the table in any round (its rulings page)."""
    guesses_left(request)
    try:
        table: Table | None = table_get_by_code(code)
    except Table.DoesNotExist:
        table = None
    if table is not None and (
        table.round.is_open
        or (officials_any_round and sees_every_result(request.user, table.round.stage.event))
    ):
        return table
    guess_missed(request)
    raise Http404("no such table code")
