"""Results (计分卡): list and read them, enter, confirm and correct them, check a
scorecard without storing it, and read a result's audit trail.

Every write goes through ``boards.services`` (judged by the rules engine there); the
views only decide who the caller is (``Actor``): the event's director, one of its
scorers, or — without a login — one side of a table through the table's code, as
the table tablets do. A refusal comes back with the engine's findings (``errors``:
code, article, board, trick, seat, message_zh, message_en); an edit made from an
old ``version`` gets 409 with the current version (``api.errors``). A write that
carries an ``Idempotency-Key`` header answers a repeat of that key from the same
caller with its first answer (the result's id and version), so a retry is safe.

Results of a board whose hands are not shown yet are the event officials' only
(第二十八条之6): to anyone else they do not exist.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any, TypeVar

from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers, status
from rest_framework.exceptions import (
    NotAuthenticated,
    PermissionDenied,
    Throttled,
    ValidationError,
)
from rest_framework.request import Request
from rest_framework.response import Response

from boards.errors import BoardError
from boards.models import RESULT_SCORECARD_FIELDS, SIDE_CHOICES, Board, Result, ResultChange
from boards.records import Entry
from boards.services import (
    MAX_KEY,
    Actor,
    replay_find,
    replay_keep,
    result_check,
    result_confirm,
    result_correct,
    result_enter,
)
from duidiao.security import TooManyGuesses, client_address, guess_missed, guesses_left
from tournament.models import Table

from . import selectors
from .base import EventMixin, EventView
from .fields import ID_MAX, SMALL_MAX
from .permissions import ROLES_OFFICIAL, ROLES_RESULTS

# --- serializers: input --------------------------------------------------------------------

CARD = {"max_length": 8}
SEAT = {"max_length": 2}


class LevelsIn(serializers.Serializer):  # type: ignore[type-arg]
    NS = serializers.CharField(max_length=3)
    EW = serializers.CharField(max_length=3)


class ExchangeIn(serializers.Serializer):  # type: ignore[type-arg]
    kind = serializers.ChoiceField(choices=["xiaosa", "grab"])
    seat = serializers.CharField(**SEAT)
    gives = serializers.CharField(**CARD)
    takes = serializers.CharField(**CARD)


class TrickIn(serializers.Serializer):  # type: ignore[type-arg]
    leader = serializers.CharField(**SEAT)
    plays = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField(**CARD), max_length=25)
    )
    attempted = serializers.ListField(
        child=serializers.CharField(**CARD), max_length=25, required=False, allow_null=True
    )

    def validate_plays(self, plays: dict[str, Any]) -> dict[str, Any]:
        if len(plays) > 4:
            raise ValidationError("four seats at most")
        return plays


class EntryIn(serializers.Serializer):  # type: ignore[type-arg]
    """A scorecard (interfaces.md, ``duidiao-board/1``, without the deal): the box card
    as played, and the result (``defender_points``, ``dig``) or the whole play."""

    levels = LevelsIn()
    declarer = serializers.CharField(**SEAT)
    trump = serializers.CharField(**SEAT)
    declared_by = serializers.CharField(
        required=False, allow_null=True, allow_blank=True, help_text="null for 翻主", **SEAT
    )
    defender_points = serializers.IntegerField(
        required=False, allow_null=True, min_value=0, max_value=1000
    )
    dig = serializers.CharField(required=False, allow_null=True, allow_blank=True, **SEAT)
    xiaosa = serializers.ListField(
        child=serializers.CharField(**CARD), max_length=8, required=False, allow_null=True
    )
    buried = serializers.ListField(
        child=serializers.CharField(**CARD), max_length=16, required=False, allow_null=True
    )
    # A list that may be null, of items that may not ("tricks": [null] is a 400): with
    # ``many=True`` REST framework passes allow_null on to every item too.
    exchanges = serializers.ListField(
        child=ExchangeIn(), required=False, allow_null=True, max_length=16
    )
    tricks = serializers.ListField(child=TrickIn(), required=False, allow_null=True, max_length=60)

    def entry(self) -> Entry:
        data = self.validated_data
        return Entry(
            levels=dict(data["levels"]),
            declarer=data["declarer"],
            trump=data["trump"],
            declared_by=data.get("declared_by") or None,
            defender_points=data.get("defender_points"),
            dig=data.get("dig") or None,
            xiaosa=data.get("xiaosa"),
            buried=data.get("buried"),
            exchanges=[dict(x) for x in data["exchanges"]] if data.get("exchanges") else None,
            tricks=[_trick(t) for t in data["tricks"]] if data.get("tricks") else None,
        )


def _trick(data: dict[str, Any]) -> dict[str, Any]:
    trick = {"leader": data["leader"], "plays": dict(data["plays"])}
    if data.get("attempted") is not None:
        trick["attempted"] = list(data["attempted"])
    return trick


class TableCodeIn(serializers.Serializer):  # type: ignore[type-arg]
    """For a table tablet without a login: the table's code and which side is acting."""

    table_code = serializers.CharField(required=False, max_length=12)
    side = serializers.ChoiceField(choices=SIDE_CHOICES, required=False)
    pin = serializers.CharField(
        required=False,
        max_length=8,
        help_text="the acting side's own PIN (printed on its pair's or team's card)",
    )


class EnterIn(EntryIn, TableCodeIn):
    board = serializers.IntegerField(min_value=1, max_value=ID_MAX, help_text="board id")
    table = serializers.IntegerField(min_value=1, max_value=ID_MAX, help_text="table id")


class CheckIn(EntryIn):
    board = serializers.IntegerField(min_value=1, max_value=ID_MAX)
    table = serializers.IntegerField(min_value=1, max_value=ID_MAX)


class ConfirmIn(TableCodeIn):
    version = serializers.IntegerField(min_value=1, max_value=ID_MAX, help_text="as read")
    reason = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=2000,
        help_text="a director confirming a disputed result as entered: the ruling",
    )


class CorrectIn(EntryIn, TableCodeIn):
    version = serializers.IntegerField(min_value=1, max_value=ID_MAX, help_text="as read")
    reason = serializers.CharField(required=False, allow_blank=True, max_length=2000)


class ResultFilter(serializers.Serializer):  # type: ignore[type-arg]
    stage = serializers.IntegerField(required=False, min_value=1, max_value=SMALL_MAX)
    board = serializers.IntegerField(required=False, min_value=1, max_value=ID_MAX)
    table = serializers.IntegerField(required=False, min_value=1, max_value=ID_MAX)
    status = serializers.ChoiceField(choices=Result.Status.choices, required=False)


# --- serializers: output ---------------------------------------------------------------------


class ErrorItemOut(serializers.Serializer):  # type: ignore[type-arg]
    code = serializers.CharField()
    article = serializers.CharField(allow_null=True)
    board = serializers.IntegerField(allow_null=True)
    trick = serializers.IntegerField(allow_null=True)
    seat = serializers.CharField(allow_null=True)
    message_zh = serializers.CharField()
    message_en = serializers.CharField()


class ErrorOut(serializers.Serializer):  # type: ignore[type-arg]
    code = serializers.CharField()
    message_zh = serializers.CharField()
    message_en = serializers.CharField()
    errors = ErrorItemOut(many=True)


class ConflictOut(ErrorOut):
    current_version = serializers.IntegerField(required=False)
    your_version = serializers.IntegerField(required=False)


class ResultTableOut(serializers.ModelSerializer):  # type: ignore[type-arg]
    round = serializers.IntegerField(source="round.number")
    match = serializers.IntegerField(source="match.number", allow_null=True, default=None)

    class Meta:
        model = Table
        fields = ["id", "number", "round", "session", "room", "match", "ns_id", "ew_id"]


class ResultOut(serializers.ModelSerializer):  # type: ignore[type-arg]
    board = serializers.IntegerField(source="board.number")
    board_id = serializers.IntegerField()
    stage = serializers.IntegerField(source="board.stage.order")
    table = ResultTableOut()
    players = serializers.SerializerMethodField()

    class Meta:
        model = Result
        fields = [
            "id",
            "stage",
            "board",
            "board_id",
            "table",
            "players",
            *RESULT_SCORECARD_FIELDS,
            "status",
            "version",
            "entered_side",
            "entered_at",
            "confirmed_side",
            "confirmed_at",
            "updated_at",
            "flags",
            "flagged",
            "dispute",
        ]

    def get_players(self, result: Result) -> dict[str, str | None]:
        """Who sat where, by name."""
        return {seat: (p.name if p is not None else None) for seat, p in result.players.items()}


class ChangeOut(serializers.ModelSerializer):  # type: ignore[type-arg]
    user = serializers.CharField(source="user.username", allow_null=True, default=None)

    class Meta:
        model = ResultChange
        fields = [
            "id",
            "action",
            "role",
            "user",
            "side",
            "at",
            "version",
            "before",
            "after",
            "reason",
        ]


class VerdictOut(serializers.Serializer):  # type: ignore[type-arg]
    valid = serializers.BooleanField()
    errors = ErrorItemOut(many=True)
    defender_points = serializers.IntegerField(allow_null=True)
    dig = serializers.CharField(allow_null=True)
    outcome = serializers.CharField(allow_null=True)
    declarer_broken = serializers.BooleanField(allow_null=True)
    jump_levels = serializers.DictField(allow_null=True)
    levels_after = serializers.DictField(allow_null=True)
    next_declarer = serializers.CharField(allow_null=True)


WRITE_ERRORS = {400: None, 401: None, 403: ErrorOut, 404: None, 409: ConflictOut, 422: ErrorOut}

IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=False,
    description="a key of the caller's choosing (a UUID): the same key again gets the "
    f"first answer again instead of doing the write twice (at most {MAX_KEY} characters)",
)


# --- who is acting ---------------------------------------------------------------------------


def _actor(view: EventMixin, data: dict[str, Any], table: Table) -> Actor:
    """The caller as the services know them: the event's director, a scorer, or a table
    side that gave its table's code."""
    roles = view.event_roles()
    user = view.request.user
    if "director" in roles:
        return Actor.director(user)
    if "scorer" in roles:
        return Actor.scorer(user)
    code = (data.get("table_code") or "").strip().upper()
    if not code:
        if not user.is_authenticated:
            raise NotAuthenticated()
        raise PermissionDenied("需要记分员或裁判长职责 / this needs a scorer or director")
    # Wrong codes for this table from this address are counted together: a guesser is
    # slowed on that table, and nobody else (a venue shares one address) is stopped.
    about = f"table:{table.pk}"
    try:
        guesses_left(view.request, about)
    except TooManyGuesses as error:
        raise Throttled(wait=60) from error
    right = secrets.compare_digest(code.encode(), table.code.encode())
    if not right or not table.round.is_open:
        # A code of a round not started or closed answers as a wrong one: nobody learns
        # which codes exist before their round.
        guess_missed(view.request, about)
        raise PermissionDenied("牌桌录入码不符 / wrong table code")
    if not data.get("side"):
        raise ValidationError({"side": "凭录入码操作须说明是南北还是东西 / say NS or EW"})
    return Actor.at_table(
        table, data["side"], pin=data.get("pin") or "", address=client_address(view.request)
    )


def _board_and_table(view: EventMixin, data: dict[str, Any]) -> tuple[Board, Table]:
    event = view.event()
    board = (
        Board.objects.select_related("stage__event", "board_set")
        .filter(stage__event=event, pk=data["board"])
        .first()
    )
    table = (
        Table.objects.select_related("round__stage", "match")
        .filter(round__stage__event=event, pk=data["table"])
        .first()
    )
    errors = {}
    if board is None:
        errors["board"] = "本赛事没有这副牌 / no such board in this event"
    if table is None:
        errors["table"] = "本赛事没有这张牌桌 / no such table in this event"
    if errors:
        raise ValidationError(errors)
    assert board is not None and table is not None
    return board, table


def _result(view: EventMixin, pk: int) -> Result:
    """A result of this event that the caller may see (404 otherwise)."""
    found = selectors.event_results(view.event(), officials=view.is_official()).filter(pk=pk)
    result = found.select_related("board__board_set", "board__stage__event").first()
    if result is None:
        raise Http404("no such result")
    return result


def _once(request: Request, actor: Actor, write: Callable[[], tuple[Result, int]]) -> Response:
    """Do ``write`` once per ``Idempotency-Key``: a repeat of the key from the same caller
    (a response lost on the way) gets the first answer again — the result's id and
    version as they were — and nothing is written twice."""
    key = str(request.headers.get("Idempotency-Key", ""))
    kept = replay_find(actor, key)
    if kept is None:
        try:
            result, code = write()
        except BoardError:
            kept = replay_find(actor, key)  # the same request, answered a moment ago
            if kept is None:
                raise
        else:
            response = _out(result.pk, code, actor=actor)
            replay_keep(actor, key, result=result, status=code, body=dict(response.data))
            return response
    response = Response(kept.body, status=kept.status)
    response["Idempotent-Replayed"] = "true"
    return response


def _out(
    result_id: int, status_code: int = status.HTTP_200_OK, *, actor: Actor | None = None
) -> Response:
    """A result as the caller may see it. A table side sees it as the table does: a
    disputed result reads as entered or confirmed, without the engine's findings, so
    the answer is the same whatever the hidden deal (第二十八条之6)."""
    fresh = selectors.result_rows().get(pk=result_id)
    data = ResultOut(fresh).data
    if actor is not None and actor.side:  # a table side, through its code
        data["status"] = fresh.table_status
        data["dispute"] = []
    return Response(data, status=status_code)


# --- views ---------------------------------------------------------------------------------------


class ResultList(EventMixin, generics.ListAPIView):  # type: ignore[type-arg]
    """The event's results (officials: all; others: those of boards already shown).
    POST enters a scorecard."""

    serializer_class = ResultOut
    table_code_ok = True
    write_roles = ROLES_RESULTS

    def get_queryset(self) -> Any:
        filters = ResultFilter(data=self.request.query_params)
        filters.is_valid(raise_exception=True)
        return selectors.event_results(
            self.event(), officials=self.is_official(), **filters.validated_data
        )

    @extend_schema(parameters=[ResultFilter])
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        request=EnterIn, responses={201: ResultOut, **WRITE_ERRORS}, parameters=[IDEMPOTENCY_KEY]
    )
    def post(self, request: Request, code: str) -> Response:
        form = EnterIn(data=request.data)
        form.is_valid(raise_exception=True)
        board, table = _board_and_table(self, form.validated_data)
        actor = _actor(self, form.validated_data, table)

        def enter() -> tuple[Result, int]:
            entered = result_enter(board=board, table=table, entry=form.entry(), actor=actor)
            return entered, status.HTTP_201_CREATED

        return _once(request, actor, enter)


class ResultDetail(EventView):
    @extend_schema(responses=ResultOut)
    def get(self, request: Request, code: str, pk: int) -> Response:
        return _out(_result(self, pk).pk)


class ResultConfirm(EventView):
    """The other side (or a scorer, or the director) confirms an entered result."""

    table_code_ok = True
    write_roles = ROLES_RESULTS

    @extend_schema(
        request=ConfirmIn, responses={200: ResultOut, **WRITE_ERRORS}, parameters=[IDEMPOTENCY_KEY]
    )
    def post(self, request: Request, code: str, pk: int) -> Response:
        form, result, actor = _write(self, ConfirmIn(data=request.data), pk)

        def confirm() -> tuple[Result, int]:
            fresh = result_confirm(
                result=result,
                actor=actor,
                version=form.validated_data["version"],
                reason=form.validated_data.get("reason", ""),
            )
            return fresh, status.HTTP_200_OK

        return _once(request, actor, confirm)


class ResultCorrect(EventView):
    """Replace a result with a corrected scorecard, judged like a new entry (a
    confirmed result: the director only)."""

    table_code_ok = True
    write_roles = ROLES_RESULTS

    @extend_schema(
        request=CorrectIn, responses={200: ResultOut, **WRITE_ERRORS}, parameters=[IDEMPOTENCY_KEY]
    )
    def post(self, request: Request, code: str, pk: int) -> Response:
        form, result, actor = _write(self, CorrectIn(data=request.data), pk)

        def correct() -> tuple[Result, int]:
            fresh = result_correct(
                result=result,
                entry=form.entry(),
                actor=actor,
                version=form.validated_data["version"],
                reason=form.validated_data.get("reason", ""),
            )
            return fresh, status.HTTP_200_OK

        return _once(request, actor, correct)


W = TypeVar("W", bound=serializers.Serializer)  # type: ignore[type-arg]


def _write(view: EventMixin, form: W, pk: int) -> tuple[W, Result, Actor]:
    """A write on an existing result: the form checked, the result found (any of the
    event's), and who is writing it."""
    form.is_valid(raise_exception=True)
    result = _result_for_write(view, pk)
    return form, result, _actor(view, form.validated_data, result.table)


def _result_for_write(view: EventMixin, pk: int) -> Result:
    """Any result of the event: a table side confirms a result of a board not shown yet."""
    result = (
        Result.objects.filter(board__stage__event=view.event(), pk=pk)
        .select_related("board__board_set", "board__stage__event", "table__match")
        .first()
    )
    if result is None:
        raise Http404("no such result")
    return result


class ResultCheck(EventView):
    """The engine's verdict on a scorecard at a table, storing nothing (officials
    only: the verdict tells about the deal)."""

    roles = ROLES_OFFICIAL

    @extend_schema(request=CheckIn, responses={200: VerdictOut, **WRITE_ERRORS})
    def post(self, request: Request, code: str) -> Response:
        form = CheckIn(data=request.data)
        form.is_valid(raise_exception=True)
        board, table = _board_and_table(self, form.validated_data)
        # An official: judged as the director's entry, or as a scorer's (referees too).
        user = request.user
        is_director = "director" in self.event_roles()
        actor = Actor.director(user) if is_director else Actor.scorer(user)
        judged = result_check(board=board, table=table, entry=form.entry(), actor=actor)
        return Response(judged.verdict.to_dict())


class ResultChanges(EventMixin, generics.ListAPIView):  # type: ignore[type-arg]
    """A result's audit trail: every write and every refused attempt (officials)."""

    serializer_class = ChangeOut
    roles = ROLES_OFFICIAL

    def get_queryset(self) -> Any:
        return selectors.result_changes(_result(self, int(self.kwargs["pk"])))
