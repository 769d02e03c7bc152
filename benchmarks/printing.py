"""How long hand-record cards (牌型卡) for 100 boards take to render.

    python benchmarks/printing.py [--boards N] [--lang en]

Deals come from ``boards.services.deal_from_seed`` (seeds 1…N), each sorted with the
trumps apart for its set's start level and trump hearts, with the hand statistics, as
``printing.selectors.hand_records_data`` builds them; only the rendering is timed, the
font registered beforehand. Aim (issue 8): ≤ 5 s for 100 boards.
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
from core.formats.mitchell import set_start_level  # noqa: E402
from core.handstats import deal_statistics, sort_hand  # noqa: E402
from printing.data import EventInfo, HandRecord, HandRecordsData, group_hand  # noqa: E402
from printing.fonts import cjk_font  # noqa: E402
from printing.renderers import render_hand_records  # noqa: E402


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=100)
    parser.add_argument("--lang", default="zh-hans")
    args = parser.parse_args()
    data = records(args.boards)
    font = cjk_font()
    start = time.perf_counter()
    _name, _mime, content = render_hand_records(data, args.lang)
    seconds = time.perf_counter() - start
    embedded = f"embedded {font.path}" if font.embedded else f"built-in {font.name}"
    print(
        f"{args.boards} hand records: {seconds:.2f} s "
        f"({args.boards / seconds:.0f} boards/s), {len(content) / 1024:.0f} KiB, font {embedded}"
    )


if __name__ == "__main__":
    main()
