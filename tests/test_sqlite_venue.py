"""The embedded default holds a venue: 60 phones submitting at once on SQLite.

The server ``make run`` starts (``gunicorn duidiao.wsgi`` reading gunicorn.conf.py:
3 processes × 10 threads, bound to ``HOST:PORT``; the database cache shared by the
processes) on a SQLite file configured as settings.py configures it; 60 tables of one
Mitchell round each enter a board from their own code at the same moment (issue 25: the
development server reset about half of them). Every submission must be stored (no
reset, no HTTP 500 "database is locked"), and the database must hold 60 results.
Slow but bounded: about a minute, every wait with its timeout.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TABLES = 60

SETUP = """
import json
from boards.models import Board
from boards.services import boards_generate
from tournament.models import Entrant
from tournament.services import entrants_add, event_create, round_start, stage_create, stage_pin

event = event_create(name="并发测试", code="venue")
pairs = entrants_add(
    event=event,
    kind=Entrant.Kind.PAIR,
    entries=[{"players": [f"甲{i}", f"乙{i}"]} for i in range(1, 2 * %(tables)d + 1)],
)
stage = stage_create(
    event=event, kind="mitchell", entrants=pairs, settings={"boards_per_round": 1}, draw_seed=7
)
boards_generate(stage=stage)
round_ = stage.rounds.get(number=1)
round_start(round=round_)
out = []
for table in round_.tables.order_by("number"):
    board = Board.objects.get(board_set=table.set_plays.get().board_set)
    third = board.bottom[-3]
    trump = {"BJ": "H", "LJ": "S"}.get(third, third[0])
    out.append([table.code, board.number, trump, stage_pin(stage, table.ns)])
print("TABLES=" + json.dumps(out))
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def makefile_venue_env() -> dict[str, str]:
    """The settings `make run` gives its server (the Makefile's ``VENUE_ENV``: DEBUG off,
    cookies for plain HTTP), its secret key a test's own."""
    text = (ROOT / "Makefile").read_text("utf-8")
    line = re.search(r"^VENUE_ENV = (.*)$", text, re.MULTILINE)
    assert line is not None, "the Makefile's VENUE_ENV"
    pairs = dict(re.findall(r'(\w+)=("[^"]*"|\S+)', line.group(1)))
    assert set(pairs) == {"DEBUG", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "SECRET_KEY"}
    return {k: v for k, v in pairs.items() if k != "SECRET_KEY"} | {
        "SECRET_KEY": "venue-test-" + "k" * 40
    }


def venue_env(db: Path) -> dict[str, str]:
    """The environment of `make run` on the SQLite file ``db`` (no broker, no Redis)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DATABASE_URL", "CELERY_", "CACHE_URL", "GUNICORN_", "WEB_"))
    }
    env |= makefile_venue_env() | {
        "DATABASE_URL": f"sqlite:///{db}",
        "DJANGO_SETTINGS_MODULE": "duidiao.settings",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "LOG_LEVEL": "WARNING",
    }
    return env


def test_make_run_serves_with_debug_off_and_cookies_for_plain_http():
    """A venue's phones never see Django's debug pages (every address of the site on a
    mistyped one, a traceback with the settings on an error), and log in over the
    venue network's plain HTTP."""
    env = makefile_venue_env()
    assert env["DEBUG"] == "0"
    assert env["SESSION_COOKIE_SECURE"] == env["CSRF_COOKIE_SECURE"] == "0"


def build_venue(db: Path, tables: int) -> list[list]:
    """A migrated SQLite file (with its cache table, as `make migrate`) holding a
    Mitchell whose round 1 has ``tables`` tables; each table's code, board, trump, PIN."""
    # One process for `make migrate`'s two commands and the event: each Django start-up
    # costs a second or two.
    migrate = (
        "from django.core.management import call_command\n"
        "call_command('migrate', interactive=False, verbosity=0)\n"
        "call_command('createcachetable')\n"
    )
    made = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", migrate + SETUP % {"tables": tables}],
        cwd=ROOT,
        env=venue_env(db),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert made.returncode == 0, made.stderr[-4000:]  # what failed, in CI's log too
    return json.loads(made.stdout.split("TABLES=", 1)[1])


@contextmanager
def make_run_server(db: Path) -> Iterator[str]:
    """The server `make run` starts (``gunicorn duidiao.wsgi`` reading gunicorn.conf.py),
    on loopback and a free port; its base URL while it runs."""
    port = free_port()
    gunicorn = Path(sys.executable).with_name("gunicorn")
    server = subprocess.Popen(
        [str(gunicorn), "duidiao.wsgi"],
        cwd=ROOT,
        env=venue_env(db) | {"HOST": "127.0.0.1", "PORT": str(port)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(150):
            try:
                urllib.request.urlopen(base + "/healthz", timeout=2)
                break
            except OSError:
                time.sleep(0.2)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=30)


def _opener() -> urllib.request.OpenerDirector:
    return urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()),
        urllib.request.HTTPRedirectHandler(),
    )


def open_phones(base: str, tables: list[list]) -> list[tuple]:
    """Each phone has opened its board first (cookie and CSRF token), as at the table;
    what it will submit."""
    phones = []
    for code, number, trump, pin in tables:
        opener = _opener()
        url = f"{base}/t/{code}/b/{number}/"
        page = opener.open(url, timeout=60).read().decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        data = {
            "csrfmiddlewaretoken": token,
            "side": "NS",
            "pin": pin,  # N–S's own PIN (h14)
            "level_ns": "A",
            "level_ew": "A",
            "declarer": "S",
            "trump": trump,
            "declared_by": "",
            "defender_points": "40",
            "dig": "",
            "xiaosa_bj": "0",
            "xiaosa_lj": "0",
        }
        phones.append((opener, url, urllib.parse.urlencode(data).encode()))
    return phones


def submit_at_once(phones: list[tuple]) -> list[tuple[int | str, float]]:
    """Every phone submits at the same moment; each one's status (or the error, a
    reset) and seconds taken."""
    outcomes: list[tuple[int | str, float]] = []
    start = threading.Barrier(len(phones))

    def submit(opener, url, body) -> None:
        start.wait()
        began = time.monotonic()
        request = urllib.request.Request(url, data=body, headers={"Referer": url})
        try:
            status: int | str = opener.open(request, timeout=120).status
        except urllib.error.HTTPError as error:
            status = error.code
        except OSError as error:  # a reset, a refused connection
            status = repr(error)
        outcomes.append((status, time.monotonic() - began))

    threads = [threading.Thread(target=submit, args=phone) for phone in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


@pytest.fixture
def venue_server(tmp_path):
    db = tmp_path / "venue.sqlite3"
    tables = build_venue(db, TABLES)
    with make_run_server(db) as base:
        yield base, tables, db


@pytest.mark.slow
def test_sixty_tables_submitting_at_once_on_sqlite_all_succeed(venue_server):
    base, tables, db = venue_server
    assert len(tables) == TABLES
    phones = open_phones(base, tables)

    began = time.monotonic()
    outcomes = submit_at_once(phones)
    took = time.monotonic() - began

    statuses = [status for status, _ in outcomes]
    assert statuses == [200] * TABLES, statuses  # each redirected to its board's page
    with sqlite3.connect(db) as connection:
        stored = connection.execute("select count(*) from boards_result").fetchone()[0]
        mode = connection.execute("pragma journal_mode").fetchone()[0]
    assert stored == TABLES
    assert mode == "wal"
    # A mistyped address: the site's own 404 page, not Django's list of every address.
    with pytest.raises(urllib.error.HTTPError) as missing:
        urllib.request.urlopen(base + "/nonexistent-xyz/", timeout=30)
    page = missing.value.read().decode()
    assert missing.value.code == 404 and "找不到页面" in page and "URLconf" not in page
    print(f"{TABLES} simultaneous submissions on SQLite: {took:.2f} s")
