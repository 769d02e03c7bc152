"""The event file as the transfer tests compare it."""

from __future__ import annotations

from printing.transfer import canonical_json, event_export
from tournament.models import Event


def export(event: Event) -> bytes:
    """The event's file, canonical bytes, read afresh from the database."""
    return canonical_json(event_export(Event.objects.get(pk=event.pk)))
