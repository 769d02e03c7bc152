"""Rulings (判罚, 第五章): the event's rulings (its directors and referees: all; everyone
else: the published ones), one ruling with its history, recording one, and what
happens to it after (appeal, uphold, withdraw, publish). The rules of who may and
what a ruling does are ``rulings.services``; these views only read the request."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from boards.models import Board
from rulings.models import DECISION_CHOICES, IRREGULARITY_CHOICES, Ruling, RulingVersion
from rulings.selectors import rulings_for_event
from rulings.services import (
    ruling_appeal,
    ruling_create,
    ruling_publish,
    ruling_uphold,
    ruling_withdraw,
)
from tournament.models import Entrant, Match, Table

from .base import EventMixin, EventView
from .fields import ID_MAX
from .permissions import ROLE_DIRECTOR

ROLES_RULING = ROLE_DIRECTOR | {"referee"}


class RulingOut(serializers.ModelSerializer):  # type: ignore[type-arg]
    table = serializers.IntegerField(source="table_id", allow_null=True)
    match = serializers.IntegerField(source="match_id", allow_null=True)
    board = serializers.IntegerField(source="board_id", allow_null=True)
    offender_entrant = serializers.IntegerField(source="offender_entrant_id", allow_null=True)
    referee = serializers.CharField(source="referee.username", allow_null=True, default=None)

    class Meta:
        model = Ruling
        fields = [
            "id",
            "table",
            "match",
            "board",
            "irregularity",
            "article",
            "decision",
            "amount",
            "offender_entrant",
            "offender_side",
            "erring_side",
            "minutes_late",
            "reason_zh",
            "reason_en",
            "published",
            "status",
            "version",
            "referee",
            "created_at",
            "updated_at",
        ]


class RulingVersionOut(serializers.ModelSerializer):  # type: ignore[type-arg]
    by = serializers.CharField(source="by.username", allow_null=True, default=None)

    class Meta:
        model = RulingVersion
        fields = ["number", "action", "by", "at", "note", "snapshot"]


class RulingDetailOut(serializers.Serializer):  # type: ignore[type-arg]
    ruling = RulingOut()
    history = RulingVersionOut(many=True)


class RulingIn(serializers.Serializer):  # type: ignore[type-arg]
    irregularity = serializers.ChoiceField(choices=IRREGULARITY_CHOICES)
    decision = serializers.ChoiceField(choices=DECISION_CHOICES, required=False, allow_blank=True)
    reason_zh = serializers.CharField(max_length=4000)
    reason_en = serializers.CharField(max_length=4000, required=False, allow_blank=True)
    table = serializers.IntegerField(min_value=1, max_value=ID_MAX, required=False)
    match = serializers.IntegerField(min_value=1, max_value=ID_MAX, required=False)
    board = serializers.IntegerField(min_value=1, max_value=ID_MAX, required=False)
    offender_entrant = serializers.IntegerField(min_value=1, max_value=ID_MAX, required=False)
    offender_side = serializers.ChoiceField(choices=["NS", "EW"], required=False)
    amount = serializers.DecimalField(
        max_digits=8, decimal_places=2, min_value=0, max_value=1000, required=False
    )
    erring_side = serializers.CharField(max_length=12, required=False, allow_blank=True)
    minutes_late = serializers.IntegerField(min_value=0, max_value=600, required=False)
    damaged = serializers.BooleanField(required=False)
    published = serializers.BooleanField(required=False)


class RulingActionIn(serializers.Serializer):  # type: ignore[type-arg]
    note = serializers.CharField(max_length=4000, required=False, allow_blank=True)
    version = serializers.IntegerField(min_value=1, max_value=ID_MAX, required=False)


def _in_event(view: EventMixin, model: Any, pk: int | None, lookup: str) -> Any:
    if pk is None:
        return None
    found = model.objects.filter(**{lookup: view.event(), "pk": pk}).first()
    if found is None:
        raise ValidationError({model.__name__.lower(): "本赛事没有 / not in this event"})
    return found


def _ruling(view: EventMixin, pk: int) -> Ruling:
    ruling = rulings_for_event(view.event(), view.request.user).filter(pk=pk).first()
    if ruling is None:
        raise Http404("no such ruling")
    return ruling


def _detail(ruling: Ruling) -> dict[str, Any]:
    history = ruling.versions.select_related("by").order_by("number")
    return RulingDetailOut({"ruling": ruling, "history": history}).data  # type: ignore[return-value]


class RulingList(EventMixin, generics.ListAPIView):  # type: ignore[type-arg]
    """The event's rulings, newest first; POST records one (referees and directors)."""

    serializer_class = RulingOut
    write_roles = ROLES_RULING

    def get_queryset(self) -> Any:
        return rulings_for_event(self.event(), self.request.user)

    @extend_schema(request=RulingIn, responses={201: RulingDetailOut})
    def post(self, request: Request, code: str) -> Response:
        form = RulingIn(data=request.data)
        form.is_valid(raise_exception=True)
        data = dict(form.validated_data)
        where = {
            "table": _in_event(self, Table, data.pop("table", None), "round__stage__event"),
            "match": _in_event(self, Match, data.pop("match", None), "stage__event"),
            "board": _in_event(self, Board, data.pop("board", None), "stage__event"),
            "offender_entrant": _in_event(
                self, Entrant, data.pop("offender_entrant", None), "event"
            ),
        }
        ruling = ruling_create(by=request.user, **data, **where)
        return Response(_detail(ruling), status=status.HTTP_201_CREATED)


class RulingDetail(EventView):
    @extend_schema(responses=RulingDetailOut)
    def get(self, request: Request, code: str, pk: int) -> Response:
        return Response(_detail(_ruling(self, pk)))


ACTIONS = {
    "appeal": lambda r, by, note, version: ruling_appeal(
        ruling=r, by=by, note=note, version=version
    ),
    "uphold": lambda r, by, note, version: ruling_uphold(
        ruling=r, by=by, note=note, version=version
    ),
    "withdraw": lambda r, by, note, version: ruling_withdraw(
        ruling=r, by=by, note=note, version=version
    ),
    "publish": lambda r, by, note, version: ruling_publish(
        ruling=r, by=by, note=note, version=version
    ),
    "unpublish": lambda r, by, note, version: ruling_publish(
        ruling=r, by=by, published=False, note=note, version=version
    ),
}


class RulingAction(EventView):
    """``appeal``, ``uphold``, ``withdraw``, ``publish`` or ``unpublish`` a ruling (with the
    ``version`` read: an older one is 409)."""

    roles = ROLES_RULING

    @extend_schema(request=RulingActionIn, responses=RulingDetailOut)
    def post(self, request: Request, code: str, pk: int, action: str) -> Response:
        if action not in ACTIONS:
            raise Http404("no such action")
        form = RulingActionIn(data=request.data)
        form.is_valid(raise_exception=True)
        ruling = _ruling(self, pk)
        done = ACTIONS[action](
            ruling,
            request.user,
            form.validated_data.get("note", ""),
            form.validated_data.get("version"),
        )
        return Response(_detail(done))
