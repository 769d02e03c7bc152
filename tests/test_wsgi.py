"""A server process loads the whole application before its first request
(``duidiao/wsgi.py``): a gunicorn worker, started again every ``max_requests``, made its
first visitor wait half a second for the URL patterns' imports."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_loading_the_wsgi_application_imports_every_view_and_both_catalogues():
    # A process of its own: this one imported the URL patterns long ago.
    probe = (
        "import sys, duidiao.wsgi\n"
        "from django.utils.translation import trans_real\n"
        "print(sorted(m for m in ('duidiao.urls', 'printing.views', 'api.urls') "
        "if m in sys.modules), sorted(trans_real._translations))"
    )
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    loaded = "['api.urls', 'duidiao.urls', 'printing.views'] ['en', 'zh-hans']"
    assert out.stdout.splitlines()[0] == loaded
