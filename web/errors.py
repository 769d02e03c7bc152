"""The pages' own "not found": the bilingual 404 page with what is missing, whatever
``DEBUG`` says (a player opening a board not dealt yet never sees Django's debug page)."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

__all__ = ["NotFoundPageMiddleware", "not_found"]


def not_found(request: HttpRequest, message_zh: str, message_en: str) -> HttpResponse:
    """404 with the reason in Chinese, then English."""
    context = {"message_zh": message_zh, "message_en": message_en}
    return render(request, "404.html", context, status=404)


class NotFoundPageMiddleware:
    """Every page that is not there (an unknown code, a draft event seen by the public)
    answers with the bilingual 404 page, with ``DEBUG`` on as well as off: Django's
    debug page lists the site's addresses and is no page for a player or a director."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            response.status_code == 404
            and settings.DEBUG
            and getattr(request, "resolver_match", None) is None
        ):
            # No page at this address at all (resolved before any view, so never seen by
            # process_exception): Django's debug 404 would list every address of the site.
            return render(request, "404.html", status=404)
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, Http404):
            return render(request, "404.html", status=404)
        return None
