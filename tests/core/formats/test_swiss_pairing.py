"""Swiss teams pairing (瑞士移位赛): no rematches, score groups and floats, byes.

Match points are 2/1/0 as in 第二十五条之2. Each round is the cheapest pairing under the
FIDE Swiss absolute criteria (no rematch, at most one bye each): the fewest floats,
then the least score difference, then the bye lowest, then bridge Swiss teams practice
(the nearest team not yet met), see core/formats/swiss.py. The reference below states
that order by brute force over every pairing, independently of the matching.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
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


def can_always_pair(teams: int) -> int:
    """Rounds any history can pair (Dirac's theorem): n/2, or (n+1)/2 − 1 when odd."""
    return teams // 2 if teams % 2 == 0 else (teams + 1) // 2 - 1


@settings(max_examples=25, deadline=None)
@given(teams=st.integers(min_value=8, max_value=40), seed=st.integers(0, 2**32))
def test_no_rematch_each_team_once_and_one_bye_each(teams, seed):
    """As many rounds as any history can pair (nine at most) with no two teams meeting
    twice; every team plays or has the bye each round, and nobody has two byes."""
    rounds = min(9, can_always_pair(teams))
    pairs_seen: set[frozenset[int]] = set()
    byes: set[int] = set()
    for _field, r, _mp, _met, _had in play_swiss(teams, rounds, random.Random(seed)):
        placed = [t for p in r.pairs for t in (p.home, p.away)]
        placed += [r.bye] if r.bye is not None else []
        assert sorted(placed) == list(range(1, teams + 1))
        for p in r.pairs:
            key = frozenset((p.home, p.away))
            assert key not in pairs_seen, f"rematch {key} in round {r.number}"
            pairs_seen.add(key)
        if teams % 2:
            assert r.bye not in byes
            byes.add(r.bye)
        else:
            assert r.bye is None


@pytest.mark.parametrize("teams", [8, 9, 10, 11, 16, 17, 33, 50, 99, 100])
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


def minimal_case(teams=8):
    """Teams 1–4 on 4 match points, 5–8 on 0; 1-2, 2-4, 5-6 and 7-8 have met."""
    met = {1: {2}, 2: {1, 4}, 3: set(), 4: {2}, 5: {6}, 6: {5}, 7: {8}, 8: {7}}
    return [SwissTeam(t, 4 if t <= 4 else 0, frozenset(met[t])) for t in range(1, teams + 1)]


def test_no_team_floats_when_every_score_group_can_pair_inside_itself():
    """The nearest-team search paired 1v3, 2v5, 4v7, 6v8 here: two floats, where
    1v4, 2v3, 5v7, 6v8 has none (the fewest floats come first)."""
    r = pair_round(minimal_case(), 3)
    assert [(p.home, p.away) for p in r.pairs] == [(1, 4), (2, 3), (5, 7), (6, 8)]
    assert not any(p.float for p in r.pairs) and r.bye is None


def test_the_bye_goes_higher_only_to_spare_a_float():
    """Seven teams of the minimal case: with 7 out, 5 and 6 (who have met) would be
    left to float; 6 takes the bye instead, so 5 meets 7 and nobody floats. A bye
    to a team of the lowest score group is no float."""
    r = pair_round(minimal_case(7), 3)
    assert [(p.home, p.away) for p in r.pairs] == [(1, 4), (2, 3), (5, 7)]
    assert r.bye == 6


def _cost(field, pairs, bye):
    """A pairing's standing under the rules, worst last: floats, total score
    difference, how far above the last place the bye goes, the partners in turn
    (from the top down, each team's partner; the bye as a place below the last)."""
    points = [t.match_points for t in field]
    lowest = min(points)
    floats = sum(points[a] != points[b] for a, b in pairs)
    difference = sum(abs(points[a] - points[b]) for a, b in pairs)
    partner = {a: b for a, b in pairs} | {b: a for a, b in pairs}
    if bye is not None:
        floats += points[bye] != lowest
        difference += points[bye] - lowest
        partner[bye] = len(field)
    turns, done = [], set()
    for t in range(len(field)):
        if t not in done:
            turns.append(partner[t])
            done |= {t, partner[t]}
    return floats, difference, 0 if bye is None else len(field) - 1 - bye, turns


def _reference(field):
    """Brute force: every way to pair the field (and give an odd field's bye) without
    a rematch or a second bye, the cheapest by :func:`_cost`; None when there is none."""
    met = [{i for i, u in enumerate(field) if u.team in t.opponents} for t in field]
    found = []

    def every(pool, pairs, bye):
        if not pool:
            found.append((_cost(field, pairs, bye), pairs, bye))
            return
        top, rest = pool[0], pool[1:]
        if len(pool) % 2 and not field[top].had_bye:
            every(rest, pairs, top)
        for b in rest:
            if b not in met[top] and top not in met[b]:
                every([x for x in rest if x != b], [*pairs, (top, b)], bye)

    every(list(range(len(field))), [], None)
    return min(found) if found else None


@st.composite
def fields(draw):
    """Up to ten teams with random match points (ranked, ties in a random order),
    random earlier meetings and, in an odd field, random earlier byes."""
    n = draw(st.integers(2, 10))
    points = draw(st.lists(st.integers(0, 8), min_size=n, max_size=n))
    order = draw(st.permutations(range(n)))
    ranked = sorted(order, key=lambda t: -points[t])
    all_pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    met = draw(st.lists(st.sampled_from(all_pairs), unique=True)) if all_pairs else []
    byes = draw(st.lists(st.booleans(), min_size=n, max_size=n)) if n % 2 else [False] * n
    opponents = {t: {b for a, b in met if a == t} | {a for a, b in met if b == t} for t in range(n)}
    return [SwissTeam(t, points[t], frozenset(opponents[t]), byes[t]) for t in ranked]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(field=fields())
def test_the_pairing_is_the_cheapest_by_brute_force(field):
    """Up to ten teams, any scores, any earlier meetings: the pairing has exactly the
    fewest floats of all pairings without a rematch, and with those the least total
    score difference; the bye goes lowest and each team meets the nearest team the
    rules leave it. When no pairing avoids a rematch, the round is refused."""
    best = _reference(field)
    if best is None:
        with pytest.raises(FormatError):
            pair_round(field, 2)
        return
    r = pair_round(field, 2)
    position = {t.team: i for i, t in enumerate(field)}
    pairs = [(position[p.home], position[p.away]) for p in r.pairs]
    bye = None if r.bye is None else position[r.bye]
    for p in r.pairs:
        assert p.away not in field[position[p.home]].opponents  # no rematch
        assert position[p.home] < position[p.away]  # the higher-ranked team is home
    floats, difference, *_ = _cost(field, pairs, bye)
    assert (floats, difference) == best[0][:2]
    assert (sorted(pairs), bye) == (sorted(best[1]), best[2])
    assert pairs == sorted(pairs)  # table order, the best first


def _matchings(teams, avoid):
    """Every perfect matching of ``teams`` (an even list) avoiding the pairs ``avoid``."""
    if not teams:
        yield []
        return
    top, rest = teams[0], teams[1:]
    for b in rest:
        if frozenset((top, b)) not in avoid:
            for m in _matchings([x for x in rest if x != b], avoid):
                yield [(top, b), *m]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_any_four_rounds_of_eight_leave_a_fifth(seed):
    """Eight teams: whatever four rounds were played (any four pairings without a
    rematch, not only the Swiss's own) and whatever the scores, round 5 pairs —
    every 3-regular graph on 8 vertices has a perfect matching."""
    rng = random.Random(seed)
    met: set[frozenset[int]] = set()
    for _ in range(4):
        choices = list(_matchings(list(range(1, 9)), met))
        met |= {frozenset(p) for p in rng.choice(choices)}
    points = {t: rng.choice([0, 2, 4, 6, 8]) for t in range(1, 9)}
    ranked = sorted(points, key=lambda t: (-points[t], t))
    field = [
        SwissTeam(t, points[t], frozenset(o for p in met if t in p for o in p) - {t})
        for t in ranked
    ]
    r = pair_round(field, 5)
    assert len(r.pairs) == 4 and not {frozenset((p.home, p.away)) for p in r.pairs} & met


@pytest.mark.parametrize("seed", range(12))
def test_eight_teams_play_five_rounds(seed):
    """A Swiss of 8 teams plays 5 rounds, more than the n/2 = 4 the old cap allowed."""
    check_rounds(8, 5)
    rounds = list(play_swiss(8, 5, random.Random(seed)))
    assert len(rounds) == 5


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_eight_teams_play_seven_rounds_unless_no_pairing_is_left(seed):
    """Seven rounds of 8 teams (a whole round robin's worth): each round pairs, or is
    refused only when brute force finds no pairing without a rematch."""
    check_rounds(8, 7)
    rng = random.Random(seed)
    met: set[frozenset[int]] = set()
    for number in range(1, 8):
        ranked = list(range(1, 9))
        rng.shuffle(ranked)  # any ranking
        field = [
            SwissTeam(t, 0, frozenset(o for p in met if t in p for o in p) - {t}) for t in ranked
        ]
        try:
            r = first_round(ranked) if number == 1 else pair_round(field, number)
        except FormatError:
            assert next(_matchings(ranked, met), None) is None
            return
        met |= {frozenset((p.home, p.away)) for p in r.pairs}


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_seven_rounds_of_eight_pair_through(seed):
    rounds = list(play_swiss(8, 7, random.Random(seed)))
    assert [r.number for _f, r, *_ in rounds] == list(range(1, 8))


def test_ten_teams_that_met_across_two_halves_cannot_pair_a_sixth_round():
    """Five rounds in which 1–5 each met 6–10: the teams left to meet are the two
    halves of five, and five cannot pair among themselves. Refused, bilingual."""
    field = [
        SwissTeam(t, 0, frozenset(range(6, 11) if t <= 5 else range(1, 6))) for t in range(1, 11)
    ]
    with pytest.raises(FormatError) as caught:
        pair_round(field, 6)
    assert "第6轮无法编排" in caught.value.message_zh
    assert "round 6 cannot be paired" in caught.value.message_en


@pytest.mark.parametrize(("teams", "most"), [(4, 3), (5, 5), (8, 7), (9, 9), (100, 99)])
def test_a_swiss_takes_up_to_a_round_robins_rounds(teams, most):
    """After n − 1 rounds (n with one bye each, when odd) every team has met every
    other: that many rounds are allowed, one more is not."""
    assert max_rounds(teams) == most
    check_rounds(teams, most)
    with pytest.raises(FormatError, match=f"最多{most}轮"):
        check_rounds(teams, most + 1)


def test_round_one_is_top_half_against_bottom_half_and_the_last_seed_has_the_bye():
    r = first_round([1, 2, 3, 4, 5, 6, 7])
    assert [(p.home, p.away) for p in r.pairs] == [(1, 4), (2, 5), (3, 6)]
    assert r.bye == 7


@pytest.mark.parametrize(("teams", "rounds"), [(3, 1), (8, 8), (9, 10), (20, 20), (20, 0)])
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


def test_an_odd_round_that_cannot_be_paired_names_the_bye_too():
    """Five teams: 1–4 have all met one another and 5 has had its bye (at most one
    each, C.04.1 c): one of 1–4 takes the bye, and of the other three two must meet
    again. Refused, naming both causes in both languages."""
    four = frozenset({1, 2, 3, 4})
    field = [SwissTeam(t, 2, four - {t}) for t in (1, 2, 3, 4)]
    field.append(SwissTeam(5, 2, frozenset(), had_bye=True))
    with pytest.raises(FormatError) as caught:
        pair_round(field, 4)
    assert "重复相遇或一队第二次轮空" in caught.value.message_zh
    assert "or a team take a second bye" in caught.value.message_en
