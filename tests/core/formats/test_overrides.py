"""The pure part of a schedule override: who trades with whom, and what repeats."""

from core.formats.overrides import repeated, swapped


def test_swapped_trades_the_two_and_leaves_the_rest():
    assert [swapped(v, 1, 3) for v in (1, 2, 3, None)] == [3, 2, 1, None]


def test_repeated_names_what_a_pair_would_play_twice_第二十八条():
    plays = [("p1", 1), ("p1", 2), ("p2", 1), ("p1", 1)]
    assert repeated(plays) == [(("p1", 1), 2)]
    # A double round robin lets two teams meet twice, not three times (第二十五条).
    meetings = [frozenset("ab")] * 2
    assert repeated(meetings, limit=2) == []
