"""Events, entrants, stages, schedules (and Mitchell movements) and brackets: the
public face of an event, read only. Draft events exist only for their officials."""

from __future__ import annotations

import copy
from collections.abc import Iterable
from types import SimpleNamespace
from typing import Any

from django.db.models import Q, QuerySet
from django.http import Http404
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import generics, serializers
from rest_framework.request import Request
from rest_framework.response import Response

from core.formats.bracket import bracket_places
from scoring.rows import MatchSeen
from scoring.selectors import bracket_matches_seen, bracket_rows, match_lines, matches_seen
from scoring.services import swiss_round_next
from tournament.models import Entrant, Event, Match, Round, Stage, StageEntry, Table
from tournament.selectors import events_visible

from . import selectors
from .base import EventMixin, EventView
from .fields import SMALL_MAX
from .permissions import ROLE_DIRECTOR, EventRoles

# --- serializers -------------------------------------------------------------------------


class EventOut(serializers.ModelSerializer):  # type: ignore[type-arg]
    class Meta:
        model = Event
        fields = ["code", "name", "venue", "starts_on", "ends_on", "rules", "switches", "status"]


class EventDetailOut(EventOut):
    roles = serializers.SerializerMethodField()

    class Meta(EventOut.Meta):
        fields = [*EventOut.Meta.fields, "roles"]

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_roles(self, event: Event) -> list[str]:
        """The roles the caller holds in this event."""
        return sorted(self.context.get("roles", ()))


class EventFilter(serializers.Serializer):  # type: ignore[type-arg]
    status = serializers.ChoiceField(choices=Event.Status.choices, required=False)
    q = serializers.CharField(required=False, max_length=100, help_text="name or code contains")


class PlayerOut(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField(source="player.id")
    name = serializers.CharField(source="player.name")
    club = serializers.CharField(source="player.club")
    role = serializers.CharField()
    order = serializers.IntegerField()


class EntrantOut(serializers.ModelSerializer):  # type: ignore[type-arg]
    players = PlayerOut(many=True, source="memberships")

    class Meta:
        model = Entrant
        fields = ["id", "kind", "number", "name", "seed", "players"]


class EntrantFilter(serializers.Serializer):  # type: ignore[type-arg]
    kind = serializers.ChoiceField(choices=Entrant.Kind.choices, required=False)
    q = serializers.CharField(required=False, max_length=100, help_text="name contains")


class EntrantRef(serializers.ModelSerializer):  # type: ignore[type-arg]
    class Meta:
        model = Entrant
        fields = ["id", "kind", "number", "name"]


class StageOut(serializers.ModelSerializer):  # type: ignore[type-arg]
    source = serializers.IntegerField(
        source="source.order", allow_null=True, default=None, help_text="the feeding stage"
    )

    class Meta:
        model = Stage
        fields = ["order", "kind", "name", "status", "settings", "source", "draw_seed"]


class StageEntryOut(serializers.ModelSerializer):  # type: ignore[type-arg]
    entrant = EntrantRef()

    class Meta:
        model = StageEntry
        fields = [
            "entrant",
            "seed",
            "group_label",
            "position",
            "direction",
            "pair_number",
            "source",
        ]


class StageDetailOut(serializers.Serializer):  # type: ignore[type-arg]
    stage = StageOut()
    entries = StageEntryOut(many=True)


class MatchOut(serializers.ModelSerializer):  # type: ignore[type-arg]
    round = serializers.IntegerField(source="round.number")
    home = EntrantRef(allow_null=True)
    away = EntrantRef(allow_null=True)
    winner = EntrantRef(allow_null=True)
    score = serializers.SerializerMethodField()

    class Meta:
        model = Match
        fields = [
            "id",
            "number",
            "round",
            "group_label",
            "home",
            "away",
            "home_source",
            "away_source",
            "side",
            "bracket_round",
            "is_reset",
            "first_place",
            "loser_place",
            "status",
            "winner",
            "score",
        ]

    @extend_schema_field(serializers.DictField(allow_null=True))
    def get_score(self, match: Match) -> dict[str, Any] | None:
        """The match's score once results are in (home, away, match points, decision), as
        the reader may see it (``scoring.selectors.match_lines`` in the context)."""
        line = self.context["lines"].get(match.pk)
        if line is None:
            return None
        return {
            "home": str(line.home),
            "away": str(line.away),
            "home_match_points": line.home_match_points,
            "away_match_points": line.away_match_points,
            "decision": line.decision,
            "boards_scored": line.boards_scored,
            "boards_expected": line.boards_expected,
            "needs_review": line.needs_review,
        }


class TableOut(serializers.ModelSerializer):  # type: ignore[type-arg]
    match = serializers.IntegerField(source="match.number", allow_null=True, default=None)
    ns = EntrantRef(allow_null=True)
    ew = EntrantRef(allow_null=True)
    boards = serializers.SerializerMethodField()

    class Meta:
        model = Table
        fields = ["id", "number", "session", "room", "match", "ns", "ew", "boards"]

    @extend_schema_field(serializers.ListField(child=serializers.DictField()))
    def get_boards(self, table: Table) -> list[dict[str, Any]]:
        """The board sets the table plays, in order (numbers and start level)."""
        return [
            {
                "set": play.board_set.number,
                "first": play.board_set.first_board,
                "last": play.board_set.last_board,
                "start_level": play.board_set.start_level,
            }
            for play in table.set_plays.all()
        ]


class DirectorTableOut(TableOut):
    """A table as its event's director sees it: with the code its tablet enters by."""

    class Meta(TableOut.Meta):
        fields = [*TableOut.Meta.fields, "code"]


class RoundOut(serializers.ModelSerializer):  # type: ignore[type-arg]
    matches = MatchOut(many=True)
    tables = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = ["number", "name", "matches", "tables"]

    @extend_schema_field(TableOut(many=True))
    def get_tables(self, round_: Any) -> Any:
        out = DirectorTableOut if self.context.get("director") else TableOut
        return out(round_.tables, many=True).data


class ScheduleFilter(serializers.Serializer):  # type: ignore[type-arg]
    round = serializers.IntegerField(required=False, min_value=1, max_value=SMALL_MAX)


class BracketOut(serializers.Serializer):  # type: ignore[type-arg]
    kind = serializers.CharField()
    matches = MatchOut(many=True)
    champion = serializers.IntegerField(allow_null=True, help_text="entrant id, once decided")
    runner_up = serializers.IntegerField(allow_null=True)
    eliminated = serializers.DictField(
        child=serializers.IntegerField(), help_text="entrant id → the match it went out in"
    )
    places = serializers.DictField(
        child=serializers.DictField(),
        help_text="entrant id → {place, shared}: 冠军, 亚军, placing matches, shared places",
    )


# --- views ------------------------------------------------------------------------------


class EventList(generics.ListAPIView):  # type: ignore[type-arg]
    """Events anyone may read (all but drafts), and the drafts the caller works on."""

    serializer_class = EventOut
    permission_classes = [EventRoles]

    def get_queryset(self) -> QuerySet[Event]:
        filters = EventFilter(data=self.request.query_params)
        filters.is_valid(raise_exception=True)
        events = events_visible(self.request.user)
        if status := filters.validated_data.get("status"):
            events = events.filter(status=status)
        if q := filters.validated_data.get("q"):
            events = events.filter(Q(name__icontains=q) | Q(code__icontains=q))
        return events.order_by("-starts_on", "name", "pk")

    @extend_schema(parameters=[EventFilter])
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


class EventDetail(EventView):
    @extend_schema(responses=EventDetailOut)
    def get(self, request: Request, code: str) -> Response:
        return Response(EventDetailOut(self.event(), context={"roles": self.event_roles()}).data)


class EntrantList(EventMixin, generics.ListAPIView):  # type: ignore[type-arg]
    serializer_class = EntrantOut

    def get_queryset(self) -> QuerySet[Entrant]:
        filters = EntrantFilter(data=self.request.query_params)
        filters.is_valid(raise_exception=True)
        entrants = selectors.event_entrants(self.event())
        if kind := filters.validated_data.get("kind"):
            entrants = entrants.filter(kind=kind)
        if q := filters.validated_data.get("q"):
            entrants = entrants.filter(
                Q(name__icontains=q) | Q(memberships__player__name__icontains=q)
            ).distinct()
        return entrants

    @extend_schema(parameters=[EntrantFilter])
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


class StageList(EventView):
    @extend_schema(responses=StageOut(many=True))
    def get(self, request: Request, code: str) -> Response:
        stages = self.event().stages.select_related("source").order_by("order")
        return Response(StageOut(stages, many=True).data)


class StageDetail(EventView):
    @extend_schema(responses=StageDetailOut)
    def get(self, request: Request, code: str, order: int) -> Response:
        stage = self.stage()
        data = {"stage": stage, "entries": selectors.stage_entries(stage)}
        return Response(StageDetailOut(data).data)


class StageSchedule(EventView):
    """The stage's rounds: matches (with scores) and tables (with the board sets each
    plays) — a Mitchell's movement is its rounds' tables. Table codes for the director."""

    @extend_schema(parameters=[ScheduleFilter], responses=RoundOut(many=True))
    def get(self, request: Request, code: str, order: int) -> Response:
        filters = ScheduleFilter(data=request.query_params)
        filters.is_valid(raise_exception=True)
        stage = self.stage()
        rounds = selectors.stage_rounds(stage, number=filters.validated_data.get("round"))
        # Officials see every score; anyone else the boards shown only (第二十八条之6):
        # a match's score, winner and status, and in a bracket who has moved on to it
        # and so sits at its tables.
        official = self.is_official()
        lines = match_lines(stage, official=official)
        shown = _rounds_as_seen(rounds, matches_seen(stage, official=official, lines=lines))
        context = {"director": self.is_director(), "lines": lines}
        return Response(RoundOut(shown, many=True, context=context).data)


class StageBracket(EventView):
    """A knockout or double-elimination bracket: its matches and, once decided, the
    places (404 for other formats)."""

    @extend_schema(responses=BracketOut)
    def get(self, request: Request, code: str, order: int) -> Response:
        stage = self.stage()
        if not stage.is_bracket:
            raise Http404("not a bracket stage")
        # Who sits where and who won as the reader sees it (第二十八条之6): for a player
        # a match with a board still hidden has no winner and sends nobody on.
        official = self.is_official()
        seen = bracket_rows(stage, official=official)
        state, seeds = seen.state, seen.seeds
        rows = stage.matches.select_related("round", "home", "away", "winner").order_by("number")
        shown = bracket_matches_seen(seen)
        entrants = Entrant.objects.in_bulk(seeds.values())
        matches = [_as_seen(m, shown[m.number], entrants) for m in rows]
        data = {
            "kind": stage.kind,
            "matches": matches,
            "champion": seen.champion,
            "runner_up": seen.runner_up,
            "eliminated": {
                str(seeds[seed]): match for seed, match in state.eliminated.items() if seed in seeds
            },
            "places": {
                str(seeds[seed]): {"place": place, "shared": shared}
                for seed, (place, shared) in bracket_places(seen.bracket, state).items()
                if seed in seeds
            },
        }
        lines = {line.match_id: line for line in seen.lines.values()}
        return Response(BracketOut(data, context={"lines": lines}).data)


def _as_seen(match: Match, seen: MatchSeen, entrants: dict[int, Entrant]) -> Match:
    """A copy of the match (not saved) with its teams, winner and status as the reader
    sees them (``scoring.selectors.matches_seen``)."""
    shown = copy.copy(match)
    shown.home = entrants.get(seen.home_id) if seen.home_id is not None else None
    shown.away = entrants.get(seen.away_id) if seen.away_id is not None else None
    shown.winner = entrants.get(seen.winner_id) if seen.winner_id is not None else None
    shown.status = seen.status
    return shown


def _rounds_as_seen(rounds: Iterable[Round], seen: dict[int, MatchSeen]) -> list[SimpleNamespace]:
    """Each round with its matches as the reader sees them (:func:`_as_seen`), and its
    tables seating only the teams the reader sees in their match: a bracket's later
    match is seated once its teams are known to the director, not yet to a player."""
    ids = {pk for s in seen.values() for pk in (s.home_id, s.away_id, s.winner_id) if pk}
    entrants = Entrant.objects.in_bulk(ids)
    out = []
    for round_ in rounds:
        tables = []
        for table in round_.tables.all():
            if table.match is not None:
                match = seen[table.match.number]
                playing = {match.home_id, match.away_id} - {None}
                table = copy.copy(table)
                table.ns = table.ns if table.ns_id in playing else None
                table.ew = table.ew if table.ew_id in playing else None
            tables.append(table)
        out.append(
            SimpleNamespace(
                number=round_.number,
                name=round_.name,
                matches=[_as_seen(m, seen[m.number], entrants) for m in round_.matches.all()],
                tables=tables,
            )
        )
    return out


class StageNextRound(EventView):
    """Swiss teams (瑞士移位): the director pairs the next round once the last one is
    complete; answers with the new round's matches (400, bilingual, when it cannot)."""

    roles = ROLE_DIRECTOR

    @extend_schema(request=None, responses=RoundOut)
    def post(self, request: Request, code: str, order: int) -> Response:
        stage = self.stage()
        round_ = swiss_round_next(stage=stage)
        lines = match_lines(stage, official=True)
        (shown,) = _rounds_as_seen([round_], matches_seen(stage, official=True, lines=lines))
        context = {"director": True, "lines": lines}
        return Response(RoundOut(shown, context=context).data, status=201)
