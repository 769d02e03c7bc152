"""Derived scores heal themselves (issue 25): a change marks its stage in the outbox in
its own transaction, the rescore takes the marks, and what is left behind — a rescore
that failed, a task lost with its worker — is rescored without anyone running a command.

The reference is always a full rescore of the stage from what is stored (第二十八条's
matchpoints and rankings): after healing, the stored standings equal it.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.db import OperationalError
from django.utils import timezone

from duidiao.celery import app as celery_app
from scoring import cache
from scoring.models import DirtyStage, Standing
from scoring.services import rescore, rescore_stage
from scoring.tasks import reconcile_task
from tests.builders import mitchell, play_board

pytestmark = pytest.mark.django_db


def standings(stage) -> list[tuple]:
    return sorted(
        Standing.objects.filter(stage=stage).values_list(
            "entrant_id", "matchpoints", "place", "boards"
        )
    )


def reference(stage) -> list[tuple]:
    """What a full rescore of the stage stores (it leaves the stored rows as it finds
    them when they are right)."""
    rescore_stage(stage.pk)
    return standings(stage)


def backdate_marks(stage, seconds: int = 60) -> None:
    DirtyStage.objects.filter(stage=stage).update(
        marked_at=timezone.now() - timedelta(seconds=seconds)
    )


def test_a_result_marks_its_stage_and_the_rescore_takes_the_mark(play, make_pairs, make_stage):
    stage = mitchell(make_pairs, make_stage, 3)
    play_board(play, stage, 1, [20, 40, 60])
    assert not DirtyStage.objects.filter(stage=stage).exists()
    assert standings(stage) and standings(stage) == reference(stage)


def test_a_rescore_that_meets_a_database_error_once_is_retried(
    play, make_pairs, make_stage, monkeypatch
):
    """As the embedded default runs tasks (eager, not propagating: ``duidiao.env``); a
    worker retries the same way, after a delay."""
    stage = mitchell(make_pairs, make_stage, 3)
    real = rescore.rescore_dirty
    calls = []

    def flaky(stage_id):
        calls.append(stage_id)
        if len(calls) == 1:
            raise OperationalError("server closed the connection unexpectedly")
        return real(stage_id)

    monkeypatch.setattr("scoring.services.rescore_dirty", flaky)
    celery_app.conf.task_eager_propagates = False
    try:
        play_board(play, stage, 1, [20, 40, 60])
    finally:
        celery_app.conf.task_eager_propagates = True  # as the ``eager`` fixture set it
    # Three results, three tasks; the first ran again after its error.
    assert calls == [stage.pk] * 4
    assert not DirtyStage.objects.filter(stage=stage).exists()
    healed = standings(stage)
    assert healed and healed == reference(stage)


def lose_tasks(monkeypatch) -> None:
    """A worker killed as a whole: the task never runs; the marks stay."""
    monkeypatch.setattr(rescore, "_send", lambda task, *args, **kwargs: None)


def test_a_task_lost_with_its_worker_is_reconciled_by_beat(
    play, make_pairs, make_stage, monkeypatch
):
    stage = mitchell(make_pairs, make_stage, 3)
    lose_tasks(monkeypatch)
    play_board(play, stage, 1, [20, 40, 60])
    assert DirtyStage.objects.filter(stage=stage).count() == 3
    assert not Standing.objects.filter(stage=stage, boards__gt=0).exists()  # stale
    assert reconcile_task.delay().get() == []  # its own task may still come: not yet
    backdate_marks(stage, seconds=rescore.RECONCILE_AFTER + 1)
    assert reconcile_task.delay().get() == [stage.pk]
    assert not DirtyStage.objects.filter(stage=stage).exists()
    healed = standings(stage)
    assert healed == reference(stage) and all(row[3] == 1 for row in healed)


def test_beat_runs_the_reconciler_within_a_minute():
    schedule = {
        entry["task"]: entry["schedule"] for entry in settings.CELERY_BEAT_SCHEDULE.values()
    }
    assert schedule["scoring.reconcile"] + rescore.RECONCILE_AFTER <= 60


@pytest.mark.parametrize(
    "page", ["/e/{code}/s/{order}/standings/", "/api/events/{code}/stages/{order}/standings/"]
)
def test_without_a_worker_a_standings_read_heals_its_stage(
    play, make_pairs, make_stage, monkeypatch, client, director, page
):
    """The embedded default: no beat, no command — the next standings read rescores
    (the officials' page, uncached; the API, through the cache's version)."""
    stage = mitchell(make_pairs, make_stage, 3)
    lose_tasks(monkeypatch)
    play_board(play, stage, 1, [20, 40, 60])
    backdate_marks(stage)
    cache.local_clear()
    client.force_login(director)
    page = client.get(page.format(code=stage.event.code, order=stage.order))
    assert page.status_code == 200
    assert not DirtyStage.objects.filter(stage=stage).exists()
    healed = standings(stage)
    assert healed == reference(stage) and all(row[3] == 1 for row in healed)


def test_a_second_run_of_the_task_changes_nothing(play, make_pairs, make_stage):
    from scoring.tasks import rescore_dirty_task

    stage = mitchell(make_pairs, make_stage, 3)
    play_board(play, stage, 1, [20, 40, 60])
    before = standings(stage)
    assert rescore_dirty_task.delay(stage.pk).get() == {}  # no marks: nothing to do
    assert standings(stage) == before


@pytest.mark.parametrize("how", ["enter", "confirm", "correct"])
def test_a_result_and_its_mark_are_written_together_or_not_at_all(
    play, make_pairs, make_stage, monkeypatch, how
):
    """The outbox (issue 25): a result's mark is written in the result's own
    transaction. Were it written after the result committed, a process dying between
    the two would leave a confirmed result that nothing ever rescores; here the mark's
    write fails, and the result's write goes with it."""
    from boards.models import Result
    from tests.builders import board, tables_for

    stage = mitchell(make_pairs, make_stage, 3)
    dealt = board(stage, 1)
    table = tables_for(stage, 1)[0]
    entered = play.by_director(dealt, table, 20) if how == "correct" else None

    def refused(**kwargs):
        raise OperationalError("the outbox could not be written")

    monkeypatch.setattr(rescore.DirtyStage.objects, "create", refused)
    before = list(Result.objects.values_list("pk", "defender_points", "status", "version"))
    with pytest.raises(OperationalError):
        if how == "enter":
            play.by_director(dealt, table, 40)
        elif how == "confirm":
            play.at_table(dealt, table, 40)
        else:
            play.correct(entered, 40)
    after = list(Result.objects.values_list("pk", "defender_points", "status", "version"))
    if how == "confirm":  # the entry by N–S stands, unconfirmed: only the confirmation failed
        assert [r for r in after if r[0] not in {b[0] for b in before}][0][2] == "entered"
        after = [r for r in after if r[0] in {b[0] for b in before}]
    assert after == before
