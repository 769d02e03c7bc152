"""Groups for a group round robin (团体分组循环赛, 第二十六条): serpentine seeding by
earlier results, or a draw that anyone can repeat from its recorded seed."""

from __future__ import annotations

import pytest

from core.formats import FormatError
from core.formats.groups import draw_groups, serpentine, serpentine_order


def members(draw) -> dict[str, list]:
    return {g.label: list(g.members) for g in draw.groups}


def test_serpentine_goes_across_and_back():
    assert members(serpentine(range(1, 9), 2)) == {"A": [1, 4, 5, 8], "B": [2, 3, 6, 7]}
    assert members(serpentine(range(1, 13), 3)) == {
        "A": [1, 6, 7, 12],
        "B": [2, 5, 8, 11],
        "C": [3, 4, 9, 10],
    }


def test_serpentine_order_positions():
    assert serpentine_order(8, 4) == (0, 1, 2, 3, 3, 2, 1, 0)
    assert serpentine_order(10, 3) == (0, 1, 2, 2, 1, 0, 0, 1, 2, 2)


def test_serpentine_works_on_team_names_too():
    draw = serpentine(["北京", "上海", "天津", "重庆"], 2)
    assert members(draw) == {"A": ["北京", "重庆"], "B": ["上海", "天津"]}
    assert draw.group_of("天津") == "B"
    assert draw.method == "serpentine" and draw.seed is None


@pytest.mark.parametrize(("count", "groups"), [(c, g) for g in (2, 3, 4) for c in range(2 * g, 30)])
def test_groups_differ_in_size_by_at_most_one_and_share_out_the_seeds(count, groups):
    draw = serpentine(range(1, count + 1), groups)
    sizes = [len(g.members) for g in draw.groups]
    assert max(sizes) - min(sizes) <= 1
    assert sorted(t for g in draw.groups for t in g.members) == list(range(1, count + 1))
    tops = [g.members[0] for g in draw.groups]
    assert tops == list(range(1, groups + 1))  # each group heads with one of the top G


def test_a_draw_is_repeatable_from_its_seed():
    teams = [f"T{i}" for i in range(1, 13)]
    first = draw_groups(teams, 3, seed=20240501)
    assert draw_groups(teams, 3, seed=20240501) == first
    assert first.seed == 20240501 and first.method == "draw"
    assert draw_groups(teams, 3, seed=7) != first


def test_a_recorded_draw_keeps_giving_the_same_groups():
    """Pinned: a stored seed must reproduce the groups it gave when the draw was made."""
    draw = draw_groups(list(range(1, 9)), 2, seed=2024)
    assert members(draw) == {"A": [4, 3, 5, 8], "B": [7, 1, 6, 2]}


def test_seeded_teams_are_placed_before_the_rest_are_drawn():
    teams = list(range(1, 17))
    for seed in range(20):
        draw = draw_groups(teams, 4, seed=seed, seeded=4)
        assert [g.members[0] for g in draw.groups] == [1, 2, 3, 4]
        assert all(len(g.members) == 4 for g in draw.groups)
        assert sorted(t for g in draw.groups for t in g.members) == teams


def test_a_draw_leaves_the_entrants_it_was_given_alone():
    teams = [5, 3, 1, 4, 2, 6]
    draw_groups(teams, 2, seed=1)
    assert teams == [5, 3, 1, 4, 2, 6]


@pytest.mark.parametrize(
    ("count", "groups", "message"),
    [(6, 0, "1到26"), (6, 27, "1 to 26"), (5, 3, "at least 2 each"), (3, 2, "不够")],
)
def test_it_refuses_impossible_groupings(count, groups, message):
    with pytest.raises(FormatError, match=message):
        serpentine(range(count), groups)


def test_it_refuses_an_entrant_listed_twice():
    with pytest.raises(FormatError, match="listed twice"):
        draw_groups([1, 2, 3, 1], 2, seed=0)


def test_it_refuses_more_seeded_teams_than_entrants():
    with pytest.raises(FormatError, match="seeded"):
        draw_groups([1, 2, 3, 4], 2, seed=0, seeded=5)
