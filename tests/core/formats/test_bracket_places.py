"""Places beyond the final (第二十七条): a knockout's third-place and placing matches,
and the places of a double elimination from the round each team went out in."""

from __future__ import annotations

import random

import pytest

from core.formats import FormatError
from core.formats.bracket import BracketPart, bracket_places
from core.formats.double_elimination import double_elimination
from core.formats.knockout import knockout

from ._brackets import every_outcome, play_out


@pytest.mark.parametrize("entrants", [4, 5, 8])
def test_a_third_place_match_between_the_losing_semi_finalists(entrants):
    """第二十七条之1 decides 冠军 and 亚军; ``places=4`` adds the third-place match: the
    two semi-final losers meet, the winner is third and the loser fourth, whatever
    the results."""
    bracket = knockout(entrants, places=4)
    (third,) = [m for m in bracket.matches if m.side is BracketPart.PLACING]
    assert third.places == (3, 4)
    depth = max(m.round for m in bracket.matches if m.side is BracketPart.WINNERS)
    semis = [m for m in bracket.matches if m.side is BracketPart.WINNERS and m.round == depth - 1]
    assert {s.match for s in third.sources} == {m.id for m in semis}
    for state, _ in every_outcome(bracket):
        places = bracket_places(bracket, state)
        played = state.results[third.id]
        assert places[state.champion] == (1, False)
        assert places[state.runner_up] == (2, False)
        assert places[played.winner] == (3, False) and places[played.loser] == (4, False)
        assert {p for p, _ in places.values()} >= {1, 2, 3, 4}


@pytest.mark.parametrize("entrants", range(2, 17))
def test_placing_matches_for_every_place_give_each_team_its_own(entrants):
    """Placing matches for every place of the bracket: each team ends with a place of
    its own, 1 to n, none shared (byes fold away the matches nobody plays)."""
    size = 1 << (entrants - 1).bit_length()
    bracket = knockout(entrants, places=max(2, size))
    for seed in range(5):
        state, _ = play_out(bracket, random.Random(seed))
        places = bracket_places(bracket, state)
        assert sorted(p for p, _ in places.values()) == list(range(1, entrants + 1))
        assert not any(shared for _, shared in places.values())


def test_without_placing_matches_the_losers_of_a_round_share_a_place():
    """Eight teams, the final only: the losing semi-finalists share 3rd, the losing
    quarter-finalists 5th."""
    bracket = knockout(8)
    state, _ = play_out(bracket, random.Random(1))
    places = sorted(bracket_places(bracket, state).values())
    assert places == [(1, False), (2, False)] + [(3, True)] * 2 + [(5, True)] * 4


@pytest.mark.parametrize("places", [0, 3, 6, 16])
def test_impossible_placing_is_refused(places):
    with pytest.raises(FormatError, match="决出名次数"):
        knockout(8, places=places)


def test_a_placing_match_comes_after_the_final_and_the_final_still_decides_the_title():
    bracket = knockout(8, places=8)
    final = max(
        (m for m in bracket.matches if m.side is BracketPart.WINNERS), key=lambda m: m.round
    )
    state, _ = play_out(bracket, random.Random(3))
    assert state.champion == state.results[final.id].winner
    assert [m.places for m in bracket.matches if m.side is BracketPart.PLACING] == [
        (3, 4),
        (5, 7),
        (5, 7),
        (5, 6),
        (7, 8),
    ]


@pytest.mark.parametrize(
    ("entrants", "expected"),
    [
        (4, [1, 2, 3, 4]),
        (6, [1, 2, 3, 4, 5, 5]),
        (8, [1, 2, 3, 4, 5, 5, 7, 7]),
        (16, [1, 2, 3, 4, 5, 5, 7, 7] + [9] * 4 + [13] * 4),
    ],
)
def test_double_elimination_places_beyond_the_final(entrants, expected):
    """第二十七条之2 ends with the final's 冠军 and 亚军; the others are placed by the
    losers' round they went out in, later is better: the losers' final's loser is
    third, the round before fourth, then shared places (5–6, 7–8, 9–12, 13–16)."""
    bracket = double_elimination(entrants)
    for seed in range(10):
        state, _ = play_out(bracket, random.Random(seed))
        places = bracket_places(bracket, state)
        assert sorted(p for p, _ in places.values()) == expected
        assert places[state.champion] == (1, False)
        assert places[state.runner_up] == (2, False)
        for team, (place, shared) in places.items():
            assert shared == (expected.count(place) > 1)
            if place > 2:
                # out in a losers' round: two losses
                assert sum(1 for r in state.results.values() if r.loser == team) == 2
