"""The outcome of a hand (第十六、二十一至二十三条; rules.md "Points and the end of a hand").

Each row is one scorecard: the levels before (NS, EW), the declarer, the defenders'
points, the dig and the 潇洒 jokers; and what must follow: the outcome, the levels after
(NS, EW), the jump levels (NS, EW) and the next declarer. Play goes N → W → S → E, so
the old declarer's 下家 is: N → W, W → S, S → E, E → N.
"""

from __future__ import annotations

import pytest

from core.engine import (
    BJ,
    LJ,
    Dig,
    Outcome,
    Seat,
    Side,
    check_board,
    level_name,
    parse_level,
    resolve_profile,
    score_hand,
)
from core.engine.outcome import rise

from .builders import codes, result_only

PREFACE = {"must_play_levels": ["K"], "level_digs": {}}  # 004's journalist's preface
TEN = {"must_play_levels": ["10", "J", "Q", "K"]}  # 001: 10不过
K_TO_J = {"level_digs": {"J": "to_A", "Q": "to_6", "K": "to_J"}}  # 001: K到J

# id: "NS EW declarer points dig 潇洒" → "outcome NS-after EW-after jump-NS jump-EW next"
# ("-" for no dig or no 潇洒, "+" joins jokers, "?" leaves the jump levels unchecked).
ROWS = [
    ("第二十一条-光牌-plus-3-partner-next", "7 7 N 0 - -", "guang 10 7 3 0 S"),
    ("第二十一条-made-plus-1", "7 4 N 35 - -", "made 8 4 1 0 S"),
    ("第二十一条-made-at-75", "7 4 E 75 - -", "made 7 5 0 1 W"),
    ("第二十一条-80-breaks-defenders-keep-level", "7 4 N 80 - -", "broken 7 4 0 0 W"),
    ("第二十一条-135-is-not-轱辘坡", "7 4 W 135 - -", "broken 7 4 0 0 S"),
    ("第二十三条-140-轱辘坡-to-A", "7 4 N 140 - -", "gulupo A 4 0 6 W"),
    ("第二十三条-轱辘坡-at-A", "A 6 N 170 - -", "gulupo A 6 0 0 W"),
    ("第二十二条-大王抠底-plus-3", "7 4 N 20 BJ -", "broken 7 7 0 3 W"),
    ("第二十二条-小王抠底-plus-2", "4 7 S 0 LJ -", "broken 4 9 0 2 E"),
    ("第二十二条-dig-and-轱辘坡", "7 4 N 150 BJ -", "gulupo A 7 0 9 W"),
    ("第二十二条-J到底-to-A-award-10", "J 5 N 40 J -", "broken A 5 0 10 W"),
    ("第二十二条-Q半截-to-6-award-6", "5 Q E 40 Q -", "broken 5 6 6 0 N"),
    ("第二十二条-K三级-to-10-award-3", "K 5 S 60 K -", "broken 10 5 0 3 E"),
    ("第二十二条-K三级-and-轱辘坡-larger-once", "K 5 N 140 K -", "gulupo A 5 0 12 W"),
    ("第二十二条-Q半截-and-轱辘坡", "Q 5 N 160 Q -", "gulupo A 5 0 11 W"),
    ("第二十二条-J到底-and-轱辘坡-once", "J 5 N 140 J -", "gulupo A 5 0 10 W"),
    ("第十六条-潇洒-大王-made", "4 2 N 30 - BJ", "made 8 2 4 0 S"),
    ("第十六条-潇洒-adds-up", "2 2 N 0 - BJ+LJ", "guang 10 2 8 0 S"),
    ("第十六条-潇洒-小王-to-defenders", "7 4 N 90 - LJ", "broken 7 6 0 2 W"),
    ("第十六条-潇洒-and-dig-add-up", "7 2 N 10 BJ BJ+BJ", "broken 7 J 0 9 W"),
    ("第二十二条-光牌-from-9-stops-at-J", "9 2 N 0 - -", "guang J 2 3 0 S"),
    ("第二十二条-made-from-10-reaches-J", "10 2 N 5 - -", "made J 2 1 0 S"),
    ("第二十二条-from-J-2-levels-stop-at-Q", "2 J N 20 LJ -", "broken 2 Q 0 2 W"),
    ("第二十二条-潇洒-stops-at-J", "7 2 N 10 - BJ", "made J 2 4 0 S"),
    ("第二十二条-光牌-from-Q-reaches-K", "Q 2 N 0 - -", "guang K 2 3 0 S"),
    ("made-at-K-wins-the-game-back-to-A", "K 9 N 30 - -", "made A 9 1 0 S"),
    ("光牌-at-K-wins-the-game", "9 K W 0 - -", "guang 9 A 0 3 E"),
    ("defenders-gains-stop-at-K", "7 Q N 0 BJ LJ", "broken 7 K 0 5 W"),
    ("defenders-at-K-stay-at-K", "7 K N 90 BJ -", "broken 7 K 0 3 W"),
]
VARIANT_ROWS = [
    ("000-K翻天-swaps-the-levels", "chifeng-club", {}, "K 5 N 40 K -", "broken 5 K ? ? W"),
    ("001-K到J", "chifeng-2007", K_TO_J, "K 5 N 40 K -", "broken J 5 0 2 W"),
    ("001-10不过-光牌-from-8-stops-at-10", "chifeng-2007", TEN, "8 2 N 0 - -", "guang 10 2 3 0 S"),
    ("001-10不过-dig-from-9-stops-at-10", "chifeng-2007", TEN, "2 9 N 0 BJ -", "broken 2 10 0 3 W"),
    ("004-preface-光牌-from-9-passes-J", "chifeng-2007", PREFACE, "9 2 N 0 - -", "guang Q 2 3 0 S"),
    ("004-preface-潇洒-stops-at-K", "chifeng-2007", PREFACE, "9 2 N 0 - BJ+LJ", "guang K 2 8 0 S"),
    ("004-preface-J-dig-is-only-a-dig", "chifeng-2007", PREFACE, "J 2 N 0 J -", "broken J 2 0 0 W"),
]
ALL_ROWS = [("chifeng-2007", {}, *row) for row in ROWS] + [
    (rules, switches, name, card, expected)
    for name, rules, switches, card, expected in VARIANT_ROWS
]

SIDES = ("NS", "EW")


def _params(rows):
    return [
        pytest.param(rules, switches, card, expected, id=name)
        for rules, switches, name, card, expected in rows
    ]


def _scorecard(card):
    ns, ew, declarer, points, dig, xiaosa = card.split()
    jokers = [] if xiaosa == "-" else xiaosa.split("+")
    return (ns, ew), declarer, int(points), None if dig == "-" else dig, jokers


def _expected(expected):
    outcome, ns, ew, jump_ns, jump_ew, next_declarer = expected.split()
    jumps = None if jump_ns == "?" else {"NS": int(jump_ns), "EW": int(jump_ew)}
    return outcome, {"NS": ns, "EW": ew}, jumps, next_declarer


@pytest.mark.parametrize(("rules", "switches", "card", "expected"), _params(ALL_ROWS))
def test_score_hand(rules, switches, card, expected):
    levels, declarer, points, dig, jokers = _scorecard(card)
    outcome, after, jumps, next_declarer = _expected(expected)
    hand = score_hand(
        resolve_profile(rules, switches),
        {Side(s): parse_level(v) for s, v in zip(SIDES, levels, strict=True)},
        Seat[declarer],
        points,
        Dig(dig) if dig else None,
        [BJ if j == "BJ" else LJ for j in jokers],
    )
    assert hand.outcome is Outcome(outcome)
    assert hand.declarer_broken is (outcome in ("broken", "gulupo"))
    assert {s: level_name(hand.levels_after[Side(s)]) for s in SIDES} == after
    if jumps is not None:
        assert {s: hand.jump_levels[Side(s)] for s in SIDES} == jumps
    assert hand.next_declarer is Seat[next_declarer]


# 潇洒 comes from the bottom in a record, so those rows are checked through records apart.
# The preface J-dig row is no valid record: a J dig is impossible without level digs.
RECORD_ROWS = [r for r in ALL_ROWS if r[3].endswith(" -") and "J-dig" not in r[2]]


@pytest.mark.parametrize(("rules", "switches", "card", "expected"), _params(RECORD_ROWS))
def test_a_result_only_record_gives_the_same_outcome(rules, switches, card, expected):
    (ns, ew), declarer, points, dig, _ = _scorecard(card)
    outcome, after, jumps, next_declarer = _expected(expected)
    own, other = (ns, ew) if declarer in "NS" else (ew, ns)
    record = result_only(
        level=own,
        other_level=other,
        declarer=declarer,
        points=points,
        dig=dig,
        rules=rules,
        switches=switches,
    )
    verdict = check_board(record).to_dict()
    assert verdict["valid"], verdict["errors"]
    assert verdict["outcome"] == outcome
    assert verdict["defender_points"] == points and verdict["dig"] == dig
    assert verdict["levels_after"] == after
    if jumps is not None:
        assert verdict["jump_levels"] == jumps
    assert verdict["next_declarer"] == next_declarer


def test_making_at_K_is_marked_as_a_won_game():
    """打通: a declaring side that makes at K starts again from A."""
    verdict = check_board(result_only(level="K", points=30)).to_dict()
    assert verdict["game_won"] is True
    verdict = check_board(result_only(level="Q", points=30)).to_dict()
    assert verdict["game_won"] is False


@pytest.mark.parametrize(
    ("declarer", "made", "broken"),
    [("N", "S", "W"), ("W", "E", "S"), ("S", "N", "E"), ("E", "W", "N")],
)
def test_who_declares_next(declarer, made, broken):
    """第二十一条: made → the partner (对家); broken → the old declarer's 下家 (002)."""
    assert check_board(result_only(declarer=declarer, points=10)).to_dict()["next_declarer"] == made
    assert (
        check_board(result_only(declarer=declarer, points=90)).to_dict()["next_declarer"] == broken
    )


@pytest.mark.parametrize(
    ("start", "by", "must_play", "end"),
    [
        pytest.param("9", 3, "J Q K", "J", id="第二十二条-from-9-stops-at-J"),
        pytest.param("J", 2, "J Q K", "Q", id="from-J-stops-at-Q"),
        pytest.param("Q", 3, "J Q K", "K", id="from-Q-stops-at-K"),
        pytest.param("K", 3, "J Q K", "K", id="never-past-K"),
        pytest.param("2", 3, "J Q K", "5", id="free-below-J"),
        pytest.param("A", 8, "J Q K", "9", id="from-A"),
        pytest.param("8", 3, "10 J Q K", "10", id="001-10不过"),
        pytest.param("9", 3, "K", "Q", id="004-preface-only-K"),
        pytest.param("9", 8, "", "K", id="no-must-play-still-stops-at-K"),
    ],
)
def test_rise(start, by, must_play, end):
    """A rise stops on the first must-play level it reaches (J、Q、K必打, 第二十二条)."""
    levels = frozenset(parse_level(x) for x in must_play.split())
    assert level_name(rise(parse_level(start), by, levels)) == end


def test_潇洒_jokers_buried_by_the_declarer_go_to_the_winning_side():
    """第十六条: buried 大王 and 小王 count 3 + 2 for the side that wins the hand."""
    made = check_board(result_only(level="3", points=20, buried="BJ LJ C2 C3 C4 C6 C7 C8"))
    assert made.to_dict()["levels_after"] == {"NS": "9", "EW": "3"}
    assert made.to_dict()["xiaosa"] == ["BJ", "LJ"]
    broken = check_board(result_only(level="3", points=90, buried="BJ LJ C2 C3 C4 C6 C7 C8"))
    assert broken.to_dict()["levels_after"] == {"NS": "3", "EW": "8"}
    assert broken.to_dict()["jump_levels"] == {"NS": 0, "EW": 5}


def test_潇洒_jokers_put_in_by_an_exchange_count_too():
    exchanges = [{"kind": "xiaosa", "seat": "E", "gives": "BJ", "takes": "C2"}]
    verdict = check_board(
        result_only(level="3", points=20, buried="LJ C2 C3 C4 C6 C7 C8 C9", exchanges=exchanges)
    ).to_dict()
    assert verdict["valid"], verdict["errors"]
    assert sorted(verdict["xiaosa"]) == ["BJ", "LJ"]
    assert verdict["levels_after"]["NS"] == "9"


def test_the_004_preface_reading_has_no_level_digs():
    """004's preface as a switch: no J到底, so a J dig cannot be entered."""
    switches = {"must_play_levels": ["K"], "level_digs": {}}
    record = result_only(level="J", points=40, dig="J", switches=switches)
    assert codes(check_board(record)) == ["result_impossible"]


def test_the_profiles_default_to_the_2007_articles():
    """rules.md: `chifeng-2007` defaults: J、Q、K必打, J到底/Q半截/K三级, ace-low, no shape duty."""
    described = resolve_profile("chifeng-2007").describe()
    assert set(described["must_play_levels"]) == {"J", "Q", "K"}
    assert described["level_digs"] == {"J": "to_A", "Q": "to_6", "K": "to_10"}
    assert described["ace_low_tractor"] is True
    assert described["must_follow_shape"] is False
    assert described["failed_throw_penalty"] == 0
    assert described["bottom_points"] == "none"
    assert described["ganbaguo"] is False
    assert resolve_profile("chifeng-club").describe()["level_digs"]["K"] == "swap"
    assert resolve_profile("shengji").describe()["must_follow_shape"] is True


# -- K翻天 (chifeng-club), read as rules.md settles it ----------------------------------


@pytest.mark.parametrize(
    ("ns", "ew", "points", "after", "jump"),
    [
        pytest.param("K", "5", 40, ("5", "K"), 8, id="K-over-5-is-a-jump-of-8"),
        pytest.param("K", "Q", 40, ("Q", "K"), 1, id="K-over-Q-is-a-jump-of-1"),
        pytest.param("K", "5", 150, ("A", "K"), 12, id="with-轱辘坡-the-larger-award-once"),
    ],
)
def test_k翻天_counts_as_a_jump_of_the_levels_the_sides_swapped(ns, ew, points, after, jump):
    """000: "在打K时，用单K或对K抠底则K翻天。即，庄家打的牌和防守方互换。比如：庄家打K被K翻天
    了。本来防守方一开始是打5的。则防守方上台后就打K，以前的庄家下台后就改成打5了". rules.md:
    "K翻天's award for comparisons is the levels the swap moved the defenders (K minus
    their old level), like 轱辘坡's 'levels the declarer fell'"; with 轱辘坡 as well, the
    larger award counts once (第二十三条)."""
    profile = resolve_profile("chifeng-club")
    levels = {Side.NS: parse_level(ns), Side.EW: parse_level(ew)}
    hand = score_hand(profile, levels, Seat.N, points, Dig.K)
    assert hand.declarer_broken
    assert {s: level_name(v) for s, v in hand.levels_after.items()} == {
        Side.NS: after[0],
        Side.EW: after[1],
    }
    assert hand.jump_levels == {Side.NS: 0, Side.EW: jump}


def test_k翻天_is_a_jump_for_team_scoring():
    """第二十四条 compares jumps: a K翻天 of 8 levels is a jump (跳级情况), not a plain break."""
    from core.results import PlayResult

    profile = resolve_profile("chifeng-club")
    hand = score_hand(profile, {Side.NS: 13, Side.EW: 5}, Seat.N, 40, Dig.K)
    played = PlayResult(Side.NS, 40, Dig.K, hand)
    assert played.jump_happened and played.jumps(Side.EW) == 8
