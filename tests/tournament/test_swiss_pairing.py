"""Swiss teams pairing (瑞士移位赛): no rematches, score groups and floats, byes.

Match points are 2/1/0 as in 第二十五条之2; the pairing follows bridge Swiss teams
practice (the nearest team not yet met) under the FIDE Swiss absolute criteria (no
rematch, at most one bye each), see core/formats/swiss.py.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.formats import FormatError
from core.formats.swiss import (
    SwissTeam,
    check_rounds,
    first_round,
    max_rounds,
    pair_round,
    score_groups,
)


def play_swiss(teams: int, rounds: int, rng: random.Random):
    """A whole Swiss with random results; yields (ranked, round) for each round."""
    mp = dict.fromkeys(range(1, teams + 1), 0)
    met: dict[int, set[int]] = {t: set() for t in mp}
    byes: set[int] = set()
    for number in range(1, rounds + 1):
        ranked = sorted(mp, key=lambda t: (-mp[t], t))  # seed breaks ties
        field = [SwissTeam(t, mp[t], frozenset(met[t]), t in byes) for t in ranked]
        r = first_round(ranked) if number == 1 else pair_round(field, number)
        yield field, r, dict(mp), {t: set(o) for t, o in met.items()}, set(byes)
        for p in r.pairs:
            met[p.home].add(p.away)
            met[p.away].add(p.home)
            x = rng.random()
            if x < 0.45:
                mp[p.home] += 2
            elif x < 0.9:
                mp[p.away] += 2
            else:
                mp[p.home] += 1
                mp[p.away] += 1
        if r.bye is not None:
            byes.add(r.bye)
            mp[r.bye] += 2  # a bye counts as a won match


@settings(max_examples=60, deadline=None)
@given(teams=st.integers(min_value=8, max_value=100), seed=st.integers(0, 2**32))
def test_no_rematch_over_nine_rounds_each_team_once_and_one_bye_each(teams, seed):
    """Nine rounds (or as many as the field can always pair) with no two teams meeting
    twice; every team plays or has the bye each round; an odd field's bye goes to the
    lowest-ranked team that has not had one, and nobody has two."""
    rounds = min(9, max_rounds(teams))
    pairs_seen: set[frozenset[int]] = set()
    byes: set[int] = set()
    for field, r, _mp, _met, had in play_swiss(teams, rounds, random.Random(seed)):
        placed = [t for p in r.pairs for t in (p.home, p.away)]
        placed += [r.bye] if r.bye is not None else []
        assert sorted(placed) == list(range(1, teams + 1))
        for p in r.pairs:
            key = frozenset((p.home, p.away))
            assert key not in pairs_seen, f"rematch {key} in round {r.number}"
            pairs_seen.add(key)
        if teams % 2:
            assert r.bye not in byes
            if r.number > 1:
                # nobody without a bye ranks below the team that has it
                below = [t.team for t in field[[t.team for t in field].index(r.bye) + 1 :]]
                assert all(t in had for t in below)
            byes.add(r.bye)
        else:
            assert r.bye is None


@pytest.mark.parametrize("teams", [18, 19, 20, 50, 99, 100])
def test_nine_rounds_fit_any_field_of_eighteen_or_more(teams):
    assert max_rounds(teams) >= 9
    check_rounds(teams, 9)


@pytest.mark.parametrize("teams", range(8, 101))
def test_round_two_winners_meet_winners(teams):
    """Score groups: after a round 1 without draws the winners form one score group and
    the losers another; round 2 pairs inside each group and floats one team only when
    the winners are an odd number (the last winner meets the first loser)."""
    n = teams - teams % 2
    winners = [t for t in range(1, n // 2 + 1)]  # top half won round 1
    first = first_round(list(range(1, teams + 1)))
    met = {t: set() for t in range(1, teams + 1)}
    for p in first.pairs:
        met[p.home].add(p.away)
        met[p.away].add(p.home)
    mp = {t: 2 if t in winners or t == first.bye else 0 for t in met}
    ranked = sorted(met, key=lambda t: (-mp[t], t))
    field = [SwissTeam(t, mp[t], frozenset(met[t]), t == first.bye) for t in ranked]
    groups = score_groups(field)
    assert [len(g) for g in groups] == [len(winners) + (first.bye is not None), n // 2]
    r = pair_round(field, 2)
    floats = [p for p in r.pairs if p.float]
    top = len(groups[0]) - (1 if r.bye in groups[0] else 0)
    assert len(floats) == top % 2
    for p in r.pairs:
        assert (mp[p.home] == mp[p.away]) != p.float


def _reference(field):
    """Every rematch-free pairing, the one whose choices of partner (by rank, top team
    first) come first: a brute-force statement of "the nearest team not met"."""
    met = [t.opponents for t in field]
    found = []

    def every(pool, chosen):
        if not pool:
            found.append(list(chosen))
            return
        top, rest = pool[0], pool[1:]
        for b in rest:
            if field[b].team not in met[top]:
                every([x for x in rest if x != b], [*chosen, b])

    every(list(range(len(field))), [])
    return min(found) if found else None


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), rounds=st.integers(2, 4))
def test_the_nearest_unmet_team_is_chosen_and_floats_only_when_needed(seed, rounds):
    """Eight teams: the round the pairing makes is the first rematch-free pairing in
    the order "top team, nearest team below it that it has not met" — so a team leaves
    its score group only when nobody left in it can meet it."""
    rng = random.Random(seed)
    for field, r, *_ in play_swiss(8, rounds, rng):
        if r.number == 1:
            continue
        position = {t.team: i for i, t in enumerate(field)}
        made = sorted(tuple(sorted((position[p.home], position[p.away]))) for p in r.pairs)
        assert [b for _, b in made] == _reference(field)
        for p in r.pairs:
            assert position[p.home] < position[p.away]  # the higher-ranked team is home


def test_round_one_is_top_half_against_bottom_half_and_the_last_seed_has_the_bye():
    r = first_round([1, 2, 3, 4, 5, 6, 7])
    assert [(p.home, p.away) for p in r.pairs] == [(1, 4), (2, 5), (3, 6)]
    assert r.bye == 7


@pytest.mark.parametrize(("teams", "rounds"), [(3, 1), (8, 5), (9, 5), (20, 11), (20, 0)])
def test_a_swiss_that_could_run_out_of_opponents_is_refused(teams, rounds):
    with pytest.raises(FormatError, match="瑞士移位"):
        check_rounds(teams, rounds)


def test_a_round_that_cannot_be_paired_is_refused_in_both_languages():
    """Four teams that have all met: no pairing without a rematch exists."""
    everyone = frozenset({1, 2, 3, 4})
    field = [SwissTeam(t, 0, everyone - {t}) for t in (1, 2, 3, 4)]
    with pytest.raises(FormatError) as caught:
        pair_round(field, 4)
    assert "无法编排" in caught.value.message_zh and "cannot be paired" in caught.value.message_en
