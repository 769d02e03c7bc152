"""Trump order and combinations (第九、十三、十八条).

rules.md "Trumps and order" and "Combinations".
"""

from __future__ import annotations

import pytest

from core.engine.trumps import TRUMP, Shape

from .helpers import ctx, ids, lead, position, shape, winner


def test_there_are_36_trumps():
    """第九条: 一副牌共36张主牌 — two jokers of each kind, 8 level cards, 24 of the trump suit."""
    c = ctx("7", "H")
    assert 2 * len(c.kinds_of[TRUMP]) == 36


@pytest.mark.parametrize(
    ("level", "trump", "order"),
    [
        pytest.param(
            "7",
            "H",
            "BJ LJ H7 D7 HA HK HQ HJ H10 H9 H8 H6 H5 H4 H3 H2",
            id="第十八条-level-7-hearts",
        ),
        pytest.param("A", "S", "BJ LJ SA HA SK SQ SJ S10 S2", id="第十八条-level-A-spades"),
        pytest.param("K", "C", "BJ LJ CK DK CA CQ CJ C2", id="第十八条-level-K-clubs"),
    ],
)
def test_trump_order_runs_from_big_joker_down(level, trump, order):
    """大王 > 小王 > 主级牌 > 副级牌 > 主A > K … 2, the level rank left out."""
    c = ctx(level, trump)
    names = order.split()
    assert all(c.eff[i] == TRUMP for i in ids(names))
    positions = [position(c, n) for n in names]
    assert positions == sorted(positions, reverse=True)
    assert len(set(positions)) == len(positions)


@pytest.mark.parametrize("level", ["2", "7", "10", "A", "K"])
def test_the_three_off_suit_level_cards_are_equal(level):
    """副级牌 are equal to one another; the trump suit's level card is above them."""
    c = ctx(level, "D")
    off = {position(c, f"{s}{level}") for s in "HSC"}
    assert len(off) == 1
    assert position(c, f"D{level}") > off.pop()


def test_side_suit_order_is_A_down_to_2_without_the_level_rank():
    """第十八条: A最大，后面依次是K、Q、J…2; level 9 is a trump."""
    c = ctx("9", "H")
    names = "SA SK SQ SJ S10 S8 S7 S6 S5 S4 S3 S2".split()
    positions = [position(c, n) for n in names]
    assert positions == list(range(11, -1, -1))
    assert c.eff[ids("S9")[0]] == TRUMP


@pytest.mark.parametrize(
    ("plays", "wins"),
    [
        pytest.param(("SA", "H2"), 1, id="第九条-any-trump-beats-a-side-ace"),
        pytest.param(("H2", "SA"), 0, id="第九条-side-ace-never-beats-a-trump"),
        pytest.param(("D7", "H7"), 1, id="主级牌-beats-副级牌"),
        pytest.param(("H7", "LJ"), 1, id="小王-beats-主级牌"),
        pytest.param(("LJ", "BJ"), 1, id="大王-beats-小王"),
        pytest.param(("HA", "C7"), 1, id="副级牌-beats-trump-A"),
        pytest.param(("D7", "S7"), 0, id="第十八条-3-equal-副级牌-first-played-wins"),
        pytest.param(("BJ", "BJ"), 0, id="第十八条-3-identical-first-played-wins"),
    ],
)
def test_single_trumps_compare_by_trump_order(plays, wins):
    c = ctx("7", "H")
    assert winner(c, *plays) == wins


# -- pairs (第十三条) ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        pytest.param("S3 S3", Shape.PAIR, id="第十三条-two-identical-side-cards"),
        pytest.param("BJ BJ", Shape.PAIR, id="第十三条-大王大王"),
        pytest.param("LJ LJ", Shape.PAIR, id="第十三条-小王小王"),
        pytest.param("D7 D7", Shape.PAIR, id="第十三条-副级-pair-of-one-suit"),
        pytest.param("H7 H7", Shape.PAIR, id="第十三条-主级-pair"),
        pytest.param("D7 S7", "trump_throw", id="two-副级牌-of-different-suits-are-not-a-pair"),
        pytest.param("LJ BJ", "trump_throw", id="小王大王-are-not-a-pair"),
        pytest.param("S3 S4", Shape.THROW, id="two-different-side-cards-are-a-throw"),
    ],
)
def test_pairs_are_two_identical_cards(cards, expected):
    assert shape(ctx("7", "H"), cards) == expected


# -- tractors in side suits ---------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "cards", "is_tractor"),
    [
        pytest.param("7", "S3 S3 S4 S4", True, id="第十三条-adjacent-pairs"),
        pytest.param("7", "S3 S3 S4 S4 S5 S5", True, id="第十三条-三连对"),
        pytest.param("7", "SK SK SA SA", True, id="第十三条-AK-the-highest"),
        pytest.param("5", "S4 S4 S6 S6", True, id="level-5-44-66-is-a-tractor"),
        pytest.param("7", "S6 S6 S8 S8", True, id="level-7-66-88-is-a-tractor"),
        pytest.param("7", "S4 S4 S6 S6", False, id="level-7-44-66-is-not"),
        pytest.param("7", "SA SA S2 S2", True, id="第十三条-A2-ace-low"),
        pytest.param("7", "SA SA S2 S2 S3 S3", True, id="ace-low-three-pairs"),
        pytest.param("2", "SA SA S3 S3", True, id="level-2-AA33-ace-low"),
        pytest.param("3", "SA SA S2 S2 S4 S4", True, id="level-3-AA-22-44-ace-low"),
        pytest.param("7", "SK SK SA SA S2 S2", False, id="no-wrap-KK-AA-22"),
        pytest.param("7", "SQ SQ SA SA", False, id="QQ-AA-not-adjacent"),
        pytest.param("A", "SK SK S2 S2", False, id="level-A-no-ace-low-KK22"),
    ],
)
def test_side_suit_tractors(level, cards, is_tractor):
    got = shape(ctx(level, "H"), cards)
    assert (got is Shape.TRACTOR) is is_tractor, got


def test_ace_low_tractor_is_the_lowest_of_the_suit():
    """ "A、2为连对，为最小" (第十三条): 2233 beats AA22."""
    c = ctx("7", "H")
    assert winner(c, "SA SA S2 S2", "S3 S3 S4 S4") == 1
    assert winner(c, "S3 S3 S4 S4", "SA SA S2 S2") == 0


def test_ace_low_can_be_switched_off():
    """`ace_low_tractor` off: AA22 is just two pairs (a throw)."""
    assert shape(ctx("7", "H", ace_low=False), "SA SA S2 S2") is Shape.THROW
    assert shape(ctx("7", "H", ace_low=False), "SK SK SA SA") is Shape.TRACTOR


def test_ace_low_does_not_apply_in_trumps():
    """rules.md "Combinations": Ace-low does not apply in trumps."""
    assert shape(ctx("7", "H"), "HA HA H2 H2") == "trump_throw"


# -- tractors in trumps --------------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "trump", "cards", "is_tractor"),
    [
        pytest.param("7", "H", "H2 H2 H3 H3", True, id="trump-suit-adjacent-pairs"),
        pytest.param("7", "H", "H6 H6 H8 H8", True, id="trump-suit-level-rank-removed"),
        pytest.param("7", "H", "HA HA D7 D7", True, id="第十三条-trump-AA-and-副级-pair"),
        pytest.param("7", "H", "D7 D7 H7 H7", True, id="第十三条-副级-pair-and-主级-pair"),
        pytest.param("7", "H", "H7 H7 LJ LJ", True, id="主级-pair-and-小王小王"),
        pytest.param("7", "H", "LJ LJ BJ BJ", True, id="第二十二条-连对王"),
        pytest.param("7", "H", "HA HA S7 S7 H7 H7", True, id="AA-副级-主级-three-pairs"),
        pytest.param("7", "H", "C7 C7 H7 H7 LJ LJ BJ BJ", True, id="four-pairs-to-the-top"),
        pytest.param("A", "H", "HK HK SA SA", True, id="level-A-trump-KK-and-副级-pair"),
        pytest.param("7", "H", "D7 D7 S7 S7", False, id="two-副级-pairs-never-connect"),
        pytest.param("7", "H", "HK HK D7 D7", False, id="trump-KK-skips-the-ace"),
        pytest.param("7", "H", "HA HA H7 H7", False, id="trump-AA-does-not-reach-主级"),
        pytest.param("7", "H", "D7 D7 LJ LJ", False, id="副级-pair-does-not-reach-小王"),
    ],
)
def test_trump_tractors(level, trump, cards, is_tractor):
    got = shape(ctx(level, trump), cards)
    if is_tractor:
        assert got is Shape.TRACTOR
    else:
        assert got == "trump_throw"  # two trump pairs that do not connect cannot be led together


def test_a_tractor_ranks_by_its_top_pair():
    """rules.md "Combinations": A tractor's rank is its top pair's rank."""
    c = ctx("7", "H")
    assert lead(c, "S3 S3 S4 S4").structure.tractors == (2,)
    assert winner(c, "S3 S3 S4 S4", "S4 S4 S5 S5") == 1
    assert winner(c, "HA HA D7 D7", "S7 S7 H7 H7") == 1
    assert winner(c, "D7 D7 H7 H7", "HA HA S7 S7") == 0
    assert winner(c, "H7 H7 LJ LJ", "HK HK HA HA") == 0
