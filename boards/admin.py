"""Admin for boards, box cards and results.

The admin never writes a result or a deal around the rules engine: a result is
corrected through ``result_correct`` (the director's correction, with its version and
audit row) and a deal edited through the engine's deal check. Verdict fields, seeds
and the audit trail are read-only.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db import transaction
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from core.engine import check_deal
from tournament.services import stage_changed

from .errors import BoardError
from .models import (
    BOX_CARD_FIELDS,
    PLAY_FIELDS,
    VERDICT_FIELDS,
    Board,
    BoxCard,
    EntryCheck,
    EntryConflict,
    PinMiss,
    Result,
    ResultChange,
)
from .records import Entry
from .services import Actor, result_check, result_correct


class BoardForm(forms.ModelForm):
    class Meta:
        model = Board
        fields = "__all__"

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if "hands" in self.changed_data or "bottom" in self.changed_data:
            if self.instance.pk and self.instance.results.exists():
                raise forms.ValidationError(_("这副牌已有成绩，不能更改牌型"), code="board_played")
            errors = check_deal(
                {"hands": data.get("hands"), "bottom": data.get("bottom")},
                board=data.get("number"),
            )
            if errors:
                raise forms.ValidationError(
                    [f"{e.code.value}: {e.message_zh} / {e.message_en}" for e in errors]
                )
        return data


class BoxCardInline(admin.TabularInline):
    model = BoxCard
    extra = 0
    can_delete = False
    fields = (
        "match",
        "level_ns",
        "level_ew",
        "trump",
        "declared_by",
        "declarer",
        "filled_by",
        "filled_at",
        "flagged",
        "flags",
    )
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Board)
class BoardAdmin(admin.ModelAdmin):
    form = BoardForm
    list_display = ("__str__", "stage", "round", "number", "source", "released_at")
    list_filter = ("stage__event", "stage", "source")
    search_fields = ("stage__name", "stage__event__name")
    readonly_fields = ("source", "seed", "created_by", "created_at", "released_at", "released_by")
    raw_id_fields = ("stage", "round", "board_set")
    inlines = [BoxCardInline]
    # Releasing boards (第二十八条之6) is a scoring service; its actions are added to this
    # admin by ``scoring.admin``.


@admin.register(BoxCard)
class BoxCardAdmin(admin.ModelAdmin):
    list_display = ("board", "match", "level_ns", "level_ew", "trump", "declarer", "flagged")
    list_filter = ("flagged", "board__stage__event")
    readonly_fields = (
        "board",
        "match",
        "level_ns",
        "level_ew",
        "trump",
        "declared_by",
        "declarer",
        "filled_by",
        "filled_at",
        "flags",
        "flagged",
    )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


class ResultChangeInline(admin.TabularInline):
    model = ResultChange
    extra = 0
    can_delete = False
    fields = (
        "at",
        "action",
        "role",
        "user",
        "side",
        "credential",
        "version",
        "reason",
        "before",
        "after",
    )
    readonly_fields = fields
    ordering = ("at", "id")

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


ENTRY_FIELDS = (*BOX_CARD_FIELDS, "defender_points", "dig", *PLAY_FIELDS)  # what a director types


class ResultForm(forms.ModelForm):
    """A director's correction: judged by the engine on clean, saved by the service."""

    reason = forms.CharField(label=_("更正原因"), required=False, widget=forms.Textarea)
    # The version the director opened: saving from an outdated page is a conflict.
    seen_version = forms.IntegerField(widget=forms.HiddenInput, required=False)
    actor: Actor  # who corrects: set by ResultAdmin.get_form from the request

    class Meta:
        model = Result
        fields = ENTRY_FIELDS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["seen_version"].initial = self.instance.version

    def entry(self) -> Entry:
        data = self.cleaned_data
        return Entry(
            levels={"NS": data["level_ns"], "EW": data["level_ew"]},
            declarer=data["declarer"],
            trump=data["trump"],
            declared_by=data.get("declared_by") or None,
            defender_points=None if data.get("tricks") else data["defender_points"],
            dig=data.get("dig") or None,
            xiaosa=None if data.get("buried") is not None else (self.instance.xiaosa or None),
            buried=data.get("buried"),
            exchanges=data.get("exchanges"),
            tricks=data.get("tricks"),
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not self.errors:
            result = self.instance
            result_check(
                board=result.board,
                table=result.table,
                entry=self.entry(),
                actor=self.actor,
                result=result,
            )
        return data


@admin.register(Result)
class ResultAdmin(admin.ModelAdmin):
    form = ResultForm
    list_display = (
        "board",
        "table",
        "declarer",
        "defender_points",
        "dig",
        "outcome",
        "status",
        "version",
        "flagged",
    )
    list_filter = ("status", "flagged", "outcome", "board__stage__event")
    search_fields = ("table__code",)
    readonly_fields = (
        "board",
        "table",
        "status",
        "version",
        *VERDICT_FIELDS,
        "xiaosa",
        "flags",
        "flagged",
        "entered_by",
        "entered_side",
        "entered_at",
        "confirmed_by",
        "confirmed_side",
        "confirmed_at",
        "updated_at",
    )
    fieldsets = (
        (None, {"fields": ("board", "table", "status", "version")}),
        (
            _("牌盒卡（本桌所打）"),
            {"fields": BOX_CARD_FIELDS},
        ),
        (
            _("成绩"),
            {
                "fields": (
                    *ENTRY_FIELDS[len(BOX_CARD_FIELDS) :],
                    "reason",
                    "seen_version",
                )
            },
        ),
        (_("裁判结果（规则引擎）"), {"fields": (*VERDICT_FIELDS, "xiaosa")}),
        (_("提示"), {"fields": ("flagged", "flags")}),
        (
            _("录入与确认"),
            {
                "fields": (
                    "entered_by",
                    "entered_side",
                    "entered_at",
                    "confirmed_by",
                    "confirmed_side",
                    "confirmed_at",
                    "updated_at",
                )
            },
        ),
    )
    inlines = [ResultChangeInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # results are entered at the table or on the scorer's page

    def get_form(self, request: HttpRequest, obj: Any = None, **kwargs: Any) -> Any:
        form = super().get_form(request, obj, **kwargs)
        form.actor = Actor.director(request.user)  # the check judges as the save will
        return form

    def save_model(self, request: HttpRequest, obj: Result, form: Any, change: bool) -> None:
        try:
            result_correct(
                result=obj,
                entry=form.entry(),
                actor=Actor.director(request.user),
                version=form.cleaned_data.get("seen_version") or obj.version,
                reason=form.cleaned_data.get("reason", ""),
            )
        except BoardError as error:
            self.message_user(request, str(error), messages.ERROR)

    def delete_model(self, request: HttpRequest, obj: Result) -> None:
        with transaction.atomic():  # the dashboard shows it gone: the event's version
            super().delete_model(request, obj)
            stage_changed(obj.board.stage_id)

    def delete_queryset(self, request: HttpRequest, queryset: Any) -> None:
        with transaction.atomic():
            stages = set(queryset.values_list("board__stage_id", flat=True))
            super().delete_queryset(request, queryset)
            for stage_id in stages:
                stage_changed(stage_id)


@admin.register(EntryCheck)
class EntryCheckAdmin(admin.ModelAdmin):
    """Every check of a scorecard, with the engine's detail a table was not told."""

    list_display = ("at", "table", "board", "kind", "role", "side", "accepted", "hidden")
    list_filter = ("accepted", "hidden", "kind", "board__stage__event")
    readonly_fields = [f.name for f in EntryCheck._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(PinMiss)
class PinMissAdmin(admin.ModelAdmin):
    """Every wrong PIN typed at a table, per side, with the address it came from."""

    list_display = ("at", "table", "side", "result", "address")
    list_filter = ("side", "table__round__stage__event")
    readonly_fields = [f.name for f in PinMiss._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(EntryConflict)
class EntryConflictAdmin(admin.ModelAdmin):
    """Different entries of one board from two phones of a table (issue 29), read only:
    the director settles them on the dashboard, where the decision is audited."""

    list_display = ("at", "result", "side", "resolution", "resolved_by")
    list_filter = ("resolution", "result__board__stage__event")
    readonly_fields = [f.name for f in EntryConflict._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
