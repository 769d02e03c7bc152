"""Hand statistics for hand records (牌型卡): jokers, level cards, point cards (第七条:
each 5 is 5, each 10 and K 10) per seat, and hands sorted as a player holds them."""

from __future__ import annotations

from boards.services import deal_from_seed
from core.handstats import deal_statistics, hand_statistics, sort_hand


def test_it_counts_jokers_level_cards_and_points():
    stats = hand_statistics(["BJ", "LJ", "LJ", "H7", "S7", "H5", "D10", "CK", "SA"], level="7")

    assert (stats.big_jokers, stats.small_jokers, stats.jokers) == (1, 2, 3)
    assert stats.level_cards == 2
    assert (stats.point_cards, stats.points) == (3, 25)
    assert stats.by_suit == {"H": 2, "D": 1, "S": 2, "C": 1}
    assert stats.to_dict()["jokers"] == 3


def test_without_a_level_no_level_cards_are_counted():
    assert hand_statistics(["H7", "S7"]).level_cards == 0


def test_a_whole_deal_adds_up_to_the_deck():
    hands, bottom = deal_from_seed(7)

    stats = deal_statistics(hands, bottom, level="A")

    assert sum(s.cards for s in stats.values()) == 108
    assert sum(s.points for s in stats.values()) == 200
    assert sum(s.point_cards for s in stats.values()) == 24
    assert sum(s.level_cards for s in stats.values()) == 8


def test_a_hand_is_sorted_trumps_first_then_each_suit_from_the_ace():
    """Trump order (第十二条): 大王, 小王, the trump-suit level card, the other level
    cards, then the trump suit from its ace."""
    hand = ["D3", "H2", "S7", "BJ", "HA", "C7", "H7", "SA", "LJ"]

    assert sort_hand(hand, level="7", trump="S") == [
        "BJ",
        "LJ",
        "S7",
        "H7",
        "C7",
        "SA",
        "HA",
        "H2",
        "D3",
    ]
    assert sort_hand(hand) == ["BJ", "LJ", "HA", "H7", "H2", "D3", "SA", "S7", "C7"]
