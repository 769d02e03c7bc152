"""A Celery worker killed (``kill -9``) in the middle of a rescore: the task is not
lost — it is delivered again (acks_late, reject on worker lost, Redis visibility) and
run by the next worker — and its output is right, once: nothing half-written by the
dead worker (its transaction died with it) and no row twice.

Needs PostgreSQL and a Redis broker: the second pass of ``.ci/run``
(``DATABASE_URL`` and ``CELERY_BROKER_URL``). The test starts its own workers on a
queue of its own, so CI's worker never takes the task.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.db import connection

from boards.services import Actor, result_enter
from duidiao.celery import app as celery_app
from scoring.models import MatchScore, Standing
from scoring.tasks import rescore_stage_task
from tests import builders
from tournament.models import StageEntry

from .conftest import build_world
from .test_concurrency_postgres import ROOT, database_url

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="needs PostgreSQL (set DATABASE_URL)"
    ),
    pytest.mark.skipif(
        not str(settings.CELERY_BROKER_URL).startswith("redis://"),
        reason="needs a Redis broker (set CELERY_BROKER_URL=redis://…)",
    ),
]


def rows(stage: Any) -> tuple[list[tuple], list[tuple]]:
    standings = sorted(
        Standing.objects.filter(stage=stage).values_list(
            "entrant_id", "place", "played", "won", "drawn", "lost", "score_for", "score_against"
        )
    )
    scores = sorted(
        MatchScore.objects.filter(stage=stage).values_list(
            "match_id", "home_score", "away_score", "decision", "winner_id", "boards_scored"
        )
    )
    return standings, scores


def start_worker(queue: str, marker: Path, slow: float, log: Path) -> subprocess.Popen:
    env = dict(os.environ) | {
        "DATABASE_URL": database_url(),
        "DJANGO_SETTINGS_MODULE": "duidiao.settings",
    }
    return subprocess.Popen(
        [sys.executable, "-m", "tests.api._slow_worker", queue, str(marker), str(slow)],
        cwd=ROOT,
        env=env,
        stdout=log.open("a"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def starts(marker: Path) -> list[str]:
    return marker.read_text().splitlines() if marker.exists() else []


def wait_for(condition: Any, timeout: float, what: str, log: Path) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}; worker log:\n{log.read_text()}")
        time.sleep(0.2)


def test_a_rescore_killed_mid_task_is_run_again_and_written_once(tmp_path):
    world = build_world()
    stage, match = world.team.stage, world.team.matches[0]
    for position, team in enumerate((match.home, match.away), start=1):
        StageEntry.objects.create(stage=stage, entrant=team, position=position)
    director = Actor.director(world.users["director"])
    for n in (1, 2, 3, 4):  # every board in both rooms: the match is complete
        board = world.board(n)
        for table in (world.team.open, world.team.closed):
            result_enter(
                board=board, table=table, entry=builders.entry(board, declarer="N"), actor=director
            )
    expected = rows(stage)  # what the rescores run on commit (eagerly) wrote
    assert expected[0] and expected[1]
    Standing.objects.filter(stage=stage).delete()
    MatchScore.objects.filter(stage=stage).delete()

    queue = f"killtest-{uuid.uuid4().hex}"
    marker, log = tmp_path / "starts", tmp_path / "worker.log"
    celery_app.conf.task_always_eager = False  # this one goes to a real worker
    first = start_worker(queue, marker, slow=30, log=log)
    second = None
    try:
        sent = rescore_stage_task.apply_async(args=[stage.pk], queue=queue)
        wait_for(lambda: len(starts(marker)) == 1, 60, "the task to start", log)
        os.killpg(first.pid, signal.SIGKILL)  # kill -9, mid-task, lock held
        first.wait(timeout=10)
        assert rows(stage) == ([], [])  # nothing half-written: its transaction died too

        second = start_worker(queue, marker, slow=0, log=log)
        summary = sent.get(timeout=90)

        assert len(starts(marker)) == 2  # delivered again, run again
        assert summary["stage"] == stage.pk
        assert rows(stage) == expected  # right, and once (one row per entrant and match)
        assert Standing.objects.filter(stage=stage).count() == 2
        assert MatchScore.objects.filter(stage=stage).count() == 1
    finally:
        for proc in (first, second):
            if proc is not None and proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
                try:
                    proc.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait()
