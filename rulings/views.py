"""The rulings pages (namespace ``rulings``).

* The event's rulings: every ruling for its directors and referees, with the warnings
  each offender has had; the published ones for everybody else.
* A ruling with its history (who, when, what changed); officials appeal, uphold,
  change, withdraw and publish it from there.
* The referee's form at a table: the table, its match and round from the URL, the
  board from ``?board=N``; 第三十条's minutes give a suggestion the referee confirms.
* A table's rulings, opened with the table's code: what the players of that match see,
  published or not.

Recording and changing need a login (anonymous: to the login page) and the director's
or referee's role in the event (otherwise 403); the services check again.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from core.articles import Status
from tournament.access import event_context, event_for, table_for
from tournament.models import Event, Table
from tournament.selectors import table_get_by_code

from . import services
from .forms import RulingChangeForm, RulingForm, initial_from
from .models import Ruling
from .selectors import (
    entrant_labels,
    named,
    ruling_history,
    rulings_for_event,
    rulings_for_table,
    table_boards,
    warning_counts,
)

ACTIONS = {
    "appeal": services.ruling_appeal,
    "uphold": services.ruling_uphold,
    "withdraw": services.ruling_withdraw,
}


def _context(request: HttpRequest, event: Event, **extra: Any) -> dict[str, Any]:
    return event_context(request, event, official=services.can_rule(request.user, event), **extra)


def _errors(error: ValidationError) -> list[str]:
    return [str(error)] if hasattr(error, "message_zh") else list(error.messages)


def ruling_list(request: HttpRequest, code: str) -> HttpResponse:
    event = event_for(request, code)
    rulings = named(rulings_for_event(event, request.user))
    official = services.can_rule(request.user, event)
    counts = warning_counts(event) if official else None
    rows = [
        {
            "ruling": r,
            "warnings": counts["entrants"][r.offender_entrant_id]
            if counts is not None and r.offender_entrant_id
            else 0,
        }
        for r in rulings
    ]
    repeated = []
    if counts is not None:
        names = {r.offender_entrant_id: r.offender_name for r in rulings if r.offender_entrant}
        repeated = [
            {"entrant": names[pk], "warnings": n}
            for pk, n in counts["entrants"].most_common()
            if n >= 2 and pk in names
        ]
    context = _context(request, event, rows=rows, repeated=repeated)
    return render(request, "rulings/list.html", context)


def _ruling(event: Event, pk: int) -> Ruling:
    ruling = get_object_or_404(
        Ruling.objects.select_related(
            "stage", "round", "match", "table", "board", "offender_entrant", "offender_player"
        ),
        pk=pk,
        event=event,
    )
    return named([ruling])[0]


def ruling_detail(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    event = event_for(request, code)
    ruling = _ruling(event, pk)
    official = services.can_rule(request.user, event)
    if not official and not ruling.published:
        raise Http404("not published")
    counts = warning_counts(event) if official else None
    context = _context(
        request,
        event,
        ruling=ruling,
        history=list(ruling_history(ruling)),
        cancelled=list(ruling.cancelled_boards.order_by("number")),
        warnings=counts["entrants"][ruling.offender_entrant_id]
        if counts is not None and ruling.offender_entrant_id
        else 0,
        can_appeal=ruling.status
        in (Status.RECORDED.value, Status.CHANGED.value, Status.UPHELD.value),
        can_uphold=ruling.status == Status.APPEALED.value,
        withdrawn=ruling.status == Status.WITHDRAWN.value,
    )
    return render(request, "rulings/detail.html", context)


def _suggested(form_data: Any) -> tuple[dict[str, Any], Any]:
    """The form's values with 第三十条's suggestion for the minutes filled in."""
    values = {key: form_data.get(key) for key in form_data}
    values["cancelled_boards"] = form_data.getlist("cancelled_boards")
    suggestion = None
    try:
        minutes = int(form_data.get("minutes_late") or "")
    except ValueError:
        return values, None
    if minutes >= 0:
        suggestion = services.suggest_for_lateness(minutes)
        if suggestion.irregularity is not None and suggestion.decision is not None:
            values["irregularity"] = suggestion.irregularity.value
            values["decision"] = suggestion.decision.value
    return values, suggestion


@login_required
def ruling_pick(request: HttpRequest, code: str) -> HttpResponse:
    """The form for the table whose entry code the referee types (it is on the table's
    card): ``?table_code=K7M2QX&board=3``."""
    event = event_for(request, code, services.OFFICIAL_ROLES)
    typed = request.GET.get("table_code", "").strip()
    if not typed:  # nothing typed yet: the form, no error
        return HttpResponseRedirect(reverse("rulings:list", args=[event.code]) + "#pick-code")
    try:
        table = table_get_by_code(typed)
    except Table.DoesNotExist:
        table = None
    if table is None or table.round.stage.event_id != event.pk:
        messages.error(request, _("本赛事没有这个录入码的牌桌"))
        return redirect("rulings:list", event.code)
    url = reverse("rulings:new", args=[event.code, table.pk])
    board = request.GET.get("board", "")
    return HttpResponseRedirect(f"{url}?board={board}" if board.isdigit() else url)


@login_required
def ruling_new(request: HttpRequest, code: str, table_id: int) -> HttpResponse:
    event = event_for(request, code, services.OFFICIAL_ROLES)
    table = get_object_or_404(
        Table.objects.select_related("round__stage", "match", "ns", "ew"),
        pk=table_id,
        round__stage__event=event,
    )
    counts = warning_counts(event)
    suggestion = None
    if request.method == "POST" and "suggest" in request.POST:
        values, suggestion = _suggested(request.POST)
        form = RulingForm(initial=values, table=table, counts=counts)
    elif request.method == "POST":
        form = RulingForm(request.POST, table=table, counts=counts)
        if form.is_valid():
            try:
                ruling = services.ruling_create(
                    by=request.user,
                    table=table,
                    published=form.cleaned_data["published"],
                    **form.service_kwargs(),
                )
            except ValidationError as error:
                for message in _errors(error):
                    form.add_error(None, message)
            else:
                messages.success(request, ruling_saved_message(ruling))
                return redirect("rulings:detail", event.code, ruling.pk)
    else:
        initial: dict[str, Any] = {}
        number = request.GET.get("board", "")
        if number in {str(b.number) for b in table_boards(table)}:
            initial["board"] = number
        form = RulingForm(initial=initial, table=table, counts=counts)
    # The table's pairs as its stage names them (东西1 …), as the offender list does.
    names = entrant_labels(table.round.stage_id, [table.ns, table.ew])
    context = _context(
        request,
        event,
        stage=table.round.stage,
        table=table,
        seated=[names.get(pk, "—") if pk else "—" for pk in (table.ns_id, table.ew_id)],
        form=form,
        suggestion=suggestion,
        at_table=named(rulings_for_table(table)),
    )
    return render(request, "rulings/form.html", context)


def ruling_saved_message(ruling: Ruling) -> str:
    return _("判罚已记录（第%(article)d条，%(decision)s）") % {
        "article": ruling.article,
        "decision": ruling.get_decision_display(),
    }


@login_required
def ruling_change(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    event = event_for(request, code, services.OFFICIAL_ROLES)
    ruling = _ruling(event, pk)
    if ruling.table_id is None or ruling.status == Status.WITHDRAWN.value:
        raise Http404("this ruling is not changed here")
    table = ruling.table
    counts = warning_counts(event)
    if request.method == "POST":
        form = RulingChangeForm(request.POST, table=table, counts=counts)
        if form.is_valid():
            kwargs = form.service_kwargs()
            try:
                changed = services.ruling_change(
                    ruling=ruling,
                    by=request.user,
                    note=form.cleaned_data["note"],
                    version=form.cleaned_data["version"],
                    **kwargs,
                )
                if form.cleaned_data["published"] != changed.published:
                    services.ruling_publish(
                        ruling=changed, by=request.user, published=form.cleaned_data["published"]
                    )
            except ValidationError as error:
                for message in _errors(error):
                    form.add_error(None, message)
            else:
                return redirect("rulings:detail", event.code, ruling.pk)
    else:
        form = RulingChangeForm(initial=initial_from(ruling), table=table, counts=counts)
    context = _context(
        request,
        event,
        stage=table.round.stage,
        table=table,
        ruling=ruling,
        form=form,
        history=list(ruling_history(ruling)),
    )
    return render(request, "rulings/change.html", context)


@login_required
@require_POST
def ruling_action(request: HttpRequest, code: str, pk: int, action: str) -> HttpResponse:
    event = event_for(request, code, services.OFFICIAL_ROLES)
    ruling = _ruling(event, pk)
    note = request.POST.get("note", "")
    try:
        version = int(request.POST.get("version", ""))
    except ValueError:
        version = None
    try:
        if action in ACTIONS:
            ACTIONS[action](ruling=ruling, by=request.user, note=note, version=version)
        elif action in ("publish", "unpublish"):
            services.ruling_publish(
                ruling=ruling,
                by=request.user,
                published=action == "publish",
                note=note,
                version=version,
            )
        else:
            raise Http404("no such action")
    except ValidationError as error:
        for message in _errors(error):
            messages.error(request, message)
    return HttpResponseRedirect(reverse("rulings:detail", args=[event.code, ruling.pk]))


@require_safe
def table_rulings(request: HttpRequest, code: str) -> HttpResponse:
    """The rulings of this table's match (or Mitchell table), for its players."""
    table = table_for(request, code, officials_any_round=True)
    event = table.round.stage.event
    official = services.can_rule(request.user, event)
    rulings = named(rulings_for_table(table, players=not official))
    context = {
        "event": event,
        "stage": table.round.stage,
        "table": table,
        "rulings": rulings,
        "official": official,
    }
    return render(request, "rulings/table.html", context)
