"""How long scoring takes as events grow: Mitchells of 10 to 120 tables, and a
100-team round robin's round, on PostgreSQL and on SQLite.

    python benchmarks/scoring.py [--tables 10,30,60,120] [--runs 5] [--teams 100]
        [--databases sqlite,postgres://postgres@127.0.0.1:5432/scratch]

For each Mitchell (4-board rounds: 2T pairs, T − 1 rounds, about 4T(T − 1) results) it
reports the min and the median of ``--runs`` runs of:

* **full, from nothing** — ``rescore_stage`` after every derived row of the stage
  (traveller lines, their input digests, standings) was deleted;
* **full, unchanged** — ``rescore_stage`` again, nothing having changed;
* **one result** — end to end, as a director enters it: ``result_enter`` (the first run)
  or ``result_correct`` (the others) with different points each time — the engine
  judges it, it is saved, its rescore runs on commit (Celery eager), a new standings
  version starts. Every run is a real change: the run checks that the version moved and
  that the stored standings differ from before, and fails loudly otherwise;
* **one result → read** — the same correction, then the first reads of the new
  standings by an anonymous reader: the standings API (JSON) and the public standings
  page (HTML), through Django's test client, as the first phone after the change sees
  them (the cache holds the previous version only). The run checks that both answers
  changed, and fails loudly otherwise;
* **one result → API**, **one result → page** — the same, with one face read first
  and timed alone (the latency of a reader of that face; the other face is read
  afterwards, untimed, to check that it changed too). The three are taken in turn;
* **first reads only** — the two reads of the both-faces figure alone (the correction
  excluded).

For the teams, a round robin of ``--teams`` teams (24-board matches: 12 per session,
two sessions, open and closed rooms) with its first round laid and played (50 matches,
2,400 results): the round rescored (its matches and the table) from nothing and unchanged,
and one board end to end (correction → match score → standings → version).

The results are bulk-created straight into the ``Result`` table, not entered through
the engine one by one (that would time the engine, not scoring): each gets random
defender points, scored by the engine's ``score_hand`` for its verdict columns, the way
``boards.services`` stores them.

Each database is measured in its own process (Django is set up once per process), its
heap settled once the event is built as a gunicorn worker's is once loaded
(``duidiao.heap.settle``: what is held set aside from the garbage collector, the
youngest generation collected every 10,000 allocations), with the cache it is deployed
with: SQLite with its own cache table (the embedded default),
PostgreSQL with Redis (``--cache``; a Redis database the run empties first).
Without a URL a throw-away SQLite file is used; a PostgreSQL URL must name an existing
scratch database: the script migrates it and deletes its events at the end.
Aims (issue 18): a full rescore ≤ 1 s at 60 tables; one result ≤ 50 ms at any size; a
team round ≤ 1 s and one board ≤ 50 ms. Issue 23: one result → new standings read
through the API and the public page ≤ 50 ms at any size. Timings are wall-clock: a
busy machine shows. Django runs as deployed, with ``DEBUG`` off (``DEBUG=1`` to measure
a development server).
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: Defender points a correction cycles through: each in another band of the levels they
#: give than its neighbours, the last's and the first's too (0, under 40, under 80, then a
#: level per 40: ``core.engine.outcome``), so every correction changes the board's score
#: and the standings, however many runs are asked.
POINTS = (5, 95, 40, 150, 60, 120, 20, 85, 0, 140, 75, 130)


def setup(database_url: str | None, cache_url: str = "") -> str:
    os.environ.pop("CELERY_BROKER_URL", None)  # tasks run in this process
    os.environ.pop("CACHE_URL", None)  # SQLite: the embedded default, the database's table
    if cache_url and database_url and database_url != "sqlite":
        os.environ["CACHE_URL"] = cache_url  # PostgreSQL as deployed: the cache in Redis
    # As deployed: with DEBUG on, Django records and formats every SQL statement and
    # templates render in debug mode, a sixth of a first read's time that no server pays.
    os.environ.setdefault("DEBUG", "0")
    os.environ.setdefault("SECRET_KEY", "benchmark-only-not-a-secret")
    if database_url and database_url != "sqlite":
        os.environ["DATABASE_URL"] = database_url
    else:
        path = Path(tempfile.mkdtemp()) / "bench.sqlite3"
        os.environ["DATABASE_URL"] = f"sqlite:///{path}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "duidiao.settings")
    import django

    django.setup()
    import logging

    logging.disable(logging.WARNING)  # lines per request and per task would drown the figures
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)
    from django.core.cache import cache
    from django.db import connection

    cache.clear()  # a Redis database of its own: nothing of an earlier run's versions

    return str(connection.vendor)


def fanzhu_trump(board: Any) -> str:
    """翻主: the third card from the bottom names trump (大王 → H, 小王 → S), so the
    scorecard needs no declaration and the engine accepts it against the deal."""
    third = board.bottom[-3]
    return {"BJ": "H", "LJ": "S"}.get(third, third[0])


def result_row(board: Any, table_id: int, rng: random.Random, declarer: Any = None) -> Any:
    """A confirmed result of ``board`` at ``table_id``, its verdict by the engine."""
    from boards.models import Result
    from core.engine import PROFILES, Seat, Side, level_name
    from core.engine.outcome import score_hand

    level = 2 + board.number % 11  # the same levels at every table of a board
    declarer = declarer or rng.choice(list(Seat))
    points = rng.choice(range(0, 165, 5))
    hand = score_hand(
        PROFILES["chifeng-2007"], {Side.NS: level, Side.EW: level}, declarer, points, None
    )
    return Result(
        board=board,
        table_id=table_id,
        level_ns=level_name(level),
        level_ew=level_name(level),
        trump=fanzhu_trump(board),
        declarer=declarer.name,
        defender_points=points,
        rules="chifeng-2007",
        outcome=hand.outcome.value,
        declarer_broken=hand.declarer_broken,
        levels_after_ns=level_name(hand.levels_after[Side.NS]),
        levels_after_ew=level_name(hand.levels_after[Side.EW]),
        jump_levels_ns=hand.jump_levels[Side.NS],
        jump_levels_ew=hand.jump_levels[Side.EW],
        xiaosa_levels=hand.xiaosa_levels,
        next_declarer=hand.next_declarer.name,
        game_won=hand.game_won,
        status=Result.Status.CONFIRMED,
    )


def build_mitchell(tables: int, seed: int) -> tuple[Any, Any, Any]:
    """The event, its Mitchell, its deals and every result but one (returned unsaved)."""
    from boards.models import Board, Result
    from boards.services import boards_generate
    from tournament.models import Entrant, Event, SetPlay, Stage
    from tournament.services import stage_create

    rng = random.Random(seed)
    event = Event.objects.create(
        name="计分基准测试", code=f"bench-{os.getpid()}-{tables}", status=Event.Status.RUNNING
    )
    pairs = Entrant.objects.bulk_create(
        Entrant(event=event, kind=Entrant.Kind.PAIR, number=n, name=f"对{n}")
        for n in range(1, 2 * tables + 1)
    )
    stage = stage_create(
        event=event,
        kind=Stage.Kind.MITCHELL,
        entrants=pairs,
        settings={"boards_per_round": 4},
        draw_seed=seed,
    )
    boards_generate(stage=stage)
    boards: dict[int, list[Any]] = {}
    for b in Board.objects.filter(stage=stage).order_by("number"):
        boards.setdefault(b.board_set_id, []).append(b)
    rows = [
        result_row(board, table_id, rng)
        for set_id, table_id in SetPlay.objects.filter(board_set__stage=stage).values_list(
            "board_set_id", "table_id"
        )
        for board in boards[set_id]
    ]
    held_out = rows.pop()
    Result.objects.bulk_create(rows, batch_size=2000)
    return event, stage, held_out


def build_round_robin(teams: int, seed: int) -> tuple[Any, Any, list[int]]:
    """A round robin of ``teams`` teams with its first round played: the event, the
    stage and the first round's match ids."""
    from boards.models import Board, Result
    from boards.services import boards_generate
    from core.engine import Seat
    from tournament.models import Entrant, Event, Match, SetPlay, Stage
    from tournament.services import stage_create

    rng = random.Random(seed)
    event = Event.objects.create(name="团体计分基准测试", code=f"bench-{os.getpid()}-teams")
    entrants = Entrant.objects.bulk_create(
        Entrant(event=event, kind=Entrant.Kind.TEAM, number=n, name=f"队{n}")
        for n in range(1, teams + 1)
    )
    # Laid out by stage_create, its Berger table cut to the first round: the other 98
    # rounds take minutes to lay and play no part in rescoring round 1.
    from core.formats import round_robin as berger

    def first_round(n_teams: int, double: bool = False) -> Any:
        schedule = berger.berger_rounds(n_teams, double)
        return dataclasses.replace(schedule, rounds=schedule.rounds[:1])

    with mock.patch("tournament.services.stages.berger_rounds", first_round):
        stage = stage_create(
            event=event,
            kind=Stage.Kind.ROUND_ROBIN,
            entrants=entrants,
            settings={"boards_per_session": 12, "sessions": 2},
            draw_seed=seed,
        )
    first = stage.rounds.order_by("number").first()
    boards_generate(stage=stage)
    by_set: dict[int, list[Any]] = {}
    for b in Board.objects.filter(stage=stage, round=first):
        by_set.setdefault(b.board_set_id, []).append(b)
    declarers: dict[int, Any] = {}
    rows = []
    for set_id, table_id in SetPlay.objects.filter(table__round=first).values_list(
        "board_set_id", "table_id"
    ):
        for board in by_set[set_id]:
            declarer = declarers.setdefault(board.pk, rng.choice(list(Seat)))
            rows.append(result_row(board, table_id, rng, declarer))
    Result.objects.bulk_create(rows, batch_size=2000)
    matches = list(Match.objects.filter(round=first).values_list("pk", flat=True))
    return event, stage, matches


#: (wall seconds, CPU seconds of this process) of each run. The CPU time leaves out
#: the database server's share and the time spent waiting for a busy machine.
Times = list[tuple[float, float]]


def runs(fn: Callable[[], Any], count: int, before: Callable[[], Any] | None = None) -> Times:
    times = []
    for _ in range(count):
        if before is not None:
            before()
        times.append(timed(fn))
    return times


def timed(fn: Callable[[], Any]) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - wall, time.process_time() - cpu


def line(name: str, times: Times) -> str:
    walls = [w for w, _c in times]
    cpus = [c for _w, c in times]
    return (
        f"  {name:26} wall min {min(walls) * 1000:7.1f} ms  median "
        f"{statistics.median(walls) * 1000:7.1f} ms | CPU here min {min(cpus) * 1000:7.1f} ms  "
        f"median {statistics.median(cpus) * 1000:7.1f} ms  ({len(times)} runs)"
    )


def standings_of(stage: Any) -> list[tuple[Any, ...]]:
    from scoring.models import Standing

    return list(
        Standing.objects.filter(stage=stage)
        .order_by("entrant_id")
        .values_list("entrant_id", "place", "matchpoints", "total", "match_points", "score_for")
    )


def director() -> Any:
    from django.contrib.auth import get_user_model

    from boards.services import Actor

    user, _ = get_user_model().objects.get_or_create(username=f"bench-{os.getpid()}")
    return Actor.director(user)


def corrections(
    result: Any, actor: Any, count: int, points: tuple[int, ...] = POINTS
) -> list[Callable[[], None]]:
    """``count`` real changes of ``result``: each a correction to other points."""
    from boards.records import Entry
    from boards.services import result_correct

    cycle = itertools.cycle(points)
    current = [result]

    def correct() -> None:
        now = current[0]
        value = next(p for p in cycle if p != now.defender_points)
        entry = Entry(
            levels={"NS": now.level_ns, "EW": now.level_ew},
            declarer=now.declarer,
            trump=now.trump,
            defender_points=value,
        )
        current[0] = result_correct(
            result=now, entry=entry, actor=actor, version=now.version, reason="计分卡抄错"
        )

    return [correct] * count


def end_to_end(stage: Any, steps: list[Callable[[], None]]) -> Times:
    """Time each step (an entry or a correction, end to end) and check that it started
    a new standings version and changed the stored standings."""
    from scoring.cache import standings_version

    times = []
    for step in steps:
        version, rows = standings_version(stage.pk), standings_of(stage)
        times.append(timed(step))
        if standings_version(stage.pk) == version or standings_of(stage) == rows:
            raise SystemExit("a run changed nothing: the benchmark would hide the work")
    return times


#: The faces a reader may look at first after a change: both (the API, then the page,
#: which finds the standings lines the API's build read for this version), or one alone.
FACES = ("api", "page")
READS = {
    "one result → read": FACES,
    "one result → API": ("api",),
    "one result → page": ("page",),
}


def public_reads(stage: Any) -> Callable[[tuple[str, ...]], tuple[dict[str, bytes], float]]:
    """The first reads of a stage's standings by an anonymous reader: the API's JSON
    (``api``) and the public page's HTML (``page``, the CSRF token of its language switch
    cut out), in the order asked; with the wall clock as the last answer came."""
    from django.conf import settings
    from django.test import Client

    settings.ALLOWED_HOSTS = ["*"]
    client = Client()
    code, order = stage.event.code, stage.order
    urls = {
        "api": f"/api/events/{code}/stages/{order}/standings/",
        "page": f"/e/{code}/s/{order}/standings/",
    }

    def read(faces: tuple[str, ...]) -> tuple[dict[str, bytes], float]:
        answers: dict[str, bytes] = {}
        answered = time.perf_counter()
        for face in faces:
            response = client.get(
                urls[face], HTTP_ACCEPT="application/json" if face == "api" else ""
            )
            answered = time.perf_counter()
            if response.status_code != 200:
                raise SystemExit(f"{urls[face]}: HTTP {response.status_code}")
            answers[face] = response.content
        client.cookies.clear()
        if "page" in answers:
            html = answers["page"].split(b'name="csrfmiddlewaretoken"')
            answers["page"] = html[0] + b"".join(part.split(b">", 1)[-1] for part in html[1:])
        return answers, answered

    return read


def read_after(stage: Any, steps: list[Callable[[], None]]) -> dict[str, Times]:
    """Time steps together with the first public reads after each, the three ways of
    ``READS`` taken in turn (interleaved, so a drifting machine shows in all three):
    both faces, the API alone, the page alone (the other face is then read untimed, to
    check it). Every step must move the version and change the stored standings and
    both answers. ``first reads only`` is the reads of the both-faces figure alone."""
    from scoring.cache import standings_version

    read = public_reads(stage)
    figures: dict[str, Times] = {name: [] for name in (*READS, "first reads only")}
    kinds = itertools.cycle(READS.items())
    for step in steps:
        name, faces = next(kinds)
        version, rows, (before, _) = standings_version(stage.pk), standings_of(stage), read(FACES)
        wall, cpu = time.perf_counter(), time.process_time()
        step()
        mid_wall, mid_cpu = time.perf_counter(), time.process_time()
        after, end_wall = read(faces)
        end_cpu = time.process_time()
        figures[name].append((end_wall - wall, end_cpu - cpu))
        if faces == FACES:
            figures["first reads only"].append((end_wall - mid_wall, end_cpu - mid_cpu))
        after.update(read(tuple(f for f in FACES if f not in faces))[0])
        if standings_version(stage.pk) == version or standings_of(stage) == rows:
            raise SystemExit("a run changed nothing: the benchmark would hide the work")
        if any(after[face] == before[face] for face in FACES):
            raise SystemExit("the standings read the same after a change")
    return figures


def analyze() -> None:
    """Vacuum and gather the planner's statistics, as autovacuum does on a live server:
    thousands of rows bulk-created a moment ago would otherwise be planned as the few
    there were, and the dead rows of an earlier run's stage (deleted) read through at
    every plan (a millisecond of planning per query at 10 tables)."""
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")


def wipe(stage: Any) -> None:
    from scoring.models import BoardScore, MatchScore, Standing, TravellerInputs, TravellerScore

    for model in (TravellerScore, TravellerInputs, Standing, BoardScore, MatchScore):
        model.objects.filter(
            **{"stage": stage} if model is not BoardScore else {"match__stage": stage}
        ).delete()


def mitchell(tables: int, count: int) -> dict[str, Times]:

    from boards.models import Result
    from boards.records import Entry
    from boards.services import result_enter
    from duidiao.heap import settle
    from scoring.services import rescore_stage

    start = time.perf_counter()
    event, stage, held_out = build_mitchell(tables, 2007)
    analyze()
    settle()  # as a worker, not as the build left it (57,000 results' rows at 120 tables)
    results = Result.objects.filter(board__stage=stage).count() + 1
    print(
        f"Mitchell, {tables} tables: {stage.rounds.count()} rounds, {stage.boards.count()} "
        f"boards, {results} results (built in {time.perf_counter() - start:.1f} s)",
        flush=True,
    )
    figures: dict[str, Times] = {}
    try:
        figures["full, from nothing"] = runs(
            lambda: rescore_stage(stage.pk), count, lambda: wipe(stage)
        )
        figures["full, unchanged"] = runs(lambda: rescore_stage(stage.pk), count)
        analyze()  # the lines and standings just written, as autovacuum would see them
        actor = director()
        board, table = held_out.board, held_out.table
        entered: list[Any] = []

        def enter() -> None:
            entry = Entry(
                levels={"NS": held_out.level_ns, "EW": held_out.level_ew},
                declarer=held_out.declarer,
                trump=held_out.trump,
                defender_points=held_out.defender_points,
            )
            entered.append(result_enter(board=board, table=table, entry=entry, actor=actor))

        first = end_to_end(stage, [enter])
        steps = corrections(entered[0], actor, (1 + len(READS)) * count - 1)
        figures["one result, end to end"] = first + end_to_end(stage, steps[: count - 1])
        figures.update(read_after(stage, steps[count - 1 :]))
    finally:
        stage.delete()  # the tables hold the pairs (protected) until they go
        event.delete()
    for name, times in figures.items():
        print(line(name, times), flush=True)
    return figures


def round_robin(teams: int, count: int) -> dict[str, Times]:
    from boards.models import Result
    from duidiao.heap import settle
    from scoring.services import rescore_targets

    start = time.perf_counter()
    event, stage, matches = build_round_robin(teams, 2007)
    analyze()
    settle()
    results = Result.objects.filter(board__stage=stage).count()
    print(
        f"round robin, {teams} teams: round 1 of {stage.rounds.count()}, {len(matches)} "
        f"matches, {results} results (built in {time.perf_counter() - start:.1f} s)",
        flush=True,
    )
    figures: dict[str, Times] = {}
    try:

        def round_rescore() -> None:
            rescore_targets(stage.pk, matches=matches)

        figures["round, from nothing"] = runs(round_rescore, count, lambda: wipe(stage))
        figures["round, unchanged"] = runs(round_rescore, count)
        analyze()
        result = Result.objects.filter(board__stage=stage).order_by("pk").first()
        # 光牌 (0 points) and a broken contract (150): the board's comparison, and so the
        # match's score and the table's score for and against, change every time.
        figures["one board, end to end"] = end_to_end(
            stage, corrections(result, director(), count, (0, 150))
        )
    finally:
        stage.delete()
        event.delete()
    for name, times in figures.items():
        print(line(name, times), flush=True)
    return figures


def measure(args: argparse.Namespace, database: str) -> None:
    vendor = setup(database, args.cache)
    from django.conf import settings

    backend = settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1]
    print(f"== {vendor}, cache: {backend}", flush=True)
    for tables in args.tables:
        mitchell(tables, args.runs)
    if args.teams:
        round_robin(args.teams, args.runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tables", default="10,30,60,120")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--teams", type=int, default=100, help="0: no team event")
    parser.add_argument(
        "--databases",
        default=",".join(filter(None, ["sqlite", os.environ.get("DATABASE_URL")])),
        help="comma-separated: sqlite and/or PostgreSQL URLs",
    )
    parser.add_argument(
        "--cache",
        default="redis://127.0.0.1:6379/4",
        help="the cache beside PostgreSQL, as deployed ('' for its cache table); "
        "a Redis database this benchmark may empty",
    )
    parser.add_argument("--one", help=argparse.SUPPRESS)  # one database, in this process
    args = parser.parse_args()
    args.tables = [int(t) for t in args.tables.split(",") if t]
    if args.runs < 5:
        parser.error("at least 5 runs: a min and a median of fewer say little")
    if args.one is not None:
        measure(args, args.one)
        return
    for database in args.databases.split(","):
        command = [sys.executable, __file__, "--one", database, "--runs", str(args.runs)]
        command += ["--cache", args.cache]
        command += ["--tables", ",".join(map(str, args.tables)), "--teams", str(args.teams)]
        subprocess.run(command, check=True)


if __name__ == "__main__":
    main()
