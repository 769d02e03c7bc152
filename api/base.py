"""The base of every event view: the event from the URL, once per request, and the
roles the requesting login holds in it."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from rest_framework import generics
from rest_framework.views import APIView

from scoring.cache import remembered
from tournament.models import Event, Stage
from tournament.roles import OFFICIAL_ROLES, user_event_roles
from tournament.selectors import event_public, events_visible

from . import selectors
from .permissions import EventRoles

__all__ = ["EventMixin", "EventGenericView", "EventView"]


class EventMixin:
    """``self.event()`` and ``self.event_roles()``: a 404 for an event this login
    cannot read (a draft of someone else's), every role for its director."""

    permission_classes = [EventRoles]
    kwargs: dict[str, Any]
    request: Any

    def event(self) -> Event:
        cached = getattr(self, "_event", None)
        if cached is None:
            user, code = self.request.user, self.kwargs["code"]
            if not user.is_authenticated:
                # Anonymous readers are the many: a public event is looked up once a
                # second per process (scoring.cache), not once per request.
                cached = remembered(("event", code), lambda: event_public(code))
            else:
                cached = events_visible(user).filter(code=code).first()
            if cached is None:
                raise Http404("no such event")
            self._event = cached
        return cached

    def event_roles(self) -> frozenset[str]:
        cached = getattr(self, "_roles", None)
        if cached is None:
            cached = frozenset(user_event_roles(self.request.user, self.event()))
            self._roles = cached
        return cached

    def is_director(self) -> bool:
        return "director" in self.event_roles()

    def is_official(self) -> bool:
        return bool(self.event_roles() & set(OFFICIAL_ROLES))

    def stage(self) -> Stage:
        event, order = self.event(), int(self.kwargs["order"])
        stage = remembered(("stage", event.pk, order), lambda: selectors.stage_find(event, order))
        if stage is None:
            raise Http404("no such stage")
        return stage


class EventView(EventMixin, APIView):
    pass


class EventGenericView(EventMixin, generics.GenericAPIView):  # type: ignore[type-arg]
    pass
