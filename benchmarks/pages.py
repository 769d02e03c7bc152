"""Page sizes and server times of a big pairs stage: the director's dashboard, the
stage page, a pair's where-next page and the standings of a Mitchell (issue 15, item
7; issue 23).

    python benchmarks/pages.py [--tables 60] [--repeats 5] [--database-url URL]
        [--empty]

Builds the stage through the services (``--tables`` tables: 120 pairs and 59 rounds at
60) in a throw-away SQLite database (or ``--database-url``, a scratch one), enters every
result (bulk-created and confirmed, as ``benchmarks.scoring`` does: 14,160 at 60 tables;
``--empty``: none) and scores the stage, logs a director in, and fetches each page with
Django's test client (``DEBUG`` off, as deployed): its size, the first fetch (the
process's templates compiled then), and of the ``--repeats`` fetches after it the best
and median wall time, the best and median CPU time of the process, and the SQL
statements of one fetch. The director's standings are not cached: each fetch builds
them; nor is the dashboard. Then each page again ``--repeats`` times, each fetch the
first after a director's correction of one result (its rescore run on commit: a new
standings version). The process's heap is then settled as a gunicorn worker's is
(``duidiao.heap.settle``): what the build left in memory set aside from the garbage
collector, as a fresh worker's heap would be (otherwise a full collection of it, 100 ms
and more on a shared machine, lands in some fetches at random), and the youngest
generation collected as a worker collects it.

Aim (issue 23): the dashboard, the stage page and the director's standings at 60
tables with every result entered, each at most 200 KB and 200 ms.

Also the dashboard's own refresh (``?live=1`` with its ETag, nothing changed: 304).

At 60 tables (14,160 results), SQLite, ``--repeats 9``, on a shared two-core machine
(load 4–5 from others' jobs: wall times are noisy, the CPU time of the process and the
statement counts are the figures to compare), best / median in ms, before (main at
e451fb0) → after (branch pages23), the runs interleaved:

    page             size     wall             CPU              SQL
    dashboard        166 KB   166/192→137/175  122/124→ 96/117  32→30
    dashboard 304    –        11.5/22.5→3.4/8.1 10.9/14.5→3.4/4.1  9→5
    stage            86 KB     76/86 → 87/93    56/60 → 58/64   21→21
    standings        37 KB     26/42 → 25/31    19/29 → 17/20    9→9
    pair N–S 7       104 KB   139/162→126/167   89/107→ 87/110  15→15
  the first fetch after a correction:
    dashboard        166 KB   241/269→133/183  161/190→ 95/135
    stage            86 KB     72/95 → 77/103   59/63 → 56/61
    standings        37 KB     20/26 → 18/21    17/19 → 17/18

Two earlier interleaved pairs of runs gave the dashboard 122/178 and 210/243 ms CPU
before, 91/106 and 93/122 after; a quieter moment, 145/155 before and 83–89/90 after.
Every page is under 200 KB and, by CPU time, well under 200 ms; wall times stay under
it but for the noisiest medians.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.scoring import setup  # noqa: E402


def enter_everything(stage: Any) -> int:
    """Every result of the stage, confirmed (bulk-created, as ``benchmarks.scoring``
    does), then the stage scored: how many."""
    import random

    from benchmarks.scoring import analyze, result_row
    from boards.models import Board, Result
    from scoring.services import rescore_stage
    from tournament.models import SetPlay

    rng = random.Random(2007)
    boards: dict[int, list[Any]] = {}
    for b in Board.objects.filter(stage=stage).order_by("number"):
        boards.setdefault(b.board_set_id, []).append(b)
    plays = SetPlay.objects.filter(board_set__stage=stage).values_list("board_set_id", "table_id")
    rows = [result_row(b, table_id, rng) for set_id, table_id in plays for b in boards[set_id]]
    Result.objects.bulk_create(rows, batch_size=2000)
    analyze()
    rescore_stage(stage.pk)
    return len(rows)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--database-url")
    parser.add_argument("--empty", action="store_true", help="no results entered")
    args = parser.parse_args()
    setup(args.database_url)
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    from boards.services import boards_generate
    from tournament.models import Entrant, EventRole
    from tournament.services import entrants_add, event_create, stage_create

    settings.ALLOWED_HOSTS = ["*"]
    event = event_create(name="大型双人赛", code=f"big-{int(time.time())}")
    pairs = entrants_add(
        event=event,
        kind=Entrant.Kind.PAIR,
        entries=[{"players": [f"甲{i}", f"乙{i}"]} for i in range(2 * args.tables)],
    )
    stage = stage_create(event=event, kind="mitchell", entrants=pairs, draw_seed=1)
    boards_generate(stage=stage)
    if not args.empty:
        entered = enter_everything(stage)
        print(f"{args.tables} tables, {entered} results entered and scored", flush=True)
    user = get_user_model().objects.create_user(f"td-{event.pk}", password="x")
    EventRole.objects.create(event=event, user=user, role="director")
    client = Client()
    client.force_login(user)
    pages = {
        "dashboard": f"/e/{event.code}/director/",
        "stage": f"/e/{event.code}/s/{stage.order}/",
        "stage round 15": f"/e/{event.code}/s/{stage.order}/?round=15",
        "pair N–S 7": f"/e/{event.code}/s/{stage.order}/ns/7/",
        "standings": f"/e/{event.code}/s/{stage.order}/standings/",
    }
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    # What the build left behind (14,000 results' rows, the rescore's objects) is not a
    # server's: set aside, as a fresh worker's heap would be, it no longer makes the
    # collector's full passes (100 ms and more each on a shared machine) land at random
    # in the pages' times. The collector then runs as in a worker (gunicorn.conf.py).
    from duidiao.heap import settle

    settle()
    print(
        f"{'page':16} {'size':>9}  {'first':>8}  {'best':>8}  {'median':>8}  "
        f"{'CPU best':>8}  {'median':>8}  queries"
    )
    for name, url in pages.items():
        times, cpu = [], []
        size, queries = 0, 0
        for _ in range(args.repeats + 1):  # the first fetch apart: templates compiled
            with CaptureQueriesContext(connection) as asked:
                start, started = time.perf_counter(), time.process_time()
                response = client.get(url)
                cpu.append(time.process_time() - started)
                times.append(time.perf_counter() - start)
            assert response.status_code == 200, (url, response.status_code)
            size, queries = len(response.content), len(asked.captured_queries)
        first, times, cpu = times[0], times[1:], cpu[1:]
        print(
            f"{name:16} {size / 1024:6.1f} KB  {first * 1000:5.0f} ms  "
            f"{min(times) * 1000:5.0f} ms  {statistics.median(times) * 1000:5.0f} ms  "
            f"{min(cpu) * 1000:5.0f} ms  {statistics.median(cpu) * 1000:5.0f} ms  {queries:7}",
            flush=True,
        )
    # The dashboard's own refresh every few seconds, nothing changed: answered 304 on
    # its ETag alone.
    url = pages["dashboard"]
    etag = client.get(url, {"live": 1})["ETag"]
    times, cpu = [], []
    for _ in range(args.repeats):
        with CaptureQueriesContext(connection) as asked:
            start, started = time.perf_counter(), time.process_time()
            response = client.get(url, {"live": 1}, HTTP_IF_NONE_MATCH=etag)
            cpu.append(time.process_time() - started)
            times.append(time.perf_counter() - start)
        assert response.status_code == 304, response.status_code
    print(
        f"{'dashboard 304':16} {'':9}  {'':8}  {min(times) * 1000:5.1f} ms  "
        f"{statistics.median(times) * 1000:5.1f} ms  {min(cpu) * 1000:5.1f} ms  "
        f"{statistics.median(cpu) * 1000:5.1f} ms  {len(asked.captured_queries):7}",
        flush=True,
    )
    if args.empty:
        return
    # Each page again, each fetch the first after a director's correction of one result
    # (its rescore run on commit, a new standings version): what a page costs during
    # play, when nothing per version is cached yet.
    from benchmarks.scoring import corrections, director
    from boards.models import Result

    result = Result.objects.filter(board__stage=stage).order_by("pk").first()
    correct = corrections(result, director(), 1)[0]
    print("after a correction each:")
    for name, url in pages.items():
        times, cpu = [], []
        for _ in range(args.repeats):
            correct()
            start, started = time.perf_counter(), time.process_time()
            response = client.get(url)
            cpu.append(time.process_time() - started)
            times.append(time.perf_counter() - start)
            assert response.status_code == 200, (url, response.status_code)
        print(
            f"{name:16} {len(response.content) / 1024:6.1f} KB  {'':8}  "
            f"{min(times) * 1000:5.0f} ms  {statistics.median(times) * 1000:5.0f} ms  "
            f"{min(cpu) * 1000:5.0f} ms  {statistics.median(cpu) * 1000:5.0f} ms",
            flush=True,
        )


if __name__ == "__main__":
    main()
