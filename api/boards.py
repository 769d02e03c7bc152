"""Boards: which deals an event has, and their hand records (牌型卡) — only once the
board's results may be shown (every scheduled table confirmed, or released by a
director: 第二十八条之6). Before that, only the event's director sees the hands; the
rest of the board (its number, its round) is public."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers
from rest_framework.request import Request
from rest_framework.response import Response

from boards.models import Board, BoxCard
from boards.selectors import (
    board_hand_record,
    board_visibility,
    board_visible_to,
    visible_board_ids,
)
from scoring.services import board_release, board_withdraw_release

from . import selectors
from .base import EventMixin, EventView
from .fields import SMALL_MAX
from .permissions import ROLE_DIRECTOR

# --- serializers -------------------------------------------------------------------------


class BoardOut(serializers.ModelSerializer):  # type: ignore[type-arg]
    stage = serializers.IntegerField(source="stage.order")
    round = serializers.IntegerField(source="round.number", allow_null=True, default=None)
    set = serializers.IntegerField(source="board_set.number")
    visible = serializers.SerializerMethodField()

    class Meta:
        model = Board
        fields = ["id", "stage", "round", "number", "set", "visible", "released_at"]

    def get_visible(self, board: Board) -> bool:
        """Whether its hand record and results are public yet."""
        return board.pk in self.context["visible"]


class VisibilityOut(serializers.Serializer):  # type: ignore[type-arg]
    visible = serializers.BooleanField()
    released = serializers.BooleanField()
    complete = serializers.BooleanField()
    scheduled = serializers.IntegerField()
    confirmed = serializers.IntegerField()
    reason_zh = serializers.CharField()
    reason_en = serializers.CharField()


class HandRecordOut(serializers.Serializer):  # type: ignore[type-arg]
    board = serializers.IntegerField()
    level = serializers.CharField()
    trump = serializers.CharField(allow_null=True)
    hands = serializers.DictField(child=serializers.ListField(child=serializers.CharField()))
    bottom = serializers.ListField(child=serializers.CharField())
    statistics = serializers.DictField()


class BoxCardOut(serializers.ModelSerializer):  # type: ignore[type-arg]
    match = serializers.IntegerField(source="match.number", allow_null=True, default=None)

    class Meta:
        model = BoxCard
        fields = ["match", "level_ns", "level_ew", "trump", "declared_by", "declarer", "flags"]


class BoardDetailOut(serializers.Serializer):  # type: ignore[type-arg]
    board = BoardOut()
    visibility = VisibilityOut()
    hand_record = HandRecordOut(allow_null=True, help_text="null until the board is shown")
    box_cards = BoxCardOut(many=True, allow_null=True, help_text="null until shown")


class BoardFilter(serializers.Serializer):  # type: ignore[type-arg]
    stage = serializers.IntegerField(required=False, min_value=1, max_value=SMALL_MAX)
    round = serializers.IntegerField(required=False, min_value=1, max_value=SMALL_MAX)


# --- views ------------------------------------------------------------------------------


class BoardList(EventMixin, generics.ListAPIView):  # type: ignore[type-arg]
    """The event's boards; ``visible`` says whether each one's hands are public."""

    serializer_class = BoardOut

    def get_queryset(self) -> Any:
        filters = BoardFilter(data=self.request.query_params)
        filters.is_valid(raise_exception=True)
        return selectors.event_boards(self.event(), **filters.validated_data)

    def get_serializer(self, *args: Any, **kwargs: Any) -> Any:
        if args:
            kwargs.setdefault("context", self.get_serializer_context())
            kwargs["context"]["visible"] = visible_board_ids(args[0])
        return super().get_serializer(*args, **kwargs)

    @extend_schema(parameters=[BoardFilter])
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


def _board(view: EventMixin, pk: int) -> Board:
    return selectors.event_boards(view.event()).get(pk=pk)


def _render(view: EventMixin, board: Board) -> Response:
    visibility = board_visibility(board)
    # The one question before showing hands (boards.selectors.board_visible_to).
    shown = board_visible_to(board, is_director=view.is_director())
    data = {
        "board": board,
        "visibility": visibility,
        "hand_record": board_hand_record(board) if shown else None,
        "box_cards": board.box_cards.select_related("match").order_by("match__number")
        if shown
        else None,
    }
    context = {"visible": {board.pk} if visibility.visible else set()}
    return Response(BoardDetailOut(data, context=context).data)


class BoardDetail(EventView):
    """One board: whether it is shown and why, and its hand record and box cards once
    it is (for the event's director, always)."""

    @extend_schema(responses=BoardDetailOut)
    def get(self, request: Request, code: str, pk: int) -> Response:
        return _render(self, _board(self, pk))


class BoardRelease(EventView):
    """The director shows a board before every table has confirmed (第二十八条之6)."""

    roles = ROLE_DIRECTOR

    @extend_schema(request=None, responses=BoardDetailOut)
    def post(self, request: Request, code: str, pk: int) -> Response:
        board = board_release(board=_board(self, pk), user=request.user)
        return _render(self, board)


class BoardWithdrawRelease(EventView):
    """Undo a release made by mistake."""

    roles = ROLE_DIRECTOR

    @extend_schema(request=None, responses=BoardDetailOut)
    def post(self, request: Request, code: str, pk: int) -> Response:
        board = board_withdraw_release(board=_board(self, pk))
        return _render(self, board)
