"""Public score pages: a team match board by board, and a board's hand record and
traveller (only once players may see the board; before that the page does not exist
for them: 404, whatever the URL)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from boards.models import Board
from tournament.access import event_context, event_for, stage_for
from tournament.models import Match
from tournament.roles import sees_every_result

from . import scores, selectors
from .errors import not_found
from .pages import match as match_page


@require_safe
def match_detail(request: HttpRequest, code: str, order: int, number: int) -> HttpResponse:
    event = event_for(request, code)
    stage = stage_for(event, order)
    match = Match.objects.filter(stage=stage, number=number).select_related("round").first()
    if match is None:
        raise Http404("no such match")
    director = sees_every_result(request.user, event)
    data = match_page.page(match, selectors.entrant_views(event), director=director)
    context = event_context(request, event, stage=stage) | {**data, "view": data}
    return render(request, "web/match.html", context)


@require_safe
def board_detail(
    request: HttpRequest, code: str, order: int, number: int, round_number: int | None = None
) -> HttpResponse:
    event = event_for(request, code)
    stage = stage_for(event, order)
    # Not dealt, or not to be seen yet: the same answer, so a hidden board looks as if
    # it did not exist (第二十八条之6).
    missing = not_found(
        request,
        f"第{number}副尚未发牌或尚未公布。",
        f"Board {number} has not been dealt or released yet.",
    )
    try:
        board = scores.board_get(stage, number, round_number)
    except Board.DoesNotExist:
        return missing
    director = sees_every_result(request.user, event)
    data = scores.board_page(board, selectors.entrant_views(event), director=director)
    if data is None:
        return missing
    return render(request, "web/board.html", event_context(request, event, stage=stage) | data)
