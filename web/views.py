"""The web pages: each parses its URL, calls one selector (a stage's page: its format's
page builder, ``web.pages``) and renders a template.

Public pages need no login. A table's code opens that table's page only; the director's
dashboard needs a login and the director's role in the event (``EventRole``).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language
from rest_framework.authtoken.models import Token

from duidiao.security import device_id_wanted
from duidiao.venue import venue_urls
from scoring.cache import cached_payload, remembered, standings_heal
from tournament.access import event_context, event_for, stage_for
from tournament.models import Entrant, Stage, StageEntry, Table
from tournament.roles import sees_every_result, user_has_role
from tournament.selectors import event_public

from . import results, scores, selectors
from .entry_views import table_page
from .live import (
    is_live,
    live_response,
    not_modified,
    refresh_seconds,
    screen_refresh_seconds,
    screen_rotate_seconds,
)
from .pages import (
    bracket,
    groups,
    movement,
    pairs_final,
    round_robin,
    swiss,
    team_match,
)
from .pages import pairs_ranking as ranking_page
from .pages import player as player_pages
from .pages import screen as screen_page

StagePage = Callable[..., Mapping[str, Any]]

#: Which page each format gets: its one page builder (everything the page shows, scores
#: included, from scoring's read model) and the template of its body, which refreshes
#: itself while results come in.
STAGE_PAGES: dict[str, tuple[StagePage, str]] = {
    Stage.Kind.TEAM_MATCH: (team_match.page, "web/_live_team_match.html"),
    Stage.Kind.ROUND_ROBIN: (round_robin.page, "web/_live_round_robin.html"),
    Stage.Kind.GROUP_ROUND_ROBIN: (groups.page, "web/_live_groups.html"),
    Stage.Kind.KNOCKOUT: (bracket.page, "web/_live_bracket.html"),
    Stage.Kind.DOUBLE_ELIMINATION: (bracket.page, "web/_live_bracket.html"),
    Stage.Kind.MITCHELL: (movement.page, "web/_live_mitchell.html"),
    Stage.Kind.HOWELL: (movement.page, "web/_live_mitchell.html"),
    Stage.Kind.PAIRS_FINAL: (pairs_final.page, "web/_live_pairs_final.html"),
    Stage.Kind.SWISS: (swiss.page, "web/_live_swiss.html"),
}

#: What ``/standings/`` builds of a format where its result is less than its stage
#: page: a movement's rankings, without the rounds' tables and the boards' links (the
#: first read after every result at 120 tables must not build those). Every other
#: format's result is its whole page (``STAGE_PAGES``).
STANDINGS_PAGES: dict[str, StagePage] = {
    Stage.Kind.MITCHELL: movement.rankings,
    Stage.Kind.HOWELL: movement.rankings,
}

#: Stands for the CSRF token in a cached page; never a real token's characters.
CSRF_PLACEHOLDER = "@@csrf-token@@"
LOOPBACK = ("127.0.0.1", "::1")

DIRECTIONS = {"ns": StageEntry.Direction.NS, "ew": StageEntry.Direction.EW}
#: A Howell pair has no fixed direction: its page is under "p".
PAIR_KINDS = {"ns": Stage.Kind.MITCHELL, "ew": Stage.Kind.MITCHELL, "p": Stage.Kind.HOWELL}


def _shown_round(request: HttpRequest) -> int | None:
    """``?round=N``: the round a paged page shows (None: the round being played)."""
    value = request.GET.get("round", "")
    return int(value) if value.isdigit() else None


def home(request: HttpRequest) -> HttpResponse:
    device_id_wanted(request)  # its form takes a table code
    context: dict[str, Any] = {"events": selectors.event_list(request.user)}
    if request.user.is_authenticated or request.META.get("REMOTE_ADDR") in LOOPBACK:
        # The director at the server (or signed in): where phones open this server.
        context["venue_urls"] = venue_urls()
    return render(request, "web/home.html", context)


def event_detail(request: HttpRequest, code: str) -> HttpResponse:
    event = event_for(request, code)
    context = event_context(request, event) | selectors.event_overview(event)
    return render(request, "web/event.html", context)


def stage_detail(request: HttpRequest, code: str, order: int) -> HttpResponse:
    """A stage's page; with ``?live=1`` only its body, for the page's own refresh (304
    until one of the stage's results changes)."""
    event = event_for(request, code)
    stage = stage_for(event, order)
    director = sees_every_result(request.user, event)
    etag = scores.stage_etag(stage, director=director)
    if is_live(request) and not_modified(request, etag):
        return live_response(request, etag, "", None)
    page, body = STAGE_PAGES[stage.kind]
    paged = {"shown_round": _shown_round(request)} if stage.kind in Stage.MOVEMENT_KINDS else {}
    data = page(stage, selectors.entrant_views(event), director=director, **paged)
    context = event_context(request, event) | {"stage": stage, **data}
    context |= {"body": body, "etag": etag, "refresh": refresh_seconds()}
    if director and stage.kind == Stage.Kind.SWISS:  # outside the cached body
        context["swiss_next"] = reverse("web:director_swiss_next", args=[event.code, stage.order])
    context["decisions"] = selectors.stage_decisions(stage)
    if is_live(request):
        return live_response(request, etag, body, context)
    template = "web/stage.html"
    return render(request, template, context)


def _without_query(request: HttpRequest) -> HttpRequest:
    clean = copy.copy(request)
    clean.META = {**request.META, "QUERY_STRING": ""}
    clean.GET = QueryDict()
    return clean


def stage_standings(request: HttpRequest, code: str, order: int) -> HttpResponse:
    """A stage's standings, for the many phones refreshing at once: the rows come from
    the same versioned cache as the API's standings (a result change starts anew)."""
    director = False
    if request.user.is_authenticated:
        event = event_for(request, code)
        stage = stage_for(event, order)
        # An official reads what the stage page and the officials' papers show (第二十八条之6)
        director = sees_every_result(request.user, event)
    else:  # the many: looked up once a second per process, not once per request
        found = remembered(("event", code), lambda: event_public(code))
        if found is None:
            raise Http404("no such event")
        event = found
        stage = remembered(
            ("stage", event.pk, order),
            lambda: Stage.objects.select_related("source").filter(event=event, order=order).first(),
        )
        if stage is None:
            raise Http404("no such stage")

    def page() -> str:
        # Rendered once per version, language and address; the CSRF token of the
        # language switch is a placeholder, filled in per request below.
        # Each format's result as its stage page computes it (a bracket's places, a
        # Mitchell's two rankings …), with the ties' markers and reasons.
        build = STANDINGS_PAGES.get(stage.kind, STAGE_PAGES[stage.kind][0])
        data = build(stage, selectors.standings_entrants(event, stage), director=director)
        context = {"event": event, "stage": stage, **data}
        context["csrf_token"] = CSRF_PLACEHOLDER
        return render_to_string("web/stage_standings.html", context, request=shared)

    if request.user.is_authenticated:  # the page names the login: not shared
        shared = request
        standings_heal(stage.pk)  # uncached, so no standings_version() to do it
        return HttpResponse(page().replace(CSRF_PLACEHOLDER, get_token(request)))
    # One page per stage, version and language: a query string (?x=1, ?x=2, …) neither
    # makes a new cache entry nor ends up in the page everyone is served.
    shared = _without_query(request)
    kind = f"page-{get_language()}-{request.path}"
    _etag, html = cached_payload(stage.pk, page, kind=kind)
    return HttpResponse(html.replace(CSRF_PLACEHOLDER, get_token(request)))


def mitchell_pair(
    request: HttpRequest, code: str, order: int, direction: str, number: int
) -> HttpResponse:
    event = event_for(request, code)
    stage = stage_for(event, order)
    if PAIR_KINDS.get(direction) != stage.kind:
        raise Http404("not a Mitchell or Howell pair")
    try:
        data = selectors.pair_itinerary(
            stage, selectors.entrant_views(event), DIRECTIONS.get(direction, ""), number
        )
    except StageEntry.DoesNotExist as error:
        raise Http404("no such pair") from error
    director = sees_every_result(request.user, event)
    data["scorecard"] = scores.pair_boards(stage, data["entry"].entrant_id, director=director)
    context = event_context(request, event) | {"stage": stage} | data
    return render(request, "web/mitchell_pair.html", context)


def pairs_ranking(request: HttpRequest, code: str) -> HttpResponse:
    """The cumulative ranking of a pairs event over its sessions."""
    event = event_for(request, code)
    director = sees_every_result(request.user, event)
    context = event_context(request, event) | {**ranking_page.page(event, director=director)}
    return render(request, "web/pairs_ranking.html", context)


def player(request: HttpRequest, code: str, entrant_id: int) -> HttpResponse:
    """A team's or a pair's own page (from the table's page, the PIN card's QR code or a
    search by name); with ``?live=1`` only its body, 304 until something it shows
    changes (a result, a release, a round started or closed)."""
    event = event_for(request, code)
    entrant = Entrant.objects.filter(event=event, pk=entrant_id).first()
    if entrant is None:
        raise Http404("no such team or pair")
    director = sees_every_result(request.user, event)
    etag = scores.event_etag(event, director=director, extra=f"player-{entrant.pk}")
    if is_live(request) and not_modified(request, etag):
        return live_response(request, etag, "", None)
    data = player_pages.page(event, entrant, selectors.entrant_views(event), director=director)
    context = event_context(request, event) | data | {"etag": etag, "refresh": refresh_seconds()}
    if is_live(request):
        return live_response(request, etag, "web/_live_player.html", context)
    return render(request, "web/player.html", context)


def player_search(request: HttpRequest, code: str) -> HttpResponse:
    """Find one's own page by a player's, a team's or a pair's name (or number)."""
    event = event_for(request, code)
    query = request.GET.get("q", "")
    found = player_pages.search(event, query, selectors.entrant_views(event))
    if len(found) == 1:
        return redirect("web:player", event.code, found[0].id)
    context = event_context(request, event) | {"query": query, "found": found}
    return render(request, "web/player_search.html", context)


def venue_screen(request: HttpRequest, code: str) -> HttpResponse:
    """The venue's screen: standings and the round's seating in turn, and a clock; its
    script asks ``?live=1`` every few seconds (304 until something shown changes) and
    keeps the last good state, marked, while the network is down. Always what players
    may read (第二十八条之6), even on a director's laptop."""
    event = event_for(request, code)
    orders = [int(v) for v in request.GET.getlist("stage") if v.isdigit()]
    etag = scores.event_etag(event, director=False, extra=f"screen-{orders}")
    if is_live(request) and not_modified(request, etag):
        return live_response(request, etag, "", None)
    entrants = selectors.entrant_views(event)

    def result_of(stage: Stage) -> Mapping[str, Any]:
        return STAGE_PAGES[stage.kind][0](stage, entrants, director=False)

    data = screen_page.page(screen_page.shown_stages(event, orders), entrants, result_of)
    context = {"event": event, "etag": etag, **data}
    context |= {"refresh": screen_refresh_seconds(), "rotate": screen_rotate_seconds()}
    if is_live(request):
        return live_response(request, etag, "web/_live_screen.html", context)
    return render(request, "web/screen.html", context)


@table_page
def table_entry(request: HttpRequest, table: Table) -> HttpResponse:
    context = selectors.table_page(table) | {"lines": results.table_boards(table)}
    return render(request, "web/table.html", context)


@login_required
def director_dashboard(request: HttpRequest, code: str) -> HttpResponse:
    """Every stage, round and table: which boards each table has reported, what awaits
    confirmation, what is flagged (and why), which boards players may see. The rounds
    refresh themselves (``?live=1``: 304 until a result is written or a board released)."""
    event = event_for(request, code)
    if not user_has_role(request.user, event, "director"):
        raise PermissionDenied("director only")
    etag = results.dashboard_etag(event)
    if is_live(request) and not_modified(request, etag):
        return live_response(request, etag, "", None)
    data = selectors.director_dashboard(event)
    data["progress"] = results.dashboard_progress(
        event, data["stage_blocks"], shown_round=_shown_round(request)
    )
    selectors.dashboard_tables(event, data["stage_blocks"])
    data["conflicts"] = results.entry_conflicts(event)
    context = event_context(request, event) | data | {"etag": etag}
    context["pairs_sessions"] = any(s.kind in Stage.MOVEMENT_KINDS for s in context["stages"])
    if is_live(request):
        return live_response(request, etag, "web/_dashboard_rounds.html", context)
    return render(request, "web/director.html", context)


class LogoutView(auth_views.LogoutView):
    """Logging out also deletes the account's API token (a new login issues a new one)."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.user.is_authenticated:
            Token.objects.filter(user=request.user).delete()
        return super().post(request, *args, **kwargs)


class LoginView(auth_views.LoginView):
    template_name = "web/login.html"
    redirect_authenticated_user = True
