"""What an operator sees: one log line per request, every 500 with its traceback, a
request id tying them together, and JSON errors for the API.

* :class:`RequestLogMiddleware` (first in ``MIDDLEWARE``) gives each request an id —
  the client's ``X-Request-ID`` when it sent a sane one (a proxy's), else a new one —
  echoes it in the response's ``X-Request-ID`` header, and logs ``method path status
  duration user`` on ``duidiao.request`` once the response is ready (at ERROR for a
  5xx). An exception a view did not handle under ``/api/`` (a DRF view re-raises what
  ``api.errors`` does not answer) is logged with its traceback on ``duidiao.errors``
  and answered with :func:`server_error` (JSON); elsewhere Django logs it with its
  traceback on ``django.request`` and shows its 500 page. :func:`handler500` (the
  URLconf's) answers JSON under ``/api/`` too, for a failure outside any view.
* Every log record carries ``request_id`` (``-`` outside a request), which the
  ``LOGGING`` format in settings prints: a player's "it failed" with the id from the
  response finds the traceback.
"""

from __future__ import annotations

import contextvars
import logging
import re
import time
import uuid
from collections.abc import Callable
from typing import Any

from django.core.exceptions import BadRequest, PermissionDenied, SuspiciousOperation
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.http.multipartparser import MultiPartParserError
from django.views import defaults

__all__ = ["RequestLogMiddleware", "current_request_id", "handler500", "server_error"]

#: Exceptions Django answers itself with a 4xx: not a failure of ours.
_ANSWERED = (Http404, PermissionDenied, BadRequest, SuspiciousOperation, MultiPartParserError)

request_log = logging.getLogger("duidiao.request")
error_log = logging.getLogger("duidiao.errors")

_request_id: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")
_SANE_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
_factory = logging.getLogRecordFactory()


def _record(*args: Any, **kwargs: Any) -> logging.LogRecord:
    record = _factory(*args, **kwargs)
    record.request_id = _request_id.get()
    return record


logging.setLogRecordFactory(_record)


def current_request_id() -> str:
    return _request_id.get()


def server_error(request_id: str | None = None) -> JsonResponse:
    """The API's answer to a failure of its own (HTTP 500), in the shape of every API
    error (``api/errors.py``), with the id to quote to the operator."""
    rid = request_id or current_request_id()
    return JsonResponse(
        {
            "code": "server_error",
            "message_zh": (
                f"服务器内部错误，已记录。请稍后重试；如仍失败，请把请求号 {rid} 告诉裁判。"
            ),
            "message_en": (
                f"Internal server error, logged. Try again shortly; if it still fails, "
                f"give the director the request id {rid}."
            ),
            "request_id": rid,
        },
        status=500,
    )


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


class RequestLogMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        offered = request.headers.get("X-Request-ID", "")
        rid = offered if _SANE_ID.match(offered) else uuid.uuid4().hex
        token = _request_id.set(rid)
        request.request_id = rid  # type: ignore[attr-defined]
        began = time.perf_counter()
        try:
            response = self.get_response(request)
            response["X-Request-ID"] = rid
            user = getattr(request, "user", None)
            request_log.log(
                logging.ERROR if response.status_code >= 500 else logging.INFO,
                "%s %s %s %.1fms user=%s",
                request.method,
                request.get_full_path(),
                response.status_code,
                (time.perf_counter() - began) * 1000,
                user.get_username() if user is not None and user.is_authenticated else "-",
            )
            return response
        finally:
            _request_id.reset(token)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        """An API view's unhandled exception: its traceback in the log, JSON to the
        client. Anything else is left to Django (which logs a 500 with its traceback)."""
        if not _is_api(request) or isinstance(exception, _ANSWERED):
            return None
        error_log.exception(
            "unhandled %s on %s %s", type(exception).__name__, request.method, request.path
        )
        return server_error()


def handler500(request: HttpRequest) -> HttpResponse:
    """Django's last resort (DEBUG off): JSON under /api/, the 500 page elsewhere."""
    return server_error() if _is_api(request) else defaults.server_error(request)
