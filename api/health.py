"""``/healthz``: a bare Django view for the proxy's health check (and the load
benchmark's baseline): no database, no template, no session."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache


@never_cache
def healthz(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok\n", content_type="text/plain")
