"""benchmarks/engine.py measures what issue 17 asks: JSON parsed on both sides, engine and
bare-replay passes interleaved, min and median of each."""

from __future__ import annotations

import json
import random

from benchmarks.engine import bare_replay, engine_pass, measure
from core.engine.simulate import random_board


def test_both_passes_start_from_json_text_and_are_interleaved():
    texts = [json.dumps(random_board(random.Random(i), board=i + 1)) for i in range(3)]
    assert all(engine_pass(t).valid for t in texts)  # type: ignore[attr-defined]
    assert all(bare_replay(json.loads(t)) == 108 - 8 for t in texts)
    for clock in ("wall", "cpu"):
        rates = measure(texts, repeats=3, clock=clock)
        assert {name: len(r) for name, r in rates.items()} == {"engine": 3, "bare": 3}
        assert all(rate > 0 for r in rates.values() for rate in r)
