"""Round-robin and group tables (第二十五、二十六条), pure: match points, head-to-head,
shared places, play-offs, the director's order, the cross-table and qualifiers."""

from __future__ import annotations

from fractions import Fraction

from core.formats.round_robin import berger_rounds
from core.standings import (
    DirectorOrder,
    GroupTable,
    MatchBoard,
    MatchDecision,
    Played,
    ScoredMatch,
    Tie,
    cross_table,
    group_qualifiers,
    group_tables,
    round_robin_standings,
    score_team_match,
)
from tests.core._records import play


def match(home: str, away: str, result: str) -> ScoredMatch[str]:
    """A one-board match: ``result`` "home" (home scores 2), "away" or "draw"."""
    open_play, closed_play = {
        "home": (play(60), play(95)),
        "away": (play(95), play(60)),
        "draw": (play(40), play(40)),
        "waiting": (play(40), None),
    }[result]
    boards = [
        MatchBoard(
            1,
            Played("o", open_play),
            Played("c", closed_play) if closed_play else None,
        )
    ]
    return score_team_match(boards, home=home, away=away)


def places(rows: tuple) -> list[tuple[str, int]]:
    return [(r.entrant, r.place) for r in rows]


def test_match_points_are_two_one_nothing() -> None:
    """第二十五条之2、3: 胜者记场分2分，负者记零分，平则各记1分; ranked by the total."""
    matches = [
        match("A", "B", "home"),
        match("C", "A", "away"),
        match("B", "C", "away"),
        match("D", "A", "away"),
        match("B", "D", "draw"),
        match("C", "D", "home"),
    ]
    rows = round_robin_standings(["A", "B", "C", "D"], matches)
    assert places(rows) == [("A", 1), ("C", 2), ("B", 3), ("D", 3)]
    a, c, b, d = rows
    assert (a.match_points, a.won, a.drawn, a.lost, a.played) == (6, 3, 0, 0, 3)
    assert (c.match_points, b.match_points, d.match_points) == (4, 1, 1)
    assert (b.won, b.drawn, b.lost) == (0, 1, 2)
    assert (a.score_for, a.score_against) == (Fraction(6), Fraction(0))
    assert (a.tie, c.tie, b.tie) == (Tie.NONE, Tie.NONE, Tie.SHARED)


def test_two_level_teams_are_ordered_by_their_match() -> None:
    """第二十五条之4(一): 以两队相遇那轮胜者列前 — B and C both have 2, C beat B."""
    matches = [
        match("A", "B", "away"),  # B 2
        match("C", "A", "home"),  # C 2
        match("B", "C", "away"),  # C beat B… C 4
    ]
    rows = round_robin_standings(["A", "B", "C"], matches)
    assert places(rows) == [("C", 1), ("B", 2), ("A", 3)]
    # Now a real two-way tie: four teams, B and C level on 4, B beat C.
    matches = [
        match("A", "B", "away"),
        match("A", "C", "away"),
        match("B", "C", "home"),
        match("D", "B", "home"),
        match("D", "C", "away"),
        match("A", "D", "home"),
    ]
    rows = round_robin_standings(["A", "B", "C", "D"], matches)
    by = {r.entrant: r for r in rows}
    assert by["B"].match_points == by["C"].match_points == 4
    assert (by["B"].place, by["C"].place) == (1, 2)
    assert by["B"].tie is Tie.HEAD_TO_HEAD and not by["B"].shared


def test_two_level_teams_whose_match_was_drawn_share_the_place() -> None:
    """第二十五条之4(二): 如遇轮次也是平分，可并列排名."""
    matches = [
        match("A", "B", "draw"),
        match("A", "C", "home"),
        match("B", "C", "home"),
    ]
    rows = round_robin_standings(["A", "B", "C"], matches)
    assert places(rows) == [("A", 1), ("B", 1), ("C", 3)]
    assert rows[0].shared and rows[0].tie is Tie.SHARED


def test_three_level_teams_are_flagged_for_a_playoff() -> None:
    """第二十五条之4(三): 如多个队平分，可增加决赛轮 — A beat B, B beat C, C beat A."""
    matches = [match("A", "B", "home"), match("B", "C", "home"), match("C", "A", "home")]
    rows = round_robin_standings(["A", "B", "C"], matches)
    assert [r.place for r in rows] == [1, 1, 1]
    assert all(r.flagged and r.tie is Tie.PLAYOFF for r in rows)


def test_the_director_orders_a_playoff_with_a_recorded_reason() -> None:
    """第二十五条之4(三): the play-off's result (or another decision) is the director's
    order, kept with its reason; it never overrides a decided head-to-head."""
    matches = [match("A", "B", "home"), match("B", "C", "home"), match("C", "A", "home")]
    order = DirectorOrder(("C", "A", "B"), "加赛4副：C 5、A 3、B 0")
    rows = round_robin_standings(["A", "B", "C"], matches, director_orders=[order])
    assert places(rows) == [("C", 1), ("A", 2), ("B", 3)]
    assert all(r.tie is Tie.DIRECTOR and r.note == order.reason for r in rows)
    assert not any(r.flagged for r in rows)

    two = [match("A", "B", "home")]
    rows = round_robin_standings(
        ["A", "B"], two, director_orders=[DirectorOrder(("B", "A"), "不应生效")]
    )
    assert places(rows) == [("A", 1), ("B", 2)]


def test_undecided_matches_do_not_count() -> None:
    """A standing is right as far as it goes: a match still being played adds nothing."""
    rows = round_robin_standings(["A", "B"], [match("A", "B", "waiting")])
    assert [r.played for r in rows] == [0, 0]
    assert rows[0].place == rows[1].place == 1


def test_the_cross_table_shows_each_match_from_both_sides() -> None:
    """第二十五条: the cross-table (交叉表) that pages draw, in standings order."""
    matches = [match("A", "B", "home"), match("C", "A", "draw"), match("B", "C", "away")]
    rows = round_robin_standings(["A", "B", "C"], matches)
    table = cross_table(rows, matches)
    assert table.entrants == ("A", "C", "B")
    (cell,) = table.cell("A", "B")
    assert (cell.score_for, cell.score_against, cell.match_points) == (2, 0, 2)
    (cell,) = table.cell("B", "A")
    assert (cell.score_for, cell.match_points, cell.decision) == (0, 0, MatchDecision.WON)
    assert table.cell("A", "A") == ()


def test_groups_rank_separately_and_the_top_go_on() -> None:
    """第二十六条之1、3: 小组内循环赛，各小组前若干名出线."""
    groups = {"A": ["a1", "a2", "a3"], "B": ["b1", "b2", "b3"]}
    matches = {
        "A": [match("a1", "a2", "away"), match("a3", "a1", "away"), match("a2", "a3", "home")],
        "B": [match("b1", "b2", "draw"), match("b3", "b1", "away"), match("b2", "b3", "home")],
    }
    tables = group_tables(groups, matches)
    assert [t.label for t in tables] == ["A", "B"]
    assert places(tables[0].rows) == [("a2", 1), ("a1", 2), ("a3", 3)]
    assert places(tables[1].rows) == [("b1", 1), ("b2", 1), ("b3", 3)]
    result = group_qualifiers(tables, 2)
    assert result.ready
    assert result.qualifiers == {"A": ("a2", "a1"), "B": ("b1", "b2")}


def test_a_tie_across_the_qualifying_line_or_an_unfinished_group_waits() -> None:
    """第二十六条之3: no qualifier is named from a group whose line runs through a shared
    or play-off place, or that has matches left."""
    groups = {"A": ["a1", "a2", "a3"]}
    matches = {
        "A": [match("a1", "a2", "home"), match("a2", "a3", "home"), match("a3", "a1", "home")]
    }
    tables = group_tables(groups, matches)
    result = group_qualifiers(tables, 2)
    assert not result.ready and "A" in result.undecided and "A" not in result.qualifiers
    unfinished = GroupTable("B", tables[0].rows, complete=False)
    assert "B" in group_qualifiers([unfinished], 1).undecided
    ordered = group_tables(
        groups, matches, director_orders=[DirectorOrder(("a3", "a1", "a2"), "加赛")]
    )
    assert group_qualifiers(ordered, 2).qualifiers == {"A": ("a3", "a1")}


# --- a running table: what is true while matches remain (issue 23) ------------------------


def berger(n: int) -> list[list[tuple[str, str]]]:
    """The Berger rounds of ``n`` teams named "1"…"n" (第二十五条之1's 轮次表)."""
    return [[(str(m.home), str(m.away)) for m in r.matches] for r in berger_rounds(n).rounds]


def test_after_round_one_of_six_no_row_is_flagged_for_a_playoff() -> None:
    """第二十五条之3、4(三): places are ranked 比赛结束; after round 1 of 5 three winners
    on 2 and three losers on 0 share their places for now — a match to come can still
    separate them, so no row says a play-off is needed."""
    rounds = berger(6)
    played = [match(home, away, "home") for home, away in rounds[0]]
    rows = round_robin_standings(
        [str(n) for n in range(1, 7)],
        played,
        to_play=[pair for r in rounds[1:] for pair in r],
    )
    assert [r.place for r in rows] == [1, 1, 1, 4, 4, 4]
    assert not any(r.flagged or r.tie is Tie.PLAYOFF for r in rows)
    assert all(r.tie is Tie.LEVEL and r.shared for r in rows)


def test_two_level_teams_that_have_not_met_are_not_told_they_drew() -> None:
    """第二十五条之4(一)(二): after round 2 of 5, teams 2 and 6 are level on 2 and meet
    only in round 3 — they have not met (``NOT_MET``), not drawn their match."""
    rounds = berger(6)  # R1 1-6 2-5 3-4, R2 6-4 5-3 1-2
    outcomes = {
        ("1", "6"): "home",
        ("2", "5"): "home",
        ("3", "4"): "draw",
        ("6", "4"): "home",
        ("5", "3"): "away",
        ("1", "2"): "home",
    }
    played = [match(h, a, outcomes[h, a]) for r in rounds[:2] for h, a in r]
    rows = round_robin_standings(
        [str(n) for n in range(1, 7)], played, to_play=[p for r in rounds[2:] for p in r]
    )
    by = {r.entrant: r for r in rows}
    assert [(r.entrant, r.match_points) for r in rows][:4] == [
        ("1", 4),
        ("3", 3),
        ("2", 2),
        ("6", 2),
    ]
    assert by["2"].tie is by["6"].tie is Tie.NOT_MET
    assert by["2"].place == by["6"].place == 3 and by["2"].shared
    assert Tie.SHARED not in {r.tie for r in rows}


def test_two_level_teams_that_met_keep_their_head_to_head_while_matches_remain() -> None:
    """第二十五条之4(一): a decided match between two level teams orders them already;
    matches still to play elsewhere do not change that."""
    played = [match("A", "B", "home"), match("C", "D", "home")]  # A 2, C 2, B 0, D 0
    rows = round_robin_standings(
        ["A", "B", "C", "D"], played, to_play=[("A", "C"), ("B", "D"), ("A", "D"), ("B", "C")]
    )
    by = {r.entrant: r for r in rows}
    assert by["A"].tie is Tie.NOT_MET and by["B"].tie is Tie.NOT_MET  # A–C, B–D to come
    rows = round_robin_standings(
        ["A", "B", "C", "D"],
        [*played, match("A", "C", "away"), match("B", "D", "home")],  # C 4, A 2, B 2, D 0
        to_play=[("A", "D"), ("B", "C")],
    )
    assert [(r.entrant, r.place, r.tie) for r in rows] == [
        ("C", 1, Tie.NONE),
        ("A", 2, Tie.HEAD_TO_HEAD),
        ("B", 3, Tie.HEAD_TO_HEAD),
        ("D", 4, Tie.NONE),
    ]


def test_three_level_teams_need_a_playoff_only_once_their_matches_are_played() -> None:
    """第二十五条之4(三): A beat B, B beat C, C beat A, and D has not played yet — the
    three share first place for now (``LEVEL``, not flagged); once D has lost to all
    three the tie is real, the article's order cannot break it: a play-off."""
    cycle = [match("A", "B", "home"), match("B", "C", "home"), match("C", "A", "home")]
    rows = round_robin_standings(
        ["A", "B", "C", "D"], cycle, to_play=[("A", "D"), ("B", "D"), ("C", "D")]
    )
    assert [(r.entrant, r.place, r.tie) for r in rows] == [
        ("A", 1, Tie.LEVEL),
        ("B", 1, Tie.LEVEL),
        ("C", 1, Tie.LEVEL),
        ("D", 4, Tie.NONE),
    ]
    assert not any(r.flagged for r in rows)
    # A match still being played counts as to play, as one not yet started does.
    rows = round_robin_standings(["A", "B", "C", "D"], [*cycle, match("A", "D", "waiting")])
    assert rows[0].tie is Tie.LEVEL
    done = [*cycle, match("A", "D", "home"), match("B", "D", "home"), match("C", "D", "home")]
    rows = round_robin_standings(["A", "B", "C", "D"], done)
    assert [r.tie for r in rows[:3]] == [Tie.PLAYOFF] * 3 and all(r.flagged for r in rows[:3])
    assert rows[3].tie is Tie.NONE and rows[3].place == 4


def test_a_group_with_matches_still_to_play_is_not_complete() -> None:
    """第二十六条之3: a group whose later rounds have no score yet is not finished."""
    groups = {"A": ["a1", "a2", "a3"]}
    tables = group_tables(
        groups,
        {"A": [match("a1", "a2", "home")]},
        to_play={"A": [("a2", "a3"), ("a3", "a1")]},
    )
    assert not tables[0].complete
    assert {r.entrant: r.tie for r in tables[0].rows}["a2"] is Tie.NOT_MET  # a2, a3 on 0
