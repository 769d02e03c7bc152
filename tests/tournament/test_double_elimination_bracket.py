"""Double elimination (双败淘汰赛, 第二十七条之2): out after two losses, one final."""

from __future__ import annotations

import random

import pytest

from core.formats import FormatError
from core.formats.bracket import BracketPart, LoserOf, Seed, WinnerOf
from core.formats.double_elimination import (
    MAX_ENTRANTS,
    double_elimination,
    drop_order,
)

from ._brackets import every_outcome, losses, play_out, who_can_reach

FIELDS = range(2, MAX_ENTRANTS + 1)


def check_two_losses(entrants, state, *, reset):
    """Everyone but the champion is out after exactly two losses; without a bracket
    reset the runner-up may have lost only once (the article's single final)."""
    lost = losses(state)
    assert state.champion is not None
    assert lost[state.champion] <= 1
    assert set(state.eliminated) == set(range(1, entrants + 1)) - {state.champion}
    for seed in range(1, entrants + 1):
        if seed == state.champion:
            continue
        if seed == state.runner_up and not reset:
            assert lost[seed] in (1, 2)
        else:
            assert lost[seed] == 2, seed


@pytest.mark.parametrize("entrants", FIELDS)
def test_the_drawn_bracket_has_only_real_matches(entrants):
    bracket = double_elimination(entrants)
    seeds = [s.seed for m in bracket.matches for s in m.sources if isinstance(s, Seed)]
    assert sorted(seeds) == list(range(1, entrants + 1))
    assert len(bracket.matches) == 2 * entrants - 2  # every match makes one loss
    ids = [m.id for m in bracket.matches]
    assert ids == list(range(1, len(ids) + 1))
    for m in bracket.matches:  # sources always come from earlier matches
        for s in m.sources:
            if isinstance(s, WinnerOf | LoserOf):
                assert s.match < m.id
    assert bracket.matches[-1].side is BracketPart.FINAL


@pytest.mark.parametrize("entrants", FIELDS)
def test_each_winner_and_loser_goes_on_to_exactly_one_match_but_the_finals(entrants):
    bracket = double_elimination(entrants)
    winners = [s.match for m in bracket.matches for s in m.sources if isinstance(s, WinnerOf)]
    losers = [s.match for m in bracket.matches for s in m.sources if isinstance(s, LoserOf)]
    final = bracket.matches[-1].id
    assert sorted(winners) == [m.id for m in bracket.matches if m.id != final]
    assert sorted(losers) == [m.id for m in bracket.matches if m.side is BracketPart.WINNERS]


@pytest.mark.parametrize("reset", [False, True])
@pytest.mark.parametrize("entrants", FIELDS)
@pytest.mark.parametrize("seed", range(4))
def test_every_team_but_the_champion_is_out_after_two_losses(entrants, seed, reset):
    bracket = double_elimination(entrants, bracket_reset=reset)
    state, _ = play_out(bracket, random.Random(seed * 100 + entrants))
    check_two_losses(entrants, state, reset=reset)
    played = len(state.results)
    assert played == 2 * entrants - 2 + (1 if reset and played > 2 * entrants - 2 else 0)


@pytest.mark.parametrize("reset", [False, True])
@pytest.mark.parametrize("entrants", range(2, 7))
def test_every_possible_outcome_of_a_small_field_ends_the_same_way(entrants, reset):
    bracket = double_elimination(entrants, bracket_reset=reset)
    outcomes = 0
    for state, _ in every_outcome(bracket):
        check_two_losses(entrants, state, reset=reset)
        outcomes += 1
    assert outcomes >= 2 ** (2 * entrants - 2)


def test_the_final_is_between_the_two_bracket_winners():
    bracket = double_elimination(8)
    final = bracket.matches[-1]
    assert final.side is BracketPart.FINAL and not final.reset
    winners_final = max(
        (m for m in bracket.matches if m.side is BracketPart.WINNERS), key=lambda m: m.id
    )
    losers_final = max(
        (m for m in bracket.matches if m.side is BracketPart.LOSERS), key=lambda m: m.id
    )
    assert (final.a, final.b) == (WinnerOf(winners_final.id), WinnerOf(losers_final.id))


def test_a_reset_final_is_played_only_when_the_losers_side_wins_the_first():
    bracket = double_elimination(4, bracket_reset=True)
    first, reset = bracket.matches[-2], bracket.matches[-1]
    assert reset.reset and (reset.a, reset.b) == (WinnerOf(first.id), LoserOf(first.id))
    seen = set()
    for state, _ in every_outcome(bracket):
        from_winners = state.occupants[first.id][0]
        if state.results[first.id].winner == from_winners:
            assert reset.id in state.not_needed and reset.id not in state.results
            assert state.champion == from_winners
        else:
            assert reset.id in state.results
            assert state.champion == state.results[reset.id].winner
        seen.add(reset.id in state.results)
    assert seen == {True, False}


def test_two_teams_play_once_and_then_the_final():
    bracket = double_elimination(2)
    assert [(m.side, m.a, m.b) for m in bracket.matches] == [
        (BracketPart.WINNERS, Seed(1), Seed(2)),
        (BracketPart.FINAL, WinnerOf(1), LoserOf(1)),
    ]


def test_eight_teams_drop_into_the_losers_bracket_in_reverse():
    bracket = double_elimination(8)
    by_key = {(m.side, m.round): [] for m in bracket.matches}
    for m in bracket.matches:
        by_key[(m.side, m.round)].append(m)
    winners_two = [m.id for m in by_key[(BracketPart.WINNERS, 2)]]
    drops = [m.b for m in by_key[(BracketPart.LOSERS, 2)]]
    assert drops == [LoserOf(i) for i in reversed(winners_two)]


def test_drop_orders_alternate_reversed_and_halves_swapped():
    assert drop_order(1, 4) == (3, 2, 1, 0)
    assert drop_order(2, 4) == (2, 3, 0, 1)
    assert drop_order(3, 2) == (1, 0)
    assert drop_order(2, 1) == (0,)


@pytest.mark.parametrize(
    ("entrants", "drop_rounds"), [(4, set()), (8, {1}), (16, {1}), (32, {1, 2})]
)
def test_a_dropped_team_cannot_meet_an_old_opponent_where_the_draw_allows_it(entrants, drop_rounds):
    """After j drops a losers' survivor may come from 2^(j−1) parts of the draw, so a
    team dropping from one of m winners' matches can be kept from every team it may
    have played only while m > 2^(j−1): the first drop of 8, 16 and 32, and the second
    of 32. There, no run of results whatever gives a rematch."""
    bracket = double_elimination(entrants)
    reach = who_can_reach(bracket)
    winners_round = {m.id: m.round for m in bracket.matches if m.side is BracketPart.WINNERS}
    checked = set()
    for m in bracket.matches:
        if m.side is BracketPart.LOSERS and m.round > 1 and isinstance(m.b, LoserOf):
            drop_round = winners_round[m.b.match] - 1
            if drop_round in drop_rounds:
                survivors, _ = reach[m.id]
                region = reach[m.b.match][0] | reach[m.b.match][1]
                assert not survivors & region, (m.id, sorted(survivors & region))
                checked.add(drop_round)
    assert checked == drop_rounds


@pytest.mark.parametrize("seed", range(20))
def test_a_played_out_thirty_two_has_no_rematch_in_its_first_two_drop_rounds(seed):
    bracket = double_elimination(32)
    state, _ = play_out(bracket, random.Random(seed))
    met: dict[int, set[int]] = {}
    losers_rounds = {2, 4}
    for m in bracket.matches:
        r = state.results[m.id] if m.id in state.results else None
        if r is None:
            continue
        if m.side is BracketPart.LOSERS and m.round in losers_rounds:
            assert r.b not in met.get(r.a, set())
        met.setdefault(r.a, set()).add(r.b)
        met.setdefault(r.b, set()).add(r.a)


@pytest.mark.parametrize("entrants", [0, 1, MAX_ENTRANTS + 1])
def test_it_refuses_fields_outside_two_to_thirty_two(entrants):
    with pytest.raises(FormatError, match="第|at"):
        double_elimination(entrants)
