"""Request wiring that the project's settings name."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse


class ChineseFirstMiddleware:
    """Simplified Chinese unless the visitor switched: the browser's language is not asked.

    Players at a Chifeng venue read Chinese whatever their phone's setting; English is a
    choice made with the language switch, which the language cookie remembers. Placed
    before Django's LocaleMiddleware, which then sees no Accept-Language header and falls
    back to the cookie, then to LANGUAGE_CODE (zh-hans).
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request.META.pop("HTTP_ACCEPT_LANGUAGE", None)
        return self.get_response(request)
