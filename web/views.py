"""The web pages: each parses its URL, calls one selector and renders a template.

Public pages need no login. A table's code opens that table's page only; the director's
dashboard needs a login and the director's role in the event (``EventRole``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from api.cache import cached_payload, remembered
from tournament.models import Event, Stage, StageEntry, Table
from tournament.roles import user_event_roles, user_has_role
from tournament.selectors import table_get_by_code

from . import selectors

StagePage = Callable[[Stage, dict[int, selectors.EntrantView]], dict[str, Any]]

#: Which page each format gets: the data it needs and the template that shows it.
STAGE_PAGES: dict[str, tuple[StagePage, str]] = {
    Stage.Kind.TEAM_MATCH: (selectors.team_match_page, "web/stage_team_match.html"),
    Stage.Kind.ROUND_ROBIN: (selectors.round_robin_page, "web/stage_round_robin.html"),
    Stage.Kind.GROUP_ROUND_ROBIN: (selectors.groups_page, "web/stage_groups.html"),
    Stage.Kind.KNOCKOUT: (selectors.bracket_page, "web/stage_bracket.html"),
    Stage.Kind.DOUBLE_ELIMINATION: (selectors.bracket_page, "web/stage_bracket.html"),
    Stage.Kind.MITCHELL: (selectors.mitchell_page, "web/stage_mitchell.html"),
    Stage.Kind.PAIRS_FINAL: (selectors.pairs_final_page, "web/stage_pairs_final.html"),
}

DIRECTIONS = {"ns": StageEntry.Direction.NS, "ew": StageEntry.Direction.EW}


def _event(request: HttpRequest, code: str) -> Event:
    try:
        return selectors.event_get_visible(code, request.user)
    except Event.DoesNotExist as error:
        raise Http404("no such event") from error


def _stage(event: Event, order: int) -> Stage:
    try:
        return selectors.stage_get(event, order)
    except Stage.DoesNotExist as error:
        raise Http404("no such stage") from error


def _event_context(request: HttpRequest, event: Event) -> dict[str, Any]:
    return {
        "event": event,
        "stages": list(event.stages.order_by("order")),
        "roles": user_event_roles(request.user, event),
    }


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "web/home.html", {"events": selectors.event_list(request.user)})


def event_detail(request: HttpRequest, code: str) -> HttpResponse:
    event = _event(request, code)
    context = _event_context(request, event) | selectors.event_overview(event)
    return render(request, "web/event.html", context)


def stage_detail(request: HttpRequest, code: str, order: int) -> HttpResponse:
    event = _event(request, code)
    stage = _stage(event, order)
    page, template = STAGE_PAGES[stage.kind]
    data = page(stage, selectors.entrant_views(event))
    if "svg" in data:
        data["svg"] = mark_safe(data["svg"])  # built from escaped text by bracket_svg
    context = _event_context(request, event) | {"stage": stage} | data
    return render(request, template, context)


def stage_standings(request: HttpRequest, code: str, order: int) -> HttpResponse:
    """A stage's standings, for the many phones refreshing at once: the rows come from
    the same versioned cache as the API's standings (a result change starts anew)."""
    if request.user.is_authenticated:
        event = _event(request, code)
        stage = _stage(event, order)
    else:  # the many: looked up once a second per process, not once per request
        found = remembered(("event", code), lambda: selectors.event_public(code))
        if found is None:
            raise Http404("no such event")
        event = found
        stage = remembered(
            ("stage", event.pk, order),
            lambda: Stage.objects.select_related("source").filter(event=event, order=order).first(),
        )
        if stage is None:
            raise Http404("no such stage")
    # The table itself is rendered once per version and language, not per request.
    _etag, table = cached_payload(
        stage.pk,
        lambda: render_to_string(
            "web/_standings_table.html", {"rows": selectors.standings_rows(stage)}
        ),
        kind=f"page-{get_language()}",
    )
    context = {"event": event, "stage": stage, "table": mark_safe(table)}
    return render(request, "web/stage_standings.html", context)


def mitchell_pair(
    request: HttpRequest, code: str, order: int, direction: str, number: int
) -> HttpResponse:
    event = _event(request, code)
    stage = _stage(event, order)
    if stage.kind != Stage.Kind.MITCHELL or direction not in DIRECTIONS:
        raise Http404("not a Mitchell pair")
    try:
        data = selectors.pair_itinerary(
            stage, selectors.entrant_views(event), DIRECTIONS[direction], number
        )
    except StageEntry.DoesNotExist as error:
        raise Http404("no such pair") from error
    context = _event_context(request, event) | {"stage": stage} | data
    return render(request, "web/mitchell_pair.html", context)


def table_entry(request: HttpRequest, code: str) -> HttpResponse:
    try:
        table = table_get_by_code(code)
    except Table.DoesNotExist as error:
        raise Http404("no such table code") from error
    return render(request, "web/table.html", selectors.table_page(table))


@login_required
def director_dashboard(request: HttpRequest, code: str) -> HttpResponse:
    event = _event(request, code)
    if not user_has_role(request.user, event, "director"):
        raise PermissionDenied("director only")
    context = _event_context(request, event) | selectors.director_dashboard(event)
    return render(request, "web/director.html", context)


class LoginView(auth_views.LoginView):
    template_name = "web/login.html"
    redirect_authenticated_user = True
