"""Errors in the API's bodies.

A refused result carries the engine's findings as the board services raise them
(``boards.errors.BoardError.to_dict``)::

    {"code": "must_follow_suit", "message_zh": "…", "message_en": "…",
     "errors": [{"code": "must_follow_suit", "article": "第十七条", "board": 7,
                 "trick": 3, "seat": "E", "message_zh": "…", "message_en": "…"}]}

Status codes: 422 when the rules (or the box card) refuse an entry, 409 when the
result changed since the version the edit was made from (the body then also says
``current_version``) or the operation no longer applies, 403 when the actor may not do
it, 400 for input that is not even shaped right, 404 for anything outside the event.
A failure of our own — an exception this handler leaves to DRF, which raises it again —
is answered 500 in the same shape, with its request id, by
``duidiao.observability.RequestLogMiddleware`` (which logs its traceback).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ObjectDoesNotExist, PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from boards.errors import BoardError, ConflictError
from tournament.errors import EventError

__all__ = ["STATUS_BY_CODE", "exception_handler"]

STATUS_BY_CODE = {
    "conflict": status.HTTP_409_CONFLICT,
    "already_entered": status.HTTP_409_CONFLICT,
    "already_confirmed": status.HTTP_409_CONFLICT,
    "not_allowed": status.HTTP_403_FORBIDDEN,
    "same_side": status.HTTP_403_FORBIDDEN,
    "round_not_open": status.HTTP_403_FORBIDDEN,
    "wrong_pin": status.HTTP_403_FORBIDDEN,
    "pin_locked": status.HTTP_403_FORBIDDEN,
}


def _board_error(error: BoardError) -> Response:
    body: dict[str, Any] = error.to_dict()
    if isinstance(error, ConflictError):
        body["current_version"] = error.current
        body["your_version"] = error.expected
    code = str(error.code)
    return Response(body, status=STATUS_BY_CODE.get(code, status.HTTP_422_UNPROCESSABLE_ENTITY))


def _event_error(error: Any) -> Response:
    body = {
        "code": error.code,
        "message_zh": error.message_zh,
        "message_en": error.message_en,
        "errors": [
            {
                "code": error.code,
                "article": getattr(error, "article", None),
                "message_zh": error.message_zh,
                "message_en": error.message_en,
            }
        ],
    }
    code = str(error.code)
    return Response(body, status=STATUS_BY_CODE.get(code, status.HTTP_422_UNPROCESSABLE_ENTITY))


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, BoardError):
        return _board_error(exc)
    if isinstance(exc, EventError) or (
        isinstance(exc, DjangoValidationError) and hasattr(exc, "message_zh")
    ):  # the event and rulings services' bilingual refusals
        return _event_error(exc)
    if isinstance(exc, ObjectDoesNotExist):
        exc = Http404()
    elif isinstance(exc, DjangoValidationError):
        return Response(
            {"code": "invalid", "errors": exc.messages}, status=status.HTTP_400_BAD_REQUEST
        )
    elif isinstance(exc, PermissionDenied):
        pass  # DRF answers 403
    return drf_exception_handler(exc, context)
