"""Following (第十七条): suit, count, cards held, the leader, a complete play; the shape duty."""

from __future__ import annotations

import pytest

from core.engine import check_board
from core.engine.play import FollowFault, check_follow

from .builders import board, codes, trick
from .helpers import ctx, hand, ids, lead

# -- the follow duty on its own (check_follow) ---------------------------------------


@pytest.mark.parametrize(
    ("led", "held", "play", "fault"),
    [
        pytest.param("SA", "S3 D2 H2", "S3", None, id="第十七条-follows-suit"),
        pytest.param("SA", "S3 D2 H2", "D2", "must_follow_suit", id="第十七条-revoke"),
        pytest.param(
            "SA", "S3 D2 H2", "H2", "must_follow_suit", id="第十七条-trumps-while-holding-suit"
        ),
        pytest.param("SA", "D2 H2", "D2", None, id="第十七条-垫牌-when-void"),
        pytest.param("SA", "D2 H2", "H2", None, id="第十八条-杀牌-when-void"),
        pytest.param("SA", "S7 D2", "D2", None, id="level-card-S7-is-no-spade"),
        pytest.param("S3 S3", "S9 D2 D4", "S9 D2", None, id="fewer-than-led-plays-them-all"),
        pytest.param("S3 S3", "S9 D2 D4", "D2 D4", "must_follow_suit", id="fewer-kept-back"),
        pytest.param("S3 S3", "S9 SQ D2", "S9 SQ", None, id="第十七条-no-pair-needed"),
        pytest.param("S3 S3", "S9 SQ D2", "S9 D2", "must_follow_suit", id="two-held-one-played"),
        pytest.param(
            "S3 S3 S4 S4", "S9 SJ D2 D3 D4", "S9 SJ D2 D3", None, id="tractor-two-held-two-played"
        ),
        pytest.param("H2", "S7 SA", "S7", None, id="trump-lead-followed-by-副级牌"),
        pytest.param("H2", "S7 SA", "SA", "must_follow_suit", id="trump-lead-副级牌-kept-back"),
        pytest.param("H2", "BJ SA", "SA", "must_follow_suit", id="trump-lead-joker-kept-back"),
        pytest.param("H2", "SA DA", "DA", None, id="trump-lead-void-in-trumps"),
    ],
)
def test_the_follow_duty(led, held, play, fault):
    """Holding enough of the led suit, play only it; holding fewer, play all of it."""
    c = ctx("7", "H")
    got = check_follow(c, lead(c, led), ids(play), hand(held), shape_rule=False)
    assert (got.value if got else None) == fault


@pytest.mark.parametrize(
    ("led", "held", "play", "fault"),
    [
        pytest.param("S3 S3", "S9 S9 SQ D2", "S9 SQ", "must_follow_shape", id="pair-for-a-pair"),
        pytest.param("S3 S3", "S9 S9 SQ D2", "S9 S9", None, id="pair-played"),
        pytest.param("S3 S3", "S9 SQ SK D2", "S9 SQ", None, id="no-pair-held"),
        pytest.param(
            "S3 S3 S4 S4",
            "S9 S9 S10 S10 SQ SK",
            "S9 S9 SQ SK",
            "must_follow_shape",
            id="tractor-for-a-tractor",
        ),
        pytest.param(
            "S3 S3 S4 S4", "S9 S9 S10 S10 SQ SK", "S9 S9 S10 S10", None, id="tractor-played"
        ),
        pytest.param(
            "S3 S3 S4 S4", "S9 S9 SQ SQ SK D2", "S9 SQ SQ SK", "must_follow_shape", id="two-pairs"
        ),
        pytest.param("S3 S3 S4 S4", "S9 S9 SQ SQ SK", "S9 S9 SQ SQ", None, id="two-pairs-played"),
    ],
)
def test_the_shape_duty_when_switched_on(led, held, play, fault):
    """003 (`must_follow_shape`, on in shengji): pairs and tractors answer pairs and tractors."""
    c = ctx("7", "H")
    got = check_follow(c, lead(c, led), ids(play), hand(held), shape_rule=True)
    assert (got.value if got else None) == fault
    assert check_follow(c, lead(c, led), ids(play), hand(held), shape_rule=False) is None


def test_the_shape_duty_does_not_excuse_a_revoke():
    c = ctx("7", "H")
    got = check_follow(c, lead(c, "S3 S3"), ids("S9 D2"), hand("S9 S9 D2"), shape_rule=True)
    assert got is FollowFault.SUIT


# -- following in a recorded (partial) play -------------------------------------------

# N declares and leads; W, S and E each hold exactly the spades named here.
HANDS = {"N": "SA SA SK", "W": "S4 S4 D2 D3", "S": "S6 C4 C6", "E": "S8 C8 C9"}
VOIDS = {"W": "S", "S": "S", "E": "S"}


def played(*tricks, hands=None, **extra):
    return board(hands=hands or HANDS, void=VOIDS, partial=True, tricks=list(tricks), **extra)


def test_a_legal_partial_play_is_valid():
    first = trick("N", N="SA", W="S4", S="S6", E="S8")
    second = trick("N", N="SK", W="S4", S="C4", E="C8")
    verdict = check_board(played(first, second)).to_dict()
    assert verdict["valid"], verdict["errors"]


def test_it_rejects_a_revoke():
    first = trick("N", N="SA", W="D2", S="S6", E="S8")
    verdict = check_board(played(first)).to_dict()
    assert codes(verdict) == ["must_follow_suit"]
    error = verdict["errors"][0]
    assert (error["article"], error["trick"], error["seat"], error["board"]) == (
        "第十七条",
        1,
        "W",
        1,
    )
    assert error["message_zh"] and error["message_en"]
    assert set(error) == {"code", "article", "board", "trick", "seat", "message_zh", "message_en"}


def test_it_rejects_a_revoke_found_only_in_a_later_trick():
    """E shows a spade in trick 2 after discarding on spades in trick 1."""
    first = trick("N", N="SA", W="S4", S="S6", E="C8")
    second = trick("N", N="SA", W="S4", S="C4", E="S8")
    found = [
        (e["code"], e["trick"], e["seat"])
        for e in check_board(played(first, second)).to_dict()["errors"]
    ]
    assert found == [("must_follow_suit", 1, "E")]


def test_it_rejects_the_wrong_number_of_cards():
    first = trick("N", N="SA", W="S4 S4", S="S6", E="S8")
    found = [
        (e["code"], e["trick"], e["seat"]) for e in check_board(played(first)).to_dict()["errors"]
    ]
    assert found == [("wrong_count", 1, "W")]


def test_it_rejects_a_card_not_held():
    first = trick("N", N="SA", W="S4", S="S9", E="S8")
    verdict = check_board(played(first)).to_dict()
    assert [(e["code"], e["seat"]) for e in verdict["errors"]] == [("card_not_held", "S")]


def test_it_rejects_a_card_played_twice_by_one_seat():
    first = trick("N", N="SA", W="S4", S="S6", E="S8")
    second = trick("N", N="SK", W="S4", S="S6", E="C8")
    found = [
        (e["code"], e["trick"], e["seat"])
        for e in check_board(played(first, second)).to_dict()["errors"]
    ]
    assert ("card_not_held", 2, "S") in found


def test_the_declarer_leads_the_first_trick():
    """第十七条: 每副牌由打家先出牌."""
    first = trick("W", W="D2", S="C4", E="C8", N="D4")
    found = [
        (e["code"], e["trick"], e["seat"])
        for e in check_board(played(first, hands=dict(HANDS, N="SA SA SK D4"))).to_dict()["errors"]
    ]
    assert ("wrong_leader", 1, "W") in found


def test_the_winner_of_a_trick_leads_the_next():
    """第十七条: 上圈牌谁管上，则下圈牌谁先出牌 — N's SA holds, so N leads again."""
    first = trick("N", N="SA", W="S4", S="S6", E="S8")
    second = trick("W", W="D2", S="C4", E="C8", N="SK")
    found = [
        (e["code"], e["trick"], e["seat"])
        for e in check_board(played(first, second)).to_dict()["errors"]
    ]
    assert ("wrong_leader", 2, "W") in found


def test_a_complete_play_must_account_for_every_card():
    """A record without "partial" holds the whole play: 25 tricks of singles at least."""
    record = played(trick("N", N="SA", W="S4", S="S6", E="S8"))
    del record["partial"]
    verdict = check_board(record).to_dict()
    assert sorted(codes(verdict)) == ["incomplete_play"] * 4
    assert {e["seat"] for e in verdict["errors"]} == {"N", "E", "S", "W"}
    assert verdict["outcome"] == "guang"  # the entered result stands in when play is cut short


# -- the shape duty in records: off in chifeng-2007, on in shengji --------------------

PAIR_HANDS = {"N": "SA SA SK", "W": "S4 S4 S3 D2", "S": "S6 C4 C6", "E": "S8 C8 C9"}
SPLIT_PAIR = trick("N", N="SA SA", W="S4 S3", S="S6 C4", E="S8 C8")


def test_chifeng_2007_does_not_make_a_pair_answer_a_pair():
    """004/000: 上家出对，下家…可以跟对，也可以不跟对 — `must_follow_shape` off by default."""
    verdict = check_board(played(SPLIT_PAIR, hands=PAIR_HANDS)).to_dict()
    assert verdict["valid"], verdict["errors"]


@pytest.mark.parametrize(
    ("rules", "switches"),
    [
        pytest.param("shengji", {}, id="003-shengji"),
        pytest.param("chifeng-2007", {"must_follow_shape": True}, id="switch-on"),
    ],
)
def test_it_rejects_a_split_pair_where_the_shape_duty_holds(rules, switches):
    record = played(SPLIT_PAIR, hands=PAIR_HANDS, rules=rules, switches=switches)
    found = [(e["code"], e["trick"], e["seat"]) for e in check_board(record).to_dict()["errors"]]
    assert found == [("must_follow_shape", 1, "W")]


# -- 003 read as rules.md settles it: a tractor of the lead's length, else pairs --------


@pytest.mark.parametrize(
    ("led", "held", "play", "fault"),
    [
        pytest.param(
            "S3 S3 S4 S4 S5 S5",
            "S9 S9 S10 S10 SK SK SA D2",
            "S9 S9 SK SK SA S10",
            "must_follow_shape",
            id="three-pairs-owed-two-played",
        ),
        pytest.param(
            "S3 S3 S4 S4 S5 S5",
            "S9 S9 S10 S10 SK SK SA D2",
            "S9 S9 S10 S10 SK SK",
            None,
            id="shorter-tractor-played-as-pairs",
        ),
        pytest.param(
            "S4 S4 S5 S5 S6 S6",
            "S2 S2 S9 S9 S10 S10 SQ SQ",
            "S2 S2 S9 S9 SQ SQ",
            None,
            id="pairs-without-the-shorter-tractor",
        ),
    ],
)
def test_a_shorter_tractor_is_not_owed_only_its_pairs(led, held, play, fault):
    """003: "首家出拖拉机，其余各家都要出相应的拖拉机，无拖拉机则必须出对牌" — a follower with
    no tractor of the lead's length owes pairs (rules.md: "a shorter tractor is not owed
    as such, its pairs count as pairs")."""
    c = ctx("7", "H")
    got = check_follow(c, lead(c, led), ids(play), hand(held), shape_rule=True)
    assert (got.value if got else None) == fault


def test_pairs_answer_a_tractor_when_only_a_shorter_tractor_is_held():
    """The defect of issue 17: against a 3-pair tractor, a follower holding 22, 99-1010
    (a 2-pair tractor) and QQ may answer 22 99 QQ — three pairs — and need not break
    them up to play 99-1010 (level 7: 9 and 10 are neighbours, 10 and Q are not)."""
    c = ctx("7", "H")
    led = lead(c, "S4 S4 S5 S5 S6 S6")
    held = hand("S2 S2 S9 S9 S10 S10 SQ SQ")
    assert check_follow(c, led, ids("S2 S2 S9 S9 SQ SQ"), held, shape_rule=True) is None


def test_a_tractor_of_the_leads_length_is_owed_when_held():
    c = ctx("7", "H")
    led = lead(c, "S3 S3 S4 S4")
    held = hand("S9 S9 S10 S10 SK SK")
    assert check_follow(c, led, ids("S9 S9 SK SK"), held, shape_rule=True) is FollowFault.SHAPE


def test_a_shape_error_names_what_was_owed():
    """The message says which pair was owed, with the suit named in both languages."""
    record = played(SPLIT_PAIR, hands=PAIR_HANDS, rules="shengji")
    error = check_board(record).to_dict()["errors"][0]
    assert "the pair ♠4♠4" in error["message_en"] and "spades" in error["message_en"]
    assert "对子黑桃4黑桃4" in error["message_zh"] and "西家" in error["message_zh"]


def test_a_tractor_shape_error_names_the_tractor():
    hands = {"N": "SA SA SK SK", "W": "S4 S4 S5 S5 S9", "S": "S6 C4 C6 C7", "E": "S8 C8 C9 C10"}
    split = trick("N", N="SK SK SA SA", W="S4 S4 S9 S5", S="S6 C4 C6 C7", E="S8 C8 C9 C10")
    record = played(split, hands=hands, rules="shengji")
    errors = check_board(record).to_dict()["errors"]
    assert [(e["code"], e["seat"]) for e in errors] == [("must_follow_shape", "W")]
    assert "the tractor ♠4♠4♠5♠5" in errors[0]["message_en"]
    assert "拖拉机黑桃4黑桃4黑桃5黑桃5" in errors[0]["message_zh"]


def test_a_revoke_names_the_suit_not_its_letter():
    """ "seat W still holds spades", not "holds S" (a letter that reads like a seat)."""
    revoke = trick("N", N="SA", W="D2", S="S6", E="S8")
    message = check_board(played(revoke)).to_dict()["errors"][0]
    assert "still holds spades" in message["message_en"]
    assert "西家手中还有黑桃，必须跟黑桃" in message["message_zh"]
