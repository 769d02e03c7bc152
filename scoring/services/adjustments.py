"""Writing the adjustments hook and the director's tie orders.

The rulings work (第五章) turns each ruling into :class:`~scoring.models.ScoreAdjustment`
rows and hands them to :func:`adjustments_set` under the ruling's ``source``
(``"ruling:17"``): the source's previous rows are replaced, so an appeal that changes
the ruling passes the new rows, and a withdrawn ruling passes none. Whatever the old
and the new rows touch is rescored on commit.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone

from boards.models import Board
from core.adjustments import OVERRIDES, AdjustmentKind
from tournament.models import Entrant, Match, SetPlay, Stage, StageEntry, Table

from ..errors import ScoringError
from ..models import MatchScore, ScoreAdjustment, TieOrder
from .rescore import queue_targets

__all__ = [
    "adjustment_forfeit",
    "adjustment_override",
    "adjustment_penalty",
    "adjustments_set",
    "match_score_reset",
    "side_entrant",
    "tie_order_withdraw",
    "tie_order_set",
]

_OVERRIDE_KINDS = {k.value for k in OVERRIDES}


def side_entrant(table: Table, side: str) -> Entrant:
    """The entrant sitting ``side`` ("NS"/"EW") at ``table``: a ruling names a side."""
    entrant = {"NS": table.ns, "EW": table.ew}.get(side)
    if entrant is None:
        raise ScoringError(f"{table}没有{side}方", f"{table} has no {side} side", code="side")
    return entrant


def adjustment_penalty(
    *,
    target: Entrant,
    amount: Decimal | str | int = Decimal("0.5"),
    stage: Stage | None = None,
    match: Match | None = None,
    table: Table | None = None,
    board: Board | None = None,
    reason: str = "",
) -> ScoreAdjustment:
    """An unsaved penalty of ``amount`` 比赛分 (a positive number) against ``target``."""
    value = Decimal(str(amount))
    if value <= 0:
        raise ScoringError("罚分须为正数", "a penalty is a positive amount", code="amount")
    return ScoreAdjustment(
        stage=stage,
        kind=AdjustmentKind.PENALTY.value,
        target=target,
        amount=-value,
        match=match,
        table=table,
        board=board,
        reason=reason,
    )


def adjustment_forfeit(
    *,
    target: Entrant,
    match: Match | None = None,
    table: Table | None = None,
    board: Board | None = None,
    artificial_ns: str = "",
    artificial_ew: str = "",
    reason: str = "",
) -> ScoreAdjustment:
    """An unsaved forfeit (第三十条): of a team match, or of a pairs table (one round, or
    one ``board`` of it); ``artificial_*`` the opponent's score when it is not the
    average-plus the scoring gives by default (the offender scores 0 either way)."""
    return ScoreAdjustment(
        kind=AdjustmentKind.FORFEIT.value,
        target=target,
        match=match,
        table=table,
        board=board,
        artificial_ns=artificial_ns,
        artificial_ew=artificial_ew,
        reason=reason,
    )


def adjustment_override(
    *,
    kind: AdjustmentKind | str,
    board: Board,
    table: Table,
    target: Entrant | None = None,
    artificial_ns: str = "",
    artificial_ew: str = "",
    reason: str = "",
) -> ScoreAdjustment:
    """An unsaved override of one result (第三十三、三十八条): scored as broken, as made,
    or not scored (then, in pairs, the artificial scores the table gets)."""
    return ScoreAdjustment(
        kind=AdjustmentKind(kind).value,
        board=board,
        table=table,
        target=target,
        artificial_ns=artificial_ns,
        artificial_ew=artificial_ew,
        reason=reason,
    )


def _check(adjustment: ScoreAdjustment) -> None:
    """Fill in what follows from the rest (stage, match) and refuse what cannot apply."""
    a = adjustment
    if a.kind not in {k.value for k in AdjustmentKind}:
        raise ScoringError(f"未知的调整类别 {a.kind!r}", f"unknown kind {a.kind!r}", code="kind")
    if a.table_id is not None and a.match_id is None and a.table.match_id is not None:
        a.match = a.table.match
    for owner in (a.match, a.board, a.table.round if a.table_id else None):
        if owner is not None and a.stage_id is None:
            a.stage = owner.stage
    if a.stage_id is None:
        raise ScoringError("调整须指明比赛阶段", "an adjustment names its stage", code="stage")
    for name, owner in (("match", a.match), ("board", a.board)):
        if owner is not None and owner.stage_id != a.stage_id:
            raise ScoringError(
                f"{owner}不属于{a.stage}", f"the {name} is not in this stage", code=name
            )
    if a.table_id is not None and a.table.round.stage_id != a.stage_id:
        raise ScoringError("牌桌不属于本阶段", "the table is not in this stage", code="table")
    team = a.stage.kind in Stage.TEAM_KINDS
    if a.kind in (AdjustmentKind.PENALTY, AdjustmentKind.FORFEIT) and a.target_id is None:
        raise ScoringError("罚分与弃权须指明对象", "a penalty or forfeit names whom", code="target")
    if (
        a.target_id is not None
        and not StageEntry.objects.filter(stage_id=a.stage_id, entrant_id=a.target_id).exists()
    ):
        raise ScoringError(
            f"{a.target}不在本阶段", f"{a.target} does not play in this stage", code="target"
        )
    if a.kind == AdjustmentKind.PENALTY and team and a.match_id is None:
        raise ScoringError(
            "团体赛罚分须指明比赛（比赛分即该场的单副得分）",
            "a team penalty names its match (its 比赛分 are that match's board points)",
            code="match",
        )
    if a.kind == AdjustmentKind.FORFEIT and a.match_id is None and a.table_id is None:
        raise ScoringError(
            "弃权须指明比赛或牌桌",
            "a forfeit names the match or the table",
            code="match",
            article="第三十条",
        )
    if a.kind in _OVERRIDE_KINDS and (a.board_id is None or a.table_id is None):
        raise ScoringError(
            "改判成绩须指明牌副和牌桌",
            "an override names the board and the table",
            code="board",
            article="第三十三条",
        )
    if a.kind == AdjustmentKind.PENALTY and a.amount == 0:
        raise ScoringError("罚分不能为0", "a penalty of 0 changes nothing", code="amount")


def _touched(rows: Iterable[ScoreAdjustment]) -> dict[int, dict[str, set[int]]]:
    """Per stage, the boards and matches the adjustments change."""
    out: dict[int, dict[str, set[int]]] = defaultdict(lambda: {"boards": set(), "matches": set()})
    for a in rows:
        touched = out[a.stage_id]
        if a.match_id is not None:
            touched["matches"].add(a.match_id)
        if a.board_id is not None:
            touched["boards"].add(a.board_id)
        elif a.kind == AdjustmentKind.FORFEIT and a.table_id is not None and a.match_id is None:
            sets = SetPlay.objects.filter(table_id=a.table_id).values("board_set_id")
            touched["boards"].update(
                Board.objects.filter(board_set_id__in=sets).values_list("pk", flat=True)
            )
    return out


@transaction.atomic
def adjustments_set(
    *, source: str, adjustments: Sequence[ScoreAdjustment]
) -> list[ScoreAdjustment]:
    """Make ``adjustments`` (unsaved rows) the adjustments of ``source``, replacing its
    previous ones; an empty list withdraws them. What the old and the new rows touch
    is rescored once the transaction commits."""
    if not source:
        raise ScoringError(
            "调整须有来源（如 ruling:17）", "an adjustment needs a source", code="source"
        )
    old = list(ScoreAdjustment.objects.filter(source=source))
    for adjustment in adjustments:
        adjustment.source = source
        _check(adjustment)
    ScoreAdjustment.objects.filter(source=source).delete()
    created = ScoreAdjustment.objects.bulk_create(adjustments)
    for stage_id, touched in _touched([*old, *created]).items():
        queue_targets(stage_id, boards=touched["boards"], matches=touched["matches"])
    return created


@transaction.atomic
def tie_order_set(
    *,
    stage: Stage,
    entrants: Sequence[Entrant],
    reason: str,
    group_label: str = "",
    decided_by: Any = None,
) -> TieOrder:
    """The director's order of teams the rules leave level (第二十五条之4(三)), with the
    reason (a play-off's result, or another decision). It only settles teams that
    are level; it never overrides match points or a decided head-to-head."""
    if not reason.strip():
        raise ScoringError("须说明原因", "give the reason", code="reason", article="第二十五条")
    if len(entrants) < 2:
        raise ScoringError("至少两支队", "order at least two teams", code="entrants")
    ids = [e.pk for e in entrants]
    playing = set(
        StageEntry.objects.filter(stage=stage, group_label=group_label).values_list(
            "entrant_id", flat=True
        )
    )
    if len(set(ids)) != len(ids) or not set(ids) <= playing:
        raise ScoringError(
            "名单中有重复或不在本组的队",
            "a team is listed twice or does not play here",
            code="entrants",
        )
    laid = TieOrder.objects.filter(
        stage=stage, group_label=group_label, entrants=ids, withdrawn_at__isnull=True
    ).first()
    if laid is not None:
        return laid  # a second click shows the order decided and adds nothing
    order = TieOrder.objects.create(
        stage=stage, group_label=group_label, entrants=ids, reason=reason, decided_by=decided_by
    )
    _standings_later(stage)
    return order


@transaction.atomic
def tie_order_withdraw(*, order: TieOrder, reason: str, withdrawn_by: Any = None) -> TieOrder:
    """Take back a tie order decided by mistake, with the reason: it stays on record
    (who, when, why) and no longer orders the teams (第二十五条之4)."""
    if not reason.strip():
        raise ScoringError("须说明原因", "give the reason", code="reason", article="第二十五条")
    if order.withdrawn_at is None:
        order.withdrawn_at = timezone.now()
        order.withdrawn_by = withdrawn_by
        order.withdrawn_reason = reason.strip()
        order.save(update_fields=["withdrawn_at", "withdrawn_by", "withdrawn_reason"])
        _standings_later(order.stage)
    return order


@transaction.atomic
def match_score_reset(*, match: Match) -> None:
    """Let a match flagged for review (a bracket correction changed its teams after it
    had results) be scored afresh for the teams now in it."""
    MatchScore.objects.filter(match=match).delete()
    from .rescore import match_changed

    match_changed(match)


def _standings_later(stage: Stage) -> None:
    queue_targets(stage.pk)
