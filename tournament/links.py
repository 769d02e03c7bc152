"""Where the public pages of an event's entrants are, for faces that only link to them
(the PIN card's QR code in ``printing``, which may not import ``web``): a URL by its
name, no view imported."""

from __future__ import annotations

from django.urls import reverse

from .models import Entrant

__all__ = ["entrant_page_path"]


def entrant_page_path(entrant: Entrant) -> str:
    """The path of a team's or a pair's own page (``/e/<event>/player/<id>/``): where to
    go next, the place and its trend, each board against the field. A paper's QR code
    makes it absolute with the venue's address (``duidiao.venue.venue_urls``)."""
    return reverse("web:player", args=[entrant.event.code, entrant.pk])
