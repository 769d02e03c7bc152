"""Team board points (第二十四条): the open room's result against the closed room's.

Team X sits N–S in the open room and E–W in the closed room; the declarer is South at
both tables unless a test says otherwise, so X declares in the open room and Y in the
closed room, as in competition.md's worked examples.
"""

from __future__ import annotations

import pytest

from core.comparison import compare_board
from core.results import PlayResult
from tests.core._records import play


def points(open_play: PlayResult, closed_play: PlayResult) -> tuple[int, int]:
    result = compare_board(open_play, closed_play, open_ns="X", open_ew="Y")
    return result.points["X"], result.points["Y"]


@pytest.mark.parametrize(
    ("example", "open_play", "closed_play", "expected", "step"),
    [
        ("X made 40, Y made 55 → X 1", play(40), play(55), (1, 0), 2),
        ("X made 60, Y broken at 95 → X 2", play(60), play(95), (2, 0), 3),
        ("X 光牌 (3), Y made 30 (1) → X 2", play(0), play(30), (2, 0), 1),
        ("X made 30 (1), Y broken by a 大王 dig (X +3) → X 4", play(30), play(30, "BJ"), (4, 0), 1),
        ("X 光牌, Y 光牌 → 0–0", play(0), play(0), (0, 0), 2),
    ],
)
def test_the_worked_examples(
    example: str,
    open_play: PlayResult,
    closed_play: PlayResult,
    expected: tuple[int, int],
    step: int,
) -> None:
    """第二十四条 3、计分, competition.md's five worked examples, through the engine."""
    result = compare_board(open_play, closed_play, open_ns="X", open_ew="Y")
    assert (result.points["X"], result.points["Y"]) == expected, example
    assert result.step == step, example


def test_the_roles_swap_with_the_rooms() -> None:
    """第二十四条: the same results with the rooms exchanged favour the other team."""
    assert points(play(55), play(40)) == (0, 1)
    assert points(play(95), play(60)) == (0, 2)
    assert points(play(30), play(0)) == (0, 2)


def test_equal_points_when_both_made_give_nothing() -> None:
    """第二十四条: 都打成 compares 拣分; equal points score 0 each."""
    assert points(play(45), play(45)) == (0, 0)


def test_both_broken_the_defenders_who_collected_more_win_one() -> None:
    """第二十四条: 都打破, 拣分多的队得一分: Y collects 100 against X, X 85 against Y."""
    result = compare_board(play(100), play(85), open_ns="X", open_ew="Y")
    assert dict(result.points) == {"X": 0, "Y": 1}
    assert result.collected == {"X": 85, "Y": 100}


def test_a_jump_scores_a_point_a_level() -> None:
    """第二十二、二十四条: J到底 gives the defenders 10 levels; with a plain make at the
    other table (1) that team is 11 ahead."""
    at_j = ("J", "J")
    assert points(play(30, levels=at_j), play(20, "J", levels=at_j)) == (11, 0)
    assert points(play(20, "Q", levels=("Q", "Q")), play(30, levels=("Q", "Q"))) == (0, 7)
    assert points(play(30, "K", levels=("K", "K")), play(85, levels=("K", "K"))) == (0, 3)


def test_gulupo_counts_the_levels_fallen() -> None:
    """第二十三条: 轱辘坡 at 7 gives the defenders 6 levels (7 → A), and Y's make in
    the closed room 1 more."""
    assert points(play(150), play(40)) == (0, 7)


def test_xiaosa_counts_for_the_side_that_wins_the_hand() -> None:
    """第十六、二十四条: 潇洒 (小王 in the bottom, 2 levels) on a make goes to the
    declarers: 1 + 2 = 3 against a plain make's 1."""
    assert points(play(40, xiaosa=["LJ"]), play(30)) == (2, 0)


def test_jump_levels_dominate_points() -> None:
    """第二十四条: with a jump, levels decide, not 拣分. X makes conceding 5 (1 level);
    Y makes conceding 60 but with 潇洒 小王 (3 levels). By points X would win 1; by
    levels Y is 2 ahead and scores 2."""
    assert points(play(5), play(60, xiaosa=["LJ"])) == (0, 2)


def test_equal_jump_levels_fall_back_to_points() -> None:
    """第二十四条: both broken by a 小王 dig (2 levels each): then 拣分 decides."""
    result = compare_board(play(20, "LJ"), play(40, "LJ"), open_ns="X", open_ew="Y")
    assert dict(result.points) == {"X": 1, "Y": 0}
    assert result.step == 2
    assert "跳级数相同" in result.reason_zh and "equal" in result.reason_en


def test_a_gulupo_at_a_is_scored_as_a_plain_break() -> None:
    """第二十三、二十四条: 轱辘坡 at A earns no levels, so it is no jump: one made, one
    broken, Y did well at both tables and gets 2 (not the 1 level it is ahead)."""
    result = compare_board(
        play(150, levels=("A", "A")), play(30, levels=("A", "A")), open_ns="X", open_ew="Y"
    )
    assert dict(result.points) == {"X": 0, "Y": 2}
    assert result.step == 3


def test_the_reason_is_bilingual() -> None:
    """第二十四条: the reason names the step in Chinese and English."""
    result = compare_board(play(30), play(30, "BJ"), open_ns="东城", open_ew="西城")
    assert (
        result.reason_zh
        == "跳级（闭室大王抠底）：东城 共 4 级，西城 共 0 级，东城 多 4 级，得 4 分"
    )
    assert result.reason_en == (
        "jump levels (a big-joker dig (大王抠底) in the closed room): "
        "东城 4 levels, 西城 0; 东城 scores 4"
    )
    made = compare_board(play(40), play(55), open_ns="X", open_ew="Y")
    assert "两桌都打成" in made.reason_zh and "both tables made" in made.reason_en


def test_the_declarer_may_sit_differently_at_the_two_tables() -> None:
    """第二十四条 read generally: when X declares at both tables (South in the open room,
    East in the closed room) and makes both, X did well at both tables: 2."""
    assert points(play(40), play(50, declarer="E")) == (2, 0)
    # X makes in the open room and is broken in the closed: each team did well once,
    # and Y's defenders collected 40 + 90, X's nothing.
    assert points(play(40), play(90, declarer="E")) == (0, 1)


def test_the_teams_must_differ() -> None:
    """第二十四条: two teams meet."""
    with pytest.raises(ValueError):
        compare_board(play(40), play(40), open_ns="X", open_ew="X")


def test_one_comparison_gives_its_reason_in_either_language_with_any_names() -> None:
    """第二十四条 step 1: one comparison, computed once, is written in Chinese or
    English naming the teams as the reader knows them (主队/客队 on a match card)."""
    c = compare_board(play(0), play(30), open_ns="home", open_ew="away")
    names = {"home": "主队", "away": "客队"}
    assert (c.step, c.winner, dict(c.points)) == (1, "home", {"home": 2, "away": 0})
    assert c.reason("zh", names) == (
        "跳级（开室光牌）：主队 共 3 级，客队 共 1 级，主队 多 2 级，得 2 分"
    )
    assert c.reason("en") == (
        "jump levels (光牌 (no points) in the open room): home 3 levels, away 1; home scores 2"
    )
