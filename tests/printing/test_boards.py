"""Box cards (牌盒卡, 第四十三条) and hand records (牌型卡)."""

from __future__ import annotations

import math

from boards.models import Board, BoxCard
from printing.data import group_hand
from printing.renderers import render_box_cards, render_hand_records
from printing.selectors import box_cards_data, hand_records_data
from tournament.models import BoardSet, Match, Stage

from ._pdf import PdfFile, missing


def test_there_is_a_box_card_for_every_copy_of_every_board(event, mitchell):
    cards = box_cards_data(event).cards

    mitchell_cards = [c for c in cards if c.stage == mitchell.name]
    assert [c.board for c in mitchell_cards] == [1, 2, 3, 4, 5, 6]  # one copy travels
    round_robin = [c for c in cards if c.stage == "团体循环赛"]
    assert len(round_robin) == 3 * 2 * 4  # rounds × matches (each its own boxes) × boards
    first = round_robin[0]
    assert first.match == "M1" and first.home.label == "红山队" and first.start_level == "A"
    assert next(c for c in round_robin if c.board == 3).start_level == "7"  # closed room's set
    assert next(c for c in round_robin if c.board == 2).start_level == ""
    knockout = [c for c in cards if c.stage == "团体淘汰赛"]
    final = [c for c in knockout if c.match == "M3"]
    assert final and final[0].home is None and final[0].home_source == "winner:M1"


def test_box_cards_print_eight_to_a_page_with_blank_fields(event, mitchell, pdf):
    data = box_cards_data(event, stage=mitchell)

    out = pdf(render_box_cards(data, "zh-hans"))

    assert out.pages == 1
    text = out.text()
    assert not missing(
        text,
        "牌盒卡 第1副 第6副 南北级别 东西级别 主牌花色 亮主者",
        "打家 翻底定主 首桌填写 签名 红心 梅花",
    )
    everything = pdf(render_box_cards(box_cards_data(event), "zh-hans"))
    assert everything.pages == math.ceil(len(box_cards_data(event).cards) / 8)


def test_a_filled_box_card_prints_what_the_first_table_wrote(event, mitchell, pdf):
    board = Board.objects.get(stage=mitchell, number=2)
    BoxCard.objects.create(
        board=board, level_ns="5", level_ew="Q", trump="S", declared_by="", declarer="E"
    )

    data = box_cards_data(event, stage=mitchell)

    card = next(c for c in data.cards if c.board == 2)
    assert (card.filled, card.level_ns, card.level_ew, card.trump, card.declarer) == (
        True,
        "5",
        "Q",
        "S",
        "E",
    )
    assert "Q" in pdf(render_box_cards(data, "zh-hans")).text()


def test_box_cards_read_in_english(event, mitchell, pdf):
    text = pdf(render_box_cards(box_cards_data(event, stage=mitchell), "en")).text()

    assert not missing(
        text,
        [
            "Box card",
            "Board 1",
            "N–S level",
            "Trump",
            "Declared by",
            "Declarer",
            "Turned up",
            "First table",
        ],
    )


def test_a_hand_is_cut_into_trumps_and_side_suits():
    rows = group_hand(["BJ", "LJ", "H7", "S7", "HA", "H3", "DK", "D2", "SA", "C5"], "7", "H")

    assert rows == (
        ("T", ("BJ", "LJ", "H7", "S7", "HA", "H3")),
        ("D", ("DK", "D2")),
        ("S", ("SA",)),
        ("C", ("C5",)),
    )
    assert group_hand(["HA", "LJ"], None, None)[0] == ("T", ("LJ",))


def test_hand_records_show_the_four_hands_the_bottom_and_statistics(event, mitchell, pdf):
    data = hand_records_data(event, stage=mitchell)

    out = pdf(render_hand_records(data, "zh-hans"))

    assert len(data.records) == Board.objects.filter(stage=mitchell).count() == 6
    assert out.pages == 3  # two boards a page
    record = data.records[0]
    assert record.level == BoardSet.objects.get(stage=mitchell, number=1).start_level
    assert sum(len(cards) for _key, cards in record.hands["N"]) == 25
    assert len(record.bottom) == 8
    text = out.text(0)
    assert not missing(text, "牌型卡 第1副 第2副 北 东 南 西 底牌 主 级别 大王 小王 分牌 分数")
    points = record.statistics["N"]["points"]
    assert f"分数{points}" in text


def test_hand_records_read_in_english(event, mitchell, pdf):
    text = pdf(render_hand_records(hand_records_data(event, stage=mitchell), "en")).text()

    assert not missing(
        text, ["Hand record", "Board 1", "North", "East", "South", "West", "Bottom", "Level"]
    )


def test_every_board_of_the_event_has_a_hand_record(event, pdf):
    data = hand_records_data(event)

    assert len(data.records) == Board.objects.filter(stage__event=event).count()
    assert pdf(render_hand_records(data, "zh-hans")).pages == math.ceil(len(data.records) / 2)


def test_a_match_not_needed_gets_no_box_cards(event):
    knockout = event.stages.get(kind=Stage.Kind.KNOCKOUT)
    Match.objects.filter(stage=knockout, number=3).update(status=Match.Status.NOT_NEEDED)

    cards = box_cards_data(event, stage=knockout).cards

    assert {c.match for c in cards} == {"M1", "M2"}


def test_every_team_and_pair_gets_a_card_with_its_own_pin(event):
    """Issue 14: confirmation needs something only the confirming side holds — its PIN,
    printed on its own card, one a team or pair (not on the table's guide card); issue
    24: six digits, one a stage."""
    from printing.services import render_kind
    from tournament.models import Entrant, StagePin

    card = PdfFile.of(render_kind(event=event, kind="pin-cards"))
    text = card.text()

    pins = list(StagePin.objects.filter(stage__event=event).select_related("stage"))
    entrants = set(Entrant.objects.filter(event=event).values_list("pk", flat=True))
    assert {p.entrant_id for p in pins} == entrants  # every team and pair has a card
    assert all(p.pin in text and p.stage.name in text for p in pins)
    assert all(len(p.pin) == 6 and p.pin.isdigit() for p in pins)  # issue 24: not 4 digits
    assert card.pages == math.ceil(len(pins) / 8)
    assert "录入密码卡" in text
