"""The director's admin for events (Chinese labels from the models' verbose names).

Whatever changes more than one row goes through ``tournament.services``: creating a
stage draws its schedule, a match winner moves on through the bracket, qualification
fills the next stage. Forms run the service once inside a rolled-back transaction while
validating, so a refusal shows on the form (in Chinese and English) and nothing is half
saved; ``save_model`` then runs it for real.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.forms.models import BaseInlineFormSet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from .errors import EventError
from .models import (
    BoardSet,
    Entrant,
    Event,
    EventRole,
    Match,
    MatchChange,
    Membership,
    Player,
    Round,
    Seating,
    SetPlay,
    Stage,
    StageEntry,
    Table,
)
from .services import (
    bracket_sync,
    entrants_add,
    entrants_parse,
    match_add_tiebreak,
    match_clear_result,
    match_record_winner,
    stage_create,
    stage_qualify,
)


class ReadOnly:
    """An admin (or inline) that only shows: for records that only services write —
    scores, rulings and their histories — so the admin cannot put them out of step."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class _DryRun(Exception):
    pass


def dry_run(operation: Callable[[], object]) -> None:
    """Run a service and roll it back: only to learn whether it would be refused."""
    try:
        with transaction.atomic():
            operation()
            raise _DryRun
    except _DryRun:
        pass
    except EventError as error:
        raise ValidationError(str(error)) from error


# --- events, players, entrants ----------------------------------------------------------


class EntrantInline(admin.TabularInline):
    model = Entrant
    fields = ("kind", "number", "name", "seed")
    extra = 0
    show_change_link = True


class StageInline(admin.TabularInline):
    model = Stage
    fk_name = "event"
    fields = ("order", "kind", "name", "status", "draw_seed")
    readonly_fields = ("kind", "status", "draw_seed")
    extra = 0
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # a stage is added on its own page, which draws its schedule


class EventRoleInline(admin.TabularInline):
    model = EventRole
    fields = ("user", "role")
    autocomplete_fields = ("user",)
    extra = 0


class EventForm(forms.ModelForm):
    paste_kind = forms.ChoiceField(
        label=_("粘贴名单类别"), choices=Entrant.Kind.choices, required=False
    )
    paste = forms.CharField(
        label=_("粘贴参赛名单"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=_("每行一队或一对，如“红山队：张伟*、王芳、李娜、刘洋”（*为队长）或“张伟、王芳”"),
    )

    class Meta:
        model = Event
        fields = ("name", "code", "venue", "starts_on", "ends_on", "rules", "switches", "status")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("paste") and self.instance.pk:
            entries = entrants_parse(data["paste"])
            kind = data.get("paste_kind") or Entrant.Kind.TEAM
            dry_run(lambda: entrants_add(event=self.instance, kind=kind, entries=entries))
            data["paste_entries"] = entries
        elif data.get("paste"):
            raise ValidationError(_("请先保存赛事，再粘贴参赛名单"))
        return data


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    form = EventForm
    list_display = ("name", "code", "venue", "starts_on", "ends_on", "rules", "status")
    list_filter = ("status", "rules")
    search_fields = ("name", "code", "venue")
    inlines = [EntrantInline, StageInline, EventRoleInline]

    def save_model(self, request: HttpRequest, obj: Event, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        entries = form.cleaned_data.get("paste_entries")
        if entries:
            kind = form.cleaned_data.get("paste_kind") or Entrant.Kind.TEAM
            added = entrants_add(event=obj, kind=kind, entries=entries)
            self.message_user(request, _("已添加 %(n)d 个参赛队/对") % {"n": len(added)})


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "club")
    search_fields = ("name", "club")


class MembershipFormSet(BaseInlineFormSet):
    """A team keeps 4–6 players and one captain, a pair exactly 2 (第二十四条、第二十八条)."""

    def clean(self) -> None:
        super().clean()
        kept = [
            f
            for f in self.forms
            if f.cleaned_data and not f.cleaned_data.get("DELETE") and f.cleaned_data.get("player")
        ]
        kind = self.instance.kind
        if not kind:
            return
        low, high = Entrant.SIZES[Entrant.Kind(kind)]
        if not low <= len(kept) <= high:
            if kind == Entrant.Kind.TEAM:
                raise ValidationError(
                    f"每队须有4至6名选手，现有{len(kept)}名 / "
                    f"a team needs 4 to 6 players, got {len(kept)}"
                )
            raise ValidationError(
                f"每对须有2名选手，现有{len(kept)}名 / "
                f"a pair needs exactly 2 players, got {len(kept)}"
            )
        captains = [f for f in kept if f.cleaned_data.get("role") == Membership.Role.CAPTAIN]
        if len(captains) > 1:
            raise ValidationError("只能有一名队长 / only one captain")


class MembershipInline(admin.TabularInline):
    model = Membership
    formset = MembershipFormSet
    fields = ("order", "player", "role")
    autocomplete_fields = ("player",)
    extra = 0


@admin.register(Entrant)
class EntrantAdmin(admin.ModelAdmin):
    list_display = ("number", "name", "kind", "event", "seed")
    list_display_links = ("number", "name")
    list_filter = ("event", "kind")
    search_fields = ("name", "players__name")
    inlines = [MembershipInline]


# --- stages ------------------------------------------------------------------------------


class StageAddForm(forms.ModelForm):
    """Adding a stage draws its schedule: the field is chosen here, in seed order."""

    order = forms.IntegerField(
        label=_("顺序"), required=False, min_value=1, help_text=_("留空则排在最后")
    )
    entrants = forms.ModelMultipleChoiceField(
        label=_("参赛队/对"),
        queryset=Entrant.objects.all(),
        required=False,
        help_text=_("按原排名（无则按编号）定种子号；由来源阶段出线产生的阶段此处留空"),
    )

    class Meta:
        model = Stage
        fields = ("event", "order", "kind", "name", "settings", "source", "draw_seed")

    def service_kwargs(self) -> dict[str, Any]:
        data = self.cleaned_data
        chosen = sorted(
            data.get("entrants") or [],
            key=lambda e: (e.seed is None, e.seed or 0, e.number),
        )
        return {
            "event": data["event"],
            "kind": data["kind"],
            "name": data.get("name") or "",
            "entrants": chosen,
            "settings": data.get("settings") or {},
            "source": data.get("source"),
            "draw_seed": data.get("draw_seed"),
            "order": data.get("order"),
        }

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not self.errors:
            dry_run(lambda: stage_create(**self.service_kwargs()))
        return data

    def _post_clean(self) -> None:
        pass  # the service validates; unique (event, order) is its check too


class StageEntryInline(admin.TabularInline):
    model = StageEntry
    fields = ("entrant", "seed", "group_label", "position", "direction", "pair_number", "source")
    extra = 0


class RoundInline(admin.TabularInline):
    model = Round
    fields = ("number", "name")
    extra = 0
    show_change_link = True


@admin.register(Stage)
class StageAdmin(admin.ModelAdmin):
    list_display = ("name", "event", "order", "kind", "status", "source", "draw_seed")
    list_filter = ("event", "kind", "status")
    search_fields = ("name", "event__name")
    actions = ["qualify_from_entries", "refresh_bracket"]

    def get_form(self, request: HttpRequest, obj: Stage | None = None, **kwargs: Any) -> Any:
        if obj is None:
            kwargs["form"] = StageAddForm
        return super().get_form(request, obj, **kwargs)

    def get_readonly_fields(self, request: HttpRequest, obj: Stage | None = None) -> Any:
        if obj is None:
            return ()
        return ("event", "kind", "settings", "source", "draw_seed")

    def get_inlines(self, request: HttpRequest, obj: Stage | None) -> Any:
        return [StageEntryInline, RoundInline] if obj is not None else []

    def save_model(self, request: HttpRequest, obj: Stage, form: Any, change: bool) -> None:
        if change:
            super().save_model(request, obj, form, change)
            return
        stage = stage_create(**form.service_kwargs())
        obj.pk = stage.pk
        obj.refresh_from_db()

    @admin.action(description=_("按阶段参赛的出线来源办理出线（group:A:1、ns:1 …）"))
    def qualify_from_entries(self, request: HttpRequest, queryset: Any) -> None:
        for stage in queryset:
            standings: dict[str, dict[int, Entrant]] = {}
            for entry in stage.entries.select_related("entrant"):
                parts = entry.source.split(":")
                if parts[0] == "group" and len(parts) == 3:
                    standings.setdefault(parts[1], {})[int(parts[2])] = entry.entrant
                elif parts[0] in ("ns", "ew") and len(parts) == 2:
                    standings.setdefault(parts[0].upper(), {})[int(parts[1])] = entry.entrant
            ranked = {k: [v[i] for i in sorted(v)] for k, v in standings.items()}
            try:
                stage_qualify(stage=stage, standings=ranked)
            except EventError as error:
                self.message_user(request, f"{stage}: {error}", messages.ERROR)
            else:
                self.message_user(request, _("%(stage)s：已办理出线") % {"stage": stage})

    @admin.action(description=_("按已登记成绩刷新签表"))
    def refresh_bracket(self, request: HttpRequest, queryset: Any) -> None:
        for stage in queryset:
            if stage.is_bracket:
                bracket_sync(stage)
        self.message_user(request, _("签表已刷新"))


@admin.register(StageEntry)
class StageEntryAdmin(admin.ModelAdmin):
    list_display = (
        "entrant",
        "stage",
        "seed",
        "group_label",
        "position",
        "direction",
        "pair_number",
        "source",
    )
    list_filter = ("stage__event", "stage", "group_label", "direction")


class TableInline(admin.TabularInline):
    model = Table
    fields = ("session", "number", "room", "match", "ns", "ew", "code")
    readonly_fields = ("code",)
    extra = 0
    show_change_link = True


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("__str__", "stage", "number")
    list_filter = ("stage__event", "stage")
    inlines = [TableInline]


# --- matches ------------------------------------------------------------------------------


class MatchForm(forms.ModelForm):
    reason = forms.CharField(
        label=_("更改原因"), required=False, help_text=_("更正成绩时请写明原因，将记入变更记录")
    )

    class Meta:
        model = Match
        fields = ("winner",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        match = self.instance
        self.fields["winner"].queryset = Entrant.objects.filter(
            pk__in=[pk for pk in (match.home_id, match.away_id) if pk]
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if "winner" in self.changed_data:
            original = Match.objects.get(pk=self.instance.pk)
            dry_run(lambda: self.apply(original, None))
        return data

    def apply(self, original: Match, user: Any) -> None:
        winner = self.cleaned_data.get("winner")
        reason = self.cleaned_data.get("reason") or ""
        if winner is None and original.stage.is_bracket:
            match_clear_result(match=original, changed_by=user, reason=reason)
        else:
            match_record_winner(match=original, winner=winner, changed_by=user, reason=reason)

    def _post_clean(self) -> None:
        pass  # the service validates and saves


class MatchChangeInline(admin.TabularInline):
    model = MatchChange
    fields = ("changed_at", "kind", "changed_by", "before", "after", "reason")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class MatchTableInline(TableInline):
    fields = ("round", "session", "number", "room", "ns", "ew", "code")
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    form = MatchForm
    list_display = (
        "code",
        "stage",
        "round",
        "group_label",
        "side",
        "home",
        "away",
        "home_source",
        "away_source",
        "winner",
        "status",
    )
    list_filter = ("stage__event", "stage", "status", "side", "group_label")
    readonly_fields = (
        "stage",
        "round",
        "number",
        "home",
        "away",
        "home_source",
        "away_source",
        "side",
        "bracket_round",
        "is_reset",
        "group_label",
        "first_place",
        "status",
    )
    fields = (*readonly_fields, "winner", "reason")
    inlines = [MatchTableInline, MatchChangeInline]
    actions = ["add_tiebreak"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # matches come from a stage's schedule

    def save_model(self, request: HttpRequest, obj: Match, form: Any, change: bool) -> None:
        if "winner" in form.changed_data:
            form.apply(Match.objects.get(pk=obj.pk), request.user)

    @admin.action(description=_("加赛一段（打平时）"))
    def add_tiebreak(self, request: HttpRequest, queryset: Any) -> None:
        for match in queryset:
            try:
                match_add_tiebreak(match=match)
            except EventError as error:
                self.message_user(request, f"{match.code}: {error}", messages.ERROR)
            else:
                self.message_user(request, _("%(match)s：已加赛") % {"match": match.code})


@admin.register(MatchChange)
class MatchChangeAdmin(admin.ModelAdmin):
    list_display = ("match", "kind", "changed_by", "changed_at", "reason")
    list_filter = ("kind", "match__stage")
    readonly_fields = ("match", "kind", "changed_by", "changed_at", "before", "after", "reason")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


# --- tables, seats, boards ----------------------------------------------------------------


class SeatingInline(admin.TabularInline):
    model = Seating
    fields = ("seat", "player")
    autocomplete_fields = ("player",)
    extra = 0


class SetPlayInline(admin.TabularInline):
    model = SetPlay
    fields = ("order", "board_set")
    extra = 0


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("__str__", "round", "session", "number", "room", "ns", "ew", "code")
    list_filter = ("round__stage__event", "round__stage", "room")
    search_fields = ("code",)
    readonly_fields = ("code",)
    inlines = [SeatingInline, SetPlayInline]


@admin.register(Seating)
class SeatingAdmin(admin.ModelAdmin):
    list_display = ("table", "seat", "player")
    list_filter = ("table__round__stage", "seat")
    autocomplete_fields = ("player",)


@admin.register(BoardSet)
class BoardSetAdmin(admin.ModelAdmin):
    list_display = (
        "__str__",
        "stage",
        "round",
        "number",
        "first_board",
        "last_board",
        "start_level",
        "tiebreak",
    )
    list_filter = ("stage__event", "stage", "tiebreak")


@admin.register(SetPlay)
class SetPlayAdmin(admin.ModelAdmin):
    list_display = ("table", "board_set", "order")
    list_filter = ("board_set__stage",)


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ("entrant", "player", "role", "order")
    list_filter = ("entrant__event", "role")
    autocomplete_fields = ("player",)
