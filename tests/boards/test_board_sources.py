"""The three ways a stage gets its boards, at the service level:

a. dealt by the system (``duidiao-deal/2``, checkable by anyone: tests/boards/test_dealing.py);
b. imported from ``duidiao-board/1`` records, every deal through the engine, all or
   nothing, each error naming its board;
c. dealt at the first table (第四十三条): the board exists without a deal, results are
   judged on what can be judged, the 牌型卡 typed later in the fast grammar is checked
   as 108 cards, and every result is judged again with it.
"""

from __future__ import annotations

from typing import Any

import pytest

from boards.errors import BoardError, EntryRejected
from boards.models import Board, Result
from boards.records import Entry
from boards.services import (
    board_fill_deal,
    boards_await_deal,
    boards_import,
    deal_from_seed,
    result_enter,
)
from core.engine.cards import NotationError, parse_hand_text
from tests import builders
from tests._tables import ns

pytestmark = pytest.mark.django_db

SYMBOLS = {"H": "♥", "S": "♠", "D": "♦", "C": "♣"}
CHINESE = {"H": "红桃", "S": "黑桃", "D": "方片", "C": "草花"}


def typed(cards: list[str], names: dict[str, str] = SYMBOLS) -> str:
    """A hand as a director types it from the 牌型卡: ``♥AK10 ♠Q 大王``."""
    parts = []
    for suit in "HSDC":
        ranks = "".join(c[1:] for c in cards if c[0] == suit and c not in ("BJ", "LJ"))
        if ranks:
            parts.append(names[suit] + ranks)
    parts += ["大王" for c in cards if c == "BJ"] + ["小王" for c in cards if c == "LJ"]
    return " ".join(parts)


def typed_in_order(cards: list[str]) -> str:
    """The bottom, card by card in its dealt order (翻主 reads its third card from the
    bottom, so its order is kept): ``♠K ♥3 大王 …``."""
    jokers = {"BJ": "大王", "LJ": "小王"}
    return " ".join(jokers.get(c) or SYMBOLS[c[0]] + c[1:] for c in cards)


# (a. generated, committed, checked: tests/boards/test_dealing.py)


# --- b. imported ------------------------------------------------------------------------------


def _record(number: int, seed: int) -> dict[str, Any]:
    hands, bottom = deal_from_seed(seed)
    return {"format": "duidiao-board/1", "board": number, "hands": hands, "bottom": bottom}


def test_an_import_stores_every_deal_or_none_and_names_each_bad_board():
    m = builders.mitchell_stage()
    good = [_record(n, 1000 + n) for n in range(1, 7)]
    bad = [dict(r) for r in good]
    bad[2] = dict(bad[2], hands=dict(bad[2]["hands"], N=bad[2]["hands"]["N"][:-1]))  # 24 cards
    bad[4] = dict(bad[4], bottom=bad[4]["bottom"][:-1] + ["BJ"])  # a third 大王

    with pytest.raises(EntryRejected) as refused:
        boards_import(stage=m.stage, records=bad)
    assert {e["board"] for e in refused.value.errors} == {3, 5}
    assert not Board.objects.filter(stage=m.stage).exists()  # all or nothing

    stored = boards_import(stage=m.stage, records=good)
    assert len(stored) == 6
    assert m.board(2).hands == deal_from_seed(1002)[0]


# --- c. dealt at the first table (第四十三条) ------------------------------------------------


def test_the_fast_grammar_reads_symbols_letters_and_chinese_suit_names():
    assert parse_hand_text("♥AKQ10 ♠AA95 大王") == parse_hand_text("HAKQT SAA95 BJ")
    assert parse_hand_text("红桃A 方片10 草花2 小王") == parse_hand_text("♥A ♦10 ♣2 LJ")
    assert len(parse_hand_text("♠AA KK")) == 4  # a rank written twice is held twice
    for bad in ("♥AX", "AK♥Q", "♥Z"):  # unknown ranks, ranks before any suit
        with pytest.raises(NotationError):
            parse_hand_text(bad)


def test_a_board_dealt_at_the_first_table_takes_results_then_its_deal_and_judges_them_again():
    m = builders.mitchell_stage()
    made = boards_await_deal(stage=m.stage)
    assert len(made) == 6 and not m.board(1).has_deal
    board = m.board(1)
    first = m.tables_playing(1)[0]
    elsewhere = m.tables_playing(2)[0]  # plays boards 3–4

    # Before the deal: what can be judged is judged (33 points cannot be scored, 第七条).
    impossible = Entry(
        levels={"NS": "A", "EW": "A"},
        declarer="N",
        trump="H",
        declared_by=None,
        defender_points=33,
    )
    with pytest.raises(EntryRejected):
        result_enter(board=board, table=first, entry=impossible, actor=ns(first))
    assert not Result.objects.exists()

    # The true deal is known only later; its 翻主 trump is the bottom's third card.
    hands, bottom = deal_from_seed(4242)
    third = bottom[-3]
    true_trump = {"BJ": "H", "LJ": "S"}.get(third, third[0])
    wrong_trump = next(s for s in "HSDC" if s != true_trump)
    agrees = Entry(
        levels={"NS": "A", "EW": "A"},
        declarer="N",
        trump=true_trump,
        declared_by=None,
        defender_points=40,
    )
    contradicts = Entry(
        levels={"NS": "A", "EW": "A"},
        declarer="N",
        trump=wrong_trump,
        declared_by=None,
        defender_points=40,
    )
    kept = result_enter(board=board, table=first, entry=agrees, actor=ns(first))
    assert board.box_cards.get().filled_by == kept  # the first table fills the box card
    doubtful = result_enter(
        board=m.board(3), table=elsewhere, entry=contradicts, actor=ns(elsewhere)
    )

    # A card typed wrongly: refused, the board keeps waiting for its deal.
    short = {seat: typed(cards) for seat, cards in hands.items()}
    short["N"] = typed(hands["N"][:-1])
    with pytest.raises(EntryRejected) as refused:
        board_fill_deal(board=board, hands=short, bottom=typed_in_order(bottom))
    assert any(e["code"] in ("hand_size", "card_count") for e in refused.value.errors)
    assert not Board.objects.get(pk=board.pk).has_deal
    with pytest.raises(BoardError):
        board_fill_deal(board=board, hands=short | {"N": "♥AX"}, bottom=typed_in_order(bottom))

    # The 牌型卡 typed in, seats in symbols and in Chinese suit names.
    cards = {seat: typed(c, CHINESE if seat == "E" else SYMBOLS) for seat, c in hands.items()}
    filled, flagged = board_fill_deal(board=board, hands=cards, bottom=typed_in_order(bottom))
    assert filled.hands == hands and filled.bottom == bottom
    assert not flagged, [r.flags for r in flagged]
    assert not Result.objects.get(pk=kept.pk).flagged

    # Board 3 gets a deal whose 翻主 trump is not what its table wrote: flagged, kept.
    board3 = m.board(3)
    filled3, flagged3 = board_fill_deal(
        board=board3,
        hands={seat: typed(c) for seat, c in hands.items()},
        bottom=typed_in_order(bottom),
    )
    assert [r.pk for r in flagged3] == [doubtful.pk]
    doubtful.refresh_from_db()
    assert doubtful.flagged
    assert any(f["code"] == "deal_contradicts" for f in doubtful.flags)


def test_a_deal_is_typed_in_only_once():
    m = builders.mitchell_stage()
    boards_await_deal(stage=m.stage)
    hands, bottom = deal_from_seed(7)
    cards = {seat: typed(c) for seat, c in hands.items()}
    board_fill_deal(board=m.board(2), hands=cards, bottom=typed_in_order(bottom))
    with pytest.raises(BoardError):
        board_fill_deal(board=m.board(2), hands=cards, bottom=typed_in_order(bottom))
