"""Seating the final of the pairs single-champion event (双人单冠军赛, 第二十九条)."""

from __future__ import annotations

import pytest

from core.formats import FormatError
from core.formats.pairs_final import Room, pairs_final

NS = ["N1", "N2", "N3", "N4", "N5"]  # N–S ranking of the Mitchell, best first
EW = ["E1", "E2", "E3", "E4"]


def test_the_open_room_seats_the_north_south_leaders_and_the_closed_room_the_east_west():
    final = pairs_final(NS, EW)
    (group,) = final.groups
    assert (group.open.room, group.open.ns, group.open.ew) == (Room.OPEN, "N1", "N2")
    assert (group.closed.room, group.closed.ns, group.closed.ew) == (Room.CLOSED, "E1", "E2")


def test_boards_one_to_six_start_open_and_seven_to_twelve_closed_then_swap():
    (group,) = pairs_final(NS, EW).groups
    assert group.open.first_half == (1, 2, 3, 4, 5, 6)
    assert group.open.second_half == (7, 8, 9, 10, 11, 12)
    assert group.closed.first_half == (7, 8, 9, 10, 11, 12)
    assert group.closed.second_half == (1, 2, 3, 4, 5, 6)
    assert sorted(group.open.boards) == sorted(group.closed.boards) == list(range(1, 13))


def test_the_firsts_play_for_the_title_and_the_seconds_for_third():
    (group,) = pairs_final(NS, EW).groups
    title, third = group.contests
    assert (title.places, title.seats, title.open_pair, title.closed_pair) == (
        (1, 2),
        "NS",
        "N1",
        "E1",
    )
    assert (third.places, third.seats, third.open_pair, third.closed_pair) == (
        (3, 4),
        "EW",
        "N2",
        "E2",
    )


def test_two_more_tables_decide_fifth_to_eighth_from_the_thirds_and_fourths():
    final = pairs_final(NS, EW, places=8)
    assert len(final.groups) == 2
    second = final.groups[1]
    assert second.places == (5, 8)
    assert (second.open.table, second.open.ns, second.open.ew) == (3, "N3", "N4")
    assert (second.closed.table, second.closed.ns, second.closed.ew) == (4, "E3", "E4")
    assert [c.places for c in second.contests] == [(5, 6), (7, 8)]


def test_more_boards_may_be_announced_before_the_final():
    (group,) = pairs_final(NS, EW, boards=16).groups
    assert group.open.first_half == tuple(range(1, 9))
    assert group.closed.first_half == tuple(range(9, 17))


def test_its_json_lists_tables_and_contests():
    data = pairs_final(NS, EW).to_dict()
    assert data["boards"] == 12
    assert data["groups"][0]["tables"][0] == {
        "table": 1,
        "room": "open",
        "ns": "N1",
        "ew": "N2",
        "boards": list(range(1, 13)),
    }
    assert data["groups"][0]["contests"][0] == {
        "places": [1, 2],
        "seats": "NS",
        "open": "N1",
        "closed": "E1",
    }


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"boards": 11}, "even number"),
        ({"boards": 0}, "偶数"),
        ({"places": 6}, "multiple of 4"),
        ({"places": 12}, "needs 6 pairs"),
    ],
)
def test_it_refuses_a_final_that_cannot_be_seated(kwargs, message):
    with pytest.raises(FormatError, match=message):
        pairs_final(NS, EW, **kwargs)


def test_it_refuses_a_pair_ranked_in_both_directions():
    with pytest.raises(FormatError, match="both directions"):
        pairs_final(["A", "B"], ["B", "C"])
