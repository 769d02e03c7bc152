"""Team hand records per copy (issue 16).

In team play every match of a round plays its own copy of the deal, and the first
table of each copy writes its own box card (第四十三条): level, trump, who declared and
the declarer. The same deal then has different trumps and level cards in each match,
so a hand record taken from one match's box card is wrong for the others.
"""

from __future__ import annotations

from boards.models import Board, BoxCard
from core.handstats import hand_statistics
from printing.renderers import render_hand_records
from printing.selectors import hand_records_data
from tournament.models import Match, Stage


def _two_copies(event):
    robin = event.stages.get(kind=Stage.Kind.ROUND_ROBIN)
    board = Board.objects.get(stage=robin, round__number=1, number=1)
    m1, m2 = Match.objects.filter(stage=robin, round__number=1).order_by("number")
    BoxCard.objects.create(
        board=board, match=m1, level_ns="3", level_ew="A", trump="H", declared_by="N", declarer="N"
    )
    BoxCard.objects.create(
        board=board, match=m2, level_ns="A", level_ew="5", trump="C", declared_by="", declarer="E"
    )
    return robin, board


def test_a_board_played_with_different_trumps_in_two_matches_prints_each(event, pdf):
    robin, board = _two_copies(event)

    data = hand_records_data(event, stage=robin)

    copies = [r for r in data.records if r.round == 1 and r.board == 1]
    assert [(r.matches, r.level, r.trump, r.declarer) for r in copies] == [
        (("M1",), "3", "H", "N"),  # N–S declare: their level, 3
        (("M2",), "5", "C", "E"),  # E–W declare: their level, 5
    ]
    for record in copies:
        # Trumps apart for this copy: every card of its trump suit and of its level.
        trumps = dict(record.hands["N"])["T"]
        north = board.hands["N"]
        expected = [
            c for c in north if c in ("BJ", "LJ") or c[0] == record.trump or c[1:] == record.level
        ]
        assert sorted(trumps) == sorted(expected)
        assert record.trump not in dict(record.hands["N"])  # no side-suit row for trumps
        level_cards = hand_statistics(north, record.level).level_cards
        assert record.statistics["N"]["level_cards"] == level_cards

    out = pdf(render_hand_records(data, "zh-hans"))
    index = data.records.index(copies[0]) // 2  # two records a page
    text = out.text(index) + out.text(data.records.index(copies[1]) // 2)
    assert "场次 M1" in text and "场次 M2" in text
    assert "红心" in text and "梅花" in text
    assert "打家 北 · 亮主者 北" in text
    assert "打家 东 · 亮主者 翻底定主" in text
    assert "南北/东西级别 3/A" in text and "南北/东西级别 A/5" in text


def test_unplayed_copies_share_one_record_by_the_start_level(event):
    robin = event.stages.get(kind=Stage.Kind.ROUND_ROBIN)

    data = hand_records_data(event, stage=robin)

    first = [r for r in data.records if r.round == 1 and r.board == 1]
    assert len(first) == 1
    assert first[0].matches == ("M1", "M2") and not first[0].filled
    assert first[0].level == "A" and first[0].trump is None
