"""Scoring follows the boards services' ``result_changed`` signal for the life of the process.

A receiver held by a weak reference disappears at the next garbage collection, and with
it every rescore: standings would freeze while results keep being entered. Django keeps
a stray reference while DEBUG is on, so the fault only shows in production settings;
the check runs in a fresh process with DEBUG off.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_scoring_still_listens_after_a_garbage_collection_with_debug_off() -> None:
    env = {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": "test-only",
        "DJANGO_SETTINGS_MODULE": "duidiao.settings",
    }
    probe = (
        "import gc, django; django.setup(); gc.collect()\n"
        "from boards.signals import result_changed\n"
        "print(' '.join(f.__module__ for f in result_changed._live_receivers(None)[0]))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    ).stdout
    assert "scoring.apps" in out.split()
