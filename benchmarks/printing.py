"""How long hand-record cards (牌型卡) for 100 boards and QR guide cards (牌桌指引卡)
for a 30-table Mitchell take to render; with ``--event``, a whole 60-table event's papers.

    python benchmarks/printing.py [--boards N] [--tables T] [--lang en] [--repeats R]
    python benchmarks/printing.py --event [--tables 60] [--repeats R]

The guide cards are timed at T and 2T tables and their cost a card printed for each:
the cost a card should not grow with the field (issue 27: 0.85 ms a card at 30 tables,
1.9 ms at 60 before). ``--event`` builds a T-table Mitchell (default 60: 120 pairs, 59
rounds) through the services in a throw-away SQLite database, enters and scores every
result (as ``benchmarks.pages`` does), and renders every paper and spreadsheet the
printing page offers, printing each kind's time and the total. Aim (issue 27): the
whole set ≤ 20 s. Min and median of ``--repeats`` runs, and the least CPU time of this
process: on a shared machine the minimum says more, the CPU time most.

Measured on 2 cores shared with other sessions' work (load 3–7), ``--event
--repeats 3`` four times: the whole set 19.3–27.7 s (median 20.9–30.0 s), 16.5–18.5 s
of CPU; before issue 27's work (twice) 30.6–44.6 s (median 33.0–49.6 s), 25.9–29.3 s
of CPU. Per kind, least CPU before → after: board handouts 3.7 → 1.9 s, traveller
records 3.5 → 2.2, score cards 3.5 → 2.0, travellers 2.8 → 1.3, event file 3.0 → 1.5,
scorecard set (xlsx) 3.1 → 2.2, travellers (xlsx) 2.5 → 2.0, guide cards 1.4 → 1.1
(with every code cached after the first run; the first run's encoding was 3–4 s, now
0.3 s); each kind's best over the runs, summed: 28.8 → 18.1 s, 25.9 → 15.6 s of CPU. The
spreadsheets are now the largest part (openpyxl writes each cell). Guide cards alone:
0.7 ms a card printed at 30 and at 60 tables (0.85 and 1.2 ms before).

Deals come from ``boards.services.deal_from_seed`` (seeds 1…N), each sorted with the
trumps apart for its set's start level and trump hearts, with the hand statistics, as
``printing.selectors.hand_records_data`` builds them. The guide cards follow
``core.formats.mitchell``'s movement for T tables, each round's line with its own
entry code and QR code (T × rounds codes, none alike). Only the rendering is timed,
the font registered beforehand and the QR cache emptied. Aims: ≤ 5 s for 100 boards
(issue 8), ≤ 5 s for the guide cards of 30 tables (issue 16).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "duidiao.settings")

if "--event" in sys.argv:  # a throw-away database of its own, before Django starts
    from benchmarks.scoring import setup

    setup(None)

import django  # noqa: E402

django.setup()

from boards.services import deal_from_seed  # noqa: E402
from core.formats.mitchell import mitchell, set_start_level  # noqa: E402
from core.handstats import deal_statistics, sort_hand  # noqa: E402
from printing.data import (  # noqa: E402
    EntrantRef,
    EventInfo,
    GuideCard,
    GuideCardsData,
    GuideRound,
    HandRecord,
    HandRecordsData,
    group_hand,
)
from printing.fonts import cjk_font  # noqa: E402
from printing.layout import qr_modules  # noqa: E402
from printing.renderers import render_guide_cards, render_hand_records  # noqa: E402


def records(count: int) -> HandRecordsData:
    out = []
    for number in range(1, count + 1):
        hands, bottom = deal_from_seed(number)
        level, trump = set_start_level((number - 1) // 4 + 1), "H"
        stats = deal_statistics(hands, bottom, level)
        out.append(
            HandRecord(
                stage="双人双冠军赛",
                board=number,
                level=level,
                trump=trump,
                hands={
                    s: group_hand(sort_hand(c, level, trump), level, trump)
                    for s, c in hands.items()
                },
                bottom=tuple(bottom),
                statistics={k: v.to_dict() for k, v in stats.items()},
                seed=str(number),
            )
        )
    return HandRecordsData(event=EventInfo("赤峰市对调复式赛", "bench"), records=tuple(out))


def guide_cards(tables: int) -> GuideCardsData:
    movement = mitchell(tables, 2)
    where = {
        (r.number, a.ew): a.table for r in movement.rounds for a in r.tables
    }  # (round, E–W pair) → table
    sets = {(r.number, a.board_set): a.table for r in movement.rounds for a in r.tables}
    cards = []
    for table in range(1, tables + 1):
        rounds = []
        for r in movement.rounds:
            a = r.tables[table - 1]
            code = f"{table:02d}{r.number:02d}QZ7K"
            rounds.append(
                GuideRound(
                    round=r.number,
                    ns=EntrantRef(a.ns, players=(f"南{a.ns}甲", f"南{a.ns}乙")),
                    ew=EntrantRef(a.ew, players=(f"东{a.ew}甲", f"东{a.ew}乙")),
                    ew_from=where.get((r.number - 1, a.ew)),
                    boards=a.boards,
                    start_level=a.start_level,
                    boards_next=sets.get((r.number + 1, a.board_set)),
                    ew_next=where.get((r.number + 1, a.ew)),
                    code=code,
                    url=f"https://duidiao.example.org/t/{code}/",
                )
            )
        cards.append(GuideCard(stage="双人双冠军赛", table=table, rounds=tuple(rounds)))
    return GuideCardsData(event=EventInfo("赤峰市对调复式赛", "bench"), cards=tuple(cards))


def timed(run: Callable[[], Any], repeats: int) -> tuple[float, float, Any]:
    """The min and median wall time of ``repeats`` runs, and the last run's result."""
    best, median, _cpu, out = timed_cpu(run, repeats)
    return best, median, out


def timed_cpu(run: Callable[[], Any], repeats: int) -> tuple[float, float, float, Any]:
    """The min and median wall time of ``repeats`` runs, their least CPU time (this
    process's: what the work costs, whatever else the machine runs), and the last
    run's result."""
    times, cpus, out = [], [], None
    for _ in range(repeats):
        start, cpu = time.perf_counter(), time.process_time()
        out = run()
        times.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
    return min(times), statistics.median(times), min(cpus), out


def whole_event(tables: int, repeats: int) -> None:
    """Every paper the printing page offers for a ``tables``-table Mitchell, timed."""
    from django.core.management import call_command
    from django.db import transaction

    from benchmarks.pages import enter_everything
    from boards.services import boards_generate
    from printing.errors import PrintingError
    from printing.services import kinds_offered, render_kind
    from tournament.models import Entrant
    from tournament.services import entrants_add, event_create, stage_create

    call_command("createcachetable", verbosity=0)
    event = event_create(name="大型双人赛", code="bench-papers")
    pairs = entrants_add(
        event=event,
        kind=Entrant.Kind.PAIR,
        entries=[{"players": [f"甲{i}", f"乙{i}"]} for i in range(2 * tables)],
    )
    with transaction.atomic():
        stage = stage_create(event=event, kind="mitchell", entrants=pairs, draw_seed=1)
    boards_generate(stage=stage)
    print(f"{tables} tables, {enter_everything(stage)} results entered and scored", flush=True)
    total_min = total_median = total_cpu = 0.0
    for kind in sorted(kinds_offered(event)):
        try:
            best, median, cpu, out = timed_cpu(
                lambda k=kind: render_kind(event=event, kind=k), repeats
            )
        except PrintingError as error:  # offered, yet nothing to print: say so
            print(f"{kind:20} {error}")
            continue
        total_min, total_median = total_min + best, total_median + median
        total_cpu += cpu
        print(
            f"{kind:20} min {best:6.2f} s  median {median:6.2f} s  CPU {cpu:6.2f} s  "
            f"{len(out[2]) // 1024} KiB"
        )
    print(
        f"whole set: min {total_min:.1f} s, median {total_median:.1f} s, "
        f"CPU {total_cpu:.1f} s (aim ≤ 20 s)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=100)
    parser.add_argument("--tables", type=int, default=None)
    parser.add_argument("--lang", default="zh-hans")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--event", action="store_true", help="a whole event's papers")
    args = parser.parse_args()
    if args.event:
        whole_event(args.tables or 60, args.repeats)
        return
    args.tables = args.tables or 30
    data = records(args.boards)
    font = cjk_font()
    # Wall time and CPU time: on a shared machine the wall time says more of the load.
    start, cpu = time.perf_counter(), time.process_time()
    _name, _mime, content = render_hand_records(data, args.lang)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    embedded = f"embedded {font.path}" if font.embedded else f"built-in {font.name}"
    print(
        f"{args.boards} hand records: {seconds:.2f} s ({cpu:.2f} s of CPU; "
        f"{args.boards / seconds:.0f} boards/s), {len(content) / 1024:.0f} KiB, font {embedded}"
    )
    for tables in (args.tables, 2 * args.tables):
        guides = guide_cards(tables)
        codes = sum(len(c.rounds) for c in guides.cards)

        def render(guides: GuideCardsData = guides) -> bytes:
            qr_modules.cache_clear()  # every run encodes its codes afresh
            return render_guide_cards(guides, args.lang)[2]

        best, median, content = timed(render, args.repeats)
        print(
            f"guide cards, {tables}-table Mitchell: min {best:.2f} s, median {median:.2f} s "
            f"({codes} QR codes: {best / codes * 1000:.2f} ms a card printed at best, "
            f"{median / codes * 1000:.2f} ms median; {len(content) / 1024:.0f} KiB)"
        )


if __name__ == "__main__":
    main()
