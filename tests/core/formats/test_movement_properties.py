"""Property tests of every pairs movement: the Mitchell for any number of pairs from 5,
shortened, split into sections, and the Howell for 4–10 pairs (第二十八条).

What a director relies on when printing the movement: every pair at most once a round;
at most one empty seat (轮空) a round; nobody meets a pair twice; nobody plays a set
twice; within a section every board is played equally often.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.formats import FormatError
from core.formats.howell import howell
from core.formats.mitchell import mitchell_for_pairs, sections
from core.formats.movement import Balance, Movement


def check_movement(movement: Movement, pairs: int, *, two_directions: bool) -> None:
    """The invariants every movement keeps. Pair keys are (direction, number) in a
    Mitchell (N–S 1 and E–W 1 are different pairs) and plain numbers in a Howell."""

    def key(direction: str, number: int | None):
        return (direction, number) if two_directions else number

    met: Counter = Counter()
    set_plays: Counter = Counter()
    seen_pairs: set = set()
    for r in movement:
        in_round: list = []
        empty = 0
        for t in r.tables:
            if t.ns is None or t.ew is None:
                empty += 1
                continue
            ns, ew = key("NS", t.ns), key("EW", t.ew)
            in_round += [ns, ew]
            met[frozenset((ns, ew))] += 1
            set_plays[ns, t.board_set] += 1
            set_plays[ew, t.board_set] += 1
        # every pair at most once a round
        assert len(in_round) == len(set(in_round)), r.number
        # one sit-out a round at most, and exactly one with an odd field
        assert empty == pairs % 2, r.number
        assert len(in_round) == pairs - pairs % 2
        seen_pairs.update(in_round)
    assert len(seen_pairs) == pairs or len(movement) < movement.full_rounds
    # nobody meets twice, nobody plays a set twice
    assert set(met.values()) <= {1}
    assert set(set_plays.values()) <= {1}


def board_plays(movement: Movement) -> Counter:
    plays: Counter = Counter()
    for r in movement:
        for t in r.tables:
            if t.ns is not None and t.ew is not None:
                for b in t.boards:
                    plays[b] += 1
    return plays


@settings(max_examples=60, deadline=None)
@given(pairs=st.integers(5, 90), boards=st.integers(1, 5), data=st.data())
def test_mitchell_for_any_number_of_pairs_keeps_every_invariant(pairs, boards, data):
    full = mitchell_for_pairs(pairs, boards)
    rounds = data.draw(st.integers(1, full.full_rounds), label="rounds")
    movement = mitchell_for_pairs(pairs, boards, rounds=rounds)
    assert len(movement) == rounds
    check_movement(movement, pairs, two_directions=True)
    assert_played_equally(movement, pairs)


def assert_played_equally(movement: Movement, pairs: int) -> None:
    """Every board equally often where arithmetic allows it, else within one play.

    An even field puts a set on every table every round: R plays each. An odd field
    leaves one set idle a round, R(T − 1) plays over T sets, level only when T divides
    R(T − 1) — the full movement of an odd number of tables, where each set misses
    exactly one round, at the phantom's table. Otherwise (even T with a phantom, or a
    shortened odd field) the sets differ by one play at most; each board's top follows
    its own plays, so percentages still compare like with like.
    """
    plays = board_plays(movement)
    assert set(plays) <= set(range(1, movement.board_count + 1))
    counts = {plays[b] for b in range(1, movement.board_count + 1)}
    tables = movement.table_count
    if pairs % 2 == 0 or (len(movement) * (tables - 1)) % tables == 0:
        assert len(counts) == 1, counts
    else:
        assert max(counts) - min(counts) == 1, counts


@settings(max_examples=30, deadline=None)
@given(pairs=st.integers(5, 90).filter(lambda p: p % 2), boards=st.integers(1, 4))
def test_an_odd_field_sits_out_a_different_pair_each_round(pairs, boards):
    movement = mitchell_for_pairs(pairs, boards)
    out = [t.ns for r in movement for t in r.tables if t.ew is None]
    assert len(out) == len(movement) == len(set(out))
    # The phantom sits E–W and never displaces an E–W pair.
    assert all(t.ns is not None for r in movement for t in r.tables)


@settings(max_examples=60, deadline=None)
@given(pairs=st.integers(10, 200), count=st.integers(1, 8), boards=st.integers(1, 4))
def test_sections_play_the_same_sets_at_the_same_time(pairs, count, boards):
    try:
        split = sections(pairs, count, boards)
    except FormatError:
        tables = -(-pairs // (2 * count))
        assert pairs < count * (2 * tables - 1) or tables < 3
        return
    assert sum(s.pairs for s in split) == pairs
    assert len({s.movement.table_count for s in split}) == 1
    first = split[0].movement
    for section in split:
        check_movement(section.movement, section.pairs, two_directions=True)
        assert_played_equally(section.movement, section.pairs)
        for a, b in zip(first, section.movement, strict=True):
            assert [t.board_set for t in a.tables] == [t.board_set for t in b.tables]
    tables = [t for s in split for t in s.tables]
    assert tables == list(range(1, len(tables) + 1))


@pytest.mark.parametrize("pairs", range(4, 11))
@pytest.mark.parametrize("boards", [1, 2, 3, 4])
def test_howell_meets_every_pair_once_and_plays_every_set_once(pairs, boards):
    movement = howell(pairs, boards)
    check_movement(movement, pairs, two_directions=False)
    met = Counter(frozenset((t.ns, t.ew)) for r in movement for t in r.tables if not t.sit_out)
    real = pairs
    assert len(met) == real * (real - 1) // 2  # every pair meets every pair
    assert set(board_plays(movement).values()) == {pairs // 2}
    # Every pair plays every set once (none with an odd field's sit-out round).
    for pair in range(1, pairs + 1):
        sets = [
            t.board_set
            for r in movement
            for t in r.tables
            if pair in (t.ns, t.ew) and not t.sit_out
        ]
        assert len(sets) == len(set(sets)) == movement.set_count - pairs % 2


def same_way_counts(movement: Movement, pairs: int) -> dict[frozenset[int], int]:
    """Counted here from the seats, apart from the project's own count: two pairs are
    compared on a set when both play it in the same direction (matchpoints are within
    one direction, 第二十八条)."""
    by_set: dict[tuple[int, str], list[int]] = {}
    for r in movement:
        for t in r.tables:
            if not t.sit_out:
                by_set.setdefault((t.board_set, "NS"), []).append(t.ns)
                by_set.setdefault((t.board_set, "EW"), []).append(t.ew)
    counts = {frozenset((a, b)): 0 for a in range(1, pairs + 1) for b in range(a + 1, pairs + 1)}
    for seated in by_set.values():
        for i, a in enumerate(seated):
            for b in seated[i + 1 :]:
                counts[frozenset((a, b))] += 1
    return counts


def best_spread_of_splits(pairs: int, sets: int) -> tuple[int, int]:
    """The narrowest (fewest, most) comparison counts any movement can reach where
    each of ``sets`` sets is played by every pair, half N–S and half E–W: every way
    of choosing the sets' N–S halves, by brute force (6 pairs: 10 halves, 5 sets)."""
    from itertools import combinations, combinations_with_replacement

    field = range(pairs)
    halves = [h for h in combinations(field, pairs // 2) if 0 in h]  # a split, once
    best = None
    for chosen in combinations_with_replacement(halves, sets):
        counts = Counter()
        for half in chosen:
            other = [p for p in field if p not in half]
            for side in (half, other):
                counts.update(frozenset(two) for two in combinations(side, 2))
        values = [counts[frozenset(two)] for two in combinations(field, 2)]
        spread = (min(values), max(values))
        if best is None or spread[1] - spread[0] < best[1] - best[0]:
            best = spread
    assert best is not None
    return best


@pytest.mark.parametrize(
    ("pairs", "lowest", "highest"), [(4, 1, 1), (6, 1, 3), (8, 3, 3), (10, 3, 5)]
)
def test_a_full_howell_is_as_balanced_as_a_howell_can_be(pairs, lowest, highest):
    """Every two pairs compared equally often (the mean: 1, 2, 3, 4) is possible for 4
    and 8 pairs and impossible for 6 and 10 (it would be a Hadamard matrix of order 6
    or 10); the best there is 1–3 and 3–5. The unswitched 5-table skeleton gave 3–7."""
    movement = howell(pairs)
    counts = same_way_counts(movement, pairs)
    assert (min(counts.values()), max(counts.values())) == (lowest, highest)
    mean = sum(counts.values()) / len(counts)
    assert mean == pairs // 2 - 1
    assert movement.balance() == Balance(lowest, highest, mean)
    if pairs == 10:  # as many at 3 as at 5: the mean stays 4
        assert Counter(counts.values()) == {3: 18, 4: 9, 5: 18}
    if pairs == 6:  # the only spread of 1–3 a 6-pair movement can have
        assert Counter(counts.values()) == {1: 5, 2: 5, 3: 5}


def test_six_pairs_cannot_be_compared_more_evenly_than_one_to_three():
    assert best_spread_of_splits(6, 5) == (1, 3)


@settings(max_examples=40, deadline=None)
@given(pairs=st.integers(4, 10), data=st.data())
def test_a_shortened_howell_keeps_the_invariants(pairs, data):
    full = howell(pairs)
    rounds = data.draw(st.integers(1, full.full_rounds))
    check_movement(howell(pairs, rounds=rounds), pairs, two_directions=False)


@pytest.mark.parametrize(
    ("call", "zh"),
    [
        (lambda: mitchell_for_pairs(4), "至少需要5对"),
        (lambda: mitchell_for_pairs(9, rounds=6), "轮数必须在1到5之间"),
        (lambda: mitchell_for_pairs(9, rounds=0), "轮数必须在1到5之间"),
        (lambda: howell(3), "4到10对"),
        (lambda: howell(11), "4到10对"),
        (lambda: sections(61, 2), "可分的区数"),
    ],
)
def test_impossible_movements_are_refused_in_both_languages(call, zh):
    with pytest.raises(FormatError) as caught:
        call()
    assert zh in caught.value.message_zh
    assert caught.value.message_en
