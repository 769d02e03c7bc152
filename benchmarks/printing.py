"""How long hand-record cards (牌型卡) for 100 boards and QR guide cards (牌桌指引卡)
for a 30-table Mitchell take to render.

    python benchmarks/printing.py [--boards N] [--tables T] [--lang en]

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
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "duidiao.settings")

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=100)
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--lang", default="zh-hans")
    args = parser.parse_args()
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
    guides = guide_cards(args.tables)
    codes = sum(len(c.rounds) for c in guides.cards)
    qr_modules.cache_clear()
    start, cpu = time.perf_counter(), time.process_time()
    _name, _mime, content = render_guide_cards(guides, args.lang)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(
        f"guide cards, {args.tables}-table Mitchell: {seconds:.2f} s "
        f"({cpu:.2f} s of CPU; {codes} QR codes, {len(guides.cards)} cards, "
        f"{len(content) / 1024:.0f} KiB)"
    )


if __name__ == "__main__":
    main()
