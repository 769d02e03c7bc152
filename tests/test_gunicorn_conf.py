"""gunicorn's sizing (``gunicorn.conf.py``) follows the database it serves (issue 23).

The venue (SQLite, ``make run``) keeps 3 processes × 10 threads: 30 phones submitting
at once wait their turn for SQLite's write lock instead of being refused. Production
(PostgreSQL) runs a process per core and one more, 2 threads each: ten threads of one
process took turns at Python's interpreter lock, and under 50 clients the standings
fell below 70 % of a bare view's rate with a p99 over 300 ms (``benchmarks/load.py``)."""

from __future__ import annotations

import os
import runpy
from pathlib import Path
from typing import Any

import pytest

CONF = Path(__file__).resolve().parents[1] / "gunicorn.conf.py"


def _conf(monkeypatch: pytest.MonkeyPatch, **env: str) -> dict[str, Any]:
    for name in ("DATABASE_URL", "WEB_CONCURRENCY", "WEB_THREADS"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(os, "cpu_count", lambda: 4)
    return runpy.run_path(str(CONF))


@pytest.mark.parametrize("url", [None, "sqlite:////srv/duidiao/db.sqlite3"])
def test_the_venue_on_sqlite_runs_thirty_requests_at_once(monkeypatch, url):
    conf = _conf(monkeypatch, **({"DATABASE_URL": url} if url else {}))
    assert (conf["workers"], conf["threads"], conf["worker_class"]) == (3, 10, "gthread")


@pytest.mark.parametrize("scheme", ["postgres", "postgresql", "pgsql"])
def test_postgresql_runs_a_process_per_core_and_one_more_with_two_threads(monkeypatch, scheme):
    conf = _conf(monkeypatch, DATABASE_URL=f"{scheme}://duidiao@db.internal:5432/duidiao")
    assert (conf["workers"], conf["threads"], conf["worker_class"]) == (9, 2, "gthread")


def test_the_environment_says_otherwise(monkeypatch):
    conf = _conf(
        monkeypatch,
        DATABASE_URL="postgres://duidiao@db.internal/duidiao",
        WEB_CONCURRENCY="4",
        WEB_THREADS="8",
    )
    assert (conf["workers"], conf["threads"]) == (4, 8)
