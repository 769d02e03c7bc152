"""Team round robin on the FIDE Berger tables (第二十五条)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from core.formats import FormatError
from core.formats.round_robin import berger_rounds


def table(n_teams: int) -> list[str]:
    """A schedule in the handbook's notation: one line per round, home first."""
    return [" ".join(f"{m.home}-{m.away}" for m in r.matches) for r in berger_rounds(n_teams)]


# FIDE Handbook C.05, Annex 1 (Berger tables), as printed.
FIDE_4 = ["1-4 2-3", "4-3 1-2", "2-4 3-1"]
FIDE_6 = ["1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"]
FIDE_8 = [
    "1-8 2-7 3-6 4-5",
    "8-5 6-4 7-3 1-2",
    "2-8 3-1 4-7 5-6",
    "8-6 7-5 1-4 2-3",
    "3-8 4-2 5-1 6-7",
    "8-7 1-6 2-5 3-4",
    "4-8 5-3 6-2 7-1",
]


@pytest.mark.parametrize(("n_teams", "expected"), [(4, FIDE_4), (6, FIDE_6), (8, FIDE_8)])
def test_it_reproduces_the_fide_berger_table(n_teams, expected):
    assert table(n_teams) == expected


def test_it_starts_ten_teams_as_the_fide_table_does():
    assert table(10)[:3] == [
        "1-10 2-9 3-8 4-7 5-6",
        "10-6 7-5 8-4 9-3 1-2",
        "2-10 3-1 4-9 5-8 6-7",
    ]


def test_two_teams_play_one_match():
    schedule = berger_rounds(2)
    assert table(2) == ["1-2"]
    assert schedule.rounds[0].bye is None


@pytest.mark.parametrize("n_teams", range(2, 21))
def test_every_pair_meets_exactly_once(n_teams):
    schedule = berger_rounds(n_teams)
    met = Counter(frozenset((m.home, m.away)) for r in schedule for m in r.matches)
    assert set(met) == {frozenset(p) for p in combinations(range(1, n_teams + 1), 2)}
    assert set(met.values()) == {1}


@pytest.mark.parametrize("n_teams", range(2, 21))
def test_every_team_plays_once_a_round_or_sits_out(n_teams):
    for r in berger_rounds(n_teams):
        playing = [t for m in r.matches for t in (m.home, m.away)]
        sitting = [] if r.bye is None else [r.bye]
        assert sorted(playing + sitting) == list(range(1, n_teams + 1))


@pytest.mark.parametrize("n_teams", range(2, 21))
def test_home_and_away_are_balanced_within_one(n_teams):
    home = Counter(m.home for r in berger_rounds(n_teams) for m in r.matches)
    away = Counter(m.away for r in berger_rounds(n_teams) for m in r.matches)
    for team in range(1, n_teams + 1):
        assert abs(home[team] - away[team]) <= 1


@pytest.mark.parametrize("n_teams", [3, 5, 7, 9, 11])
def test_an_odd_field_gives_each_team_exactly_one_bye(n_teams):
    schedule = berger_rounds(n_teams)
    assert len(schedule) == n_teams
    byes = Counter(r.bye for r in schedule)
    assert byes == Counter(range(1, n_teams + 1))


def test_the_dummy_of_an_odd_field_never_appears_in_a_match():
    for n_teams in (5, 7):
        for r in berger_rounds(n_teams):
            assert all(n_teams + 1 not in (m.home, m.away) for m in r.matches)


def test_five_teams_follow_the_six_team_table_with_six_sitting_out():
    assert table(5) == ["2-5 3-4", "5-3 1-2", "3-1 4-5", "1-4 2-3", "4-2 5-1"]
    assert [r.bye for r in berger_rounds(5)] == [1, 4, 2, 5, 3]


@pytest.mark.parametrize("n_teams", range(2, 13))
def test_a_double_round_robin_replays_the_table_with_home_and_away_swapped(n_teams):
    single = berger_rounds(n_teams)
    double = berger_rounds(n_teams, double=True)
    assert len(double) == 2 * len(single)
    assert [r.number for r in double] == list(range(1, 2 * len(single) + 1))
    for first, second in zip(single.rounds, double.rounds[len(single) :], strict=True):
        assert [(m.away, m.home) for m in second.matches] == [
            (m.home, m.away) for m in first.matches
        ]
        assert second.bye == first.bye
    ordered = Counter((m.home, m.away) for r in double for m in r.matches)
    assert set(ordered.values()) == {1}
    assert len(ordered) == n_teams * (n_teams - 1)


@pytest.mark.parametrize("n_teams", [1, 0, -3])
def test_it_refuses_fewer_than_two_teams_in_both_languages(n_teams):
    with pytest.raises(ValueError) as caught:
        berger_rounds(n_teams)
    assert isinstance(caught.value, FormatError)
    assert "循环赛" in str(caught.value) and "round robin" in str(caught.value)
    assert caught.value.article == "第二十五条"


def test_its_json_is_the_schedule_contract():
    data = berger_rounds(6).to_dict()
    assert data["rounds"][0] == {
        "round": 1,
        "matches": [{"home": 1, "away": 6}, {"home": 2, "away": 5}, {"home": 3, "away": 4}],
        "bye": None,
    }
    assert berger_rounds(5).to_dict()["rounds"][0]["bye"] == 1
