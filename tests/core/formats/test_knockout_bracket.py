"""Single elimination (单淘汰赛, 第二十七条之1): seeding, byes, playing it out."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from core.formats import FormatError
from core.formats.knockout import (
    Seed,
    WinnerOf,
    bracket_size,
    first_round_pairs,
    knockout,
    seeding_order,
)

from ._brackets import every_outcome, losses, play_out

FIELDS = range(2, 33)


def test_the_seeding_order_of_sixteen_is_the_standard_one():
    assert seeding_order(16) == (1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11)


@pytest.mark.parametrize("size", [2, 4, 8, 16, 32, 64])
def test_first_round_opponents_add_up_to_size_plus_one(size):
    order = seeding_order(size)
    assert sorted(order) == list(range(1, size + 1))
    assert all(order[i] + order[i + 1] == size + 1 for i in range(0, size, 2))


@pytest.mark.parametrize("size", [4, 8, 16, 32])
def test_the_top_seeds_can_meet_only_in_the_later_rounds(size):
    """Seeds 1..2^k sit in 2^k different sections of the draw: 1 and 2 in different
    halves, 1–4 in different quarters, and so on, so the best meet last."""
    order = seeding_order(size)
    sections = 2
    while sections <= size:
        width = size // sections
        part = {seed: order.index(seed) // width for seed in range(1, sections + 1)}
        assert len(set(part.values())) == sections
        sections *= 2


@pytest.mark.parametrize("size", [0, 3, 6, 12])
def test_a_bracket_size_must_be_a_power_of_two(size):
    with pytest.raises(ValueError, match="power of two"):
        seeding_order(size)


@pytest.mark.parametrize("entrants", FIELDS)
def test_byes_go_to_the_top_seeds_and_never_meet_each_other(entrants):
    size = bracket_size(entrants)
    assert size // 2 < entrants <= size
    with_bye = set()
    for a, b in first_round_pairs(entrants):
        assert not (a > entrants and b > entrants)
        if b > entrants:
            with_bye.add(a)
        if a > entrants:
            with_bye.add(b)
    assert with_bye == set(range(1, size - entrants + 1))


@pytest.mark.parametrize("entrants", FIELDS)
def test_the_drawn_bracket_has_only_real_matches_with_each_seed_placed_once(entrants):
    bracket = knockout(entrants)
    assert len(bracket.matches) == entrants - 1
    assert [m.id for m in bracket.matches] == list(range(1, entrants))
    seeds = [s.seed for m in bracket.matches for s in m.sources if isinstance(s, Seed)]
    assert sorted(seeds) == list(range(1, entrants + 1))
    fed = Counter(s.match for m in bracket.matches for s in m.sources if isinstance(s, WinnerOf))
    assert all(fed[m.id] == 1 for m in bracket.matches[:-1])
    assert bracket.matches[-1].id not in fed  # the final feeds nothing


@pytest.mark.parametrize("entrants", FIELDS)
@pytest.mark.parametrize("seed", range(5))
def test_every_team_but_the_champion_is_knocked_out_exactly_once(entrants, seed):
    bracket = knockout(entrants)
    state, _ = play_out(bracket, random.Random(seed * 1000 + entrants))
    lost = losses(state)
    assert state.champion is not None and lost[state.champion] == 0
    assert set(lost) == set(range(1, entrants + 1)) - {state.champion}
    assert set(lost.values()) == {1}
    assert set(state.eliminated) == set(lost)
    assert state.runner_up == state.results[bracket.matches[-1].id].loser


@pytest.mark.parametrize("entrants", range(2, 9))
def test_every_possible_outcome_of_a_small_field_has_one_champion(entrants):
    bracket = knockout(entrants)
    champions = Counter()
    for state, _ in every_outcome(bracket):
        lost = losses(state)
        assert set(lost.values()) == {1}
        assert len(lost) == entrants - 1
        champions[state.champion] += 1
    assert set(champions) == set(range(1, entrants + 1))  # anyone can win


def test_eight_teams_play_the_standard_draw():
    bracket = knockout(8)
    lines = [(m.a, m.b) for m in bracket.matches[:4]]
    assert lines == [
        (Seed(1), Seed(8)),
        (Seed(4), Seed(5)),
        (Seed(2), Seed(7)),
        (Seed(3), Seed(6)),
    ]
    assert [(m.a, m.b) for m in bracket.matches[4:]] == [
        (WinnerOf(1), WinnerOf(2)),
        (WinnerOf(3), WinnerOf(4)),
        (WinnerOf(5), WinnerOf(6)),
    ]


def test_a_seed_with_a_bye_waits_in_the_second_round():
    bracket = knockout(6)  # seeds 1 and 2 have byes
    first = [m for m in bracket.matches if m.round == 1]
    assert [(m.a, m.b) for m in first] == [(Seed(4), Seed(5)), (Seed(3), Seed(6))]
    second = [m for m in bracket.matches if m.round == 2]
    assert [(m.a, m.b) for m in second] == [(Seed(1), WinnerOf(1)), (Seed(2), WinnerOf(2))]


@pytest.mark.parametrize("entrants", [1, 0])
def test_it_refuses_a_field_of_fewer_than_two(entrants):
    with pytest.raises(FormatError, match="至少需要2支队.*at least 2"):
        knockout(entrants)


def test_its_json_names_each_slot_source():
    data = knockout(3).to_dict()
    assert data == {
        "kind": "knockout",
        "entrants": 3,
        "matches": [
            {"id": 1, "side": "winners", "round": 1, "reset": False,
             "slots": [{"seed": 2}, {"seed": 3}]},
            {"id": 2, "side": "winners", "round": 2, "reset": False,
             "slots": [{"seed": 1}, {"winner_of": 1}]},
        ],
    }  # fmt: skip
