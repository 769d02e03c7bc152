"""Pairs matchpoints (第二十八条) and the pairs final (第二十九条)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.engine import Side
from core.matchpoints import (
    Artificial,
    ArtificialScore,
    artificial_score,
    neuberg,
    pairs_final_points,
    rank_matchpoints,
    score_board,
    top_for,
)
from tests.core._records import play

# 第二十八条's example: 9 tables, South declares (南主打), every table makes, and E–W
# collect between 5 and 75.
ARTICLE_28_POINTS = [35, 5, 75, 20, 60, 45, 10, 70, 25]


def test_the_article_28_example() -> None:
    """第二十八条 7、计分: 9 plays, 南主打, all made, E–W 5–75: top 16; the E–W pair with
    the most points gets 16 and its N–S opponents 0; the fewest gets 0 and its N–S
    opponents 16; each place up adds 2."""
    scores = score_board([play(p) for p in ARTICLE_28_POINTS])
    assert scores.top == 16
    most = ARTICLE_28_POINTS.index(75)
    fewest = ARTICLE_28_POINTS.index(5)
    assert scores.ew[most] == 16 and scores.ns[most] == 0
    assert scores.ew[fewest] == 0 and scores.ns[fewest] == 16
    by_points = sorted(range(9), key=lambda i: ARTICLE_28_POINTS[i])
    assert [scores.ew[i] for i in by_points] == [0, 2, 4, 6, 8, 10, 12, 14, 16]


def test_ns_and_ew_add_up_to_the_top() -> None:
    """第二十八条: 南北选手正好相反 — on every play N–S + E–W = top."""
    plays = [play(p) for p in (40, 40, 0, 85, 30)] + [play(20, "BJ"), play(150), play(40)]
    scores = score_board(plays)
    assert scores.top == 14
    assert all(n + e == 14 for n, e in zip(scores.ns, scores.ew, strict=True))


def test_ties_share_the_places() -> None:
    """第二十八条: 平一个名次者加1分 — each tie adds 1."""
    scores = score_board([play(p) for p in (40, 40, 40, 20)])
    assert list(scores.ew) == [4, 4, 4, 0]
    assert list(scores.ns) == [2, 2, 2, 6]
    assert list(score_board([play(40), play(40)]).ew) == [1, 1]


def test_a_break_beats_any_make_for_the_defenders() -> None:
    """第二十八条 (competition.md): a break (80+) beats any make for the defenders, even
    a make where they collected 75 against a break at exactly 80."""
    scores = score_board([play(75), play(80), play(5)])
    assert list(scores.ew) == [2, 4, 0]


def test_declarers_rank_fewer_points_conceded_higher() -> None:
    """第二十八条: for declarers fewer points conceded is better."""
    assert list(score_board([play(5), play(50), play(25)]).ns) == [4, 0, 2]


def test_jump_levels_dominate_points() -> None:
    """第二十八条: first by net jump levels, then by points. 光牌 (N–S +3) beats a
    5-point make (+1) for N–S. For E–W at level 5: a 轱辘坡 (140, 4 levels fallen)
    beats a 大王 dig with only 10 points (3 levels), which beats a plain break with
    135 points (0 levels)."""
    scores = score_board([play(0), play(5)])
    assert list(scores.ns) == [2, 0]
    levels = ("5", "5")
    scores = score_board(
        [play(10, "BJ", levels=levels), play(140, levels=levels), play(135, levels=levels)]
    )
    assert list(scores.ew) == [2, 4, 0]


def test_equal_net_levels_then_points() -> None:
    """第二十八条: equal net jump levels (小王 digs, 2 each): more collected wins for E–W."""
    scores = score_board([play(20, "LJ"), play(45, "LJ")])
    assert list(scores.ew) == [0, 2]


def test_each_play_is_ranked_by_its_own_declarer() -> None:
    """第二十八条 read generally: a table where East declared is ranked from N–S's view.
    N–S breaking East (N–S did well, 0 net levels) ranks above South broken (0 net,
    did badly) and below South making (+1)."""
    scores = score_board([play(40), play(90, declarer="E"), play(90)])
    assert list(scores.ns) == [4, 2, 0]
    assert list(scores.ew) == [0, 2, 4]


def test_rank_matchpoints_counts_two_per_beaten_one_per_tie() -> None:
    """第二十八条: the lowest 0, +2 per result beaten, +1 per tie."""
    assert rank_matchpoints([(1, 1, 3), (1, 1, 1), (1, 1, 3), (2, 1, 0)]) == [3, 0, 3, 6]
    assert rank_matchpoints([]) == []
    assert top_for(9) == 16 and top_for(1) == 0


def test_neuberg_against_a_hand_computed_board() -> None:
    """第二十八条 (Neuberg, as bridge scorers do). Board played 7 times where the others
    were played 9 times. In 2-per-beaten units, s' = (s + 1)·9/7 − 1.

    By hand: the N–S top on 7 plays is 12 → 13·9/7 − 1 = 110/7 ≈ 15.71; 9 (two tied
    for second) → 10·9/7 − 1 = 83/7 ≈ 11.86; the bottom 0 → 9/7 − 1 = 2/7 ≈ 0.29.
    Check in bridge's half units: top 6 → (6 + ½)·9/7 − ½ = 55/7, doubled 110/7.
    """
    plays = [play(p) for p in (10, 20, 20, 40, 50, 60, 70)]
    scores = score_board(plays, expected=9)
    assert scores.top == 16
    assert scores.ns[0] == Fraction(110, 7)
    assert scores.ns[1] == scores.ns[2] == Fraction(83, 7)
    assert scores.ns[6] == Fraction(2, 7)
    assert scores.ew[0] == Fraction(2, 7)
    assert all(n + e == 16 for n, e in zip(scores.ns, scores.ew, strict=True))


def test_neuberg_keeps_a_full_board_as_it_is() -> None:
    """Neuberg with n = N changes nothing; a board played once is an average."""
    assert neuberg(6, 5, 5) == 6
    assert neuberg(0, 1, 9) == 8  # half of the top 16
    with pytest.raises(ValueError):
        neuberg(0, 5, 4)


def test_artificial_scores_are_a_share_of_the_top_outside_neuberg() -> None:
    """第二十八条, boards cancelled by a ruling (第三十八、三十九条): average 50%, average-plus 60%,
    average-minus 40% of the top; the played results are Neuberg-scaled around them."""
    assert artificial_score(Artificial.AVERAGE, 16) == 8
    assert artificial_score(Artificial.AVERAGE_PLUS, 16) == Fraction(48, 5)
    assert artificial_score(Artificial.AVERAGE_MINUS, 16) == Fraction(32, 5)
    plays = [play(p) for p in (10, 20, 20, 40, 50, 60, 70)]
    entries = [
        *plays,
        ArtificialScore(Artificial.AVERAGE_PLUS, Artificial.AVERAGE_MINUS),
        ArtificialScore(Artificial.AVERAGE, Artificial.AVERAGE),
    ]
    scores = score_board(entries)
    assert scores.top == 16
    assert scores.ns[0] == Fraction(110, 7)  # as if expected=9
    assert (scores.ns[7], scores.ew[7]) == (Fraction(48, 5), Fraction(32, 5))
    assert (scores.ns[8], scores.ew[8]) == (8, 8)


def test_more_entries_than_expected_is_refused() -> None:
    """Neuberg scales down to fewer plays, never up."""
    with pytest.raises(ValueError):
        score_board([play(40), play(50)], expected=1)


@pytest.mark.parametrize(
    ("open_play", "closed_play", "open_points", "closed_points"),
    [
        # Both South declaring: N–S 1st (open) concedes 40, E–W 1st (closed) 55.
        (play(40), play(55), {Side.NS: 2, Side.EW: 0}, {Side.NS: 0, Side.EW: 2}),
        # More jump levels: the closed room's 光牌 beats the open room's 5.
        (play(5), play(0), {Side.NS: 0, Side.EW: 2}, {Side.NS: 2, Side.EW: 0}),
        # A tie scores nothing.
        (play(85), play(85), {Side.NS: 0, Side.EW: 0}, {Side.NS: 0, Side.EW: 0}),
    ],
)
def test_pairs_final_points(open_play, closed_play, open_points, closed_points) -> None:
    """第二十九条 3: 一副牌同方向得分或跳级多者为胜，得比赛分2分；平者不计分 — the N–S
    seats of the two rooms compete (N–S 1st v E–W 1st), and so do the E–W seats."""
    result = pairs_final_points(open_play, closed_play)
    assert dict(result.open) == open_points
    assert dict(result.closed) == closed_points
