"""How many full-play boards per second one core validates, against a bare replay.

    python benchmarks/engine.py [--boards N] [--seed S]

Boards are random legal games from `core.engine.simulate` (whole deal, burying and
25 tricks). The bare replay reads the same JSON and only moves cards from hands into
tricks, so the ratio is the price of the rules. Aim (issue 2): ≥ 5,000 boards/s and
≤ 10× the bare replay.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.engine import check_board, parse_card  # noqa: E402
from core.engine.simulate import random_board  # noqa: E402


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


def best_rate(fn: Any, boards: list[dict[str, Any]], repeats: int) -> float:
    """Boards per second, the best of `repeats` passes (the least disturbed one)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for b in boards:
            fn(b)
        best = min(best, time.perf_counter() - start)
    return len(boards) / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2007)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    boards = [random_board(rng, board=i + 1) for i in range(args.boards)]
    assert all(check_board(b).valid for b in boards), "the generator made an illegal board"
    tricks = sum(len(b["tricks"]) for b in boards) / len(boards)
    engine = best_rate(check_board, boards, args.repeats)
    bare = best_rate(bare_replay, boards, args.repeats)
    print(f"boards: {len(boards)} random legal full-play boards, {tricks:.1f} tricks each")
    print(f"engine check_board: {engine:,.0f} boards/s on one core")
    print(f"bare replay:        {bare:,.0f} boards/s")
    print(f"ratio engine/bare:  {bare / engine:.1f}x slower (aim: <= 10x)")
    print(f"aim >= 5,000 boards/s: {'met' if engine >= 5000 else 'not met'}")


if __name__ == "__main__":
    main()
