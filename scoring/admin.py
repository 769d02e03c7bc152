"""Admin for the scores: to look, not to write.

Every score row is derived from the confirmed results and the adjustments, so the
admin shows them read-only; a wrong score is put right by correcting the result or the
ruling, and ``python manage.py rescore EVENT`` (or the action here) rebuilds them.
Adjustments come from rulings (``scoring.services.adjustments_set``) and tie orders
from the director's decision (``tie_order_set``); here they are listed with their
source and reason.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from boards.admin import BoardAdmin
from boards.models import Board
from core.numbers import format_number
from tournament.admin import ReadOnly

from .models import MatchScore, ScoreAdjustment, Standing, TieOrder, TravellerScore


class ReadOnlyAdmin(ReadOnly, admin.ModelAdmin):
    """Scores are written by the scoring services only."""


@admin.register(MatchScore)
class MatchScoreAdmin(ReadOnlyAdmin):
    list_display = (
        "match",
        "home",
        "home_score",
        "away_score",
        "away",
        "decision",
        "winner",
        "boards_scored",
        "boards_expected",
        "needs_review",
    )
    list_filter = ("stage__event", "stage", "decision", "needs_review")
    list_select_related = ("match", "home", "away", "winner")
    actions = ["rescore"]

    @admin.action(description=_("重新计分（所在阶段）"))
    def rescore(self, request: HttpRequest, queryset: Any) -> None:
        from .services import rescore_stage

        for stage_id in set(queryset.values_list("stage_id", flat=True)):
            rescore_stage(stage_id)
        self.message_user(request, _("已重新计分"), messages.SUCCESS)


@admin.register(Standing)
class StandingAdmin(ReadOnlyAdmin):
    list_display = (
        "stage",
        "group_label",
        "direction",
        "place",
        "entrant",
        "shared",
        "tie",
        "flagged",
        "match_points",
        "total",
        "percentage_shown",
    )
    list_filter = ("stage__event", "stage", "flagged")
    list_select_related = ("stage", "entrant")

    @admin.display(description=_("得分率"))
    def percentage_shown(self, obj: Standing) -> str:
        return format_number(obj.percentage)


@admin.register(TravellerScore)
class TravellerScoreAdmin(ReadOnlyAdmin):
    list_display = ("board", "table", "ns", "ew", "kind", "ns_score", "ew_score", "top")
    list_filter = ("stage__event", "stage", "kind")
    list_select_related = ("board__stage", "table__round__stage", "ns", "ew")


@admin.register(ScoreAdjustment)
class ScoreAdjustmentAdmin(ReadOnlyAdmin):
    list_display = ("source", "kind", "target", "amount", "match", "board", "table", "reason")
    list_filter = ("stage__event", "stage", "kind")
    search_fields = ("source", "reason")


@admin.register(TieOrder)
class TieOrderAdmin(ReadOnlyAdmin):
    list_display = ("stage", "group_label", "entrants", "reason", "decided_by", "decided_at")
    list_filter = ("stage__event",)


# Boards sit below scoring, so the release actions (a service of scoring: a release
# starts a new standings version) are added to the boards' admin from here.
admin.site.unregister(Board)


@admin.register(Board)
class ReleasingBoardAdmin(BoardAdmin):
    actions = ["release", "withdraw_release"]

    @admin.action(description=_("公布所选牌副的牌型与成绩"))
    def release(self, request: HttpRequest, queryset: Any) -> None:
        from .services import boards_release

        boards_release(boards=queryset, user=request.user)
        self.message_user(request, _("已公布"), messages.SUCCESS)

    @admin.action(description=_("撤回所选牌副的公布"))
    def withdraw_release(self, request: HttpRequest, queryset: Any) -> None:
        from .services import board_withdraw_release

        for board in queryset:
            board_withdraw_release(board=board)
        self.message_user(request, _("已撤回公布"), messages.SUCCESS)
