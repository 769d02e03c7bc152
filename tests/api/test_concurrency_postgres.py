"""Concurrent result entry from several processes against PostgreSQL, through the
API (each process runs the application in-process, as a gunicorn worker would):

* six processes correct the same result from the same version at the same moment:
  one is saved, five get 409 and every one of the five is in the audit trail;
* four processes each make ten corrections of one result, re-reading on a 409: none
  is lost (the version counts every one), every 409 a process saw is a ``conflict``
  row of the audit trail, and every saved one a ``correct`` row;
* two processes enter both rooms of four boards at once (the first play of each board
  fills its box card, the other must agree): every scorecard is stored once.

PostgreSQL only: SQLite serialises writers, so processes cannot race there.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from rest_framework.authtoken.models import Token

from boards.models import Result, ResultChange
from boards.services import result_enter
from tests import builders
from tests._tables import open_side

from .conftest import build_world, entry_body

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL (DATABASE_URL=postgres://…): SQLite serialises writers",
    ),
]


def database_url() -> str:
    s = connection.settings_dict
    auth = s["USER"] + (f":{s['PASSWORD']}" if s.get("PASSWORD") else "")
    return f"postgres://{auth}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"


def run_processes(jobs: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    """Start one process per job, all released at the same instant; their reports."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("CELERY_")}
    env |= {"DATABASE_URL": database_url(), "DJANGO_SETTINGS_MODULE": "duidiao.settings"}
    start_at = time.time() + 4  # time for every interpreter to start and set Django up
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tests.api._concurrent_client",
                mode,
                json.dumps(args | {"start_at": start_at}),
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for mode, args in jobs
    ]
    reports = []
    for proc in procs:
        out, err = proc.communicate(timeout=180)
        assert proc.returncode == 0, err[-3000:]
        reports.append(json.loads(out.strip().splitlines()[-1]))
    return reports


@pytest.fixture
def setup() -> dict[str, Any]:
    world = build_world()
    board = world.board(1)
    result = result_enter(
        board=board,
        table=world.team.open,
        entry=builders.entry(board, declarer="N"),
        actor=open_side(world.team.open, "NS"),
    )
    token = Token.objects.create(user=world.users["director"]).key
    return {"world": world, "result": result, "token": token, "board": board}


def test_of_six_simultaneous_corrections_from_one_version_one_is_saved(setup):
    world, result = setup["world"], setup["result"]
    url = world.url(f"results/{result.pk}/correct/")
    entry = entry_body(setup["board"])
    jobs = [
        ("race", {"url": url, "token": setup["token"], "entry": entry, "points": 5 * (i + 1)})
        for i in range(6)
    ]

    reports = run_processes(jobs)

    statuses = sorted(r["status"] for r in reports)
    assert statuses == [200, 409, 409, 409, 409, 409], reports
    winner = next(r for r in reports if r["status"] == 200)
    result.refresh_from_db()
    assert result.version == 2 and result.defender_points == winner["body"]["defender_points"]
    actions = list(result.changes.order_by("id").values_list("action", flat=True))
    assert actions.count("conflict") == 5 and actions.count("correct") == 1
    refused = {c.after["defender_points"] for c in result.changes.filter(action="conflict")}
    losers = {
        job["points"] for r, (_, job) in zip(reports, jobs, strict=True) if r["status"] == 409
    }
    assert refused == losers


def test_corrections_from_four_processes_lose_nothing_and_every_conflict_is_recorded(setup):
    world, result = setup["world"], setup["result"]
    url = world.url(f"results/{result.pk}/correct/")
    entry = entry_body(setup["board"])
    per_process = 10
    jobs = [
        (
            "increments",
            {
                "url": url,
                "token": setup["token"],
                "entry": entry,
                "version": 1,
                "count": per_process,
                "seed": i,
            },
        )
        for i in range(4)
    ]

    reports = run_processes(jobs)

    assert all("error" not in r for r in reports), reports
    saved = sum(r["done"] for r in reports)
    conflicts = sum(r["conflicts"] for r in reports)
    result.refresh_from_db()
    assert saved == 4 * per_process
    assert result.version == 1 + saved  # no lost update: every save moved the version on
    trail = ResultChange.objects.filter(result=result)
    assert trail.filter(action="correct").count() == saved
    assert trail.filter(action="conflict").count() == conflicts  # every 409 is on record
    versions = sorted(trail.filter(action="correct").values_list("version", flat=True))
    assert versions == list(range(1, saved + 1))  # each version edited exactly once
    print(f"{saved} corrections, {conflicts} conflicts reported and recorded")


def test_two_processes_entering_both_rooms_store_every_scorecard_once(setup):
    world = setup["world"]
    Result.objects.all().delete()
    url = world.url("results/")

    def items(table) -> list[dict[str, Any]]:
        return [
            {"board": world.board(n).pk, "table": table.pk, **entry_body(world.board(n))}
            for n in (1, 2, 3, 4)
        ]

    jobs = [
        ("enter", {"url": url, "token": setup["token"], "items": items(world.team.open)}),
        ("enter", {"url": url, "token": setup["token"], "items": items(world.team.closed)}),
    ]

    reports = run_processes(jobs)

    statuses = [s for r in reports for s, _ in r["statuses"]]
    assert statuses == [201] * 8, reports  # the director's entries: box cards agree
    stored = Result.objects.filter(board__stage=world.team.stage)
    assert stored.count() == 8
    assert stored.values("board", "table").distinct().count() == stored.count()
    assert ResultChange.objects.filter(action="enter").count() == stored.count()
