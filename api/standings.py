"""Standings (名次): the rows the scoring services keep, per stage, cached.

Many players refresh standings at once while results come in, so a stage's standings
are built once per version (``scoring.cache``) and served with an ``ETag``: a client
that sends ``If-None-Match`` gets 304 until a result of the stage changes."""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from typing import Any, ClassVar

from django.db import models
from django.http import HttpResponse
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from core.numbers import rounded
from scoring.cache import cached_payload
from scoring.models import Standing
from scoring.reasons import tie_reasons
from scoring.selectors import standings_rows
from tournament.models import Event, Stage

from .base import EventView
from .events import EntrantRef


class ExactDecimalField(serializers.DecimalField):
    """A score, stored (``Decimal``) or exact (``Fraction``: a percentage, a player's
    running total counted afresh), rounded once, half up (``core.numbers.rounded``), to
    the field's places: DRF's own quantize rounds half even, and 56.125 % would read
    56.12 here but 56.13 on the page."""

    def to_representation(self, value: Decimal | Fraction) -> Any:
        return super().to_representation(rounded(value, self.decimal_places or 0))


#: Zero as the API writes it with each number of places ("0", "0.0", "0.00", …).
_ZEROS = tuple(format(rounded(0, places), "f") for places in range(9))


class StandingOut(serializers.ModelSerializer):  # type: ignore[type-arg]
    """A ``scoring.rows.StandingLine``, written with the fields of the stored row, and
    its tie code rendered in Chinese and English the way the pages and the PDFs render
    it (``scoring.reasons``): ``mark_*`` beside the team, ``reason_*`` why (第二十五条之4)."""

    _planned: ClassVar[list[tuple[str, int | None]] | None] = None
    serializer_field_mapping = {
        **serializers.ModelSerializer.serializer_field_mapping,
        models.DecimalField: ExactDecimalField,
    }
    entrant = EntrantRef()
    percentage = ExactDecimalField(max_digits=7, decimal_places=2, allow_null=True)
    mark_zh = serializers.SerializerMethodField()
    reason_zh = serializers.SerializerMethodField()
    mark_en = serializers.SerializerMethodField()
    reason_en = serializers.SerializerMethodField()

    class Meta:
        model = Standing
        fields = [
            "place",
            "shared",
            "entrant",
            "group_label",
            "direction",
            "played",
            "won",
            "drawn",
            "lost",
            "match_points",
            "score_for",
            "score_against",
            "boards",
            "matchpoints",
            "adjustment",
            "total",
            "top",
            "percentage",
            "tie",
            "flagged",
            "note",
            "mark_zh",
            "reason_zh",
            "mark_en",
            "reason_en",
            "byes",
            "opponents_points",
            "net_levels",
        ]

    def to_representation(self, line: Any) -> dict[str, Any]:
        """The fields as DRF's own walk writes them (:meth:`generic`, the documented
        schema), without that walk's cost per field and row: 120 Mitchell lines took
        70 ms of the first read after a change. ``test_standings_json`` keeps the two
        equal."""
        reasons = tie_reasons(line)
        e = line.entrant
        out: dict[str, Any] = {}
        for name, places in self._plan:
            if name == "entrant":
                out[name] = {"id": e.id, "kind": e.kind, "number": e.number, "name": e.name}
            elif name in reasons:
                out[name] = reasons[name]
            elif places is not None:
                value = getattr(line, name)
                if value is None:
                    out[name] = None
                elif not value and not (type(value) is Decimal and value.is_signed()):
                    out[name] = _ZEROS[places]  # a pair's 得分, 失分 and 场分 on every row
                else:
                    out[name] = format(rounded(value, places), "f")
            else:
                out[name] = getattr(line, name)
        return out

    def generic(self, line: Any) -> dict[str, Any]:
        """DRF's field-by-field representation (the reference of the fast one)."""
        return dict(super().to_representation(line))

    @property
    def _plan(self) -> list[tuple[str, int | None]]:
        """Each field with its places (None: not a number), worked out once per process:
        DRF builds the fields afresh for every serializer, 5 ms of every first read."""
        plan = StandingOut._planned
        if plan is None:
            plan = [
                (name, f.decimal_places if isinstance(f, serializers.DecimalField) else None)
                for name, f in self.fields.items()
            ]
            StandingOut._planned = plan
        return plan

    # The payload is built once per version for every reader (``scoring.cache``), so it
    # carries both languages, not the request's.
    def get_mark_zh(self, line: Any) -> str:
        return tie_reasons(line)["mark_zh"]

    def get_reason_zh(self, line: Any) -> str:
        return tie_reasons(line)["reason_zh"]

    def get_mark_en(self, line: Any) -> str:
        return tie_reasons(line)["mark_en"]

    def get_reason_en(self, line: Any) -> str:
        return tie_reasons(line)["reason_en"]


class StandingsOut(serializers.Serializer):  # type: ignore[type-arg]
    stage = serializers.IntegerField()
    kind = serializers.CharField()
    name = serializers.CharField()
    rows = StandingOut(many=True)


def standings_data(stage: Stage, *, official: bool = True) -> dict[str, Any]:
    """The standings rows as ``official`` or a player reads them (第二十八条之6)."""
    rows = StandingOut(standings_rows(stage, official=official), many=True).data
    return {"stage": stage.order, "kind": stage.kind, "name": stage.name, "rows": rows}


class StageStandings(EventView):
    """A stage's standings in ranking order: per group, per direction (a Mitchell), or
    the final's places."""

    @extend_schema(responses={200: StandingsOut, 304: OpenApiResponse(description="not modified")})
    def get(self, request: Request, code: str, order: int) -> Response:
        stage = self.stage()
        official = self.is_official()
        etag, body = cached_payload(
            stage.pk, lambda: _rendered(stage, official), kind="api-official" if official else "api"
        )
        public = self.event().status != Event.Status.DRAFT
        headers = {
            "ETag": etag,
            # Revalidate every time (a cheap 304): a result changes standings at once.
            "Cache-Control": ("public" if public else "private") + ", no-cache",
        }
        if etag in _etags(request.headers.get("If-None-Match", "")):
            return Response(status=304, headers=headers)
        if isinstance(request.accepted_renderer, JSONRenderer):
            # The JSON as rendered once for this version: no rendering per request.
            return HttpResponse(body, content_type="application/json", headers=headers)
        return Response(json.loads(body), headers=headers)  # the browsable API: the same


def _rendered(stage: Stage, official: bool) -> bytes:
    """The JSON alone is kept per version (the cache's copy, every process's memo): the
    rows as data as well doubled what each first read after a result pickled and stored,
    and what every process kept of every version."""
    return JSONRenderer().render(standings_data(stage, official=official))


def _etags(header: str) -> set[str]:
    return {tag.strip().removeprefix("W/") for tag in header.split(",") if tag.strip()}
