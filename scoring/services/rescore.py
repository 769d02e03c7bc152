"""Keeping scores current: what a result touches, rescored in a task queued on commit.

A confirmed or corrected result touches its board, its match (team formats), its
stage's standings and, in a bracket, the matches its result feeds; a Mitchell result
touches its board's traveller and the two rankings. ``result_changed`` marks exactly
that in the outbox (:class:`scoring.models.DirtyStage`), in the result's own
transaction, and once it commits sends a Celery task (run at once when Celery is
eager, the default without a broker) that rescores what the stage's marks name and
deletes them. A mark left behind — the task lost with its worker, a rescore that failed
after its retries — is rescored by :func:`reconcile`: Celery beat runs it in production;
in the embedded default (no worker) a standings read runs :func:`heal_stage` for its
stage (``scoring.cache``). Either way the standings come right by themselves within a
minute. A full rescore of an event is ``rescore_event`` (``python manage.py rescore
EVENT``, or the ``scoring.rescore_event`` task).

Every rescore of a stage takes a lock on the stage row first, so two results of the
same stage confirmed at the same moment are scored one after the other, each reading
what the other committed (PostgreSQL; SQLite serialises writes anyway). Rescoring
only reads results and writes derived rows, so running it again gives the same rows.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Collection, Iterable
from datetime import timedelta
from typing import Any

from celery.exceptions import Retry
from django.db import transaction
from django.utils import timezone
from kombu.exceptions import OperationalError

from boards.models import Result
from duidiao.retry import TRANSIENT_ERRORS
from tournament.models import Event, Match, Stage

from ..cache import standings_changed
from ..models import DirtyStage
from ._rows import adjustments_of
from .pairs import final_rescore, mitchell_boards_rescore, mitchell_standings_rescore
from .team_formats import bracket_standings_rescore, carriers_rescore, swiss_standings_rescore
from .teams import bracket_rescore, match_rescore, matches_rescore, team_standings_rescore

__all__ = [
    "RECONCILE_AFTER",
    "heal_stage",
    "match_changed",
    "queue_rescore",
    "queue_targets",
    "reconcile",
    "rescore_dirty",
    "rescore_event",
    "rescore_result",
    "rescore_stage",
    "rescore_targets",
    "result_changed",
]

logger = logging.getLogger(__name__)

#: Seconds a mark may wait for its own task before the reconciler takes it (a task
#: normally runs within a second of the commit; a busy worker may take a few).
RECONCILE_AFTER = 10


def _lock(stage_id: int) -> Stage | None:
    # NO KEY: rescores of a stage wait for each other, but a change writing its outbox
    # mark (a row referencing the stage: a KEY SHARE lock) never waits for a rescore.
    return Stage.objects.select_for_update(no_key=True).filter(pk=stage_id).first()


def _rescore(
    stage: Stage, *, boards: Collection[int] | None, matches: Collection[int] | None
) -> dict[str, Any]:
    """Rescore ``boards`` and ``matches`` of ``stage`` (None: all of them), then its
    standings; what the stage shows starts a new version when this commits. The caller
    holds the stage lock. A movement's boards named: only they may have been shown or
    hidden (a result confirmed or corrected), which the next build of the hidden boards
    looks at alone (``scoring.cache.carried``); a team stage's match may turn out not
    to be needed, which moves other boards, so it names none."""
    named = boards is not None and stage.kind in Stage.MOVEMENT_KINDS
    standings_changed([stage.pk], boards=boards if named else None)
    summary: dict[str, Any] = {"stage": stage.pk, "boards": [], "matches": [], "rows": 0}
    if stage.kind in Stage.MOVEMENT_KINDS:
        deltas = {}
        adjustments = adjustments_of(stage)  # read once for the boards and the rankings
        if boards is None or boards:
            written, deltas = mitchell_boards_rescore(stage, boards, adjustments)
            summary["rows"] += written
            summary["boards"] = "all" if boards is None else sorted(boards)
        # Some boards: their differences move the running sums; all: add up afresh.
        summary["rows"] += mitchell_standings_rescore(
            stage, None if boards is None else deltas, adjustments
        )
    elif stage.kind == Stage.Kind.PAIRS_FINAL:
        summary["matches"] = final_rescore(stage)
    elif stage.kind in Stage.TEAM_KINDS:
        if stage.is_bracket and matches is None:
            summary["matches"] = bracket_rescore(stage)
        else:
            rows = stage.matches.order_by("number")
            if matches is not None:
                rows = rows.filter(pk__in=matches)
            if stage.is_bracket:  # a decision moves teams on: one match at a time
                for match in rows:
                    summary["matches"].append(match.pk)
                    if match_rescore(match):
                        summary["matches"] += bracket_rescore(stage, after=match.number)
            else:
                rows = list(rows)
                matches_rescore(stage, rows)
                summary["matches"] += [match.pk for match in rows]
        summary["rows"] += team_standings_rescore(stage)
        summary["rows"] += bracket_standings_rescore(stage) + swiss_standings_rescore(stage)
        summary["rows"] += carriers_rescore(stage)  # a final carrying its matches (带分)
    return summary


@transaction.atomic
def rescore_result(result_id: int) -> dict[str, Any]:
    """Rescore what one result touches: its board (a Mitchell traveller) or its match
    (and, in a bracket, the matches after it), and its stage's standings."""
    row = (
        Result.objects.filter(pk=result_id)
        .values("board_id", "board__stage_id", "table__match_id")
        .first()
    )
    if row is None:
        return {}
    stage = _lock(row["board__stage_id"])
    if stage is None:
        return {}
    match_id = row["table__match_id"]
    return _rescore(
        stage, boards=[row["board_id"]], matches=[match_id] if match_id is not None else []
    )


@transaction.atomic
def rescore_targets(
    stage_id: int, *, boards: Iterable[int] = (), matches: Iterable[int] = ()
) -> dict[str, Any]:
    """Rescore some boards and matches of a stage, and its standings (a ruling's
    adjustments name what they touch; an empty list rescores the standings only)."""
    stage = _lock(stage_id)
    if stage is None:
        return {}
    return _rescore(stage, boards=list(boards), matches=list(matches))


@transaction.atomic
def rescore_dirty(stage_id: int) -> dict[str, Any]:
    """Rescore what the stage's outbox marks name, then delete exactly those marks (in
    one transaction with the rescore, under the stage's lock). No mark: nothing to do —
    so running it again, or after the reconciler, changes nothing."""
    stage = _lock(stage_id)
    if stage is None:
        return {}
    marks = list(DirtyStage.objects.filter(stage=stage).values_list("pk", "boards", "matches"))
    if not marks:
        return {}
    boards = {board for _pk, some, _m in marks for board in some}
    matches = {match for _pk, _b, some in marks for match in some}
    summary = _rescore(stage, boards=boards, matches=matches)
    DirtyStage.objects.filter(pk__in=[pk for pk, _b, _m in marks]).delete()
    return summary


def reconcile(older_than: float = RECONCILE_AFTER) -> list[int]:
    """Rescore every stage with a mark older than ``older_than`` seconds (its task lost
    or failed); the stages rescored. A stage that fails again is logged and left marked
    for the next round."""
    since = timezone.now() - timedelta(seconds=older_than)
    stale = DirtyStage.objects.filter(marked_at__lte=since).values_list("stage_id", flat=True)
    healed = []
    for stage_id in sorted(set(stale)):
        try:
            if rescore_dirty(stage_id):
                healed.append(stage_id)
        except Exception:
            logger.exception("reconciling stage %s failed; it stays marked", stage_id)
    if healed:
        logger.warning("reconciled stages %s (their rescore had not happened)", healed)
    return healed


def heal_stage(stage_id: int) -> bool:
    """A read's cheap check when no worker runs (the embedded default): a mark of this
    stage older than :data:`RECONCILE_AFTER` means its rescore failed, so rescore it
    here. True when it did. Never raises: the read goes on with what is stored."""
    since = timezone.now() - timedelta(seconds=RECONCILE_AFTER)
    try:
        if not DirtyStage.objects.filter(stage_id=stage_id, marked_at__lte=since).exists():
            return False
        return bool(rescore_dirty(stage_id))
    except Exception:
        logger.exception("healing stage %s on read failed; it stays marked", stage_id)
        return False


@transaction.atomic
def rescore_stage(stage_id: int) -> dict[str, Any]:
    """Rescore every board, match and standing of a stage (which covers its marks)."""
    stage = _lock(stage_id)
    if stage is None:
        return {}
    marks = list(DirtyStage.objects.filter(stage=stage).values_list("pk", flat=True))
    summary = _rescore(stage, boards=None, matches=None)
    DirtyStage.objects.filter(pk__in=marks).delete()
    return summary


def rescore_event(event_id: int) -> dict[str, Any]:
    """Rescore every stage of an event, in stage order (each stage in its own
    transaction, so a long event does not hold every lock at once)."""
    event = Event.objects.get(pk=event_id)
    stages = [
        rescore_stage(pk) for pk in event.stages.order_by("order").values_list("pk", flat=True)
    ]
    return {"event": event.code, "stages": stages}


def _send(task: Any, *args: Any, **kwargs: Any) -> None:
    """Send a task; with Celery eager (no broker configured) it runs right here. Should
    the broker be unreachable, the rescore runs in this process instead: a player's
    refresh must still show the result. Runs after the commit, so a database fault here
    must not turn the committed change into an error for its sender: it is logged, the
    marks stay, and the reconciler rescores them."""
    try:
        try:
            task.delay(*args, **kwargs)
        except OperationalError:
            logger.warning("broker unreachable; rescoring in-process", exc_info=True)
            task(*args, **kwargs)
    except (Retry, *TRANSIENT_ERRORS):  # Retry: eager, propagating, out of retries here
        logger.exception("rescore %s%r failed; its marks stay for the reconciler", task.name, args)


def queue_rescore(task: Any, *args: Any, **kwargs: Any) -> None:
    """Queue ``task`` once the current transaction commits (at once outside one)."""
    transaction.on_commit(lambda: _send(task, *args, **kwargs))


_pending = threading.local()


def queue_targets(
    stage_id: int, *, boards: Iterable[int] = (), matches: Iterable[int] = ()
) -> None:
    """Mark these boards and matches of a stage, and its standings, dirty in the current
    transaction (the outbox, :class:`DirtyStage`), and rescore them once it commits.

    What one transaction marks in a stage is rescored by a single task: a director
    entering a whole scorecard, or a demo loading two rounds, sends one rescore per
    stage rather than one per result (the task takes every mark of the stage). Every
    call registers its own commit callback and the first to run sends the task, so a
    callback dropped with a rolled-back savepoint loses nothing; its mark went with it."""
    from ..tasks import rescore_dirty_task

    DirtyStage.objects.create(
        stage_id=stage_id, boards=sorted(set(boards)), matches=sorted(set(matches))
    )
    stages: set[int] = _pending.__dict__.setdefault("stages", set())
    stages.add(stage_id)

    def send() -> None:
        if stage_id in stages:
            stages.discard(stage_id)
            _send(rescore_dirty_task, stage_id)

    transaction.on_commit(send)


def result_changed(result: Result | int) -> None:
    """A result was confirmed or corrected (or entered by a director, which confirms
    it): rescore its board or match, and its stage's standings, once the transaction
    commits. A result that carries its board and table (as the board services send it)
    is not read again."""
    if (
        isinstance(result, Result)
        and Result.board.is_cached(result)  # type: ignore[attr-defined]
        and Result.table.is_cached(result)  # type: ignore[attr-defined]
    ):
        row = {
            "board_id": result.board_id,
            "board__stage_id": result.board.stage_id,
            "table__match_id": result.table.match_id,
        }
    else:
        found = (
            Result.objects.filter(pk=result if isinstance(result, int) else result.pk)
            .values("board_id", "board__stage_id", "table__match_id")
            .first()
        )
        if found is None:
            return
        row = found
    match = row["table__match_id"]
    queue_targets(
        row["board__stage_id"],
        boards=[row["board_id"]],
        matches=[match] if match is not None else [],
    )


def match_changed(match: Match) -> None:
    """Something about a match other than a result changed (teams placed, a tie-break
    segment added): rescore it on commit."""
    queue_targets(match.stage_id, matches=[match.pk])
