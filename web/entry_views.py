"""Result entry: a table's code on a phone, the director's scorecards at a keyboard, the
round dashboard and the release of boards.

* ``/t/<code>/`` — the table's round and its boards; ``/t/<code>/b/<n>/`` enters board
  *n*: one side enters (no account: the code is the key, and it opens only this table's
  round and boards), the other side confirms on the same phone, or corrects it and
  hands the phone back.
* ``/e/<code>/director/`` — the round dashboard; ``…/director/s/<order>/r/<n>/scorecard/``
  the scorecards of a round, table → board → fields, Enter saves and moves on.
* ``…/check/`` — the engine's verdict on a scorecard being typed; stores nothing.

Every write goes through ``boards.services`` (judged there by the rules engine); these
views decide who is acting (``Actor``) and show what the services say.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static as static_url
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from boards.errors import BoardError, ConflictError
from boards.models import Board, BoxCard, EntryConflict, Result
from boards.selectors import boards_still_to_play
from boards.services import (
    Actor,
    Arrival,
    box_card_rule,
    conflict_resolve,
    outbox_confirm,
    outbox_enter,
    replay_find,
    replay_keep,
    result_check,
    result_confirm,
    result_correct,
    result_enter,
)
from duidiao.security import client_address
from scoring.services import (
    board_withdraw_release,
    boards_release,
    pairs_session_create,
    swiss_round_next,
)
from tournament.access import event_context, event_for, stage_for, table_for
from tournament.errors import EventError
from tournament.models import Event, Round, Stage, Table

from . import results, selectors
from .forms import DirectorScorecardForm, ScorecardForm, TableScorecardForm

OTHER_SIDE = {"NS": "EW", "EW": "NS"}


# --- shared ---------------------------------------------------------------------------------


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _verdict(
    request: HttpRequest, board: Board, table: Table, result: Result | None, actor: Actor
) -> HttpResponse:
    """The inline verdict on a scorecard being typed (an HTML fragment): the same check
    the save makes (``result_check``), so what it accepts the save accepts."""
    form = ScorecardForm(request.POST)
    context: dict[str, Any] = {}
    if not form.is_valid():
        context["problems"] = form.problems()
    else:
        entry = form.entry()
        try:
            judged = result_check(board=board, table=table, entry=entry, actor=actor, result=result)
        except BoardError as error:
            context |= results.rejection_view(error)
        else:
            context["verdict"] = results.verdict_view(judged.verdict, entry.declarer)
            context["warnings"] = results.flag_texts(judged.flags)
    return render(request, "web/_verdict.html", context)


# --- at the table (no account: the table's code) --------------------------------------------


def table_page(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A page behind a table code: the view gets the open table instead of the code. A
    code that opens no table (unknown, future or closed round) answers 404, all alike
    (:func:`tournament.access.table_for`)."""

    @wraps(view)
    def wrapper(request: HttpRequest, code: str, *args: Any, **kwargs: Any) -> HttpResponse:
        return view(request, table_for(request, code), *args, **kwargs)

    return wrapper


def _actor(request: HttpRequest, table: Table, side: str, pin: str) -> Actor:
    """A table side with the PIN it typed (wrong PINs are counted per table and side by
    the services, never per address: a venue's phones share one)."""
    return Actor.at_table(table, side, pin=pin, address=client_address(request))


def _write_once(request: HttpRequest, actor: Actor, write: Callable[[], Result]) -> None:
    """Do ``write`` once per idempotency key (the form's hidden ``idem``): the same form
    sent again — a response lost on the way, a double tap — gets the first answer again
    instead of "already entered"."""
    key = request.POST.get("idem", "")
    if replay_find(actor, key) is not None:
        return
    try:
        result = write()
    except BoardError:
        if replay_find(actor, key) is not None:  # its twin was answered a moment ago
            return
        raise
    body = {"id": result.pk, "version": result.version}
    replay_keep(actor, key, result=result, status=302, body=body)


def _table_board(table: Table, number: int) -> tuple[Board, Result | None]:
    try:
        board = results.board_of_table(table, number)
    except Board.DoesNotExist as error:
        raise Http404("this table does not play that board") from error
    return board, Result.objects.filter(board=board, table=table).first()


@table_page
def table_board(request: HttpRequest, table: Table, number: int) -> HttpResponse:
    """Board ``number`` at this table: the scorecard to enter, the result to confirm, or
    the confirmed result. Each side acts with its own PIN."""
    board, result = _table_board(table, number)
    done = result is not None and result.table_status == Result.Status.CONFIRMED
    fixing = result is not None and not done and "fix" in request.GET
    rejection: dict[str, Any] | None = None
    status = 200
    if request.method == "POST":
        if done:
            return HttpResponseRedirect(request.path)
        form = TableScorecardForm(request.POST)
        fixing = result is not None
        if form.is_valid():
            actor = _actor(request, table, form.cleaned_data["side"], form.cleaned_data["pin"])

            def write() -> Result:
                if result is None:
                    return result_enter(board=board, table=table, entry=form.entry(), actor=actor)
                return result_correct(
                    result=result,
                    entry=form.entry(),
                    actor=actor,
                    version=_int(request.POST.get("version")) or 0,
                    reason=_("牌桌更正"),
                )

            try:
                _write_once(request, actor, write)
            except ConflictError as error:
                rejection, status = results.rejection_view(error), 409
            except BoardError as error:
                rejection, status = results.rejection_view(error), 422
            else:
                # The same words whether the deal bears the entry out or not (disputed):
                # a table learns nothing of the hidden deal from its answer.
                messages.success(request, _("已记录，请对方核对；如有疑问裁判会处理。"))
                return HttpResponseRedirect(request.path)
        else:
            status = 422
    elif result is None or fixing:
        start = results.scorecard_start(board, table, result)
        initial = dict(start["initial"])
        if fixing and result is not None:
            initial["side"] = OTHER_SIDE.get(result.entered_side, "")
        form = TableScorecardForm(initial=initial)
    else:
        form = None
    lines = results.table_boards(table)
    context = selectors.table_page(table) | {
        "board": board,
        "result": result,
        "done": done,
        "shown": results.result_view(result) if result is not None else None,
        "confirm_sides": _confirm_sides(result),
        "form": form,
        "fixing": fixing,
        "start": results.scorecard_start(board, table, None) if result is None else None,
        "rejection": rejection,
        "lines": lines,
        "next_board": results.next_board(lines, board.number),
        # A retry of this very form (the same key) gets its first answer again.
        "idem": uuid.uuid4().hex,
    }
    return render(request, "web/table_board.html", context, status=status)


def _confirm_sides(result: Result | None) -> list[str]:
    """Who may confirm at the table: the other side, or either after a scorer's entry."""
    if result is None or result.table_status == Result.Status.CONFIRMED:
        return []
    if result.entered_side in OTHER_SIDE:
        return [OTHER_SIDE[result.entered_side]]
    return ["NS", "EW"]


@require_POST
@table_page
def table_confirm(request: HttpRequest, table: Table, number: int) -> HttpResponse:
    """The other side confirms, typing its own PIN (the opponents accept the result)."""
    board, result = _table_board(table, number)
    side = request.POST.get("side", "")
    if result is None or side not in OTHER_SIDE:
        return HttpResponseRedirect(reverse("web:table_board", args=[table.code, number]))
    actor = _actor(request, table, side, request.POST.get("pin", "")[:8])
    try:
        _write_once(
            request,
            actor,
            lambda: result_confirm(
                result=result, actor=actor, version=_int(request.POST.get("version")) or 0
            ),
        )
    except BoardError as error:
        messages.error(
            request, " ".join(e["message"] for e in results.rejection_view(error)["errors"])
        )
    else:
        messages.success(request, _("第%(n)d副成绩已确认。") % {"n": board.number})
    return HttpResponseRedirect(reverse("web:table_board", args=[table.code, number]))


@require_POST
@table_page
def table_check(request: HttpRequest, table: Table, number: int) -> HttpResponse:
    board, result = _table_board(table, number)
    side = request.POST.get("side", "")
    actor = Actor.at_table(table, side if side in OTHER_SIDE else "NS")
    return _verdict(request, board, table, result, actor)


# --- offline: the installable table page and its outbox (issue 29) --------------------------


def service_worker(request: HttpRequest) -> HttpResponse:
    """The table pages' service worker, served from ``/t/`` so that its scope covers every
    table page (a worker controls only the paths under its own script's path)."""
    path = finders.find("web/sw.js")
    if not isinstance(path, str):  # pragma: no cover - the file ships with the app
        raise Http404("no service worker")
    with open(path, encoding="utf-8") as script:
        response = HttpResponse(script.read(), content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = reverse("web:service_worker").rsplit("/", 1)[0] + "/"
    return response


@table_page
def table_manifest(request: HttpRequest, table: Table) -> JsonResponse:
    """The web app manifest of one table's page: installed, it opens this table."""
    start = reverse("web:table", args=[table.code])
    manifest = {
        "name": _("对调复式赛 · %(n)s号桌") % {"n": table.number},
        "short_name": _("%(n)s号桌") % {"n": table.number},
        "start_url": start,
        "scope": start,
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#8b1a1a",
        "icons": [
            {"src": static_url("web/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    return JsonResponse(manifest, content_type="application/manifest+json")


def _arrival_text(kind: str, arrival: Arrival) -> str:
    """What a table is told of an arrival: the words an online write gets — the same
    whether or not the deal bears the entry out (第二十八条之6)."""
    if arrival.state == "conflict":
        return _("本桌另一部手机已先录入了这副牌的不同成绩：两份都已交裁判长处理。")
    if kind == "confirm":
        return _("第%(n)d副成绩已确认。") % {"n": arrival.board}
    return _("已记录，请对方核对；如有疑问裁判会处理。")


@csrf_exempt  # the table code and the side's PIN are the credential, in the body; no cookie
@require_POST
@table_page
def table_sync(request: HttpRequest, table: Table) -> JsonResponse:
    """One item of a phone's outbox (an entry or a confirmation made offline), sent when
    the network returns: judged by the same services as the forms, answered in JSON with
    the words a table gets online. Refusals (4xx) are final, so the phone stops sending
    them; anything else it sends again later, with the same key."""
    try:
        item = json.loads(request.body or b"{}")
    except ValueError:
        item = None
    if not isinstance(item, dict):
        return JsonResponse({"state": "refused", "message": _("无法读取的发送")}, status=400)
    fields = item.get("fields") if isinstance(item.get("fields"), dict) else {}
    key, kind = str(item.get("key", ""))[:100], str(item.get("kind", ""))
    board, _result = _table_board(table, _int(item.get("board")) or 0)
    try:
        if kind == "enter":
            form = TableScorecardForm(fields)
            if not form.is_valid():
                problems = form.problems()
                return JsonResponse({"state": "refused", "problems": problems}, status=422)
            actor = _actor(request, table, form.cleaned_data["side"], form.cleaned_data["pin"])
            arrival = outbox_enter(
                board=board, table=table, entry=form.entry(), actor=actor, key=key
            )
        elif kind == "confirm" and fields.get("side") in OTHER_SIDE:
            actor = _actor(request, table, fields["side"], str(fields.get("pin", ""))[:8])
            arrival = outbox_confirm(
                board=board,
                table=table,
                actor=actor,
                key=key,
                version=_int(fields.get("version")),
                entry_key=str(item.get("entry_key", ""))[:100],
            )
        else:
            return JsonResponse({"state": "refused", "message": _("无法读取的发送")}, status=400)
    except BoardError as error:
        view = results.rejection_view(error)
        message = " ".join(e["message"] for e in view["errors"])
        status = 409 if isinstance(error, ConflictError) else 422
        return JsonResponse({"state": "refused", "message": message, **view}, status=status)
    body = arrival.body() | {"message": _arrival_text(kind, arrival)}
    return JsonResponse(body)


# --- the director ---------------------------------------------------------------------------


def _round(event: Event, order: int, number: int) -> Round:
    round_ = (
        Round.objects.select_related("stage__event")
        .filter(stage__event=event, stage__order=order, number=number)
        .first()
    )
    if round_ is None:
        raise Http404("no such round")
    return round_


def _pick(tables: list[Table], lines_of: Any, data: Any) -> tuple[Table | None, Any, Any]:
    """The table and board a director picked (default: the first table, and its first
    board not confirmed yet)."""
    wanted = _int(data.get("table"))
    table = next((t for t in tables if t.pk == wanted), tables[0] if tables else None)
    typed = _int(data.get("number"))  # the table number as printed on the scorecard
    if typed is not None:
        session = _int(data.get("session")) or 1
        table = next((t for t in tables if (t.session, t.number) == (session, typed)), table)
    if table is None:
        return None, [], None
    lines = lines_of(table)
    if data.get("done"):  # the last board was saved: nothing is opened for editing
        return table, lines, None
    number = _int(data.get("board"))
    line = next((ln for ln in lines if ln.number == number), None)
    if line is None:
        line = next((ln for ln in lines if ln.state != "confirmed"), lines[0] if lines else None)
    return table, lines, line


def _next_scorecard(url: str, tables: list[Table], table: Table, lines: Any, number: int) -> str:
    after = results.next_board(lines, number)
    if after is not None:
        return f"{url}?table={table.pk}&board={after}"
    later = [t for t in tables if (t.session, t.number) > (table.session, table.number)]
    if later:
        return f"{url}?table={later[0].pk}"
    # The round's last board: Enter again must not reopen it as a correction.
    return f"{url}?table={table.pk}&done=1"


@login_required
def director_scorecard(request: HttpRequest, code: str, order: int, number: int) -> HttpResponse:
    """A round's scorecards, typed from the keyboard: table → board → fields, the verdict
    inline, Enter saves (a director's entry counts as confirmed) and opens the next board;
    an existing result is corrected, with its history shown."""
    event = event_for(request, code, "director")
    round_ = _round(event, order, number)
    url = reverse("web:director_scorecard", args=[event.code, order, number])
    tables = results.director_round(round_)
    data = request.POST if request.method == "POST" else request.GET
    table, lines, line = _pick(tables, results.table_boards, data)
    form: DirectorScorecardForm | None = None
    rejection: dict[str, Any] | None = None
    conflict: dict[str, Any] | None = None
    status = 200
    result = line.result if line is not None else None
    if request.method == "POST" and table is not None and line is not None:
        actor = Actor.director(request.user)
        version = _int(request.POST.get("version")) or 0
        if request.POST.get("action") == "confirm" and result is not None:
            try:
                result_confirm(
                    result=result,
                    actor=actor,
                    version=version,
                    reason=request.POST.get("reason", "")[:500],
                )
            except BoardError as error:
                rejection, status = results.rejection_view(error), 409
            else:
                messages.success(request, _("第%(n)d副成绩已确认。") % {"n": line.number})
                return HttpResponseRedirect(_next_scorecard(url, tables, table, lines, line.number))
        else:
            form = DirectorScorecardForm(request.POST)
            if form.is_valid():
                try:
                    if result is None:
                        result_enter(board=line.board, table=table, entry=form.entry(), actor=actor)
                    else:
                        result_correct(
                            result=result,
                            entry=form.entry(),
                            actor=actor,
                            version=version,
                            reason=form.cleaned_data.get("reason", ""),
                        )
                except ConflictError:
                    status = 409
                    result = Result.objects.get(pk=result.pk) if result is not None else None
                    conflict = {"current": results.result_view(result) if result else None}
                except BoardError as error:
                    rejection, status = results.rejection_view(error), 422
                else:
                    done = _("%(table)s 第%(n)d副已保存。") % {
                        "table": results.table_label(table),
                        "n": line.number,
                    }
                    messages.success(request, done)
                    return HttpResponseRedirect(
                        _next_scorecard(url, tables, table, lines, line.number)
                    )
            else:
                status = 422
    if form is None and line is not None and table is not None:
        start = results.scorecard_start(line.board, table, result)
        form = DirectorScorecardForm(initial=start["initial"])
    start = (
        results.scorecard_start(line.board, table, result)
        if line is not None and table is not None
        else None
    )
    stage: Stage = round_.stage
    context = event_context(request, event) | {
        "stage": stage,
        "round": round_,
        "rounds": list(stage.rounds.order_by("number")),
        "tables": [(t, results.table_label(t)) for t in tables],
        "sessions": sorted({t.session for t in tables}),
        "table": table,
        "table_label": results.table_label(table) if table is not None else "",
        "lines": lines,
        "line": line,
        "result": result,
        "shown": results.result_view(result) if result is not None else None,
        "history": results.scorecard_history(line.board, table, result)
        if line is not None and table is not None
        else [],
        "flags": results.flag_texts(result.flags) if result is not None else [],
        "box_decision": results.box_card_decision(line.board, table)
        if line is not None and table is not None
        else None,
        "dispute": results.flag_texts(result.dispute)
        if result is not None and result.status == Result.Status.DISPUTED
        else [],
        "start": start,
        "form": form,
        "focus": results.first_field(start),
        "rejection": rejection,
        "conflict": conflict,
        "url": url,
        # Once a table or board is picked the cursor goes to the scorecard, else the picker.
        "picked": request.method == "POST"
        or any(data.get(k) for k in ("table", "number", "board")),
    }
    return render(request, "web/director_scorecard.html", context, status=status)


@login_required
@require_POST
def director_check(request: HttpRequest, code: str, order: int, number: int) -> HttpResponse:
    event = event_for(request, code, "director")
    round_ = _round(event, order, number)
    table, _lines, line = _pick(results.director_round(round_), results.table_boards, request.POST)
    if table is None or line is None:
        raise Http404("no such board")
    return _verdict(request, line.board, table, line.result, Actor.director(request.user))


@login_required
@require_POST
def box_card_decide(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    """The director's decision on a box card the typed deal contradicts (第三十三条):
    the suit stands, or the non-offending side names the trump. Back to the scorecard
    it was asked from."""
    event = event_for(request, code, "director")
    box = BoxCard.objects.filter(board__stage__event=event, pk=pk).select_related("board").first()
    if box is None:
        raise Http404("no such box card")
    try:
        box_card_rule(
            box=box,
            decision=request.POST.get("decision", ""),
            trump=request.POST.get("trump", ""),
            reason=request.POST.get("reason", "")[:500],
            user=request.user,
        )
    except BoardError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            _("第%(n)d副已按第三十三条裁决，后续牌桌按裁决录入。") % {"n": box.board.number},
        )
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        back = reverse("web:director", args=[event.code])
    return HttpResponseRedirect(back)


@login_required
@require_POST
def director_release(request: HttpRequest, code: str) -> HttpResponse:
    """Release boards to players (their hand records, results and travellers), or take a
    release back: the boards ticked, or every board of a round."""
    event = event_for(request, code, "director")
    ids = [i for i in (_int(v) for v in request.POST.getlist("board")) if i is not None]
    round_id = _int(request.POST.get("round"))
    if request.POST.get("all") and round_id is not None:
        round_ = Round.objects.filter(stage__event=event, pk=round_id).first()
        boards = results.round_boards(round_) if round_ is not None else []
    else:
        boards = results.releasable_boards(event, ids)
    if request.POST.get("action") == "withdraw":
        for board in boards:
            board_withdraw_release(board=board)
        messages.success(request, _("已撤回%(n)d副牌的公布。") % {"n": len(boards)})
    else:
        early = boards_still_to_play(boards)
        if early and request.POST.get("confirm") != "early":
            # Shown early, a board's hands help every table that has yet to play it:
            # name those tables and ask a second time (第二十八条之6).
            context = event_context(request, event) | {
                "early": [
                    (
                        board,
                        [
                            _("第%(r)d轮 %(t)s")
                            % {"r": t.round.number, "t": results.table_label(t)}
                            for t in tables
                        ],
                    )
                    for board, tables in early
                ],
                "boards": boards,
                "next": request.POST.get("next", ""),
            }
            return render(request, "web/release_confirm.html", context)
        boards_release(boards=boards, user=request.user)
        messages.success(request, _("已公布%(n)d副牌的牌型与成绩。") % {"n": len(boards)})
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        back = reverse("web:director", args=[event.code])
    return HttpResponseRedirect(back)


#: What a next session copies from the last one (the seating is always reseeded).
SESSION_SETTINGS = ("boards_per_round", "rounds", "sections", "matchpoints", "held_ns")


@login_required
@require_POST
def director_next_session(request: HttpRequest, code: str) -> HttpResponse:
    """Create the next session of a pairs event, its pairs reseeded by the cumulative
    ranking (多节累计), with the last session's format and pairs held at N–S."""
    event = event_for(request, code, "director")
    last = event.stages.filter(kind__in=Stage.MOVEMENT_KINDS).order_by("-order").first()
    back = reverse("web:director", args=[event.code])
    if last is None:
        messages.error(request, _("没有双人赛阶段，无法建立下一节。"))
        return HttpResponseRedirect(back)
    settings = {k: v for k, v in (last.settings or {}).items() if k in SESSION_SETTINGS}
    try:
        stage = pairs_session_create(event=event, kind=last.kind, settings=settings)
    except EventError as error:
        messages.error(request, results.in_language(error.message_zh, error.message_en))
        return HttpResponseRedirect(back)
    messages.success(request, _("已按累计名次建立%(name)s。") % {"name": stage.name})
    return HttpResponseRedirect(back)


@login_required
@require_POST
def director_swiss_next(request: HttpRequest, code: str, order: int) -> HttpResponse:
    """Swiss teams (瑞士移位): pair the next round once the last one is complete."""
    event = event_for(request, code, "director")
    stage = stage_for(event, order)
    try:
        round_ = swiss_round_next(stage=stage)
    except EventError as error:
        messages.error(request, results.in_language(error.message_zh, error.message_en))
    else:
        messages.success(request, _("第%(n)d轮已编排。") % {"n": round_.number})
    return HttpResponseRedirect(reverse("web:stage", args=[event.code, stage.order]))


@login_required
@require_POST
def director_conflict(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    """The director settles an entry conflict from the dashboard: keep the result stored
    first, or take the other phone's scorecard (a correction, judged against the deal)."""
    event = event_for(request, code, "director")
    conflict = (
        EntryConflict.objects.filter(pk=pk, result__board__stage__event=event)
        .select_related("result__table", "result__board")
        .first()
    )
    if conflict is None:
        raise Http404("no such conflict")
    take = request.POST.get("action") == "take"
    try:
        conflict_resolve(
            conflict=conflict,
            actor=Actor.director(request.user),
            take=take,
            reason=request.POST.get("reason", "")[:500],
        )
    except BoardError as error:
        messages.error(request, results.in_language(error.message_zh, error.message_en))
    else:
        messages.success(request, _("录入冲突已处理。"))
    return HttpResponseRedirect(reverse("web:director", args=[event.code]) + "#conflicts")
