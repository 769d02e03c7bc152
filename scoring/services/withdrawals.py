"""A team or pair withdrawing once play has started (退赛), and the director's record.

Before round 1 a withdrawal only changes the field (``tournament.services.entrant_withdraw``
rebuilds the schedule). Once its stage has started, :func:`withdrawal_record` keeps the
entrant in the standings and makes every match or Mitchell/Howell board it had still to
play a forfeit, as 第三十条 says ("按弃权处理，本轮比赛记零分，对方获胜"): the same
``FORFEIT`` adjustment a ruling under 第三十条 or 第三十七条 makes, so the scoring that
already reads a ruling's forfeit reads this one — nothing here scores anything.

* Team formats: each unfinished match is forfeited (0 for the withdrawn team, a win
  for the opponent). A bracket lays out later matches as it goes: the withdrawal
  follows them (:func:`withdrawals_follow`), so the withdrawn team's next match is a
  walkover and its opponent advances; so are its matches in a stage it qualifies
  for afterwards (``qualify.stage_qualify_from_source``). A Swiss pairs its later
  rounds from the teams still in (``team_formats.swiss_round_next``): the withdrawn
  team keeps its score and is paired no more (no match, no bye).
* Pairs (Mitchell, Howell): each board it had still to play forfeits at its table
  (0 for the withdrawn pair; the opponents average-plus, 60 %, or the average the
  director chooses instead).
* What it had played stays, or is struck (scored as forfeits too), as the director
  decides; either way, the choice and the reason are kept (:class:`Withdrawal`,
  :class:`DecisionRecord`).

Taken back (:func:`withdrawal_take_back`), its forfeits go and the scores are what
they would have been without it; a Swiss round paired without it meanwhile counts as
its bye.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from boards.models import Board, Result
from core.matchpoints import Artificial
from tournament.models import Entrant, Match, Round, SetPlay, Stage, StageEntry, Table
from tournament.services import entrant_withdraw, event_changed, stage_field_change

from ..errors import ScoringError
from ..models import DecisionRecord, ScoreAdjustment, Withdrawal
from .adjustments import adjustment_forfeit, adjustments_set
from .rescore import queue_targets

__all__ = [
    "OPPONENT_SCORES",
    "entrant_leave",
    "entrant_playing",
    "stage_entrant_add",
    "withdrawal_adjustments",
    "withdrawal_record",
    "withdrawal_take_back",
    "withdrawals_follow",
]

ARTICLE = "第三十条"

#: The opponents' score on a forfeited Mitchell board the director may choose: the
#: average-plus of a side not at fault (the default), or the plain average.
OPPONENT_SCORES = (Artificial.AVERAGE_PLUS.value, Artificial.AVERAGE.value)


def entrant_playing(entrant: Entrant) -> bool:
    """Whether a round of a stage ``entrant`` is drawn into has started: from then on a
    withdrawal forfeits (this module); before, it changes the field."""
    return Round.objects.filter(stage__entries__entrant=entrant, started_at__isnull=False).exists()


def _stages(entrant: Entrant) -> list[int]:
    return list(StageEntry.objects.filter(entrant=entrant).values_list("stage_id", flat=True))


def _matches(entrant: Entrant) -> Any:
    """Its matches in the stages it is drawn into (not one a bracket no longer needs)."""
    return (
        Match.objects.filter(stage_id__in=_stages(entrant))
        .filter(Q(home=entrant) | Q(away=entrant))
        .exclude(status=Match.Status.NOT_NEEDED)
        .order_by("stage__order", "number")
    )


def _tables(entrant: Entrant) -> Any:
    """Its Mitchell or Howell tables (pairs-final tables belong to its contests)."""
    return (
        Table.objects.filter(
            round__stage_id__in=_stages(entrant), round__stage__kind__in=Stage.MOVEMENT_KINDS
        )
        .filter(Q(ns=entrant) | Q(ew=entrant))
        .order_by("round__stage__order", "round__number", "number")
    )


def _boards(table: Table) -> list[Board]:
    sets = SetPlay.objects.filter(table=table).values("board_set_id")
    return list(Board.objects.filter(board_set_id__in=sets).order_by("number"))


def _played(entrant: Entrant) -> dict[str, list[Any]]:
    """What it had played when it withdrew: its finished matches, the Mitchell boards
    with a result at its tables, and the rounds of its Swiss stages laid by then (a
    Swiss pairs its later rounds without it: ``team_formats.swiss_round_next``)."""
    return {
        "rounds": list(
            Round.objects.filter(
                stage_id__in=_stages(entrant), stage__kind=Stage.Kind.SWISS
            ).values_list("pk", flat=True)
        ),
        "matches": list(
            _matches(entrant).filter(status=Match.Status.FINISHED).values_list("pk", flat=True)
        ),
        "results": [
            [t, b]
            for t, b in Result.objects.filter(table__in=_tables(entrant)).values_list(
                "table_id", "board_id"
            )
        ],
    }


def withdrawal_adjustments(withdrawal: Withdrawal) -> list[ScoreAdjustment]:
    """The unsaved forfeits ``withdrawal`` makes as it stands (none once taken back):
    every match and Mitchell board of the entrant but those it had played when it
    withdrew, unless the director struck those too."""
    w = withdrawal
    if not w.in_force:
        return []
    entrant = w.entrant
    strike = w.played == Withdrawal.Played.STRIKE
    kept_matches = set() if strike else set(w.kept.get("matches", []))
    kept_results = set() if strike else {tuple(r) for r in w.kept.get("results", [])}
    reason = f"{ARTICLE} 退赛按弃权处理：{w.reason}"
    out: list[ScoreAdjustment] = []
    for match in _matches(entrant).exclude(pk__in=kept_matches):
        out.append(adjustment_forfeit(target=entrant, match=match, reason=reason))
    for table in _tables(entrant):
        opponent = w.opponent_score
        chosen = "" if opponent == Artificial.AVERAGE_PLUS.value else opponent
        side = {"artificial_ns": chosen, "artificial_ew": chosen} if chosen else {}
        boards = _boards(table)
        left = [b for b in boards if (table.pk, b.pk) not in kept_results]
        if len(left) == len(boards):
            out.append(adjustment_forfeit(target=entrant, table=table, reason=reason, **side))
        else:
            out.extend(
                adjustment_forfeit(target=entrant, table=table, board=b, reason=reason, **side)
                for b in left
            )
    return out


@transaction.atomic
def withdrawal_record(
    *,
    entrant: Entrant,
    reason: str,
    played: str = Withdrawal.Played.KEEP,
    opponent_score: str = Artificial.AVERAGE_PLUS.value,
    decided_by: Any = None,
) -> Withdrawal:
    """A team or pair withdraws after its stage started: what it had still to play is
    forfeited (第三十条), its played results stay or are struck (``played``), and the
    decision is kept with its reason. A second click shows the withdrawal in force and
    adds nothing."""
    if not reason.strip():
        raise ScoringError("须说明退赛原因", "give the reason", code="reason", article=ARTICLE)
    if played not in Withdrawal.Played.values:
        raise ScoringError(
            "已赛成绩须选择保留或按弃权计",
            "choose whether its played results stay or are struck",
            code="played",
        )
    if opponent_score not in OPPONENT_SCORES:
        raise ScoringError(
            "对方得分只能是平均分加（60%）或平均分（50%）",
            "the opponents score average-plus (60 %) or average (50 %)",
            code="opponent_score",
            article=ARTICLE,
        )
    entrant = Entrant.objects.select_for_update().get(pk=entrant.pk)
    laid = Withdrawal.objects.filter(entrant=entrant, taken_back_at__isnull=True).first()
    if laid is not None:
        return laid  # a second click shows the withdrawal in force and adds nothing
    if not entrant_playing(entrant):
        raise ScoringError(
            f"{entrant}所在阶段尚未开始：请直接退赛（赛程随之重排）",
            f"{entrant}'s stage has not started: withdraw it from the entrants "
            "(the schedule is rebuilt)",
            code="not_started",
        )
    withdrawal = Withdrawal.objects.create(
        event_id=entrant.event_id,
        entrant=entrant,
        played=played,
        opponent_score=opponent_score,
        kept=_played(entrant),
        reason=reason.strip(),
        decided_by=decided_by,
    )
    made = adjustments_set(source=withdrawal.source, adjustments=withdrawal_adjustments(withdrawal))
    DecisionRecord.objects.create(
        event_id=entrant.event_id,
        kind=DecisionRecord.Kind.WITHDRAWN,
        subject=str(entrant),
        reason=withdrawal.reason,
        details={
            "withdrawal": withdrawal.pk,
            "played": played,
            "opponent_score": opponent_score,
            "forfeits": len(made),
            "article": ARTICLE,
        },
        done_by=decided_by,
    )
    event_changed(entrant.event_id)  # the dashboard shows what a withdrawal changes
    return withdrawal


@transaction.atomic
def withdrawal_take_back(
    *, withdrawal: Withdrawal, reason: str, taken_back_by: Any = None
) -> Withdrawal:
    """Take back a withdrawal recorded by mistake, with the reason: its forfeits go (the
    scores follow), and it stays on record with who, when and why."""
    if not reason.strip():
        raise ScoringError("须说明撤销原因", "give the reason", code="reason")
    if withdrawal.taken_back_at is not None:
        return withdrawal
    withdrawal.taken_back_at = timezone.now()
    withdrawal.taken_back_by = taken_back_by
    withdrawal.taken_back_reason = reason.strip()
    withdrawal.save(update_fields=["taken_back_at", "taken_back_by", "taken_back_reason"])
    adjustments_set(source=withdrawal.source, adjustments=[])
    # a Swiss round paired without it now counts as its bye: the table follows
    for stage_id in Stage.objects.filter(
        pk__in=_stages(withdrawal.entrant), kind=Stage.Kind.SWISS
    ).values_list("pk", flat=True):
        queue_targets(stage_id)
    DecisionRecord.objects.create(
        event_id=withdrawal.event_id,
        kind=DecisionRecord.Kind.WITHDRAWAL_BACK,
        subject=str(withdrawal.entrant),
        reason=withdrawal.taken_back_reason,
        details={"withdrawal": withdrawal.pk},
        done_by=taken_back_by,
    )
    event_changed(withdrawal.event_id)  # the dashboard shows what a withdrawal changes
    return withdrawal


def withdrawals_follow(stage: Stage) -> None:
    """A bracket, or a stage qualified from another, put a withdrawn entrant into a new
    match: forfeit it too (the match is a walkover, its opponent advances). Changes
    nothing when nothing new involves one."""
    for withdrawal in Withdrawal.objects.filter(
        entrant__stage_entries__stage=stage, taken_back_at__isnull=True
    ).select_related("entrant"):
        wanted = withdrawal_adjustments(withdrawal)
        have = set(
            ScoreAdjustment.objects.filter(source=withdrawal.source).values_list(
                "match_id", "table_id", "board_id"
            )
        )
        if {(a.match_id, a.table_id, a.board_id) for a in wanted} != have:
            adjustments_set(source=withdrawal.source, adjustments=wanted)


@transaction.atomic
def entrant_leave(
    *,
    entrant: Entrant,
    reason: str,
    played: str = Withdrawal.Played.KEEP,
    opponent_score: str = Artificial.AVERAGE_PLUS.value,
    decided_by: Any = None,
) -> Withdrawal | None:
    """退赛 in one step, whenever it happens: before round 1 of its stages the entrant
    leaves and the schedules are rebuilt without it (returns None); after, its
    remaining play is forfeited (:func:`withdrawal_record`). Recorded either way."""
    if entrant_playing(entrant):
        return withdrawal_record(
            entrant=entrant,
            reason=reason,
            played=played,
            opponent_score=opponent_score,
            decided_by=decided_by,
        )
    if not reason.strip():
        raise ScoringError("须说明退赛原因", "give the reason", code="reason")
    subject, event_id = str(entrant), entrant.event_id
    rebuilt = entrant_withdraw(entrant=entrant)
    DecisionRecord.objects.create(
        event_id=event_id,
        kind=DecisionRecord.Kind.FIELD_CHANGED,
        subject=subject,
        reason=reason.strip(),
        details={"removed": subject, "stages": [s.name for s in rebuilt]},
        done_by=decided_by,
    )
    event_changed(event_id)  # the dashboard shows what a withdrawal changes
    return None


@transaction.atomic
def stage_entrant_add(
    *, stage: Stage, entrant: Entrant, reason: str = "", user: Any = None
) -> Stage:
    """A late team or pair joins a stage before its round 1: the schedule is laid out
    again with it, in one step, and the change recorded."""
    stage_field_change(stage=stage, add=[entrant])
    DecisionRecord.objects.create(
        event_id=stage.event_id,
        kind=DecisionRecord.Kind.FIELD_CHANGED,
        subject=str(entrant),
        reason=reason.strip(),
        details={"added": str(entrant), "stages": [stage.name]},
        done_by=user,
    )
    event_changed(stage.event_id)  # the dashboard shows what a withdrawal changes
    return stage
