"""Deal checks: 108 cards, 25 a hand, 8 in the bottom, the declaration, the burying and the
exchanges after it (第十、十四、十五、十六、四十一条).

rules.md "Declaring trump (亮主) and the bottom".
"""

from __future__ import annotations

import pytest

from core.engine import check_board, check_deal

from .builders import board, codes


def errors(record):
    return check_board(record).to_dict()["errors"]


def test_a_plain_deal_is_valid():
    verdict = check_board(board()).to_dict()
    assert verdict["valid"], verdict["errors"]


# -- the 108 cards (第四十一条), hands (第十四条) and the bottom (第十条) ----------------


def test_it_rejects_a_deal_with_a_card_three_times():
    record = board(hands={"N": "C3", "E": "SA SA"}, void={"N": "S"})
    record["hands"]["N"][record["hands"]["N"].index("C3")] = "SA"
    found = errors(record)
    assert [e["code"] for e in found] == ["card_count"]
    assert found[0]["article"] == "第四十一条"
    # Cards named with their suit symbols: a suit letter reads like a seat (issue 17).
    assert "♠A" in found[0]["message_en"] and "♣3" in found[0]["message_en"]
    assert "黑桃A" in found[0]["message_zh"] and "梅花3" in found[0]["message_zh"]


def test_it_rejects_a_deal_with_a_card_missing():
    record = board()
    record["hands"]["E"][0] = "H11"
    assert set(codes(check_board(record))) >= {"unknown_card"}
    record = board()
    record["bottom"] = record["bottom"][:7]
    record["buried"] = record["bottom"][:7] + [record["hands"]["N"][0]]
    assert "card_count" in codes(check_board(record))


def test_it_rejects_a_hand_that_is_not_25_cards():
    record = board()
    record["hands"]["E"].append(record["hands"]["N"].pop())
    found = [(e["code"], e["seat"], e["article"]) for e in errors(record)]
    assert found == [("hand_size", "N", "第十四条"), ("hand_size", "E", "第十四条")]


def test_it_rejects_a_bottom_that_is_not_8_cards():
    record = board()
    record["hands"]["E"].append(record["bottom"].pop())
    record["buried"] = list(record["bottom"]) + [record["hands"]["N"][0]]
    found = [(e["code"], e["seat"]) for e in errors(record)]
    assert ("bottom_size", None) in found
    assert ("hand_size", "E") in found


def test_it_rejects_a_burying_that_is_not_8_cards():
    record = board()
    record["buried"] = record["buried"][:7]
    found = [(e["code"], e["seat"]) for e in errors(record)]
    assert found == [("bottom_size", "N")]


# -- declaring trump (第十五条) --------------------------------------------------------


def test_it_rejects_a_declaration_by_a_player_without_a_level_card_of_the_suit():
    record = board(level="7", trump="H", declarer="N", hands={"S": "H7"})
    record["declared_by"] = "E"  # E holds neither H7
    found = errors(record)
    assert [(e["code"], e["seat"], e["article"]) for e in found] == [
        ("trump_not_declarable", "E", "第十五条")
    ]


def test_a_trump_fixed_under_article_33_is_not_checked_against_the_deal():
    """第三十三条 (亮错主): once the director records the non-offending side's choice, the
    trump stands as decided (``"declaration": "ruled"``), whoever showed it."""
    record = board(level="7", trump="H", declarer="N", hands={"S": "H7"})
    record["declared_by"] = "E"  # E holds neither H7: a wrong declaration
    record["declaration"] = "ruled"
    assert codes(check_board(record)) == []


def test_a_partner_may_declare_for_the_declarer():
    record = board(level="7", trump="H", declarer="N", declared_by="S")
    assert codes(check_board(record)) == []


@pytest.mark.parametrize(
    ("declaration", "held", "rules", "ok"),
    [
        pytest.param("show", "H7", "chifeng-2007", True, id="第十五条-亮主-one-card"),
        pytest.param("overturn", "H7", "chifeng-2007", False, id="第十五条-正主-needs-a-pair"),
        pytest.param("overturn", "H7 H7", "chifeng-2007", True, id="第十五条-正主-pair"),
        pytest.param("seal", "H7", "chifeng-2007", False, id="第十五条-封主-needs-a-pair"),
        pytest.param("seal", "H7 H7", "chifeng-2007", True, id="第十五条-封主-pair"),
        pytest.param("seal", "H7 H7", "chifeng-club", False, id="000-no-封主-in-the-club-game"),
    ],
)
def test_declarations(declaration, held, rules, ok):
    hands = {"N": held, "E": "H7"} if held == "H7" else {"N": held}  # E keeps the other H7
    record = board(level="7", trump="H", declarer="N", hands=hands, rules=rules)
    record["declaration"] = declaration
    found = codes(check_board(record))
    assert found == ([] if ok else ["trump_not_declarable"])


@pytest.mark.parametrize(
    ("third", "trump", "ok"),
    [
        pytest.param("D4", "D", True, id="第十五条-底三颗-gives-the-suit"),
        pytest.param("D4", "S", False, id="第十五条-底三颗-another-suit"),
        pytest.param("BJ", "H", True, id="第十五条-大王-is-hearts"),
        pytest.param("BJ", "S", False, id="大王-is-not-spades"),
        pytest.param("LJ", "S", True, id="第十五条-小王-is-spades"),
        pytest.param("LJ", "H", False, id="小王-is-not-hearts"),
    ],
)
def test_翻主_takes_the_third_card_from_the_bottom(third, trump, ok):
    """bottom[-3] when the bottom is listed top to bottom."""
    bottom = ["C2", "C3", "C4", "C6", "C8", third, "C9", "C9"]
    record = board(trump=trump, declared_by=None, bottom=bottom)
    assert codes(check_board(record)) == ([] if ok else ["trump_not_declarable"])


def test_翻主_does_not_look_at_the_top_of_the_bottom():
    bottom = ["S2", "C3", "C4", "C6", "C8", "D4", "C9", "C9"]
    assert codes(check_board(board(trump="S", declared_by=None, bottom=bottom))) == [
        "trump_not_declarable"
    ]


# -- burying (第十六条) ------------------------------------------------------------------


def test_the_declarer_may_bury_any_8_of_the_33_cards():
    record = board(hands={"N": "SA SK SQ DA DK"})
    record["buried"] = ["SA", "SK", "SQ", "DA", "DK", *record["bottom"][:3]]
    assert codes(check_board(record)) == []


def test_it_rejects_burying_a_card_the_declarer_never_had():
    record = board(hands={"E": "SA SA"})
    record["buried"] = ["SA", *record["bottom"][:7]]
    found = errors(record)
    assert [(e["code"], e["seat"], e["article"]) for e in found] == [
        ("buried_not_held", "N", "第十六条")
    ]


# -- 干巴锅: a switch, on in chifeng-club only ------------------------------------------

DRY_BOTTOM = ["C2", "C3", "C4", "C6", "C8", "C9", "S2", "H7"]  # hearts trump: only its level card
WET_BOTTOM = ["C2", "C3", "C4", "C6", "C8", "C9", "S2", "H2"]


@pytest.mark.parametrize(
    ("rules", "bottom", "ok"),
    [
        pytest.param("chifeng-2007", DRY_BOTTOM, True, id="2007-no-干巴锅"),
        pytest.param("chifeng-club", DRY_BOTTOM, False, id="000-干巴锅-may-not-be-taken"),
        pytest.param("chifeng-club", WET_BOTTOM, True, id="000-a-trump-in-the-bottom"),
    ],
)
def test_干巴锅(rules, bottom, ok):
    record = board(rules=rules, trump="H", level="7", bottom=bottom, hands={"N": "SA SK"})
    record["buried"] = ["SA", "SK", *bottom[:6]]
    assert codes(check_board(record)) == ([] if ok else ["buried_not_held"])


def test_干巴锅_lets_the_declarer_leave_the_bottom_as_it_is():
    record = board(rules="chifeng-club", trump="H", level="7", bottom=DRY_BOTTOM)
    assert codes(check_board(record)) == []


# -- exchanges after the burying: 潇洒 and 抢牌 (第十六条) ------------------------------

BOTTOM = ["C2", "C3", "C5", "C10", "CK", "CJ", "H7", "CA"]


def exchange_board(exchange, rules="chifeng-2007"):
    record = board(
        level="7",
        trump="H",
        declarer="N",
        bottom=BOTTOM,
        hands={"E": "BJ BJ LJ D9", "S": "LJ", "W": "S4"},
        rules=rules,
    )
    record["exchanges"] = [exchange]
    return record


def xiaosa(seat="E", gives="BJ", takes="C2"):
    return {"kind": "xiaosa", "seat": seat, "gives": gives, "takes": takes}


def grab(seat="W", takes="H7", gives="S4"):
    return {"kind": "grab", "seat": seat, "takes": takes, "gives": gives}


@pytest.mark.parametrize(
    ("exchange", "ok"),
    [
        pytest.param(xiaosa(), True, id="第十六条-潇洒-大王-for-a-2"),
        pytest.param(xiaosa(gives="LJ", takes="C3"), True, id="第十六条-潇洒-小王-for-a-3"),
        pytest.param(xiaosa(gives="D9"), False, id="潇洒-gives-only-jokers"),
        pytest.param(xiaosa(takes="C5"), False, id="潇洒-takes-no-5"),
        pytest.param(xiaosa(takes="C10"), False, id="潇洒-takes-no-10"),
        pytest.param(xiaosa(takes="CK"), False, id="潇洒-takes-no-K"),
        pytest.param(xiaosa(takes="CJ"), False, id="潇洒-takes-nothing-above-9"),
        pytest.param(xiaosa(takes="CA"), False, id="潇洒-takes-no-A"),
        pytest.param(xiaosa(takes="C4"), False, id="潇洒-takes-only-from-the-bottom"),
        pytest.param(xiaosa(seat="W"), False, id="潇洒-gives-only-a-joker-held"),
        pytest.param(xiaosa(seat="N"), False, id="潇洒-not-by-the-declarer"),
        pytest.param(xiaosa(seat="S", gives="LJ"), True, id="第十六条-潇洒-by-the-partner"),
        pytest.param(grab(), True, id="第十六条-抢牌-a-buried-level-card"),
        pytest.param(grab(takes="C3"), False, id="抢牌-takes-only-level-cards"),
        pytest.param(grab(takes="D7"), False, id="抢牌-takes-only-from-the-bottom"),
        pytest.param(
            grab(seat="E", gives="BJ"), True, id="第十六条-抢牌-by-anyone-giving-any-card"
        ),
        pytest.param(grab(gives="BJ"), False, id="抢牌-gives-a-card-held"),
    ],
)
def test_exchanges(exchange, ok):
    found = errors(exchange_board(exchange))
    if ok:
        assert found == []
    else:
        assert {e["code"] for e in found} == {"exchange_not_allowed"}
        assert found[0]["seat"] == exchange["seat"] and found[0]["article"] == "第十六条"


def test_there_is_no_潇洒_in_shengji():
    assert codes(check_board(exchange_board(xiaosa(), rules="shengji"))) == ["exchange_not_allowed"]


def test_潇洒_puts_the_joker_into_the_bottom():
    verdict = check_board(exchange_board(xiaosa())).to_dict()
    assert verdict["xiaosa"] == ["BJ"]


def test_exchanges_without_a_deal_are_checked_as_far_as_they_can_be():
    """interfaces.md: a scorecard that only notes who put which joker in for which card."""
    record = board(with_deal=False, buried=None, result={"defender_points": 10, "dig": None})
    record["exchanges"] = [xiaosa(), xiaosa(gives="D9", takes="CK")]
    found = errors(record)
    assert [e["code"] for e in found] == ["exchange_not_allowed", "exchange_not_allowed"]
    assert check_board(record).to_dict()["xiaosa"] == ["BJ"]


# -- a deal alone, before anyone plays it -------------------------------------------------


def test_check_deal_accepts_a_whole_deal():
    record = board()
    assert check_deal({"hands": record["hands"], "bottom": record["bottom"]}) == ()


def test_check_deal_reports_sizes_and_counts():
    record = board()
    record["hands"]["E"].append(record["hands"]["N"].pop())
    record["bottom"][0] = record["bottom"][1] = record["bottom"][2] = "C2"
    found = [
        e.code.value for e in check_deal({"hands": record["hands"], "bottom": record["bottom"]})
    ]
    assert found == ["hand_size", "hand_size", "card_count"]


def test_check_deal_needs_the_hands_and_the_bottom():
    assert [e.code.value for e in check_deal({"hands": board()["hands"]})] == ["bad_record"]
