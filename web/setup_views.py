"""The director's workspace: every step of an event in order, with nothing from the admin
or a shell — the event and its officials, entrants, stages (previewed before they are
fixed), boards, and then the rounds on the dashboard.

* ``/director/`` — the events this login directs, and a new event;
* ``/e/<code>/director/setup/`` — the steps of one event and how far each has got;
* ``…/event/``, ``…/officials/``, ``…/entrants/``, ``…/stages/new/``, ``…/boards/``.

Each view checks the director's role in the event (``EventRole``; a superuser holds
every role), parses a form, calls one service and shows its bilingual refusal.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from boards.errors import BoardError
from boards.models import Board, DealCommitment
from boards.services import (
    board_fill_deal,
    boards_await_deal,
    boards_generate,
    deals_commit,
    deals_enter_public_value,
    deals_revealed,
)
from scoring.models import Withdrawal
from scoring.services import (
    OPPONENT_SCORES,
    entrant_leave,
    match_changed,
    queue_targets,
    stage_entrant_add,
    stage_qualification_remove,
    stage_qualify_from_source,
    stage_take_back,
    tie_order_set,
    tie_order_withdraw,
    withdrawal_take_back,
)
from tournament.access import event_context, event_for, stage_for
from tournament.errors import BilingualError, EventError
from tournament.models import Entrant, Event, EventRole, Round, Stage
from tournament.roles import user_event_roles
from tournament.selectors import unplayed_tiebreak
from tournament.services import (
    OVERRIDE_KINDS,
    IssuedPassword,
    entrant_create,
    entrant_update,
    entrants_add,
    entrants_parse,
    event_create,
    event_update,
    match_add_tiebreak,
    match_remove_tiebreak,
    new_draw_seed,
    official_create,
    official_invite,
    official_password_reset,
    official_remove,
    round_close,
    round_start,
    round_swap,
    stage_create,
    stage_delete,
    stage_playoff_create,
    stage_preview,
)

from . import movements, results, selectors, setup_selectors
from .setup_forms import (
    BoardImportForm,
    DealForm,
    EntrantForm,
    EventForm,
    PasteForm,
    RoleForm,
    StageForm,
)
from .views import STAGE_PAGES


def _error_text(error: ValidationError) -> str:
    """A refusal as one line, Chinese first (``中文 / English``)."""
    if isinstance(error, BilingualError):
        return str(error)
    return " ".join(error.messages)


def _context(request: HttpRequest, event: Event, step: str) -> dict[str, Any]:
    return event_context(request, event, step=step)


def may_create_events(user: Any) -> bool:
    """Who may open a new event: a superuser, or a login given the right to add events."""
    return bool(user.is_authenticated and user.has_perm("tournament.add_event"))


# --- the events of this director --------------------------------------------------------


@login_required
def workspace(request: HttpRequest) -> HttpResponse:
    """The director's start: the events this login directs, and a new one."""
    allowed = may_create_events(request.user)
    form = EventForm(request.POST or None)
    if request.method == "POST":
        if not allowed:
            raise PermissionDenied("may not create events")
        if form.is_valid():
            try:
                with transaction.atomic():
                    event = event_create(code=form.cleaned_data["code"], **form.event_fields())
                    EventRole.objects.create(
                        event=event, user=request.user, role=EventRole.Role.DIRECTOR
                    )
            except ValidationError as error:
                form.add_error(None, _error_text(error))
            else:
                messages.success(request, _("赛事已创建。下一步：录入参赛队/对。"))
                return HttpResponseRedirect(reverse("web:setup_entrants", args=[event.code]))
    context = {
        "events": setup_selectors.directed_events(request.user),
        "form": form if allowed else None,
    }
    return render(request, "web/setup/workspace.html", context)


@login_required
def setup(request: HttpRequest, code: str) -> HttpResponse:
    event = event_for(request, code, "director")
    context = _context(request, event, "setup") | setup_selectors.event_steps(event)
    return render(request, "web/setup/steps.html", context)


# --- 1. the event and its officials ------------------------------------------------------


@login_required
def event_edit(request: HttpRequest, code: str) -> HttpResponse:
    event = event_for(request, code, "director")
    if request.method == "POST":
        form = EventForm(request.POST, creating=False)
        if form.is_valid():
            try:
                event_update(event=event, **form.event_fields())
            except ValidationError as error:
                form.add_error(None, _error_text(error))
            else:
                messages.success(request, _("赛事信息已保存。"))
                return HttpResponseRedirect(reverse("web:setup_event", args=[event.code]))
    else:
        form = EventForm(initial=EventForm.initial_of(event), creating=False)
    context = _context(request, event, "event") | {
        "form": form,
        "profile": event.profile.describe(),
    }
    return render(request, "web/setup/event.html", context)


@login_required
def officials(request: HttpRequest, code: str) -> HttpResponse:
    """The event's directors, referees and scorers: a new account or an existing login
    given a role, a password reset (the new one shown on this answer only, never
    stored or sent again), a role taken back — each one service, audited."""
    event = event_for(request, code, "director")
    form = RoleForm(request.POST or None, label_suffix="")
    issued: IssuedPassword | None = None
    action = request.POST.get("action") if request.method == "POST" else None
    try:
        if action == "remove":
            role = EventRole.objects.filter(event=event, pk=request.POST.get("role")).first()
            if role is None:
                raise Http404("no such role")
            official_remove(role=role, acting_user=request.user)
            messages.success(request, _("已撤销 %(name)s 的职责。") % {"name": role.user})
            return HttpResponseRedirect(request.path)
        if action == "reset":
            held = EventRole.objects.filter(event=event, user_id=request.POST.get("user")).first()
            if held is None:
                raise Http404("no such official")
            issued = official_password_reset(event=event, acting_user=request.user, user=held.user)
        elif action in ("create", "invite") and form.is_valid():
            data = form.cleaned_data
            if action == "create":
                issued = official_create(
                    event=event,
                    acting_user=request.user,
                    username=data["username"],
                    role=data["role"],
                    name=data["name"],
                )
            else:
                official_invite(
                    event=event,
                    acting_user=request.user,
                    username=data["username"],
                    role=data["role"],
                )
                messages.success(request, _("职责已添加。"))
                return HttpResponseRedirect(request.path)
            form = RoleForm(label_suffix="")
    except ValidationError as error:
        if action in ("create", "invite"):
            form.add_error(None, _error_text(error))
        else:
            messages.error(request, _error_text(error))
            return HttpResponseRedirect(request.path)
    roles = EventRole.objects.filter(event=event).select_related("user").order_by("role", "id")
    context = _context(request, event, "officials") | {
        "form": form,
        "event_roles": roles,
        "issued": issued,
        "changes": event.official_changes.select_related("changed_by")[:30],
    }
    response = render(request, "web/setup/officials.html", context)
    if issued is not None:
        response["Cache-Control"] = "no-store"  # the one-time password stays off every cache
    return response


# --- 2. entrants -------------------------------------------------------------------------


@login_required
def entrants(request: HttpRequest, code: str) -> HttpResponse:
    """Teams and pairs: one by form, many pasted, or an Excel sheet (printing's import)."""
    event = event_for(request, code, "director")
    action = request.POST.get("action") if request.method == "POST" else None
    form = EntrantForm(request.POST if action == "add" else None, label_suffix="")
    paste = PasteForm(
        request.POST if action == "paste" else None, label_suffix="", auto_id="paste_%s"
    )
    if action == "add" and form.is_valid():
        data = form.cleaned_data
        parsed = entrants_parse(data["players"].replace("\n", "、"))
        try:
            entrant = entrant_create(
                event=event,
                kind=data["kind"],
                name=data["name"],
                players=parsed[0]["players"] if parsed else [],
                captain=parsed[0].get("captain") if parsed else None,
                seed=data["seed"],
                club=data["club"],
            )
        except ValidationError as error:
            form.add_error(None, _error_text(error))
        else:
            messages.success(request, _("已添加：%(e)s") % {"e": entrant})
            return HttpResponseRedirect(request.path)
    if action == "paste" and paste.is_valid():
        try:
            added = entrants_add(
                event=event,
                kind=paste.cleaned_data["kind"],
                entries=entrants_parse(paste.cleaned_data["text"]),
            )
        except ValidationError as error:
            paste.add_error(None, _error_text(error) + " " + _("（一个也未保存）"))
        else:
            messages.success(request, _("已添加%(n)d个参赛者。") % {"n": len(added)})
            return HttpResponseRedirect(request.path)
    context = _context(request, event, "entrants") | {
        "form": form,
        "paste": paste,
        "rows": setup_selectors.entrant_rows(event),
    }
    status = 422 if action and (form.errors or paste.errors) else 200
    return render(request, "web/setup/entrants.html", context, status=status)


@login_required
def entrant_edit(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    event = event_for(request, code, "director")
    entrant = Entrant.objects.filter(event=event, pk=pk).first()
    if entrant is None:
        raise Http404("no such entrant")
    back = reverse("web:setup_entrants", args=[event.code])
    action = request.POST.get("action") if request.method == "POST" else None
    if action in ("withdraw", "withdrawal_back", "join"):
        return _entrant_withdraw_action(request, event, entrant, action, back)
    players = list(entrant.memberships.select_related("player").order_by("order"))
    captain = next((m.player.name for m in players if m.role == "captain"), "")
    initial = {
        "kind": entrant.kind,
        "name": entrant.name,
        "seed": entrant.seed,
        "players": "、".join(
            m.player.name + ("*" if m.player.name == captain else "") for m in players
        ),
    }
    form = EntrantForm(request.POST or None, initial=initial, label_suffix="")
    form.fields["kind"].disabled = True
    if request.method == "POST" and form.is_valid():
        parsed = entrants_parse(form.cleaned_data["players"].replace("\n", "、"))
        try:
            entrant_update(
                entrant=entrant,
                name=form.cleaned_data["name"],
                players=parsed[0]["players"] if parsed else [],
                captain=parsed[0].get("captain") if parsed else None,
                seed=form.cleaned_data["seed"],
                club=form.cleaned_data["club"],
            )
        except ValidationError as error:
            form.add_error(None, _error_text(error))
        else:
            messages.success(request, _("已保存：%(e)s") % {"e": entrant})
            return HttpResponseRedirect(back)
    context = _context(request, event, "entrants") | {
        "form": form,
        "entrant": entrant,
        **setup_selectors.withdraw_block(entrant),
    }
    return render(request, "web/setup/entrant.html", context)


def _entrant_withdraw_action(
    request: HttpRequest, event: Event, entrant: Entrant, action: str, back: str
) -> HttpResponse:
    """退赛 (before play the field changes; after, 第三十条's forfeits), its taking back,
    and a late entrant joining a stage before round 1."""
    reason = request.POST.get("reason", "")
    try:
        if action == "withdraw":
            withdrawal = entrant_leave(
                entrant=entrant,
                reason=reason,
                played=request.POST.get("played") or Withdrawal.Played.KEEP,
                opponent_score=request.POST.get("opponent_score") or OPPONENT_SCORES[0],
                decided_by=request.user,
            )
            if withdrawal is None:
                messages.success(request, _("已退赛：%(e)s，赛程已按新名单重排。") % {"e": entrant})
                return HttpResponseRedirect(back)
            messages.success(
                request,
                _("已退赛：%(e)s。其余比赛按弃权处理（第三十条）。") % {"e": entrant},
            )
        elif action == "withdrawal_back":
            found = Withdrawal.objects.filter(
                entrant=entrant, pk=request.POST.get("withdrawal") or 0
            ).first()
            if found is None:
                raise Http404("no such withdrawal")
            withdrawal_take_back(withdrawal=found, reason=reason, taken_back_by=request.user)
            messages.success(request, _("退赛已撤销，原因已记录。"))
        else:
            stage = Stage.objects.filter(event=event, pk=request.POST.get("stage") or 0).first()
            if stage is None:
                raise Http404("no such stage")
            stage_entrant_add(stage=stage, entrant=entrant, reason=reason, user=request.user)
            messages.success(
                request,
                _("%(e)s已加入%(s)s，赛程已重排；请重新发牌。") % {"e": entrant, "s": stage.name},
            )
    except ValidationError as error:
        messages.error(request, _error_text(error))
    return HttpResponseRedirect(request.path)


# --- 3. stages -------------------------------------------------------------------------


def _preview_page(request: HttpRequest, event: Event, stage: Stage) -> str:
    """The stage's own public page body, drawn from the schedule about to be undone."""
    page, body = STAGE_PAGES[stage.kind]
    data = page(stage, selectors.entrant_views(event), director=True)
    context = {**data, "stage": stage, "event": event}
    return render_to_string(body, context, request=request)


@login_required
def stage_new(request: HttpRequest, code: str) -> HttpResponse:
    """A stage of the chosen format: named fields with defaults, a preview of the
    schedule, movement or bracket, then fixed with the very draw that was shown."""
    event = event_for(request, code, "director")
    kind = request.GET.get("kind") or request.POST.get("kind") or ""
    if kind not in Stage.Kind.values:
        context = _context(request, event, "stages") | {"kinds": Stage.Kind.choices}
        return render(request, "web/setup/stage_kinds.html", context)
    form = StageForm(request.POST or None, kind=kind, event=event)
    preview: str | None = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        seed = data.get("draw_seed") or new_draw_seed()
        arguments = {
            "event": event,
            "kind": kind,
            "name": data.get("name") or "",
            "entrants": form.entrants() if not data.get("source") else None,
            "settings": form.settings(),
            "source": data.get("source"),
            "draw_seed": seed,
        }
        try:
            if request.POST.get("action") == "fix":
                stage = stage_create(**arguments)
                messages.success(
                    request, _("%(s)s已编排。下一步：发牌或导入牌型。") % {"s": stage.name}
                )
                return HttpResponseRedirect(reverse("web:setup_boards", args=[event.code]))
            preview = stage_preview(
                describe=lambda stage: _preview_page(request, event, stage),
                **arguments,
            )
        except ValidationError as error:
            form.add_error(None, _error_text(error))
        else:
            shown = request.POST.copy()
            shown["draw_seed"] = str(seed)  # "fix" repeats the draw that was shown
            form = StageForm(shown, kind=kind, event=event)
            form.is_valid()
    context = _context(request, event, "stages") | {
        "form": form,
        "kind": kind,
        "kind_label": Stage.Kind(kind).label,
        "library_kind": movements.LIBRARY_KINDS.get(kind, ""),
        "preview": preview,
    }
    return render(request, "web/setup/stage_new.html", context)


@login_required
@require_POST
def stage_remove(request: HttpRequest, code: str, order: int) -> HttpResponse:
    event = event_for(request, code, "director")
    stage = stage_for(event, order)
    try:
        stage_delete(stage=stage)
    except ValidationError as error:
        messages.error(request, _error_text(error))
    else:
        messages.success(request, _("%(s)s的编排已撤销。") % {"s": stage.name})
    return HttpResponseRedirect(reverse("web:setup", args=[event.code]))


# --- the movement library ----------------------------------------------------------------


def _number(request: HttpRequest, name: str, default: int, allowed: range) -> int:
    try:
        value = int(request.GET.get(name, default))
    except ValueError:
        return default
    return value if value in allowed else default


@login_required
def movement_library(request: HttpRequest) -> HttpResponse:
    """Every movement and schedule with its figures and picture (``web.movements``);
    choosing a size shows its table. ``event`` (a code) only leads back to that
    event's stage creation."""
    kind = request.GET.get("kind", "mitchell")
    if kind not in movements.FAMILIES:
        kind = "mitchell"
    family = movements.FAMILIES[kind]
    size = _number(request, "size", family.default, family.sizes)
    shown = movements.figures(
        kind,
        size,
        boards=_number(
            request, "boards", 4 if kind in ("mitchell", "howell") else 12, range(1, 37)
        ),
        split=_number(request, "sections", 1, range(1, 27)),
        groups=_number(request, "groups", 2, range(1, 17)),
    )
    event = Event.objects.filter(code=request.GET.get("event", "")).first()
    if event is not None and "director" not in user_event_roles(request.user, event):
        event = None
    context = {
        "families": movements.FAMILIES.values(),
        "family": family,
        "figures": shown,
        "sizes": family.sizes,
        "event": event,
        "svg": mark_safe(shown.svg),  # noqa: S308 — built from escaped text by bracket_svg
        "query": request.GET,
    }
    return render(request, "web/setup/movements.html", context)


# --- 5. rounds -----------------------------------------------------------------------------


@login_required
@require_POST
def round_toggle(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    """Start or close a round from the dashboard."""
    event = event_for(request, code, "director")
    round_ = Round.objects.filter(stage__event=event, pk=pk).select_related("stage").first()
    if round_ is None:
        raise Http404("no such round")
    try:
        if request.POST.get("action") == "close":
            round_close(round=round_)
            messages.success(request, _("第%(n)d轮已结束。") % {"n": round_.number})
        else:
            round_start(round=round_)
            messages.success(
                request, _("第%(n)d轮已开始，各桌可以录入成绩。") % {"n": round_.number}
            )
    except ValidationError as error:
        messages.error(request, _error_text(error))
    return HttpResponseRedirect(reverse("web:director", args=[event.code]) + f"#round-{pk}")


@login_required
def round_seats(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    """A round's seats or pairings, and the director's override of them before the
    round is played (``tournament.services.round_swap``): two pairs or teams trade
    places from this round on, with the reason on record."""
    event = event_for(request, code, "director")
    round_ = Round.objects.filter(stage__event=event, pk=pk).select_related("stage").first()
    if round_ is None:
        raise Http404("no such round")
    stage = round_.stage
    entries = list(stage.entries.select_related("entrant").order_by("entrant__number"))
    error = ""
    if request.method == "POST":
        chosen = {e.entrant_id: e.entrant for e in entries}
        try:
            first = chosen.get(int(request.POST.get("first", 0)))
            second = chosen.get(int(request.POST.get("second", 0)))
        except ValueError:
            first = second = None
        if first is None or second is None:
            error = _("请选择两个参赛者。")
        else:
            try:
                with transaction.atomic():
                    round_swap(
                        round=round_,
                        first=first,
                        second=second,
                        reason=request.POST.get("reason", ""),
                        changed_by=request.user,
                    )
                    # The matches from this round on and the standings are scored again
                    # on commit, and the stage's pages show the new schedule.
                    queue_targets(
                        stage.pk,
                        matches=stage.matches.filter(round__number__gte=round_.number).values_list(
                            "pk", flat=True
                        ),
                    )
            except ValidationError as refusal:
                error = _error_text(refusal)
            else:
                messages.success(
                    request,
                    _("第%(n)d轮起，%(a)s与%(b)s已对调。")
                    % {"n": round_.number, "a": first, "b": second},
                )
                return HttpResponseRedirect(request.path)
    context = (
        _context(request, event, "rounds")
        | setup_selectors.round_seats(round_)
        | {
            "round": round_,
            "stage": stage,
            "entries": entries,
            "error": error,
            "form": request.POST if error else {},
            "may_override": stage.kind in OVERRIDE_KINDS,
        }
    )
    return render(request, "web/setup/round_seats.html", context, status=422 if error else 200)


# --- 4. boards -----------------------------------------------------------------------------


@login_required
def boards(request: HttpRequest, code: str) -> HttpResponse:
    """Step 4, for each stage: publish the commitment, then enter the public value it
    named and deal from it (docs/dealing.md); import ``duidiao-board/1`` files (a job
    judges them, ``printing.views.boards_upload``, never this request); or leave
    the boards to be dealt at their first table and type the 牌型卡 in later."""
    event = event_for(request, code, "director")
    rejection: dict[str, Any] | None = None
    if request.method == "POST":
        stage = Stage.objects.filter(event=event, pk=request.POST.get("stage")).first()
        if stage is None:
            raise Http404("no such stage")
        action = request.POST.get("action")
        try:
            if action == "commit":
                commitment = deals_commit(
                    stage=stage,
                    public_source=request.POST.get("public_source", ""),
                    user=request.user,
                )
                messages.success(
                    request,
                    _("%(s)s：已公布%(n)d副牌的发牌承诺；公开值公布后输入，即可发牌。")
                    % {"s": stage.name, "n": commitment.boards},
                )
            elif action == "public_value":
                commitment = get_object_or_404(
                    stage.deal_commitments, pk=request.POST.get("commitment") or 0
                )
                made = deals_enter_public_value(
                    commitment=commitment,
                    value=request.POST.get("public_value", ""),
                    user=request.user,
                )
                messages.success(
                    request,
                    _("%(s)s：已输入公开值，发了%(n)d副牌。") % {"s": stage.name, "n": len(made)},
                )
            elif action == "table":
                made = boards_await_deal(stage=stage, user=request.user)
                messages.success(
                    request,
                    _("%(s)s：%(n)d副牌由首桌洗牌发牌（第四十三条），牌型卡稍后录入。")
                    % {"s": stage.name, "n": len(made)},
                )
            else:  # a board file: posted to printing's import job (printing.views)
                raise Http404("no such action")
        except BoardError as error:
            rejection = results.rejection_view(error)
        else:
            return HttpResponseRedirect(request.path + f"#stage-{stage.order}")
    context = _context(request, event, "boards") | {
        "blocks": setup_selectors.board_blocks(event),
        "import_form": BoardImportForm(),
        "rejection": rejection,
    }
    return render(request, "web/setup/boards.html", context, status=422 if rejection else 200)


@login_required
def board_deal(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    """The 牌型卡 of a board dealt at its first table, typed seat by seat."""
    event = event_for(request, code, "director")
    board = Board.objects.filter(stage__event=event, pk=pk).select_related("stage").first()
    if board is None:
        raise Http404("no such board")
    form = DealForm(request.POST or None, label_suffix="")
    rejection: dict[str, Any] | None = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            _board, flagged = board_fill_deal(
                board=board,
                hands={seat: data[seat] for seat in ("N", "E", "S", "W")},
                bottom=data["bottom"],
                user=request.user,
            )
        except BoardError as error:
            rejection = results.rejection_view(error)
        else:
            messages.success(request, _("第%(n)d副牌型已保存。") % {"n": board.number})
            if flagged:
                messages.error(
                    request,
                    _("%(k)d个已录入的成绩与牌型矛盾，已标记待核查。") % {"k": len(flagged)},
                )
            return HttpResponseRedirect(
                reverse("web:setup_boards", args=[event.code]) + f"#stage-{board.stage.order}"
            )
    context = _context(request, event, "boards") | {
        "board": board,
        "form": form,
        "rejection": rejection,
        "results_entered": board.results.count(),
    }
    return render(request, "web/setup/board_deal.html", context, status=422 if rejection else 200)


def deals_public(request: HttpRequest, code: str) -> HttpResponse:
    """Anyone: each stage's commitment published before play with its public value, and
    after the stage every deal dealt again and compared — by the server, and by the
    page's own script in the reader's browser (docs/dealing.md)."""
    event = event_for(request, code)
    blocks, browser = setup_selectors.commitment_blocks(event)
    context = event_context(request, event) | {"blocks": blocks, "browser_checks": browser}
    return render(request, "web/deals.html", context)


def deals_document(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    """Anyone: a ``duidiao-deal/2`` commitment document byte for byte, to hash with
    ``sha256sum`` (a ``duidiao-deal/1`` seed material only once its stage is over)."""
    event = event_for(request, code)
    commitment = get_object_or_404(DealCommitment, stage__event=event, pk=pk)
    if commitment.scheme == DealCommitment.Scheme.V1 and not deals_revealed(commitment.stage):
        raise Http404("seeds not shown yet")
    response = HttpResponse(
        commitment.material.encode("utf-8"), content_type="text/plain; charset=utf-8"
    )
    response["Content-Disposition"] = f'inline; filename="commitment-{commitment.pk}.txt"'
    return response


# --- 6. decisions --------------------------------------------------------------------------


def _chosen_entrants(stage: Stage, numbers_text: str) -> list[Entrant]:
    """Teams of ``stage`` named by their numbers, in the order typed (``3 1 5``)."""
    by_number = {e.number: e for e in Entrant.objects.filter(stage_entries__stage=stage)}
    out = []
    for word in numbers_text.replace(",", " ").replace("，", " ").replace("、", " ").split():
        if not word.isdigit() or int(word) not in by_number:
            raise EventError(
                f"本阶段没有编号为{word}的队", f"no team numbered {word} in this stage"
            )
        out.append(by_number[int(word)])
    return out


@login_required
def decisions(request: HttpRequest, code: str) -> HttpResponse:
    """Step 6: play-offs among level teams (第二十五条之4), tie orders with their reasons,
    qualification from finished groups (or an override with its reason), and extra
    boards for a level knockout match (第二十七条) — each in one step."""
    event = event_for(request, code, "director")
    if request.method == "POST":
        stage = Stage.objects.filter(event=event, pk=request.POST.get("stage")).first()
        if stage is None:
            raise Http404("no such stage")
        action = request.POST.get("action")
        text = request.POST.get("teams", "")
        reason = request.POST.get("reason", "")
        try:
            if action == "playoff":
                made = stage_playoff_create(
                    stage=stage,
                    entrants=_chosen_entrants(stage, text),
                    boards=int(request.POST.get("boards") or 4),
                )
                messages.success(request, _("加赛已编排为新阶段：%(s)s。") % {"s": made.name})
            elif action == "tie_order":
                tie_order_set(
                    stage=stage,
                    entrants=_chosen_entrants(stage, text),
                    reason=reason,
                    group_label=request.POST.get("group", ""),
                    decided_by=request.user,
                )
                messages.success(request, _("名次顺序已决定，将显示在名次表上。"))
            elif action == "tie_order_withdraw":
                order = stage.tie_orders.filter(pk=request.POST.get("order")).first()
                if order is None:
                    raise Http404("no such tie order")
                tie_order_withdraw(order=order, reason=reason, withdrawn_by=request.user)
                messages.success(request, _("名次顺序已撤销，原因已记录。"))
            elif action == "qualify":
                if stage.entries.exists():
                    # A second click adds nothing: the field qualified is shown.
                    messages.info(
                        request,
                        _("已办理出线（%(n)d个）；如需重办，先撤销出线。")
                        % {"n": stage.entries.count()},
                    )
                else:
                    entries = stage_qualify_from_source(
                        stage=stage, user=request.user, override_reason=reason
                    )
                    messages.success(request, _("已办理出线：%(n)d个。") % {"n": len(entries)})
            elif action == "qualify_remove":
                gone = stage_qualification_remove(stage=stage, reason=reason, user=request.user)
                messages.success(request, _("出线已撤销（%(n)d个），原因已记录。") % {"n": gone})
            elif action == "stage_remove":
                name = stage.name
                stage_take_back(stage=stage, reason=reason, user=request.user)
                messages.success(request, _("%(s)s已撤销，原因已记录。") % {"s": name})
                return HttpResponseRedirect(request.path)
            elif action == "tiebreak":
                match = stage.matches.filter(pk=request.POST.get("match")).first()
                if match is None:
                    raise Http404("no such match")
                if unplayed_tiebreak(match):
                    # A second click adds nothing: the segment laid out is shown.
                    messages.info(
                        request,
                        _("第%(m)d场的加赛已编排，尚未开打；如需重编，先撤销。")
                        % {"m": match.number},
                    )
                else:
                    tables = match_add_tiebreak(
                        match=match,
                        boards=int(request.POST.get("boards") or 0) or None,
                        changed_by=request.user,
                    )
                    made_boards = boards_generate(stage=stage, user=request.user)
                    match_changed(match)
                    messages.success(
                        request,
                        _("第%(m)d场加赛：%(t)d张桌、%(b)d副新牌。")
                        % {"m": match.number, "t": len(tables), "b": len(made_boards)},
                    )
            elif action == "tiebreak_remove":
                match = stage.matches.filter(pk=request.POST.get("match")).first()
                if match is None:
                    raise Http404("no such match")
                match_remove_tiebreak(match=match, reason=reason, changed_by=request.user)
                match_changed(match)
                messages.success(request, _("第%(m)d场的加赛已撤销。") % {"m": match.number})
            else:
                raise Http404("no such action")
        except (ValidationError, ValueError) as error:
            text = _error_text(error) if isinstance(error, ValidationError) else str(error)
            messages.error(request, text)
        return HttpResponseRedirect(request.path + f"#stage-{stage.order}")
    context = _context(request, event, "decisions") | {
        "blocks": setup_selectors.decision_blocks(event),
        "records": setup_selectors.decision_records(event),
    }
    return render(request, "web/setup/decisions.html", context)
