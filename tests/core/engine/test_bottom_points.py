"""Points in the bottom (抠底不抠分; rules.md "Points and the end of a hand").

In chifeng-2007 the bottom's points never count. In shengji (003) they go to defenders
who win the last trick, "×2 for a single, ×4 a pair, ×8 a 2-pair tractor, doubling per
pair" (003: 以单张抠底则底牌中的分数乘以两倍；以对牌抠底…乘以四倍…).

The boards here are scripted whole plays: level 2, hearts trump, N declares and buries
the bottom as dealt (H3 H3 H5 H5 H10 H10 HK HK: 50 points). N wins every trick but the
last, which W wins with a single — a side card (C9) or a trump (D2, a 副级牌).
"""

from __future__ import annotations

import pytest

from core.engine import check_board

from .builders import board, cards

BOTTOM = "H3 H3 H5 H5 H10 H10 HK HK"


def suit(letter: str, last: bool) -> dict[str, str]:
    """Six cards of a side suit each, in playing order; N leads from the top."""
    if not last:
        return {
            "N": f"{letter}A {letter}A {letter}K {letter}K {letter}Q {letter}Q",
            "W": f"{letter}J {letter}J {letter}10 {letter}10 {letter}9 {letter}9",
            "S": f"{letter}8 {letter}8 {letter}7 {letter}7 {letter}6 {letter}6",
            "E": f"{letter}5 {letter}5 {letter}4 {letter}4 {letter}3 {letter}3",
        }
    # The last suit: N keeps a 3 back and W's 9 takes the last trick.
    return {
        "N": f"{letter}A {letter}A {letter}K {letter}K {letter}Q {letter}3",
        "W": f"{letter}Q {letter}J {letter}J {letter}10 {letter}10 {letter}9",
        "S": f"{letter}9 {letter}8 {letter}8 {letter}7 {letter}7 {letter}6",
        "E": f"{letter}6 {letter}5 {letter}5 {letter}4 {letter}4 {letter}3",
    }


def trumps(last: bool) -> dict[str, str]:
    """Seven trumps each, in playing order (the bottom holds the other eight)."""
    if not last:
        return {
            "N": "BJ BJ LJ LJ H2 H2 D2",
            "W": "HA HA HQ HQ HJ HJ H9",
            "S": "H9 H8 H8 H7 H7 H6 H6",
            "E": "H4 H4 D2 S2 S2 C2 C2",
        }
    return {  # the last trick: N leads H4, W's D2 takes it
        "N": "BJ BJ LJ LJ H2 H2 H4",
        "W": "HA HA HQ HQ HJ HJ D2",
        "S": "H9 H8 H8 H7 H7 H6 H6",
        "E": "S2 S2 C2 C2 D2 H9 H4",
    }


def scripted(last: str, rules: str) -> dict:
    """The whole play: every trick led by N; the last one won by W with a `last` single."""
    if last == "side":
        phases = [trumps(False), suit("D", False), suit("S", False), suit("C", True)]
    else:
        phases = [suit("D", False), suit("S", False), suit("C", False), trumps(True)]
    order = {seat: [c for phase in phases for c in cards(phase[seat])] for seat in "NWSE"}
    tricks = [
        {"leader": "N", "plays": {seat: [order[seat][i]] for seat in "NESW"}} for i in range(25)
    ]
    return board(
        level="2",
        trump="H",
        declarer="N",
        hands={seat: order[seat] for seat in "NESW"},
        bottom=BOTTOM,
        tricks=tricks,
        rules=rules,
    )


@pytest.mark.parametrize("last", ["side", "trump"])
def test_chifeng_2007_never_counts_the_bottom(last):
    """抠底不抠分 (`bottom_points`: none)."""
    verdict = check_board(scripted(last, "chifeng-2007")).to_dict()
    assert verdict["valid"], verdict["errors"]
    assert (verdict["defender_points"], verdict["dig"], verdict["outcome"]) == (0, None, "guang")


def test_shengji_doubles_the_bottom_for_a_trump_single():
    verdict = check_board(scripted("trump", "shengji")).to_dict()
    assert verdict["valid"], verdict["errors"]
    assert verdict["defender_points"] == 100


def test_shengji_doubles_the_bottom_for_a_side_suit_single():
    """rules.md: ×2 for a single — 003 counts the shape of the winning play, trump or not."""
    verdict = check_board(scripted("side", "shengji")).to_dict()
    assert verdict["valid"], verdict["errors"]
    assert verdict["defender_points"] == 100
