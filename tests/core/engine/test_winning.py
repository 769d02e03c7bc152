"""Winning a trick (第十八条): 先出为大, 杀牌, 盖杀, shape, mixed plays, trumping a throw (003)."""

from __future__ import annotations

import pytest

from core.engine import check_board

from .builders import board, trick
from .helpers import ctx, winner

# Level 7, hearts trump throughout. Plays are listed in playing order, the lead first;
# the expected number is the index of the winning play.


@pytest.mark.parametrize(
    ("plays", "wins"),
    [
        pytest.param(("S9", "SJ", "S3", "S10"), 1, id="第十八条-大牌管小牌"),
        pytest.param(("S9", "S9", "S3", "S2"), 0, id="第十八条-3-先出为大-identical"),
        pytest.param(("S9", "S3", "S9", "SA"), 3, id="later-higher-card-still-wins"),
        pytest.param(("S9", "DA", "CA", "S3"), 0, id="第十七条-垫牌无论大小都不能管牌"),
        pytest.param(("SA", "H2", "S3", "S4"), 1, id="第十八条-杀牌"),
        pytest.param(("SA", "H2", "H3", "S4"), 2, id="第十八条-盖杀"),
        pytest.param(("SA", "H3", "H2", "S4"), 1, id="盖杀-needs-a-higher-trump"),
        pytest.param(("SA", "D7", "C7", "S4"), 1, id="盖杀-equal-副级牌-first-wins"),
        pytest.param(("SA", "D7", "H7", "BJ"), 3, id="盖杀-twice"),
        pytest.param(("S3", "H2", "SA", "S4"), 1, id="the-suit-never-beats-a-trump-kill"),
        pytest.param(("H2", "SA", "HA", "DA"), 2, id="trump-lead-side-cards-never-win"),
        pytest.param(("BJ", "BJ", "LJ", "H7"), 0, id="trump-lead-equal-大王"),
    ],
)
def test_single_card_tricks(plays, wins):
    assert winner(ctx("7", "H"), *plays) == wins


@pytest.mark.parametrize(
    ("plays", "wins"),
    [
        pytest.param(("S3 S3", "S9 S9", "S2 S2", "S4 S4"), 1, id="第十八条-1-对子管对子"),
        pytest.param(
            ("S3 S3", "SA SK", "S2 S2", "S4 S5"), 0, id="第十八条-2-two-singles-never-beat-a-pair"
        ),
        pytest.param(("S3 S3", "H2 H2", "S4 S4", "D2 D3"), 1, id="杀牌-with-a-trump-pair"),
        pytest.param(
            ("S3 S3", "H2 HA", "S2 S2", "D2 D3"), 0, id="two-trump-singles-do-not-kill-a-pair"
        ),
        pytest.param(("S3 S3", "H2 H2", "D7 D7", "D2 D3"), 2, id="盖杀-pair-over-pair"),
        pytest.param(("D7 D7", "S7 S7", "H2 H2", "DA DA"), 0, id="equal-副级-pairs-first-wins"),
        pytest.param(("S3 S3", "S9 BJ", "S2 S2", "D2 D3"), 0, id="a-mixed-play-never-wins"),
        pytest.param(("S3 S3", "S9 S9", "BJ H2", "S4 S4"), 1, id="all-trumps-but-no-pair"),
    ],
)
def test_pair_tricks(plays, wins):
    assert winner(ctx("7", "H"), *plays) == wins


@pytest.mark.parametrize(
    ("plays", "wins"),
    [
        pytest.param(
            ("S3 S3 S4 S4", "S9 S9 S10 S10", "S2 S2 S5 S5"), 1, id="第十八条-1-连对管连对"
        ),
        pytest.param(
            ("S3 S3 S4 S4", "SA SA SQ SQ", "S2 S5 S6 S8"),
            0,
            id="第十八条-2-two-pairs-not-a-tractor",
        ),
        pytest.param(("S3 S3 S4 S4", "H2 H2 H3 H3", "S9 S9 S10 S10"), 1, id="trump-tractor-kills"),
        pytest.param(("S3 S3 S4 S4", "HA HA H2 H2", "S2 S2 S5 S5"), 0, id="no-ace-low-in-trumps"),
        pytest.param(
            ("S3 S3 S4 S4", "H2 H2 H3 H3", "LJ LJ BJ BJ", "S9 S9 S10 S10"),
            2,
            id="连对王-over-kills",
        ),
        pytest.param(
            ("S3 S3 S4 S4 S5 S5", "S9 S9 S10 S10 D2 D3", "S2 S2 S6 S6 S8 S8"),
            0,
            id="第十八条-2-两连对不能管三连对",
        ),
    ],
)
def test_tractor_tricks(plays, wins):
    assert winner(ctx("7", "H"), *plays) == wins


@pytest.mark.parametrize(
    ("plays", "wins"),
    [
        pytest.param(("S5 S4 S4", "H10 H10 HK"), 1, id="003-10-10-K-kills-5-4-4"),
        pytest.param(("S5 S4 S4", "H10 H10 HK", "HQ HQ H2"), 2, id="003-Q-Q-2-over-kills-5-4-4"),
        pytest.param(("S5 S4 S3", "H10 H10 HK"), 1, id="003-10-10-K-kills-5-4-3"),
        pytest.param(
            ("S5 S4 S3", "H10 H10 HK", "HQ HQ H2"), 1, id="003-Q-Q-2-does-not-over-kill-5-4-3"
        ),
        pytest.param(("S5 S4 S4", "H2 H3 HA"), 0, id="singles-do-not-cover-a-thrown-pair"),
        pytest.param(("S5 S4 S4", "H2 H3 SA"), 0, id="a-mixed-play-never-kills-a-throw"),
        pytest.param(("S2 S3 S4", "S9 S10 SJ"), 0, id="第十八条-4-甩牌不能用同样花色的牌去管"),
        pytest.param(
            ("S2 S2 S3 S3 S9", "H2 H2 H3 H3 HA"), 1, id="trump-tractor-covers-thrown-tractor"
        ),
        pytest.param(
            ("S2 S2 S3 S3 S9", "H2 H2 H4 H4 HA"), 0, id="two-trump-pairs-do-not-cover-a-tractor"
        ),
        pytest.param(
            ("S2 S2 S3 S3 S9", "H2 H2 H3 H3 H4", "H5 H5 H6 H6 HA"), 2, id="higher-trump-tractor"
        ),
    ],
)
def test_trumping_a_throw(plays, wins):
    """rules.md: a void player may trump a throw with trumps covering its shape; competing
    trump plays compare by their most significant component (003's examples)."""
    assert winner(ctx("7", "H"), *plays) == wins


def test_the_003_examples_decide_a_recorded_trick():
    """N (declarer) throws S5 S4 S4 by 浑甩; W kills with 10-10-K; S's Q-Q-2 over-kills.

    N–S win the trick, so its 25 points are void (第二十一条), which a partial record
    cannot show; the next trick is led by S, the winner.
    """
    hands = {"N": "S5 S4 S4 SA SA SK SK SQ SQ", "W": "H10 H10 HK", "S": "HQ HQ H2", "E": "S6 S8 S9"}
    first = trick("N", N="S5 S4 S4", W="H10 H10 HK", S="HQ HQ H2", E="S6 S8 S9")
    good = trick("S", S="C2", E="C3", N="C4", W="C5")
    record = board(
        hands=dict(
            hands, S="HQ HQ H2 C2", E="S6 S8 S9 C3", N=hands["N"] + " C4", W="H10 H10 HK C5"
        ),
        void={"W": "S", "S": "S"},
        partial=True,
        tricks=[first, good],
    )
    verdict = check_board(record).to_dict()
    assert verdict["valid"], verdict["errors"]
    record["tricks"][1] = trick("W", W="C5", N="C4", S="C2", E="C3")
    assert [e["code"] for e in check_board(record).to_dict()["errors"]] == ["wrong_leader"]
