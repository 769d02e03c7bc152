"""Readings docs/rules.md marks 【程序读法】 (issue 30), where no other test pins them down.

The others are tested where their rule is: 副级 pairs in tractors (第十三条) in
test_trump_order.py (``第十三条-trump-AA-and-副级-pair``), 浑甩's next rank down (第十九条)
in test_leads.py (``浑甩-level-Q-top-three-A-K-J`` and its neighbours), 轱辘坡 at level A
(第二十四条之3) in tests/core/test_comparison.py.
"""

from __future__ import annotations

import random

from core.engine import Seat, check_board
from core.engine.simulate import random_board


def test_a_joker_the_defenders_lead_to_the_last_trick_and_win_with_is_a_dig():
    """第二十二条 says the last trick is "被防守方用大小王……管上"; a joker *led* by a
    defender beats nobody's card, and is read as a dig all the same (docs/rules.md 6.2):
    大王 → BJ dig, 小王 → LJ dig, whenever the lead wins the trick."""
    seen = set()
    for seed in range(400):
        record = random_board(random.Random(seed))
        last = record["tricks"][-1]
        leader, plays = last["leader"], last["plays"]
        declarers = {record["declarer"], Seat[record["declarer"]].partner.name}
        led = plays[leader]
        if leader in declarers or led not in (["BJ"], ["LJ"]):
            continue
        if led == ["LJ"] and any(plays[s] == ["BJ"] for s in plays if s != leader):
            continue  # a 大王 beat it: the trick is not the leader's
        verdict = check_board(record)
        assert verdict.valid
        assert verdict.dig is not None and verdict.dig.value == led[0], seed
        seen.add(led[0])
        if len(seen) == 2:
            break
    assert seen == {"BJ", "LJ"}  # both jokers were led to a last trick and judged
