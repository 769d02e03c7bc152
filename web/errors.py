"""The pages' own "not found": the bilingual 404 page with what is missing, whatever
``DEBUG`` says (a player opening a board not dealt yet never sees Django's debug page)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

__all__ = ["not_found"]


def not_found(request: HttpRequest, message_zh: str, message_en: str) -> HttpResponse:
    """404 with the reason in Chinese, then English."""
    context = {"message_zh": message_zh, "message_en": message_en}
    return render(request, "404.html", context, status=404)
