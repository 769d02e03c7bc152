"""Parts of pages that refresh themselves: the page's script asks for the part again every
few seconds with the ``ETag`` it holds and gets 304 until something changed."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import render

__all__ = [
    "is_live",
    "live_response",
    "not_modified",
    "refresh_seconds",
    "screen_refresh_seconds",
    "screen_rotate_seconds",
]


def refresh_seconds() -> int:
    """How often a page asks again (``WEB_REFRESH_SECONDS``, 15 by default)."""
    return int(getattr(settings, "WEB_REFRESH_SECONDS", 15))


def screen_refresh_seconds() -> int:
    """How often the venue screen asks again (``WEB_SCREEN_REFRESH_SECONDS``, 3): a
    result shows within this plus the second a process trusts a standings version."""
    return int(getattr(settings, "WEB_SCREEN_REFRESH_SECONDS", 3))


def screen_rotate_seconds() -> int:
    """How long each panel of the venue screen stays up (``WEB_SCREEN_ROTATE_SECONDS``, 12)."""
    return int(getattr(settings, "WEB_SCREEN_ROTATE_SECONDS", 12))


def is_live(request: HttpRequest) -> bool:
    """The page's own script asking for its live part (``?live=1``)."""
    return bool(request.GET.get("live"))


def not_modified(request: HttpRequest, etag: str) -> bool:
    return etag in request.headers.get("If-None-Match", "")


def live_response(
    request: HttpRequest, etag: str, template: str, context: dict[str, Any] | None = None
) -> HttpResponse:
    """The live part rendered from ``template``, or 304 while ``etag`` still holds."""
    if context is None or not_modified(request, etag):
        response: HttpResponse = HttpResponseNotModified()
    else:
        response = render(request, template, context)
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    return response
