"""Pairs rankings over more than one field: a sectioned Mitchell's overall ranking and
the event's cumulative ranking over its sessions (多节累计). Both are computed from the
stored standings (``scoring.sessions``); the views only serialise them."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from scoring.sessions import RankedPair, cumulative_ranking, overall_ranking

from .base import EventView
from .events import EntrantRef
from .standings import ExactDecimalField


class RankedPairOut(serializers.Serializer):  # type: ignore[type-arg]
    place = serializers.IntegerField()
    shared = serializers.BooleanField()
    entrant = EntrantRef()
    direction = serializers.CharField()
    total = ExactDecimalField(max_digits=12, decimal_places=2)
    top = serializers.IntegerField()
    boards = serializers.IntegerField()
    sessions = serializers.IntegerField()
    percentage = ExactDecimalField(max_digits=6, decimal_places=2, allow_null=True)


def _rows(ranked: list[RankedPair], entrants: dict[int, Any]) -> list[dict[str, Any]]:
    return [RankedPairOut({**r.__dict__, "entrant": entrants[r.entrant_id]}).data for r in ranked]


class StageOverall(EventView):
    """A Mitchell ranked over all its sections, each direction apart (a Howell: one
    ranking); a stage of one section gives its own ranking."""

    @extend_schema(responses=RankedPairOut(many=True))
    def get(self, request: Request, code: str, order: int) -> Response:
        stage = self.stage()
        ranked = overall_ranking(stage, official=self.is_official())
        entrants = {
            e.pk: e for e in self.event().entrants.filter(pk__in=[r.entrant_id for r in ranked])
        }
        return Response(_rows(ranked, entrants))


class PairsRanking(EventView):
    """The cumulative ranking over every pairs session of the event (Mitchell, Howell):
    matchpoints over the tops of all the boards each pair played."""

    @extend_schema(responses=RankedPairOut(many=True))
    def get(self, request: Request, code: str) -> Response:
        ranked = cumulative_ranking(self.event(), official=self.is_official())
        entrants = {
            e.pk: e for e in self.event().entrants.filter(pk__in=[r.entrant_id for r in ranked])
        }
        return Response(_rows(ranked, entrants))
