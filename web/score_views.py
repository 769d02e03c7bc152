"""Public score pages: a team match board by board, and a board's hand record and
traveller (only once players may see the board; before that the page does not exist
for them: 404, whatever the URL)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from boards.models import Board
from tournament.models import Event, Match, Stage
from tournament.roles import user_event_roles, user_has_role

from . import scores, selectors
from .errors import not_found


def _event_stage(request: HttpRequest, code: str, order: int) -> tuple[Event, Stage]:
    try:
        event = selectors.event_get_visible(code, request.user)
        return event, selectors.stage_get(event, order)
    except (Event.DoesNotExist, Stage.DoesNotExist) as error:
        raise Http404("no such event or stage") from error


def _context(request: HttpRequest, event: Event, stage: Stage) -> dict[str, object]:
    return {
        "event": event,
        "stage": stage,
        "stages": list(event.stages.order_by("order")),
        "roles": user_event_roles(request.user, event),
    }


@require_safe
def match_detail(request: HttpRequest, code: str, order: int, number: int) -> HttpResponse:
    event, stage = _event_stage(request, code, order)
    match = Match.objects.filter(stage=stage, number=number).select_related("round").first()
    if match is None:
        raise Http404("no such match")
    director = user_has_role(request.user, event, "director")
    data = scores.match_page(match, selectors.entrant_views(event), director=director)
    context = _context(request, event, stage) | data | {"view": data}
    return render(request, "web/match.html", context)


@require_safe
def board_detail(
    request: HttpRequest, code: str, order: int, number: int, round_number: int | None = None
) -> HttpResponse:
    event, stage = _event_stage(request, code, order)
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
    director = user_has_role(request.user, event, "director")
    data = scores.board_page(board, selectors.entrant_views(event), director=director)
    if data is None:
        return missing
    return render(request, "web/board.html", _context(request, event, stage) | data)
