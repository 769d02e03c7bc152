"""Venue figures: phones submitting at the same moment to the server the README starts.

    python benchmarks/venue.py [--runs 3] [--sizes 30,60]

For each size (30 and 60 tables of one Mitchell round), builds a SQLite file once as
``make run`` would (migrate, createcachetable) with the round started, then, for each
run, copies it, starts the server exactly as ``make run`` does (``gunicorn
duidiao.wsgi`` with gunicorn.conf.py: 3 processes × 10 threads; on loopback and a free
port) and has every table's phone open its board and then submit its result at the same
moment. Runs of the sizes are interleaved. Prints, per size: errors (anything but the
redirect to the board's page — a reset, a 500, a 409), the results stored, and the
latency of a submission (p50, p99, max), as the min and median over the runs.

The helpers are the venue test's (``tests/test_sqlite_venue.py``), so the benchmark
measures what the test asserts.
"""

from __future__ import annotations

import argparse
import shutil
import sqlite3
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.test_sqlite_venue import (  # noqa: E402
    build_venue,
    make_run_server,
    open_phones,
    submit_at_once,
)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def one_run(template: Path, tables: list[list], scratch: Path) -> dict[str, float]:
    db = scratch / "run.sqlite3"
    for suffix in ("", "-wal", "-shm"):
        source = Path(f"{template}{suffix}")
        target = Path(f"{db}{suffix}")
        target.unlink(missing_ok=True)
        if source.exists():
            shutil.copy(source, target)
    with make_run_server(db) as base:
        outcomes = submit_at_once(open_phones(base, tables))
    with sqlite3.connect(db) as connection:
        stored = connection.execute("select count(*) from boards_result").fetchone()[0]
    seconds = [took for _, took in outcomes]
    return {
        "errors": sum(1 for status, _ in outcomes if status != 200),
        "stored": stored,
        "p50 ms": percentile(seconds, 0.50) * 1000,
        "p99 ms": percentile(seconds, 0.99) * 1000,
        "max ms": max(seconds) * 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sizes", default="30,60")
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    with tempfile.TemporaryDirectory(prefix="duidiao-venue-") as name:
        scratch = Path(name)
        built = {}
        for size in sizes:
            template = scratch / f"venue-{size}.sqlite3"
            built[size] = (template, build_venue(template, size))
            print(f"built {size} tables", flush=True)
        figures: dict[int, list[dict[str, float]]] = {size: [] for size in sizes}
        for run in range(args.runs):
            for size in sizes:  # interleaved
                figures[size].append(one_run(*built[size], scratch))
                print(f"run {run + 1}, {size} tables: {figures[size][-1]}", flush=True)
    print(
        "\nmake run's server (gunicorn 3 × 10 threads, SQLite, database cache), "
        f"{args.runs} runs each; min / median"
    )
    for size in sizes:
        runs = figures[size]
        line = ", ".join(
            f"{key} {min(r[key] for r in runs):.0f} / {statistics.median(r[key] for r in runs):.0f}"
            for key in ("errors", "stored", "p50 ms", "p99 ms", "max ms")
        )
        print(f"{size} phones at once: {line}")


if __name__ == "__main__":
    main()
