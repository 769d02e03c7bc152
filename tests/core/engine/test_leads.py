"""Leads: single, pair, tractor, throw; 主牌不能甩; 清甩, 浑甩, 甩错牌 (第十七、十九、三十五条)."""

from __future__ import annotations

import pytest

from core.engine import check_board
from core.engine.cards import card_name
from core.engine.play import LeadFault, smallest_card, throw_stands
from core.engine.trumps import Shape

from .builders import board, codes, trick
from .helpers import ctx, hand, ids, lead, shape


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        pytest.param("SA", Shape.SINGLE, id="第十七条-single"),
        pytest.param("BJ", Shape.SINGLE, id="第十七条-trump-single"),
        pytest.param("S9 S9", Shape.PAIR, id="第十七条-pair"),
        pytest.param("S9 S9 S10 S10", Shape.TRACTOR, id="第十七条-tractor"),
        pytest.param("H2 H2 H3 H3", Shape.TRACTOR, id="第十七条-trump-tractor"),
        pytest.param("SA SK", Shape.THROW, id="第十九条-throw-two-singles"),
        pytest.param("SA SA SK", Shape.THROW, id="第十九条-throw-pair-and-single"),
        pytest.param("SA SA SK SK S3", Shape.THROW, id="第十九条-throw-tractor-and-single"),
        pytest.param("SA SA SQ SQ", Shape.THROW, id="第十九条-throw-two-pairs"),
    ],
)
def test_it_tells_the_shape_of_a_lead(cards, expected):
    assert shape(ctx("7", "H"), cards) is expected


@pytest.mark.parametrize(
    "cards",
    [
        pytest.param("SA DA", id="two-side-suits"),
        pytest.param("SA HA", id="side-and-trump-suit"),
        pytest.param("S3 S7", id="level-7-S7-is-a-trump-not-a-spade"),
        pytest.param("SA SA BJ", id="side-pair-and-joker"),
    ],
)
def test_it_rejects_a_lead_of_mixed_suits(cards):
    """第十七条: a lead is of one (effective) suit."""
    assert shape(ctx("7", "H"), cards) == LeadFault.MIXED.value


@pytest.mark.parametrize(
    "cards",
    [
        pytest.param("BJ LJ", id="jokers"),
        pytest.param("HA HK", id="two-trump-suit-singles"),
        pytest.param("HA HA HK", id="trump-pair-and-single"),
        pytest.param("D7 S7", id="two-副级牌"),
        pytest.param("BJ BJ LJ LJ H2", id="连对王-and-a-single"),
        pytest.param("D7 D7 S7 S7", id="two-副级-pairs"),
    ],
)
def test_it_rejects_a_trump_throw(cards):
    """第十九条: 主牌不能甩 — even a throw nobody could beat."""
    assert shape(ctx("7", "H"), cards) == LeadFault.TRUMP_THROW.value


# -- whether a throw stands (第十九条) ------------------------------------------------


@pytest.mark.parametrize(
    ("level", "throw", "others", "stands"),
    [
        pytest.param("7", "SA SK", ["SQ SJ", "S2", "D2"], True, id="清甩-all-top-singles"),
        pytest.param("7", "SA SQ", ["SK", "S2", "D2"], False, id="清甩-fails-K-over-Q"),
        pytest.param("7", "SA SA SK", ["SQ SQ SJ", "", ""], True, id="清甩-pair-and-single"),
        pytest.param("7", "S9 S9 SA", ["SJ SJ", "SK", ""], False, id="清甩-fails-higher-pair"),
        pytest.param("7", "SK SK SA", ["SA SQ", "", ""], True, id="清甩-equal-A-is-not-higher"),
        pytest.param(
            "7",
            "S8 S8 S9 S9 SA",
            ["S10 S10 SJ SJ", "SK", ""],
            False,
            id="清甩-fails-higher-tractor",
        ),
        pytest.param(
            "7",
            "S8 S8 S9 S9 SA",
            ["SJ SJ", "SQ", ""],
            True,
            id="清甩-a-pair-does-not-beat-a-tractor",
        ),
        pytest.param(
            "7", "S8 S8 S9 S9 SA", ["S10 S10 SJ SJ SQ SQ", "", ""], False, id="清甩-longer-tractor"
        ),
        pytest.param("7", "S2 S3 S4", ["S10 S9 S8", "SJ S6", "S5"], True, id="浑甩-no-A-K-Q-out"),
        pytest.param("7", "S2 S3 S4", ["S10 S9 S8", "SJ S6", "SQ"], False, id="浑甩-fails-Q-out"),
        pytest.param(
            "Q", "S2 S3", ["SQ S10 S9", "S8", ""], True, id="浑甩-level-Q-top-three-A-K-J"
        ),
        pytest.param("Q", "S2 S3", ["SJ", "S8", ""], False, id="浑甩-level-Q-J-counts"),
        pytest.param("K", "S2 S3", ["SK S10", "S9", ""], True, id="浑甩-level-K-top-three-A-Q-J"),
        pytest.param("K", "S2 S3", ["S10", "SJ", ""], False, id="浑甩-level-K-J-counts"),
        pytest.param("A", "S2 S3", ["SA SA S10", "", ""], True, id="浑甩-level-A-top-three-K-Q-J"),
        pytest.param("A", "S2 S3", ["S10", "SJ", ""], False, id="浑甩-level-A-J-counts"),
        pytest.param("7", "S2 S3 S4", ["H2 HA", "BJ", "D3"], True, id="nobody-else-holds-the-suit"),
    ],
)
def test_whether_a_throw_stands(level, throw, others, stands):
    """清甩: no higher component of the same shape out; 浑甩: none of the top three ranks out."""
    c = ctx(level, "H")
    assert throw_stands(c, lead(c, throw), [hand(h) for h in others]) is stands


@pytest.mark.parametrize(
    ("throw", "smallest"),
    [("SA SK S3", "S3"), ("SA SA S9", "S9"), ("S8 S8 S9 S9 S3", "S3"), ("SA S6 S8", "S6")],
)
def test_a_failed_throw_is_replaced_by_its_smallest_card(throw, smallest):
    """第三十五条: 不能甩的牌甩出，指定出其中最小的一张牌 (level 7: S6 is below S8)."""
    assert card_name(smallest_card(ctx("7", "H"), ids(throw))) == smallest


# -- throws in a recorded play --------------------------------------------------------

# N (declarer, level 7, hearts trump) throws SA SQ S3; E holds SK, so the throw fails.
FAILING = {"N": "SA SQ S3", "W": "S4 C2 C3", "S": "S6 C4 C6", "E": "SK C8 C9"}
VOIDS = {"W": "S", "S": "S", "E": "S"}


def throw_board(hands, first, **extra):
    return board(hands=hands, void=VOIDS, partial=True, tricks=[first], **extra)


def test_a_failed_throw_recorded_with_its_smallest_card_is_legal():
    """第三十五条: the attempted throw is shown; the smallest card is played."""
    first = trick("N", attempted="SA SQ S3", N="S3", W="S4", S="S6", E="SK")
    assert codes(check_board(throw_board(FAILING, first))) == []


def test_it_rejects_a_throw_that_does_not_stand_played_as_standing():
    first = trick("N", N="SA SQ S3", W="S4 C2 C3", S="S6 C4 C6", E="SK C8 C9")
    verdict = check_board(throw_board(FAILING, first)).to_dict()
    assert codes(verdict) == ["failed_throw"]
    error = verdict["errors"][0]
    assert (error["article"], error["trick"], error["seat"]) == ("第三十五条", 1, "N")
    assert "♠3" in error["message_en"] and "黑桃3" in error["message_zh"]


def test_it_rejects_a_throw_marked_failed_that_stands():
    """浑甩: nobody else holds SA, SK or SQ, so the throw stands and may not be replaced."""
    hands = {"N": "SA SQ S3 SK SK", "W": "S4 C2", "S": "S6 C4", "E": "S8 C8"}
    first = trick("N", attempted="SA SQ S3", N="S3", W="S4", S="S6", E="S8")
    assert codes(check_board(throw_board(hands, first))) == ["failed_throw"]


def test_a_throw_that_stands_by_浑甩_is_legal():
    hands = {"N": "SA SQ S3 SK SK", "W": "S4 C2 C3", "S": "S6 C4 C6", "E": "S8 C8 C9"}
    first = trick("N", N="SA SQ S3", W="S4 C2 C3", S="S6 C4 C6", E="S8 C8 C9")
    assert codes(check_board(throw_board(hands, first))) == []


def test_it_rejects_a_failed_throw_replaced_by_another_card_than_the_smallest():
    first = trick("N", attempted="SA SQ S3", N="SQ", W="S4", S="S6", E="SK")
    assert codes(check_board(throw_board(FAILING, first))) == ["failed_throw"]


def test_it_rejects_an_attempted_lead_that_is_no_throw():
    first = trick("N", attempted="SA", N="SA", W="S4", S="S6", E="SK")
    assert codes(check_board(throw_board(FAILING, first))) == ["failed_throw"]


def test_the_attempted_throw_must_be_held():
    hands = dict(FAILING, N="SA S3", E="SK C8 C9 SQ SQ")
    first = trick("N", attempted="SA SQ S3", N="S3", W="S4", S="S6", E="SK")
    assert "card_not_held" in codes(check_board(throw_board(hands, first)))


def test_it_rejects_a_mixed_lead_in_a_record():
    hands = {"N": "SA D3", "W": "S4 C2", "S": "S6 C4", "E": "SK C8"}
    first = trick("N", N="SA D3", W="S4 C2", S="S6 C4", E="SK C8")
    verdict = check_board(throw_board(hands, first)).to_dict()
    assert codes(verdict) == ["mixed_lead"]
    assert verdict["errors"][0]["article"] == "第十七条"


def test_it_rejects_a_trump_throw_in_a_record():
    hands = {"N": "BJ LJ", "W": "C2 C3", "S": "H2 H3", "E": "C8 C9"}
    first = trick("N", N="BJ LJ", W="C2 C3", S="H2 H3", E="C8 C9")
    record = board(hands=hands, void={"W": "T", "E": "T"}, partial=True, tricks=[first])
    verdict = check_board(record).to_dict()
    assert codes(verdict) == ["trump_throw"]
    assert verdict["errors"][0]["article"] == "第十九条"


def test_a_defenders_throw_is_not_judged_on_a_burying_left_out():
    """interfaces.md: what a record leaves out is not checked.

    N (declarer) buries both SK. E wins trick 1 and throws SA SQ: nobody else holds a
    spade, so it stands by 浑甩, and with the burying recorded the engine agrees. With
    `buried` left out nobody can tell whether N kept an SK, so the throw may not be
    called failed.
    """
    hands = {"N": "D2 C10 CJ", "E": "DA SA SA SQ SQ", "W": "D3 H2 H3", "S": "D4 H4 H5"}
    tricks = [
        trick("N", N="D2", W="D3", S="D4", E="DA"),
        trick("E", E="SA SQ", N="C10 CJ", W="H2 H3", S="H4 H5"),
    ]
    record = board(
        hands=hands,
        bottom="SK SK C2 C3 C4 C6 C8 C9",
        void={"N": "S", "W": "SD", "S": "SD"},
        partial=True,
        tricks=tricks,
    )
    assert codes(check_board(record)) == []
    del record["buried"]
    assert codes(check_board(record)) == []
