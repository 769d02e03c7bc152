"""How many full-play boards per second one core validates, against a bare replay.

    python benchmarks/engine.py [--boards N] [--seed S] [--repeats R]

Boards are random legal games from `core.engine.simulate` (whole deal, burying and
every trick), kept as JSON text. Both sides start from that text: the engine pass runs
`json.loads` and `check_board`, the bare pass runs `json.loads` and only moves the
cards from the hands into the tricks, so the ratio is the price of the rules. The two
passes are interleaved (engine, bare, bare, engine, …) so that a change in the load of
a shared machine falls on both alike; min and median are printed for each. Aim (issue
17): >= 5,000 boards/s and <= 10x the bare replay.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.engine import check_board, parse_card  # noqa: E402
from core.engine.simulate import random_board  # noqa: E402

AIM_RATE = 5000
AIM_RATIO = 10.0


def bare_replay(record: dict[str, Any]) -> int:
    """Read the cards and move every played card out of its hand; no rule is checked."""
    hands = {seat: [parse_card(c) for c in cards] for seat, cards in record["hands"].items()}
    hands[record["declarer"]] += [parse_card(c) for c in record["bottom"]]
    for c in record["buried"]:
        hands[record["declarer"]].remove(parse_card(c))
    for ex in record["exchanges"]:
        hands[ex["seat"]].remove(parse_card(ex["gives"]))
        hands[ex["seat"]].append(parse_card(ex["takes"]))
    moved = 0
    for trick in record["tricks"]:
        for seat, cards in trick["plays"].items():
            for c in cards:
                hands[seat].remove(parse_card(c))
                moved += 1
    return moved


def engine_pass(text: str) -> object:
    return check_board(json.loads(text))


def bare_pass(text: str) -> object:
    return bare_replay(json.loads(text))


CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def timed(fn: Callable[[str], object], texts: list[str], clock: Callable[[], float]) -> float:
    """Boards per second of one pass over all boards."""
    start = clock()
    for text in texts:
        fn(text)
    return len(texts) / (clock() - start)


def measure(texts: list[str], repeats: int, clock: str = "wall") -> dict[str, list[float]]:
    """Rates of `repeats` passes of each, interleaved and alternating which goes first."""
    rates: dict[str, list[float]] = {"engine": [], "bare": []}
    passes = {"engine": engine_pass, "bare": bare_pass}
    for i in range(repeats):
        for name in ("engine", "bare") if i % 2 == 0 else ("bare", "engine"):
            rates[name].append(timed(passes[name], texts, CLOCKS[clock]))
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--boards", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2007)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument(
        "--clock",
        choices=sorted(CLOCKS),
        default="wall",
        help="wall: elapsed time (a quiet machine); cpu: this process's CPU time (a shared one)",
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    texts = [json.dumps(random_board(rng, board=i + 1)) for i in range(args.boards)]
    assert all(engine_pass(t).valid for t in texts), "the generator made an illegal board"  # type: ignore[attr-defined]
    tricks = sum(len(json.loads(t)["tricks"]) for t in texts) / len(texts)
    load_before = os.getloadavg()[0]
    rates = measure(texts, args.repeats, args.clock)
    load_after = os.getloadavg()[0]
    engine, bare = rates["engine"], rates["bare"]
    # The best pass is the least disturbed one: the min of the time, the max of the rate.
    e_best, e_median = max(engine), statistics.median(engine)
    b_best, b_median = max(bare), statistics.median(bare)
    print(f"boards: {len(texts)} random legal full-play boards, {tricks:.1f} tricks each")
    print(f"passes: {args.repeats} of each, interleaved; JSON parsed in both; {args.clock} clock")
    print(f"load average (1 min) before/after: {load_before:.2f} / {load_after:.2f}")
    for name, best, median in (("engine json+check_board", e_best, e_median),
                               ("bare   json+replay     ", b_best, b_median)):  # fmt: skip
        print(
            f"{name}: min {1e6 / best:.0f} us/board ({best:,.0f} boards/s), "
            f"median {1e6 / median:.0f} us/board ({median:,.0f} boards/s)"
        )
    print(
        f"ratio engine/bare: best {b_best / e_best:.1f}x  median {b_median / e_median:.1f}x "
        f"(aim: <= {AIM_RATIO:.0f}x)"
    )
    print(f"aim >= {AIM_RATE:,} boards/s (best pass): {'met' if e_best >= AIM_RATE else 'not met'}")


if __name__ == "__main__":
    main()
