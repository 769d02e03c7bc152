"""Venue figures for issue 29: how long after the network returns a round entered offline
is all stored.

    python benchmarks/offline.py [--runs 3] [--sizes 16,60]

For each size (16 and 60 tables of one Mitchell round) builds a SQLite file once as
``make run`` would, and for each run copies it and starts the server ``make run`` starts
(gunicorn, 3 processes × 10 threads, the venue benchmark's helpers). One Chromium
(``/usr/bin/chromium``) holds one context — one phone — per table: each opens its code
while the network is up (its service worker keeps the table's pages), then the contexts
go offline (``set_offline`` and every request aborted, the service worker's too), each
enters its board on the page the worker serves from its copy (the entry waits in the
outbox), and the network comes back. Prints, per size, the seconds from reconnect to
every result stored in the database (min and median over the runs), and the results
stored. Runs of the sizes are interleaved.
"""

from __future__ import annotations

import argparse
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.test_sqlite_venue import build_venue, make_run_server  # noqa: E402
from tests.web._browser import CHROMIUM, CHROMIUM_ARGS, PHONE  # noqa: E402

FILL = """([data]) => {
  const form = document.querySelector("form.table-scorecard");
  for (const [name, value] of Object.entries(data)) {
    const field = form.elements[name];
    if (field) { field.value = value; }
  }
  form.requestSubmit();
}"""
READY = (
    "() => navigator.serviceWorker.controller && "
    "document.getElementById('offline').dataset.cached === '1'"
)
KEPT = "#offline-kept:not([hidden])"


def stored(db: Path) -> int:
    with sqlite3.connect(db, timeout=30) as connection:
        return int(connection.execute("select count(*) from boards_result").fetchone()[0])


def one_run(browser: Any, template: Path, tables: list[list], scratch: Path) -> float:
    """Seconds from reconnect until every table's result is stored."""
    db = scratch / "run.sqlite3"
    for suffix in ("", "-wal", "-shm"):
        source, target = Path(f"{template}{suffix}"), Path(f"{db}{suffix}")
        target.unlink(missing_ok=True)
        if source.exists():
            shutil.copy(source, target)
    with make_run_server(db) as base:
        phones = []
        for code, _number, _trump, _pin in tables:
            context = browser.new_context(viewport=PHONE, locale="zh-CN", base_url=base)
            page = context.new_page()
            page.goto(f"/t/{code}/", wait_until="commit")
            phones.append((context, page))
        for _context, page in phones:
            page.wait_for_function(READY, timeout=120_000)
        for context, _page in phones:
            context.set_offline(True)
            context.route("**/*", lambda route: route.abort())
        for (_context, page), (code, number, trump, pin) in zip(phones, tables, strict=True):
            page.goto(f"/t/{code}/b/{number}/")
            data = {
                "side": "NS",
                "pin": pin,
                "level_ns": "A",
                "level_ew": "A",
                "declarer": "S",
                "trump": trump,
                "defender_points": "40",
                "xiaosa_bj": "0",
                "xiaosa_lj": "0",
            }
            page.evaluate(FILL, [data])
        for _context, page in phones:
            page.wait_for_selector(KEPT)
        assert stored(db) == 0
        started = time.monotonic()
        for context, _page in phones:
            context.unroute("**/*")
            context.set_offline(False)
        while stored(db) < len(tables):
            if time.monotonic() - started > 300:
                raise RuntimeError(f"only {stored(db)} of {len(tables)} stored after 300 s")
            time.sleep(0.05)
        took = time.monotonic() - started
        for context, _page in phones:
            context.close()
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sizes", default="16,60")
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="duidiao-offline-") as name:
        scratch = Path(name)
        built = {}
        for size in sizes:
            template = scratch / f"offline-{size}.sqlite3"
            built[size] = (template, build_venue(template, size))
            print(f"built {size} tables", flush=True)
        figures: dict[int, list[float]] = {size: [] for size in sizes}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                for run in range(args.runs):
                    for size in sizes:
                        template, tables = built[size]
                        took = one_run(browser, template, tables, scratch)
                        figures[size].append(took)
                        print(f"run {run + 1}, {size} tables: {took:.2f} s", flush=True)
            finally:
                browser.close()
    print()
    print("tables  reconnect → all stored, s (min / median)")
    for size in sizes:
        runs = figures[size]
        print(f"{size:>6}  {min(runs):.2f} / {statistics.median(runs):.2f}")


if __name__ == "__main__":
    main()
