"""How long scoring takes on a big pairs event: a full rescore, and one new result.

    python benchmarks/scoring.py [--tables 60] [--boards-per-round 4] [--repeats 3]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/scratch python benchmarks/scoring.py

Builds a Mitchell of 60 tables and 4-board rounds (120 pairs, 59 rounds, 240 boards,
14,160 results) in the database, then times:

* a full rescore of the stage, first from nothing (every traveller line written) and
  then again with nothing changed (every line read and compared, none written);
* one new result reflected in the standings: the result's board rescored (its 59-line
  traveller) and both rankings summed and rewritten — the task a confirmation queues —
  and the same end to end through ``boards.services.result_enter`` (engine check,
  insert, the signal, the task run eagerly).

The results are bulk-created straight into the ``Result`` table, not entered through
the engine one by one (that would time the engine, 14,160 times over, not scoring):
each gets a random number of defender points, scored by the engine's ``score_hand``
for its verdict columns, the way ``boards.services`` would store it.

Without ``DATABASE_URL`` a throw-away SQLite file is used. With it, the database must
exist and be a scratch one: the script migrates it and deletes its event at the end.
Aim (issue 5): a full rescore ≤ 1 s, one result ≤ 50 ms.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def setup(database_url: str | None) -> str:
    os.environ.pop("CELERY_BROKER_URL", None)  # tasks run in this process
    if database_url:
        os.environ["DATABASE_URL"] = database_url
    else:
        path = Path(tempfile.mkdtemp()) / "bench.sqlite3"
        os.environ["DATABASE_URL"] = f"sqlite:///{path}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "duidiao.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from django.db import connection

    return connection.vendor


def build(tables: int, boards_per_round: int, seed: int) -> Any:
    """The event, its Mitchell, its deals, and every result but one (returned)."""
    from boards.models import Board, Result
    from boards.services import boards_generate
    from core.engine import PROFILES, Seat, Side, level_name
    from core.engine.outcome import score_hand
    from tournament.models import Entrant, Event, SetPlay, Stage
    from tournament.services import stage_create

    rng = random.Random(seed)
    code = f"bench-{os.getpid()}-{seed}"
    event = Event.objects.create(name="计分基准测试", code=code)
    pairs = Entrant.objects.bulk_create(
        Entrant(event=event, kind=Entrant.Kind.PAIR, number=n, name=f"对{n}")
        for n in range(1, 2 * tables + 1)
    )
    stage = stage_create(
        event=event,
        kind=Stage.Kind.MITCHELL,
        entrants=pairs,
        settings={"boards_per_round": boards_per_round},
        draw_seed=seed,
    )
    boards_generate(stage=stage)
    boards: dict[int, list[Board]] = {}
    for b in Board.objects.filter(stage=stage).order_by("number"):
        boards.setdefault(b.board_set_id, []).append(b)
    profile = PROFILES["chifeng-2007"]
    rows = []
    for set_id, table_id in SetPlay.objects.filter(board_set__stage=stage).values_list(
        "board_set_id", "table_id"
    ):
        for board in boards[set_id]:
            level = rng.randint(1, 13)
            declarer = rng.choice(list(Seat))
            points = rng.choice(range(0, 165, 5))
            dig = None
            hand = score_hand(profile, {Side.NS: level, Side.EW: level}, declarer, points, dig)
            rows.append(
                Result(
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
            )
    held_out = rows.pop()
    Result.objects.bulk_create(rows, batch_size=2000)
    return event, stage, held_out


def fanzhu_trump(board: Any) -> str:
    """翻主: the third card from the bottom names trump (大王 → H, 小王 → S), so the
    scorecard needs no declaration and the engine accepts it against the deal."""
    third = board.bottom[-3]
    return {"BJ": "H", "LJ": "S"}.get(third, third[0])


def timed(fn: Any, repeats: int) -> tuple[float, list[float]]:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times), times


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--boards-per-round", type=int, default=4)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2007)
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL"))
    args = parser.parse_args()

    vendor = setup(args.database_url)
    from django.contrib.auth import get_user_model

    from boards.models import Result
    from boards.records import Entry
    from boards.services import Actor, result_correct, result_enter
    from scoring.models import Standing, TravellerScore
    from scoring.services import rescore_result, rescore_stage

    start = time.perf_counter()
    event, stage, held_out = build(args.tables, args.boards_per_round, args.seed)
    results = Result.objects.filter(board__stage=stage).count()
    print(
        f"{vendor}: {args.tables} tables, {args.boards_per_round}-board rounds, "
        f"{stage.rounds.count()} rounds, {stage.boards.count()} boards, {results} results "
        f"(built in {time.perf_counter() - start:.1f} s)"
    )
    try:
        first = time.perf_counter()
        rescore_stage(stage.pk)
        first = time.perf_counter() - first
        lines = TravellerScore.objects.filter(stage=stage).count()
        again, _ = timed(lambda: rescore_stage(stage.pk), args.repeats)
        print(f"full rescore, from nothing ({lines} lines written): {first * 1000:8.1f} ms")
        print(f"full rescore, nothing changed (best of {args.repeats}):   {again * 1000:8.1f} ms")

        held_out.save()
        pair = held_out.table.ns
        one, runs = timed(lambda: rescore_result(held_out.pk), args.repeats)
        standing = Standing.objects.get(stage=stage, entrant=pair)
        print(
            f"one new result → standings (rescore_result, best of {args.repeats}): "
            f"{one * 1000:6.1f} ms (median {statistics.median(runs) * 1000:.1f} ms; "
            f"N–S pair {pair.number} now {standing.total} after {standing.boards} boards)"
        )

        director = get_user_model().objects.create_user(f"bench-{os.getpid()}")
        actor = Actor.director(director)
        entry = Entry(
            levels={"NS": held_out.level_ns, "EW": held_out.level_ew},
            declarer=held_out.declarer,
            trump=held_out.trump,
            defender_points=held_out.defender_points,
        )
        board, table = held_out.board, held_out.table
        held_out.delete()
        start = time.perf_counter()
        entered = result_enter(board=board, table=table, entry=entry, actor=actor)
        end_to_end = time.perf_counter() - start
        corrections = []
        for points in (5, 95, 40):
            entered.refresh_from_db()
            start = time.perf_counter()
            result_correct(
                result=entered,
                entry=Entry(**{**entry.__dict__, "defender_points": points}),
                actor=actor,
                version=entered.version,
            )
            corrections.append(time.perf_counter() - start)
        print(
            f"one result end to end (result_enter by a director, engine + signal + task): "
            f"{end_to_end * 1000:.1f} ms; a correction: {min(corrections) * 1000:.1f} ms"
        )
        print(
            f"aim: full rescore ≤ 1000 ms — {'met' if max(first, again) <= 1 else 'NOT met'}; "
            f"one result ≤ 50 ms — {'met' if one <= 0.05 else 'NOT met'}"
        )
        director.delete()
    finally:
        stage.delete()  # the tables hold the pairs (protected) until they go
        event.delete()


if __name__ == "__main__":
    main()
