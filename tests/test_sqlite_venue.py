"""The embedded default holds a venue: 30 phones submitting at once on SQLite.

A real server (gunicorn, 3 processes × 10 threads, so 30 requests really run at once)
on a SQLite file configured as settings.py configures it; 30 tables of one Mitchell
round each enter a board from their own code at the same moment. Every submission must
be stored (no HTTP 500 "database is locked"), and the database must hold 30 results.
"""

from __future__ import annotations

import http.cookiejar
import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TABLES = 30

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


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _env(db: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_URL", "CELERY_"))}
    env |= {
        "DATABASE_URL": f"sqlite:///{db}",
        "DJANGO_SETTINGS_MODULE": "duidiao.settings",
        "DEBUG": "1",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
    }
    return env


@pytest.fixture
def venue_server(tmp_path):
    db = tmp_path / "venue.sqlite3"
    env = _env(db)
    python = sys.executable
    subprocess.run(
        [python, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    made = subprocess.run(
        [python, "manage.py", "shell", "-c", SETUP % {"tables": TABLES}],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    import json

    tables = json.loads(made.stdout.split("TABLES=", 1)[1])
    port = _free_port()
    gunicorn = Path(python).with_name("gunicorn")
    server = subprocess.Popen(
        [str(gunicorn), "duidiao.wsgi", "-c", "/dev/null", "-b", f"127.0.0.1:{port}"]
        + ["-w", "3", "--threads", "10", "-k", "gthread", "--timeout", "120"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/healthz", timeout=2)
            break
        except OSError:
            time.sleep(0.2)
    try:
        yield base, tables, db
    finally:
        server.terminate()
        server.wait(timeout=30)


def _opener() -> urllib.request.OpenerDirector:
    return urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()),
        urllib.request.HTTPRedirectHandler(),
    )


def test_thirty_tables_submitting_at_once_on_sqlite_all_succeed(venue_server):
    base, tables, db = venue_server
    assert len(tables) == TABLES
    # Each phone has opened its board first (cookie and CSRF token), as at the table.
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

    statuses: list[int | str] = []
    start = threading.Barrier(TABLES)

    def submit(opener, url, body) -> None:
        start.wait()
        request = urllib.request.Request(url, data=body, headers={"Referer": url})
        try:
            statuses.append(opener.open(request, timeout=120).status)
        except urllib.error.HTTPError as error:
            statuses.append(error.code)
        except OSError as error:  # pragma: no cover - reported below
            statuses.append(repr(error))

    threads = [threading.Thread(target=submit, args=phone) for phone in phones]
    began = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    took = time.monotonic() - began

    assert statuses == [200] * TABLES, statuses  # each redirected to its board's page
    import sqlite3

    with sqlite3.connect(db) as connection:
        stored = connection.execute("select count(*) from boards_result").fetchone()[0]
        mode = connection.execute("pragma journal_mode").fetchone()[0]
    assert stored == TABLES
    assert mode == "wal"
    print(f"{TABLES} simultaneous submissions on SQLite: {took:.2f} s")
