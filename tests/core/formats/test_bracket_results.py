"""Entering and correcting results in a bracket (第二十七条): results flow forward, a
corrected result throws out everything that depended on it, and nothing is stored."""

from __future__ import annotations

import random

import pytest

from core.formats import FormatError
from core.formats.bracket import (
    LoserOf,
    Result,
    WinnerOf,
    advance,
    clear_result,
    record_result,
)
from core.formats.double_elimination import double_elimination
from core.formats.knockout import knockout

from ._brackets import play_out

BUILDERS = {
    "knockout": knockout,
    "double": double_elimination,
    "double-reset": lambda n: double_elimination(n, bracket_reset=True),
}


def test_a_result_flows_to_the_winners_and_losers_slots():
    bracket = double_elimination(8)
    update = record_result(bracket, {}, 1, winner=8)
    state = advance(bracket, update.results)
    assert state.results[1] == Result(1, 8, winner=8)
    for m in bracket.matches:
        for slot, source in zip(state.occupants[m.id], m.sources, strict=True):
            if source == WinnerOf(1):
                assert slot == 8
            if source == LoserOf(1):
                assert slot == 1


@pytest.mark.parametrize("kind", BUILDERS)
@pytest.mark.parametrize("entrants", range(2, 33))
def test_results_only_ever_fill_later_slots(kind, entrants):
    bracket = BUILDERS[kind](entrants)
    state, _ = play_out(bracket, random.Random(entrants))
    for m in bracket.matches:
        for slot, source in zip(state.occupants[m.id], m.sources, strict=True):
            if slot is None:
                continue
            if isinstance(source, WinnerOf):
                assert slot == state.results[source.match].winner
            elif isinstance(source, LoserOf):
                assert slot == state.results[source.match].loser


@pytest.mark.parametrize("kind", BUILDERS)
@pytest.mark.parametrize("entrants", [2, 3, 5, 8, 13, 16, 27, 32])
@pytest.mark.parametrize("seed", range(3))
def test_a_corrected_result_resets_every_dependant_and_nothing_else(kind, entrants, seed):
    bracket = BUILDERS[kind](entrants)
    rng = random.Random(seed)
    state, results = play_out(bracket, rng)
    corrected = rng.choice([m.id for m in bracket.matches if m.id in results])
    old = results[corrected]

    update = record_result(bracket, results, corrected, winner=old.loser)

    played_dependants = {i for i in bracket.dependants(corrected) if i in results}
    assert set(update.invalidated) == played_dependants
    assert update.results[corrected] == Result(old.a, old.b, winner=old.loser)
    assert set(update.results) == set(results) - played_dependants
    after = advance(bracket, update.results)
    assert after.invalid == ()
    if played_dependants - set(after.not_needed):  # e.g. a reset final no longer needed
        assert after.champion is None
    for m in bracket.matches:  # the new winner sits where the old one did
        if WinnerOf(corrected) in m.sources and m.id not in after.not_needed:
            assert old.loser in after.occupants[m.id]


def test_a_correction_that_keeps_the_winner_changes_nothing():
    bracket = knockout(8)
    state, results = play_out(bracket, random.Random(1))
    update = record_result(bracket, results, 1, winner=results[1].winner)
    assert update.invalidated == ()
    assert dict(update.results) == results


def test_clearing_a_result_clears_its_dependants_too():
    bracket = knockout(4)
    _, results = play_out(bracket, random.Random(2))
    update = clear_result(bracket, results, 1)
    assert update.invalidated == (3,)  # the final needed match 1's winner
    assert set(update.results) == {2}


def test_stale_results_are_reported_not_counted():
    bracket = knockout(4)  # 1: 1v4, 2: 2v3, 3: final
    results = {1: Result(1, 4, 4), 2: Result(2, 3, 2), 3: Result(1, 2, 1), 99: Result(1, 2, 1)}
    state = advance(bracket, results)
    assert state.invalid == (3, 99)  # 1 lost match 1, so cannot be in the final
    assert state.ready == (3,) and state.occupants[3] == (4, 2)
    assert state.champion is None


def test_a_result_of_the_same_two_teams_the_other_way_round_no_longer_counts():
    """Two teams: after a corrected first match the final's sides are swapped, so the
    final played the other way round (winners' side v losers' side) is thrown out."""
    bracket = double_elimination(2, bracket_reset=True)
    results = {1: Result(1, 2, 1), 2: Result(1, 2, 1)}
    assert advance(bracket, results).champion == 1
    update = record_result(bracket, results, 1, winner=2)
    assert update.invalidated == (2,)
    assert advance(bracket, update.results).occupants[2] == (2, 1)


def test_an_impossible_result_is_refused():
    with pytest.raises(FormatError, match="impossible result"):
        Result(1, 2, winner=3)
    with pytest.raises(FormatError):
        Result(4, 4, winner=4)


def test_a_result_needs_both_teams_of_the_match():
    bracket = knockout(4)
    with pytest.raises(FormatError, match="尚未确定.*no two teams"):
        record_result(bracket, {}, 3, winner=1)
    with pytest.raises(FormatError, match="不在.*not in match"):
        record_result(bracket, {}, 1, winner=2)


def test_advance_is_pure():
    bracket = knockout(6)
    results = {1: Result(4, 5, 4)}
    first = advance(bracket, results)
    assert advance(bracket, results) == first
    assert results == {1: Result(4, 5, 4)}
