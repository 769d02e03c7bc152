"""Card, level and seat notation (interfaces.md, "Card and seat notation"; 第六、八、四十一条)."""

from __future__ import annotations

import pytest

from core.engine import (
    BJ,
    LJ,
    Seat,
    Side,
    card_name,
    check_board,
    level_name,
    parse_card,
    parse_level,
)
from core.engine.cards import NotationError, Suit, card, full_deck, parse_seat, parse_suit

from .builders import board, codes


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("H10", "H10"),
        ("SA", "SA"),
        ("BJ", "BJ"),
        ("LJ", "LJ"),
        ("HT", "H10"),
        ("DT", "D10"),
        ("♥10", "H10"),
        ("♠A", "SA"),
        ("♦2", "D2"),
        ("♣K", "CK"),
        ("大王", "BJ"),
        ("小王", "LJ"),
    ],
)
def test_it_reads_every_spelling_of_interfaces_md_into_the_canonical_one(text, canonical):
    assert card_name(parse_card(text)) == canonical


def test_canonical_names_round_trip_over_the_whole_deck():
    """第四十一条: 108 cards, two of each of 54 kinds."""
    deck = full_deck()
    assert len(deck) == 108
    names = [card_name(c) for c in deck]
    assert len(set(names)) == 54
    assert all(names.count(n) == 2 for n in set(names))
    assert all(card_name(parse_card(n)) == n for n in names)


def test_jokers_are_their_own_constants():
    assert parse_card("BJ") == BJ and parse_card("LJ") == LJ
    assert card_name(card(Suit.H, 8)) == "H10"


@pytest.mark.parametrize(
    "text",
    ["", "X5", "H11", "H1O", "Z", "HJJ", "J", "10", "红桃5", 7, None]
    # Spellings interfaces.md does not list (issue 30): no "1" for the ace, no lower
    # case, no spaces, no Chinese suit names, no white suit symbols.
    + ["H1", "S1", "c9", "sa", "bj", " H10", "H10 ", "红心10", "梅花3", "♡10", "♤A"],
)
def test_it_rejects_unknown_cards(text):
    with pytest.raises(NotationError):
        parse_card(text)


def test_an_unknown_card_in_a_record_is_reported_as_unknown_card():
    record = board()
    record["hands"]["N"][3] = "H11"
    record["tricks"] = None
    verdict = check_board(record).to_dict()
    assert "unknown_card" in codes(verdict)
    error = next(e for e in verdict["errors"] if e["code"] == "unknown_card")
    assert error["article"] == "第四十一条"
    assert error["seat"] == "N"
    assert "H11" in error["message_en"]


def test_an_unknown_card_in_a_trick_names_the_trick_and_seat():
    record = board(partial=True, tricks=[{"leader": "N", "plays": {s: ["Q9"] for s in "NESW"}}])
    verdict = check_board(record).to_dict()
    found = [(e["code"], e["trick"], e["seat"]) for e in verdict["errors"]]
    assert ("unknown_card", 1, "N") in found
    assert not verdict["valid"]


@pytest.mark.parametrize(
    ("text", "level"),
    [("A", 1), ("2", 2), ("9", 9), ("10", 10), ("J", 11), ("Q", 12), ("K", 13)],
)
def test_levels_run_from_A_to_K(text, level):
    """第八条: 扑克牌从A到K排，每张牌代表一个级别，共13级."""
    assert parse_level(text) == level
    assert level_name(level) == text


@pytest.mark.parametrize(
    "text",
    ["0", "14", "B", "", None, True, 0, 14]
    # interfaces.md lists the strings A, 2 … 10, J, Q, K only (issue 30).
    + [7, 1, 13, "k", "a", "1", "T", "10 ", " 7", "07"],
)
def test_it_rejects_unknown_levels(text):
    with pytest.raises(NotationError):
        parse_level(text)


def test_an_unknown_level_in_a_record_is_a_bad_record():
    record = board(with_deal=False, result={"defender_points": 0, "dig": None})
    record["levels"]["NS"] = "Z"
    assert codes(check_board(record)) == ["bad_record"]


@pytest.mark.parametrize(
    ("text", "seat"), [("N", Seat.N), ("E", Seat.E), ("S", Seat.S), ("W", Seat.W)]
)
def test_it_reads_seats(text, seat):
    assert parse_seat(text) is seat


@pytest.mark.parametrize("text", ["X", "NS", "", None, "s", " N", "北"])
def test_it_rejects_unknown_seats(text):
    with pytest.raises(NotationError):
        parse_seat(text)


@pytest.mark.parametrize(
    ("text", "suit"), [("H", Suit.H), ("D", Suit.D), ("♠", Suit.S), ("C", Suit.C)]
)
def test_it_reads_suits(text, suit):
    """A suit as a card spells it (interfaces.md): its letter or its symbol."""
    assert parse_suit(text) is suit


@pytest.mark.parametrize("text", ["c", "h", " H", "红心", "♡", "X", "", None])
def test_it_rejects_suits_spelled_otherwise(text):
    with pytest.raises(NotationError):
        parse_suit(text)


def test_play_goes_counter_clockwise_N_W_S_E():
    """rules.md "Cards, seats, order": each player's 下家 sits on the right."""
    assert [Seat.N.next, Seat.W.next, Seat.S.next, Seat.E.next] == [Seat.W, Seat.S, Seat.E, Seat.N]


def test_partners_and_sides():
    """第十二条: N–S and E–W are partners."""
    assert Seat.N.partner is Seat.S and Seat.E.partner is Seat.W
    assert Seat.N.side is Side.NS and Seat.S.side is Side.NS
    assert Seat.E.side is Side.EW and Seat.W.side is Side.EW
    assert Side.NS.other is Side.EW
