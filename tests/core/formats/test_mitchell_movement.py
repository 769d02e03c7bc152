"""The Mitchell movement of the pairs event (双人双冠军赛, 第二十八条)."""

from __future__ import annotations

from collections import Counter

import pytest

from core.formats import FormatError
from core.formats.mitchell import MIN_TABLES, mitchell, set_start_level

TABLE_COUNTS = range(3, 16)


def ew_tables(movement) -> dict[int, list[int]]:
    """E–W pair → the table it sits at in each round."""
    where: dict[int, list[int]] = {}
    for r in movement:
        for t in r.tables:
            where.setdefault(t.ew, []).append(t.table)
    return where


@pytest.mark.parametrize("tables", TABLE_COUNTS)
def test_odd_fields_play_as_many_rounds_as_tables_and_even_ones_one_fewer(tables):
    movement = mitchell(tables)
    assert len(movement) == (tables if tables % 2 else tables - 1)


@pytest.mark.parametrize("tables", TABLE_COUNTS)
def test_every_set_and_every_pair_is_in_play_once_each_round(tables):
    for r in mitchell(tables):
        assert sorted(t.board_set for t in r.tables) == list(range(1, tables + 1))
        assert sorted(t.ns for t in r.tables) == list(range(1, tables + 1))
        assert sorted(t.ew for t in r.tables) == list(range(1, tables + 1))


@pytest.mark.parametrize("tables", TABLE_COUNTS)
def test_north_south_pairs_stay_at_their_table(tables):
    assert all(t.ns == t.table for r in mitchell(tables) for t in r.tables)


@pytest.mark.parametrize("tables", TABLE_COUNTS)
def test_no_east_west_pair_meets_a_north_south_pair_twice(tables):
    meetings = Counter((t.ns, t.ew) for r in mitchell(tables) for t in r.tables)
    assert set(meetings.values()) == {1}


@pytest.mark.parametrize("tables", TABLE_COUNTS)
def test_no_pair_plays_a_board_set_twice(tables):
    movement = mitchell(tables)
    ns = Counter((t.ns, t.board_set) for r in movement for t in r.tables)
    ew = Counter((t.ew, t.board_set) for r in movement for t in r.tables)
    assert set(ns.values()) == {1}
    assert set(ew.values()) == {1}


@pytest.mark.parametrize("tables", TABLE_COUNTS)
def test_east_west_move_up_one_and_skip_one_exactly_after_half_the_rounds_when_even(tables):
    movement = mitchell(tables)
    assert movement.skip_after_round == (tables // 2 if tables % 2 == 0 else None)
    for pair, seats in ew_tables(movement).items():
        moves = [(b - a) % tables for a, b in zip(seats, seats[1:], strict=False)]
        expected = [1] * (len(movement) - 1)
        if tables % 2 == 0:
            expected[tables // 2 - 1] = 2  # the move after round T/2 (跳桌)
        assert moves == expected, pair


@pytest.mark.parametrize("tables", TABLE_COUNTS)
def test_board_sets_move_down_one_table_each_round(tables):
    movement = mitchell(tables)
    for before, after in zip(movement.rounds, movement.rounds[1:], strict=False):
        at = {t.board_set: t.table for t in before.tables}
        for t in after.tables:
            assert t.table == (at[t.board_set] - 2) % tables + 1  # table 1's goes to the last


def test_round_one_puts_set_t_and_pair_t_at_table_t():
    first = mitchell(5).rounds[0]
    assert [(t.table, t.ns, t.ew, t.board_set) for t in first.tables] == [
        (t, t, t, t) for t in range(1, 6)
    ]


def test_sets_start_at_the_levels_of_the_article():
    movement = mitchell(13)
    levels = [t.start_level for t in movement.rounds[0].tables]
    assert levels == ["A", "5", "9", "K", "4", "8", "Q", "3", "7", "J", "2", "6", "10"]


def test_the_start_level_travels_with_its_set():
    for r in mitchell(8):
        for t in r.tables:
            assert t.start_level == set_start_level(t.board_set)


def test_the_start_level_follows_the_set_size():
    assert [set_start_level(s, 3) for s in range(1, 6)] == ["A", "4", "7", "10", "K"]
    assert set_start_level(14) == "A"


@pytest.mark.parametrize("boards_per_round", [1, 2, 3, 4, 6])
def test_set_s_holds_boards_b_times_s_minus_one_plus_one_to_b_times_s(boards_per_round):
    b = boards_per_round
    for r in mitchell(7, b):
        for t in r.tables:
            s = t.board_set
            assert t.boards == tuple(range(b * (s - 1) + 1, b * s + 1))


@pytest.mark.parametrize("tables", TABLE_COUNTS)
def test_every_board_is_played_once_by_each_round_and_t_or_t_minus_one_times_in_all(tables):
    plays = Counter(board for r in mitchell(tables) for t in r.tables for board in t.boards)
    assert sorted(plays) == list(range(1, 4 * tables + 1))
    assert set(plays.values()) == {len(mitchell(tables))}


@pytest.mark.parametrize("tables", [-1, 0, 1, 2])
def test_it_refuses_fewer_than_three_tables_in_both_languages(tables):
    assert MIN_TABLES == 3
    with pytest.raises(ValueError, match="至少需要3张桌.*at least 3 tables"):
        mitchell(tables)


@pytest.mark.parametrize("boards_per_round", [0, -4])
def test_it_refuses_a_round_without_boards(boards_per_round):
    with pytest.raises(FormatError, match="每轮至少打1副牌.*at least 1 board"):
        mitchell(4, boards_per_round)


def test_its_json_is_the_movement_contract():
    data = mitchell(4).to_dict()
    assert data["rounds"][0]["round"] == 1
    assert data["rounds"][0]["tables"][0] == {
        "table": 1,
        "ns": 1,
        "ew": 1,
        "boards": [1, 2, 3, 4],
        "start_level": "A",
    }
    assert data["rounds"][2]["tables"] == [
        {"table": 1, "ns": 1, "ew": 2, "boards": [9, 10, 11, 12], "start_level": "9"},
        {"table": 2, "ns": 2, "ew": 3, "boards": [13, 14, 15, 16], "start_level": "K"},
        {"table": 3, "ns": 3, "ew": 4, "boards": [1, 2, 3, 4], "start_level": "A"},
        {"table": 4, "ns": 4, "ew": 1, "boards": [5, 6, 7, 8], "start_level": "5"},
    ]
