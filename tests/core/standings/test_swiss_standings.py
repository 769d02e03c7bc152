"""The Swiss ranking (瑞士移位), pure: match points 2/1/0 (第二十五条之2), a bye as a
won match, then opponents' match points, net jump levels and board points in turn."""

from __future__ import annotations

from core.standings import MatchBoard, Played, score_team_match, swiss_standings
from tests.core._records import play

from .test_round_robin_standings import match


def ranking(rows) -> list[tuple[str, int, bool]]:
    return [(r.entrant, r.place, r.shared) for r in rows]


def test_match_points_first_and_a_bye_counts_as_a_win():
    """A beat B, C had the bye: A and C both have 2 match points, B none."""
    rows = swiss_standings(["A", "B", "C"], [match("A", "B", "home")], byes={"C": 1}, net_levels={})
    by = {r.entrant: r for r in rows}
    assert by["C"].match_points == 2 and by["C"].won == 1 and by["C"].played == 0
    assert by["B"].match_points == 0 and ranking(rows)[-1][0] == "B"


def test_opponents_match_points_break_a_tie():
    """A and C each won once; A beat B, who then beat D; C beat D, who lost again:
    A's opponent has 2 match points, C's none — A first."""
    matches = [
        match("A", "B", "home"),
        match("C", "D", "home"),
        match("B", "D", "home"),
    ]
    rows = swiss_standings(["C", "A", "B", "D"], matches, byes={}, net_levels={})
    by = {r.entrant: r for r in rows}
    assert (by["A"].opponents_points, by["C"].opponents_points) == (2, 0)
    assert by["A"].place < by["C"].place  # although C is seeded higher


def test_net_jump_levels_then_board_points_then_a_shared_place():
    """Level on match points and opponents' match points: more net jump levels first;
    level on those too: more board points; level on everything: a shared place,
    listed in seed order."""
    matches = [match("A", "B", "home"), match("C", "D", "home")]
    rows = swiss_standings(["C", "A", "B", "D"], matches, byes={}, net_levels={"A": 3, "C": 1})
    assert ranking(rows)[:2] == [("A", 1, False), ("C", 2, False)]
    rows = swiss_standings(["C", "A", "B", "D"], matches, byes={}, net_levels={})
    assert ranking(rows)[:2] == [("C", 1, True), ("A", 1, True)]
    # A wins by two boards (4 board points), C by one (2): A first on board points
    two_boards = score_team_match(
        [MatchBoard(n, Played("o", play(60)), Played("c", play(95))) for n in (1, 2)],
        home="A",
        away="B",
    )
    rows = swiss_standings(
        ["C", "A", "B", "D"], [two_boards, match("C", "D", "home")], byes={}, net_levels={}
    )
    assert ranking(rows)[:2] == [("A", 1, False), ("C", 2, False)]
    assert rows[0].score_for == 4 and rows[1].score_for == 2
