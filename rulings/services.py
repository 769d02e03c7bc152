"""Recording rulings and keeping the scores in step with them (第五章).

Writes: :func:`ruling_create`, :func:`ruling_change`, :func:`ruling_appeal`,
:func:`ruling_uphold`, :func:`ruling_withdraw`, :func:`ruling_publish`. Each checks that
the person is a director or referee of the event (``EventRole``), writes the ruling,
appends a :class:`~rulings.models.RulingVersion` (who, when, a snapshot), and hands the
ruling's effects to the scoring adjustments hook (``scoring.services.adjustments_set``,
source ``ruling:<id>``), which rescores what the old and the new effects touch once the
transaction commits. A withdrawn ruling hands over no effects, so the scores go back
exactly to what they were without it.

What each decision does (``ruling_adjustments``; competition.md's chapter-5 table):

* warning, procedural note — nothing (warnings are counted: ``rulings.selectors``);
* penalty, penalty card (34), result corrected (36, 34) — ``amount`` 比赛分 off the
  offender (board points of the match in team play, matchpoints in pairs); a fouled
  board that did damage (39) takes it off the other side named too;
* forfeit (30, 15 minutes late or more) — the match (team play, the pairs final) or the
  Mitchell table (that round) forfeited by the offender;
* result override (33, a wrong card count found after play) — the declaring side's
  error: scored as broken and −amount; the defenders': scored as made and −amount;
  both: the board not scored at that table;
* boards cancelled (38) — each board not scored at that table (in pairs the slow
  side gets average-minus, its opponents average-plus), and −amount when it is set;
* disqualification (37) — every match and Mitchell table the entrant had still to play
  when disqualified is forfeited (the list is fixed then and kept in ``scope``).

* replay (33, both sides erred: "本副片不计分可重打") — the board not scored at that
  table until the referee records the replay's result (``corrected_points``/``dig``,
  played from the same box card, 第四十三条), which then replaces the result there;
* board voided (39) — the board not scored at that table (pairs: its other results
  Neuberg-scaled, this table an average; teams: the board 0–0 in the match) and 0.5
  off the offender, and off the other side too when it did damage.

The amounts are the articles' (``core.ruling_checks``): 0.5 under 31, 33, 34, 36 and
39, the referee's choice only under 37 and 38.

A revoke's correction (36), and a replay's result (33), go through
``boards.services.result_correct`` with the referee as the official: the result's
points (and dig) become ``corrected_points``;
withdrawing the ruling (or changing its decision) puts back what the result said before.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import Q

from boards.models import Board, Result
from boards.records import Entry
from boards.services import Actor, result_correct
from core.adjustments import AdjustmentKind
from core.articles import (
    Decision,
    ErringSide,
    LatenessSuggestion,
    Status,
    suggest_for_lateness,
)
from core.engine import Seat
from core.matchpoints import Artificial
from core.ruling_checks import WITH_AMOUNT, RulingEntry, RulingRefused, TableFacts, check_ruling
from scoring.models import ScoreAdjustment
from scoring.services import (
    adjustment_forfeit,
    adjustment_override,
    adjustment_penalty,
    adjustments_set,
)
from tournament.models import (
    Entrant,
    EventRole,
    Match,
    Membership,
    Player,
    SetPlay,
    Stage,
    StageEntry,
    Table,
)
from tournament.roles import user_has_role
from tournament.services import event_changed

from .errors import RulingError
from .models import Ruling, RulingVersion

__all__ = [
    "OFFICIAL_ROLES",
    "can_rule",
    "ruling_adjustments",
    "ruling_appeal",
    "ruling_change",
    "ruling_create",
    "ruling_publish",
    "ruling_uphold",
    "ruling_withdraw",
    "suggest_for_lateness",
    "LatenessSuggestion",
]

#: Who may record and change rulings: the event's directors (裁判长) and referees (裁判).
OFFICIAL_ROLES = (EventRole.Role.DIRECTOR, EventRole.Role.REFEREE)

#: What a ruling says, as :func:`ruling_create` takes it and :func:`ruling_change`
#: changes it.
CONTENT_FIELDS = (
    "irregularity",
    "decision",
    "offender_entrant",
    "offender_player",
    "offender_side",
    "second_entrant",
    "board",
    "amount",
    "erring_side",
    "minutes_late",
    "damaged",
    "corrected_points",
    "corrected_dig",
    "reason_zh",
    "reason_en",
)


def can_rule(user: Any, event: Any) -> bool:
    """Whether ``user`` may record or change rulings in ``event``."""
    return user_has_role(user, event, *OFFICIAL_ROLES)


def _check_official(user: Any, event: Any) -> None:
    if not can_rule(user, event):
        raise RulingError(
            "只有本赛事的裁判长和裁判可以作出或更改判罚",
            "only the event's director and referees may record or change a ruling",
            code="not_allowed",
        )


def _check_version(ruling: Ruling, version: int | None) -> None:
    if version is not None and version != ruling.version:
        raise RulingError(
            f"判罚已被他人更改（现为第{ruling.version}版），请刷新后重试",
            f"the ruling changed meanwhile (now version {ruling.version}); reload and retry",
            code="conflict",
        )


# --- checking what a ruling says ------------------------------------------------------------


def _side_of(table: Table | None, entrant_id: int | None) -> str:
    if table is None or entrant_id is None:
        return ""
    return {table.ns_id: "NS", table.ew_id: "EW"}.get(entrant_id, "")


def _entrant_at(table: Table, side: str) -> Entrant:
    entrant = {"NS": table.ns, "EW": table.ew}.get(side)
    if entrant is None:
        raise RulingError(f"{table}没有{side}方", f"{table} has no {side} side", code="offender")
    return entrant


def _player_entrant(ruling: Ruling, player: Player) -> Entrant:
    """The entrant ``player`` plays for in this event (the table's or match's first)."""
    entrants = list(
        Entrant.objects.filter(event=ruling.event, memberships__player=player).order_by("pk")
    )
    here = {ruling.table.ns_id, ruling.table.ew_id} if ruling.table else set()
    if ruling.match is not None:
        here |= {ruling.match.home_id, ruling.match.away_id}
    entrants.sort(key=lambda e: e.pk not in here)
    if not entrants:
        raise RulingError(
            f"{player.name}不是本赛事的选手",
            f"{player.name} does not play in this event",
            code="offender",
        )
    return entrants[0]


def _boards_at(table: Table) -> set[int]:
    """The ids of the boards ``table`` is scheduled to play."""
    sets = SetPlay.objects.filter(table=table).values("board_set_id")
    return set(Board.objects.filter(board_set_id__in=sets).values_list("pk", flat=True))


def _resolve_place(ruling: Ruling) -> None:
    """Where: the table gives its round, stage and match; a match its round and stage."""
    r = ruling
    if r.table_id is not None:
        table = r.table
        if r.match_id is not None and table.match_id not in (None, r.match_id):
            raise RulingError("牌桌不属于该场比赛", "the table is not in that match", code="table")
        r.round = table.round
        r.stage = table.round.stage
        if table.match_id is not None:
            r.match = table.match
    elif r.match_id is not None:
        r.round = r.match.round
        r.stage = r.match.stage
    else:
        raise RulingError("判罚须指明牌桌或比赛", "a ruling names a table or a match", code="table")
    if r.event_id is not None and r.stage.event_id != r.event_id:
        raise RulingError("牌桌不属于本赛事", "the table is not in this event", code="table")
    r.event = r.stage.event
    if r.board_id is not None:
        board = r.board
        if board.stage_id != r.stage.pk or (
            board.round_id is not None and board.round_id != r.round_id
        ):
            raise RulingError(
                f"{board}不在本轮", f"board {board.number} is not played here", code="board"
            )
        if r.table_id is not None and board.pk not in _boards_at(r.table):
            raise RulingError(
                f"本桌不打第{board.number}副",
                f"this table does not play board {board.number}",
                code="board",
            )


def _resolve_offender(ruling: Ruling) -> None:
    """Who: a side at the table, a player, or an entrant — resolved to the entrant."""
    r = ruling
    if r.offender_side:
        if r.table_id is None:
            raise RulingError(
                "按方位判罚须指明牌桌", "a side is a side at a table", code="offender"
            )
        entrant = _entrant_at(r.table, r.offender_side)
        if r.offender_entrant_id not in (None, entrant.pk):
            raise RulingError("方位与队/对不符", "the side and the entrant differ", code="offender")
        r.offender_entrant = entrant
    if r.offender_player_id is not None:
        entrant = _player_entrant(r, r.offender_player)
        if r.offender_entrant_id is None:
            r.offender_entrant = entrant
        elif not Membership.objects.filter(
            entrant_id=r.offender_entrant_id, player=r.offender_player
        ).exists():
            raise RulingError(
                "该选手不属于所填的队/对",
                "the player does not play for that entrant",
                code="offender",
            )
        if not r.offender_side:
            r.offender_side = _side_of(r.table, r.offender_entrant_id)
    if r.offender_entrant_id is not None:
        if r.offender_entrant.event_id != r.event.pk:
            raise RulingError(
                "犯规方不在本赛事", "the offender is not in this event", code="offender"
            )
        if not r.offender_side:
            r.offender_side = _side_of(r.table, r.offender_entrant_id)


def _facts(ruling: Ruling, cancelled: list[Board]) -> TableFacts:
    """What :func:`core.ruling_checks.check_ruling` needs to know of the table."""
    r = ruling
    result = (
        Result.objects.filter(board_id=r.board_id, table_id=r.table_id).first()
        if r.board_id is not None and r.table_id is not None
        else None
    )
    if r.match_id is not None:
        sides = {r.match.home_id, r.match.away_id}
    elif r.table_id is not None:
        sides = {r.table.ns_id, r.table.ew_id}
    else:
        sides = set()
    scheduled = _boards_at(r.table) if r.table_id is not None and cancelled else set()
    return TableFacts(
        at_table=r.table_id is not None,
        offender_side=_side_of(r.table, r.offender_entrant_id),
        declaring_side=None if result is None else Seat[result.declarer].side.name,
        offender_in_contest=r.offender_entrant_id in sides,
        cancelled_scheduled=all(b.pk in scheduled for b in cancelled),
    )


def _check_content(ruling: Ruling, cancelled: list[Board]) -> None:
    """What: the article's checks (``core.ruling_checks``), then the entrants they name."""
    r = ruling
    entry = RulingEntry(
        irregularity=r.irregularity,
        decision=r.decision,
        amount=r.amount,
        erring_side=r.erring_side,
        minutes_late=r.minutes_late,
        damaged=r.damaged,
        reason_zh=r.reason_zh or "",
        has_offender=r.offender_entrant_id is not None,
        has_board=r.board_id is not None,
        has_second=r.second_entrant_id is not None,
        second_is_offender=r.second_entrant_id is not None
        and r.second_entrant_id == r.offender_entrant_id,
        corrected_points=r.corrected_points,
        cancelled=len(cancelled),
    )
    try:
        checked = check_ruling(entry, _facts(r, cancelled))
    except RulingRefused as refused:
        raise RulingError(
            refused.message_zh, refused.message_en, code=refused.code, article=refused.article
        ) from None
    r.article, r.decision, r.amount = checked.article, checked.decision.value, checked.amount
    r.erring_side, r.damaged = checked.erring_side, checked.damaged
    if checked.clear_offender:
        r.offender_side, r.offender_entrant, r.offender_player = "", None, None
    elif checked.offender_side is not None:
        r.offender_side = checked.offender_side
        r.offender_entrant = _entrant_at(r.table, checked.offender_side)
    if not checked.keep_correction:
        r.corrected_points, r.corrected_dig = None, ""
    if not checked.keep_second:
        r.second_entrant = None
    elif checked.second_side is not None:
        r.second_entrant = _entrant_at(r.table, checked.second_side)


def _disqualification_scope(ruling: Ruling) -> dict[str, list[int]]:
    """The matches and Mitchell tables the disqualified entrant had still to play: its
    unfinished matches, and its Mitchell tables from this round on with no result yet.
    Only stages it has entered (a bracket it never reached is not touched)."""
    entrant = ruling.offender_entrant
    stages = set(StageEntry.objects.filter(entrant=entrant).values_list("stage_id", flat=True))
    matches = (
        Match.objects.filter(stage_id__in=stages, stage__event=ruling.event)
        .filter(Q(home=entrant) | Q(away=entrant))
        .exclude(status__in=[Match.Status.FINISHED, Match.Status.NOT_NEEDED])
        .order_by("stage__order", "number")
    )
    tables = Table.objects.filter(
        round__stage_id__in=stages, round__stage__kind__in=Stage.MOVEMENT_KINDS
    ).filter(Q(ns=entrant) | Q(ew=entrant))
    tables = tables.exclude(pk__in=Result.objects.values("table_id"))
    if ruling.round is not None and ruling.stage.kind in Stage.MOVEMENT_KINDS:
        tables = tables.exclude(round__stage=ruling.stage, round__number__lt=ruling.round.number)
    return {
        "matches": list(matches.values_list("pk", flat=True)),
        "tables": list(
            tables.order_by("round__stage__order", "round__number").values_list("pk", flat=True)
        ),
    }


# --- effects -----------------------------------------------------------------------------------


def _artificial(table: Table, offender_id: int | None) -> tuple[str, str]:
    """A cancelled board in pairs: the side at fault average-minus, the other average-plus."""
    side = _side_of(table, offender_id)
    if not side:
        return "", ""
    minus, plus = Artificial.AVERAGE_MINUS.value, Artificial.AVERAGE_PLUS.value
    return (minus, plus) if side == "NS" else (plus, minus)


def _contest(ruling: Ruling, target: Entrant | None) -> Match | None:
    """The match a penalty or forfeit belongs to: the ruling's own, or in the pairs
    final (whose two tables serve every contest) the contest ``target`` plays in."""
    if ruling.match_id is not None:
        return ruling.match
    if ruling.stage.kind != Stage.Kind.PAIRS_FINAL or target is None:
        return None
    return (
        Match.objects.filter(stage=ruling.stage)
        .filter(Q(home=target) | Q(away=target))
        .order_by("number")
        .first()
    )


def ruling_adjustments(ruling: Ruling) -> list[ScoreAdjustment]:
    """The unsaved score adjustments ``ruling`` makes as it stands (none when withdrawn)."""
    r = ruling
    if not r.in_force:
        return []
    decision = Decision(r.decision)
    reason = f"第{r.article}条 {r.get_irregularity_display()}：{r.get_decision_display()}"

    def penalty(target: Entrant) -> ScoreAdjustment:
        return adjustment_penalty(
            target=target,
            amount=r.amount,
            stage=r.stage,
            match=_contest(r, target),
            table=r.table,
            board=r.board,
            reason=reason,
        )

    out: list[ScoreAdjustment] = []
    if decision in (Decision.PENALTY, Decision.PENALTY_CARD, Decision.RESULT_CORRECTED):
        out.append(penalty(r.offender_entrant))
        if r.second_entrant_id is not None:
            out.append(penalty(r.second_entrant))
    elif decision is Decision.RESULT_OVERRIDE:
        kind = {
            ErringSide.DECLARING: AdjustmentKind.SCORE_BROKEN,
            ErringSide.DEFENDING: AdjustmentKind.SCORE_MADE,
            ErringSide.BOTH: AdjustmentKind.NOT_SCORED,
        }[ErringSide(r.erring_side)]
        out.append(
            adjustment_override(
                kind=kind, board=r.board, table=r.table, target=r.offender_entrant, reason=reason
            )
        )
        if r.offender_entrant_id is not None and r.amount > 0:
            out.append(penalty(r.offender_entrant))
    elif decision is Decision.REPLAY and r.corrected_points is None:
        # 本副不计分可重打: not scored here until the replay's result is recorded.
        out.append(
            adjustment_override(
                kind=AdjustmentKind.NOT_SCORED, board=r.board, table=r.table, reason=reason
            )
        )
    elif decision is Decision.BOARD_VOIDED:
        # 第三十九条: the board void at this table (pairs: the traveller's other results
        # Neuberg-scaled, this table average; teams: the board 0–0), and the fine.
        out.append(
            adjustment_override(
                kind=AdjustmentKind.NOT_SCORED,
                board=r.board,
                table=r.table,
                target=r.offender_entrant,
                reason=reason,
            )
        )
        out.append(penalty(r.offender_entrant))
        if r.second_entrant_id is not None:
            out.append(penalty(r.second_entrant))
    elif decision is Decision.FORFEIT:
        contest = _contest(r, r.offender_entrant)
        out.append(
            adjustment_forfeit(
                target=r.offender_entrant,
                match=contest,
                table=r.table if contest is None else None,
                reason=reason,
            )
        )
    elif decision is Decision.BOARDS_CANCELLED:
        ns, ew = _artificial(r.table, r.offender_entrant_id)
        for board in r.cancelled_boards.order_by("number"):
            out.append(
                adjustment_override(
                    kind=AdjustmentKind.NOT_SCORED,
                    board=board,
                    table=r.table,
                    target=r.offender_entrant,
                    artificial_ns=ns,
                    artificial_ew=ew,
                    reason=reason,
                )
            )
        if r.amount > 0:
            out.append(penalty(r.offender_entrant))
    elif decision is Decision.DISQUALIFICATION:
        scope = r.scope or {}
        for match in Match.objects.filter(pk__in=scope.get("matches", [])):
            out.append(adjustment_forfeit(target=r.offender_entrant, match=match, reason=reason))
        for table in Table.objects.filter(pk__in=scope.get("tables", [])):
            out.append(adjustment_forfeit(target=r.offender_entrant, table=table, reason=reason))
    return out


def _apply(ruling: Ruling, by: Any) -> None:
    """Make the scores follow ``ruling`` as it now stands (rescored on commit)."""
    _sync_correction(ruling, by)
    adjustments_set(source=ruling.source, adjustments=ruling_adjustments(ruling))


def _sync_correction(ruling: Ruling, by: Any) -> None:
    """第三十六条: the damaged result says ``corrected_points`` while the ruling corrects
    it, and what it said before once it no longer does."""
    r = ruling
    if r.board_id is None or r.table_id is None:
        return
    corrects = (
        r.in_force
        and r.decision in (Decision.RESULT_CORRECTED, Decision.REPLAY)
        and r.corrected_points is not None
    )
    if corrects:
        want: tuple[int, str] | None = (int(r.corrected_points or 0), r.corrected_dig or "")
    elif r.result_before:
        want = (int(r.result_before["defender_points"]), r.result_before.get("dig") or "")
    else:
        want = None
    result = Result.objects.filter(board_id=r.board_id, table_id=r.table_id).first()
    if want is None or result is None or (result.defender_points, result.dig) == want:
        return
    if r.result_before is None:
        r.result_before = {
            "defender_points": result.defender_points,
            "dig": result.dig,
            "version": result.version,
        }
        Ruling.objects.filter(pk=r.pk).update(result_before=r.result_before)
    entry = Entry.from_box_card(
        result.box_card_values(),
        defender_points=want[0],
        dig=want[1] or None,
        xiaosa=result.xiaosa or None,
    )
    what = "纠正" if corrects else "恢复"
    result_correct(
        result=result,
        entry=entry,
        actor=Actor.director(by),
        version=result.version,
        reason=f"判罚{r.source}（第{r.article}条）{what}成绩 / ruling {r.source}",
    )


# --- history -----------------------------------------------------------------------------------


def _snapshot(ruling: Ruling) -> dict[str, Any]:
    r = ruling
    return {
        "irregularity": r.irregularity,
        "article": r.article,
        "decision": r.decision,
        "amount": str(r.amount),
        "offender_entrant": r.offender_entrant_id,
        "offender": str(r.offender_entrant) if r.offender_entrant_id else "",
        "offender_player": r.offender_player_id,
        "offender_side": r.offender_side,
        "second_entrant": r.second_entrant_id,
        "match": r.match_id,
        "table": r.table_id,
        "board": r.board.number if r.board_id else None,
        "erring_side": r.erring_side,
        "minutes_late": r.minutes_late,
        "damaged": r.damaged,
        "cancelled_boards": sorted(r.cancelled_boards.values_list("number", flat=True)),
        "corrected_points": r.corrected_points,
        "corrected_dig": r.corrected_dig,
        "scope": r.scope,
        "reason_zh": r.reason_zh,
        "reason_en": r.reason_en,
        "published": r.published,
        "status": r.status,
    }


def _record(ruling: Ruling, action: str, by: Any, note: str) -> RulingVersion:
    return RulingVersion.objects.create(
        ruling=ruling,
        number=ruling.version,
        action=action,
        by=by,
        note=note,
        snapshot=_snapshot(ruling),
    )


def _locked(ruling: Ruling, version: int | None) -> Ruling:
    current = Ruling.objects.select_for_update().get(pk=ruling.pk)
    _check_version(current, version)
    return current


def _need_note(note: str) -> None:
    if not note.strip():
        raise RulingError("须填写说明", "give a note saying why", code="note")


# --- the writes ----------------------------------------------------------------------------------


@transaction.atomic
def ruling_create(
    *,
    by: Any,
    irregularity: str,
    reason_zh: str,
    table: Table | None = None,
    match: Match | None = None,
    board: Board | None = None,
    decision: str = "",
    offender_entrant: Entrant | None = None,
    offender_player: Player | None = None,
    offender_side: str = "",
    second_entrant: Entrant | None = None,
    amount: Decimal | str | None = None,
    erring_side: str = "",
    minutes_late: int | None = None,
    damaged: bool = False,
    cancelled_boards: Iterable[Board] = (),
    corrected_points: int | None = None,
    corrected_dig: str = "",
    reason_en: str = "",
    published: bool = False,
) -> Ruling:
    """Record a ruling made at ``table`` (or on ``match``) and apply its effects.

    ``decision`` defaults to the article's first (a warning, or the forfeit of 第三十条
    for 15 minutes late); ``amount`` to 0.5 where the decision has one."""
    ruling = Ruling(
        table=table,
        match=match,
        board=board,
        irregularity=irregularity,
        decision=decision,
        offender_entrant=offender_entrant,
        offender_player=offender_player,
        offender_side=offender_side,
        second_entrant=second_entrant,
        amount=None if amount is None else Decimal(str(amount)),
        erring_side=erring_side,
        minutes_late=minutes_late,
        damaged=damaged,
        corrected_points=corrected_points,
        corrected_dig=corrected_dig,
        reason_zh=reason_zh,
        reason_en=reason_en,
        published=published,
        referee=by,
        status=Status.RECORDED.value,
        version=1,
    )
    _resolve_place(ruling)
    _check_official(by, ruling.event)
    _resolve_offender(ruling)
    cancelled = list(cancelled_boards)
    _check_content(ruling, cancelled)
    ruling.save()
    if ruling.decision == Decision.BOARDS_CANCELLED:
        ruling.cancelled_boards.set(cancelled)
    if ruling.decision == Decision.DISQUALIFICATION:
        ruling.scope = _disqualification_scope(ruling)
        ruling.save(update_fields=["scope"])
    _record(ruling, RulingVersion.Action.RECORDED, by, "")
    _apply(ruling, by)
    event_changed(ruling.event_id)  # the dashboard can show what it decides (last)
    return ruling


@transaction.atomic
def ruling_change(
    *, ruling: Ruling, by: Any, note: str, version: int | None = None, **changes: Any
) -> Ruling:
    """Change what ``ruling`` says (after an appeal, or a referee's own correction): any
    of :data:`CONTENT_FIELDS` and ``cancelled_boards``. The scores follow the new
    version; the old one stays in the history."""
    _check_official(by, ruling.event)
    _need_note(note)
    unknown = set(changes) - set(CONTENT_FIELDS) - {"cancelled_boards"}
    if unknown:
        raise TypeError(f"cannot change {sorted(unknown)}")
    r = _locked(ruling, version)
    if r.status == Status.WITHDRAWN:
        raise RulingError("已撤销的判罚不能再改", "a withdrawn ruling cannot change", code="status")
    was_penalising = r.decision in {d.value for d in WITH_AMOUNT}
    cancelled = list(changes.pop("cancelled_boards", r.cancelled_boards.all()))
    for name, value in changes.items():
        setattr(r, name, value)
    if "amount" in changes and changes["amount"] is not None:
        r.amount = Decimal(str(changes["amount"]))
    elif not was_penalising and "amount" not in changes:
        r.amount = None  # becomes a penalty now: 0.5 unless set
    if "irregularity" in changes and "decision" not in changes:
        r.decision = ""
    _resolve_place(r)
    _resolve_offender(r)
    _check_content(r, cancelled)
    r.status = Status.CHANGED.value
    r.version += 1
    r.save()
    r.cancelled_boards.set(cancelled if r.decision == Decision.BOARDS_CANCELLED else [])
    if r.decision == Decision.DISQUALIFICATION and not r.scope:
        r.scope = _disqualification_scope(r)
        r.save(update_fields=["scope"])
    _record(r, RulingVersion.Action.CHANGED, by, note)
    _apply(r, by)
    event_changed(r.event_id)  # the dashboard can show what it decides (last)
    return r


_STATUS_ZH = {"recorded": "生效", "appealed": "申诉中", "upheld": "维持", "changed": "已改判"}
_STATUS_ZH |= {"withdrawn": "已撤销"}
_ACTION_ZH = {"appealed": "申诉", "upheld": "维持", "withdrawn": "撤销"}


def _transition(
    ruling: Ruling,
    *,
    by: Any,
    note: str,
    version: int | None,
    action: str,
    status: Status,
    allowed: set[Status],
) -> Ruling:
    _check_official(by, ruling.event)
    r = _locked(ruling, version)
    if Status(r.status) not in allowed:
        raise RulingError(
            f"判罚现为“{_STATUS_ZH[r.status]}”，不能{_ACTION_ZH[action]}",
            f"the ruling is {r.status}: it cannot be {action} now",
            code="status",
        )
    r.status = status.value
    r.version += 1
    r.save(update_fields=["status", "version", "updated_at"])
    _record(r, action, by, note)
    if status is Status.WITHDRAWN:
        _apply(r, by)  # an appeal lodged or upheld leaves the effects as they are
    event_changed(r.event_id)  # the dashboard can show what it decides (last)
    return r


@transaction.atomic
def ruling_appeal(*, ruling: Ruling, by: Any, note: str, version: int | None = None) -> Ruling:
    """An appeal is lodged (the referee records it, with what the appellant says). The
    ruling stands — and so do the scores — until it is upheld, changed or withdrawn."""
    _need_note(note)
    return _transition(
        ruling,
        by=by,
        note=note,
        version=version,
        action=RulingVersion.Action.APPEALED,
        status=Status.APPEALED,
        allowed={Status.RECORDED, Status.CHANGED, Status.UPHELD},
    )


@transaction.atomic
def ruling_uphold(*, ruling: Ruling, by: Any, note: str = "", version: int | None = None) -> Ruling:
    """The appeal is decided: the ruling stands as it is."""
    return _transition(
        ruling,
        by=by,
        note=note,
        version=version,
        action=RulingVersion.Action.UPHELD,
        status=Status.UPHELD,
        allowed={Status.APPEALED},
    )


@transaction.atomic
def ruling_withdraw(*, ruling: Ruling, by: Any, note: str, version: int | None = None) -> Ruling:
    """Withdraw the ruling: its effects are removed and the scores are what they would
    have been without it (a corrected result is put back)."""
    _need_note(note)
    return _transition(
        ruling,
        by=by,
        note=note,
        version=version,
        action=RulingVersion.Action.WITHDRAWN,
        status=Status.WITHDRAWN,
        allowed={Status.RECORDED, Status.APPEALED, Status.UPHELD, Status.CHANGED},
    )


@transaction.atomic
def ruling_publish(
    *, ruling: Ruling, by: Any, published: bool = True, note: str = "", version: int | None = None
) -> Ruling:
    """Show the ruling to everyone on the event's rulings page (or hide it again)."""
    _check_official(by, ruling.event)
    r = _locked(ruling, version)
    if r.published == published:
        return r
    r.published = published
    r.version += 1
    r.save(update_fields=["published", "version", "updated_at"])
    action = RulingVersion.Action.PUBLISHED if published else RulingVersion.Action.UNPUBLISHED
    _record(r, action, by, note)
    event_changed(r.event_id)
    return r
