"""Keeping scores current: what a result touches, rescored in a task queued on commit.

A confirmed or corrected result touches its board, its match (team formats), its
stage's standings and, in a bracket, the matches its result feeds; a Mitchell result
touches its board's traveller and the two rankings. ``result_changed`` queues exactly
that, after the result's transaction commits, as a Celery task (run at once when
Celery is eager, the default without a broker). A full rescore of an event is
``rescore_event`` (``python manage.py rescore EVENT``, or the ``scoring.rescore_event``
task).

Every rescore of a stage takes a lock on the stage row first, so two results of the
same stage confirmed at the same moment are scored one after the other, each reading
what the other committed (PostgreSQL; SQLite serialises writes anyway). Rescoring
only reads results and writes derived rows, so running it again gives the same rows.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Collection, Iterable
from typing import Any

from django.db import transaction
from kombu.exceptions import OperationalError

from boards.models import Result
from tournament.models import Event, Match, Stage

from ..cache import standings_changed
from ._rows import adjustments_of
from .pairs import final_rescore, mitchell_boards_rescore, mitchell_standings_rescore
from .team_formats import bracket_standings_rescore, swiss_standings_rescore
from .teams import bracket_rescore, match_rescore, matches_rescore, team_standings_rescore

__all__ = [
    "match_changed",
    "queue_rescore",
    "queue_targets",
    "rescore_event",
    "rescore_result",
    "rescore_stage",
    "rescore_targets",
    "result_changed",
]

logger = logging.getLogger(__name__)


def _lock(stage_id: int) -> Stage | None:
    return Stage.objects.select_for_update().filter(pk=stage_id).first()


def _rescore(
    stage: Stage, *, boards: Collection[int] | None, matches: Collection[int] | None
) -> dict[str, Any]:
    """Rescore ``boards`` and ``matches`` of ``stage`` (None: all of them), then its
    standings; what the stage shows starts a new version when this commits. The caller
    holds the stage lock."""
    standings_changed([stage.pk])
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
def rescore_stage(stage_id: int) -> dict[str, Any]:
    """Rescore every board, match and standing of a stage."""
    stage = _lock(stage_id)
    if stage is None:
        return {}
    return _rescore(stage, boards=None, matches=None)


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
    the broker be unreachable, the rescore runs in this process instead of being lost:
    a player's refresh must still show the result."""
    try:
        task.delay(*args, **kwargs)
    except OperationalError:
        logger.warning("broker unreachable; rescoring in-process", exc_info=True)
        task(*args, **kwargs)


def queue_rescore(task: Any, *args: Any, **kwargs: Any) -> None:
    """Queue ``task`` once the current transaction commits (at once outside one)."""
    transaction.on_commit(lambda: _send(task, *args, **kwargs))


_pending = threading.local()


def queue_targets(
    stage_id: int, *, boards: Iterable[int] = (), matches: Iterable[int] = ()
) -> None:
    """Rescore these boards and matches of a stage, and its standings, once the current
    transaction commits.

    What one transaction touches in a stage is gathered into a single task: a director
    entering a whole scorecard, or a demo loading two rounds, queues one rescore per
    stage rather than one per result. Every call registers its own commit callback and
    the first to run takes everything gathered, so a callback dropped with a rolled-back
    savepoint loses nothing (what it gathered is rescored anyway — harmlessly, since
    rescoring is idempotent)."""
    from ..tasks import rescore_targets_task

    stages: dict[int, tuple[set[int], set[int]]] = _pending.__dict__.setdefault("stages", {})
    gathered = stages.setdefault(stage_id, (set(), set()))
    gathered[0].update(boards)
    gathered[1].update(matches)

    def send() -> None:
        taken = stages.pop(stage_id, None)
        if taken is not None:
            _send(
                rescore_targets_task,
                stage_id,
                boards=sorted(taken[0]),
                matches=sorted(taken[1]),
            )

    transaction.on_commit(send)


def result_changed(result: Result | int) -> None:
    """A result was confirmed or corrected (or entered by a director, which confirms
    it): rescore its board or match, and its stage's standings, once the transaction
    commits."""
    row = (
        Result.objects.filter(pk=result if isinstance(result, int) else result.pk)
        .values("board_id", "board__stage_id", "table__match_id")
        .first()
    )
    if row is None:
        return
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
