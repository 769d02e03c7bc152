"""A first-table box card the typed deal contradicts (issue 26, item 4), decided under
第三十三条 (亮错主: "由非错误方指定该花色当主或不许当主").

The first table fills the box card (第四十三条) before the 牌型卡 is typed; the deal
then shows its 亮主者 did not hold the level card. Before this change the later tables
that followed the box card were held as disputed, the director's own entry was refused,
and nothing let the director decide. Now the contradiction is flagged on the box card
for the dashboard, the director's decision is recorded with the article, and later
tables are accepted and scored as decided."""

from __future__ import annotations

import pytest

from boards.errors import BoardError, EntryRejected
from boards.models import BoxCard, BoxCardRuling, Result, ResultChange
from boards.records import Entry
from boards.services import (
    Actor,
    board_fill_deal,
    boards_await_deal,
    box_card_rule,
    deal_from_seed,
    result_enter,
)
from tests import builders
from tests._tables import ns

from .test_board_sources import typed, typed_in_order

pytestmark = pytest.mark.django_db


@pytest.fixture
def contradicted():
    """Board 1 of a first-table Mitchell: its first table's box card says N declared a
    suit whose ace (the level card at A) N was not dealt; the deal typed in afterwards."""
    m = builders.mitchell_stage()
    boards_await_deal(stage=m.stage)
    board = m.board(1)
    first, later, last = m.tables_playing(1)[:3]
    hands, bottom = deal_from_seed(4242)
    wrong = next(s for s in "HSDC" if f"{s}A" not in hands["N"])
    entry = Entry(
        levels={"NS": "A", "EW": "A"},
        declarer="N",
        trump=wrong,
        declared_by="N",
        defender_points=40,
    )
    filled = result_enter(board=board, table=first, entry=entry, actor=ns(first))
    board_fill_deal(
        board=board,
        hands={seat: typed(cards) for seat, cards in hands.items()},
        bottom=typed_in_order(bottom),
    )
    director = builders.user("zhang", event=m.event, role="director")
    box = BoxCard.objects.get(board=board)
    return m, board, entry, filled, box, director, (first, later, last), wrong


def test_the_contradiction_goes_to_the_director_under_article_33(contradicted):
    m, board, entry, filled, box, director, (first, later, last), wrong = contradicted

    assert box.flagged
    (flag,) = [f for f in box.flags if f["code"] == "box_card_contradicted"]
    assert flag["article"] == "第三十三条" and "亮错主" in flag["message_zh"]
    # Before a decision: a later table following the box card is held as disputed, the
    # director's own entry is refused by the deal.
    held = result_enter(board=board, table=later, entry=entry, actor=ns(later))
    assert held.status == Result.Status.DISPUTED
    with pytest.raises(EntryRejected, match="不能亮"):
        result_enter(board=board, table=last, entry=entry, actor=Actor.director(director))
    box.refresh_from_db()
    assert box.flagged  # a later table's entry leaves the question open for the director


def test_once_decided_the_suit_stands_and_later_tables_are_scored_as_played(contradicted):
    """第三十三条: the non-offending side (E–W, against N's wrong declaration) lets the
    suit stay trump: the board is scored as played at every table."""
    m, board, entry, filled, box, director, (first, later, last), wrong = contradicted
    held = result_enter(board=board, table=later, entry=entry, actor=ns(later))

    ruling = box_card_rule(box=box, decision="stands", user=director, reason="东西同意该花色当主")

    assert (ruling.article, ruling.trump, ruling.chooser) == ("第三十三条", wrong, "EW")
    assert ruling.decided_by == director
    box.refresh_from_db()
    assert not box.flagged
    held.refresh_from_db()
    assert held.status == Result.Status.ENTERED and held.dispute == []  # for E–W to confirm
    trail = held.changes.filter(action=ResultChange.Action.CORRECT).get()
    assert "第三十三条" in trail.reason and trail.user == director
    filled.refresh_from_db()
    assert not any(f["code"] == "deal_contradicts" for f in filled.flags)
    # The director's own entry for the last table is accepted now, and scored.
    entered = result_enter(board=board, table=last, entry=entry, actor=Actor.director(director))
    assert entered.status == Result.Status.CONFIRMED and entered.outcome


def test_the_non_offending_side_names_another_trump(contradicted):
    m, board, entry, filled, box, director, (first, later, last), wrong = contradicted
    other = next(s for s in "HSDC" if s != wrong)

    box_card_rule(box=box, decision="chosen", trump=other, user=director)

    with pytest.raises(EntryRejected, match="牌盒卡"):  # the box card as decided
        result_enter(board=board, table=later, entry=entry, actor=ns(later))
    played = Entry(**{**entry.__dict__, "trump": other})
    accepted = result_enter(board=board, table=later, entry=played, actor=ns(later))
    assert accepted.status == Result.Status.ENTERED and accepted.trump == other


def test_only_the_director_decides_and_only_a_contradiction(contradicted):
    m, board, entry, filled, box, director, tables, wrong = contradicted
    referee = builders.user("caipan", event=m.event, role="referee")

    with pytest.raises(BoardError, match="只有本赛事的裁判长"):
        box_card_rule(box=box, decision="stands", user=referee)
    with pytest.raises(BoardError, match="指定的主牌花色"):
        box_card_rule(box=box, decision="chosen", user=director)
    assert not BoxCardRuling.objects.exists()

    # Board 3's box card (翻主, the bottom's suit) holds against its deal: nothing to decide.
    board3, table3 = m.board(3), m.tables_playing(2)[0]
    hands, bottom = deal_from_seed(4242)
    fanzhu = {"BJ": "H", "LJ": "S"}.get(bottom[-3], bottom[-3][0])
    holds = Entry(**{**entry.__dict__, "trump": fanzhu, "declared_by": None})
    result_enter(board=board3, table=table3, entry=holds, actor=ns(table3))
    board_fill_deal(
        board=board3,
        hands={seat: typed(cards) for seat, cards in hands.items()},
        bottom=typed_in_order(bottom),
    )
    fine = BoxCard.objects.get(board=board3)
    assert not any(f["code"] == "box_card_contradicted" for f in fine.flags)
    with pytest.raises(BoardError, match="不矛盾"):
        box_card_rule(box=fine, decision="stands", user=director)
    assert not BoxCardRuling.objects.exists()


def test_a_deal_typed_before_the_first_scorecard_flags_the_box_card_it_fills():
    """The 牌型卡 may be typed before the first table enters its scorecard: the box card
    that scorecard fills is flagged for the 第三十三条 decision all the same."""
    m = builders.mitchell_stage()
    boards_await_deal(stage=m.stage)
    board, first = m.board(1), m.tables_playing(1)[0]
    hands, bottom = deal_from_seed(4242)
    board_fill_deal(
        board=board,
        hands={seat: typed(cards) for seat, cards in hands.items()},
        bottom=typed_in_order(bottom),
    )
    wrong = next(s for s in "HSDC" if f"{s}A" not in hands["N"])
    entry = Entry(
        levels={"NS": "A", "EW": "A"},
        declarer="N",
        trump=wrong,
        declared_by="N",
        defender_points=40,
    )

    result_enter(board=board, table=first, entry=entry, actor=ns(first))

    box = BoxCard.objects.get(board=board)
    assert [f["article"] for f in box.flags if f["code"] == "box_card_contradicted"] == [
        "第三十三条"
    ]
