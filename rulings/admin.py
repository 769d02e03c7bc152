"""Admin for rulings: to look, and to publish.

A ruling changes scores, so it is recorded, appealed, changed and withdrawn only through
``rulings.services`` (the referee's pages do that), which keep the history and the
scores in step; here rulings and their versions are read-only. Publishing goes through
the service too, so it is kept in the history.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from tournament.admin import ReadOnly

from .errors import RulingError
from .models import Ruling, RulingVersion
from .services import ruling_publish


class RulingVersionInline(ReadOnly, admin.TabularInline):
    model = RulingVersion
    fields = ("number", "action", "by", "at", "note")
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(Ruling)
class RulingAdmin(ReadOnly, admin.ModelAdmin):
    list_display = (
        "id",
        "event",
        "article",
        "irregularity",
        "decision",
        "amount",
        "offender_entrant",
        "table",
        "board",
        "status",
        "published",
        "referee",
        "created_at",
    )
    list_filter = ("event", "article", "decision", "status", "published")
    list_select_related = ("event", "offender_entrant", "table__round", "board", "referee")
    search_fields = ("reason_zh", "reason_en", "offender_entrant__name")
    inlines = [RulingVersionInline]
    actions = ["publish", "unpublish"]

    def _publish(self, request: HttpRequest, queryset: Any, published: bool) -> None:
        done = 0
        for ruling in queryset:
            try:
                ruling_publish(ruling=ruling, by=request.user, published=published)
                done += 1
            except RulingError as error:
                self.message_user(request, f"{ruling}: {error}", messages.ERROR)
        if done:
            self.message_user(request, _("已处理 %(n)d 条判罚") % {"n": done}, messages.SUCCESS)

    @admin.action(description=_("公布所选判罚"))
    def publish(self, request: HttpRequest, queryset: Any) -> None:
        self._publish(request, queryset, True)

    @admin.action(description=_("取消公布所选判罚"))
    def unpublish(self, request: HttpRequest, queryset: Any) -> None:
        self._publish(request, queryset, False)


@admin.register(RulingVersion)
class RulingVersionAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("ruling", "number", "action", "by", "at")
    list_filter = ("action", "ruling__event")
    list_select_related = ("ruling", "by")
