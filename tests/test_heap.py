"""Serving processes settle their heap once the application is loaded
(``duidiao.heap``): gunicorn's workers (gunicorn.conf.py, what ``make run`` serves
with) and Celery's worker processes. Each case runs in a process of its own, as the
server would, so this test process keeps Python's own collector settings."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from duidiao.heap import YOUNG

ROOT = Path(__file__).resolve().parents[1]

LOOK = "import gc; print(gc.get_threshold()[0], gc.get_freeze_count() > 1000)"

CASES = {
    "gunicorn's worker": (
        "import runpy; hooks = runpy.run_path('gunicorn.conf.py'); hooks['post_worker_init'](None)"
    ),
    "a Celery worker's process": (
        "import django; django.setup(); from duidiao.celery import app; "
        "from celery.signals import worker_process_init; worker_process_init.send(sender=None)"
    ),
}


def _run(code: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", f"{code}; {LOOK}"],
        cwd=ROOT,
        env={"DJANGO_SETTINGS_MODULE": "duidiao.settings", "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_a_plain_process_keeps_pythons_settings() -> None:
    assert _run("import django; django.setup()") == ["700", "False"]


@pytest.mark.parametrize("case", CASES)
def test_a_serving_process_settles_its_heap_when_ready(case: str) -> None:
    assert _run(CASES[case]) == [str(YOUNG), "True"]
