"""First-table forms, table papers and handouts (issue 16)."""

from __future__ import annotations

import math
from decimal import Decimal

import pytest
from reportlab.graphics.barcode import qrencoder

from boards.models import Board
from printing.data import EntrantRef, EventInfo, GuideCard, GuideCardsData, GuideRound
from printing.layout import QR_MASK, qr_modules
from printing.renderers import (
    render_blank_hand_records,
    render_board_handouts,
    render_guide_cards,
    render_movement_overview,
    render_score_cards,
    render_table_cards,
    render_traveller_records,
)
from printing.selectors import (
    board_handouts_data,
    box_cards_data,
    movement_data,
    score_cards_data,
    score_sheets_data,
    table_cards_data,
    traveller_records_data,
)
from scoring.models import MatchScore, Standing
from scoring.services import board_release
from tests import builders
from tournament.models import Stage

from ._pdf import missing

#: Its tests read the event once played, each in a savepoint (tests/printing/conftest.py).
pytestmark = pytest.mark.played_once


def test_box_cards_follow_the_stage_order_and_name_the_first_table(event, mitchell, pdf):
    cards = box_cards_data(event).cards

    assert [c.stage for c in cards[:1]] == ["团体循环赛"]  # stage order, not the names' order
    assert list(dict.fromkeys(c.stage for c in cards)) == [
        "团体循环赛",
        "团体淘汰赛",
        "双人双冠军赛",
    ]
    robin = [c for c in cards if c.stage == "团体循环赛" and c.round == 1]
    assert [(c.match, c.board) for c in robin] == [
        (m, b) for m in ("M1", "M2") for b in (1, 2, 3, 4)
    ]
    # 第四十三条: the first table of a copy fills its box card; the open room starts 1–2,
    # the closed room 3–4.
    m1 = {c.board: (c.first_table, c.first_room) for c in robin if c.match == "M1"}
    assert m1[1][1] == "open" and m1[3][1] == "closed" and m1[1][0] != m1[3][0]
    assert next(c for c in cards if c.stage == mitchell.name and c.board == 1).first_table == 1
    text = pdf(render_box_cards_for(event, mitchell)).text()
    assert "首桌填写：\n桌号\n1\n" in text  # board 1's set starts at table 1


def render_box_cards_for(event, stage):
    from printing.renderers import render_box_cards

    return render_box_cards(box_cards_data(event, stage=stage), "zh-hans")


def test_a_blank_hand_record_for_every_copy_with_the_box_card_fields(event, pdf):
    data = box_cards_data(event)

    out = pdf(render_blank_hand_records(data, "zh-hans"))

    assert out.pages == math.ceil(len(data.cards) / 2)
    text = out.text(0)
    assert not missing(
        text,
        "牌型卡 第1副 第2副 团体循环赛 M1 南北级别 东西级别 主牌花色 亮主者 翻底定主 打家",
        "首打桌 北 东 南 西 大小王 手牌（25张） 底牌（8张） 第四十三条",
    )
    assert "1 开室" in text  # the first table, pre-printed
    english = pdf(render_blank_hand_records(data, "en")).text(0)
    assert not missing(english, ["Hand (25 cards)", "Bottom (8 cards)", "First table"])


def test_the_traveller_carries_the_hand_record_only_once_the_board_is_released(
    played, director, pdf
):
    data = traveller_records_data(played)
    first = data.papers[0]
    assert first.traveller.board == 1 and first.record is None  # still being played
    played_row = next(r for r in first.traveller.rows if r.result is not None)
    text = pdf(render_traveller_records(data, "zh-hans")).text(0)
    assert not missing(
        text, "随牌计分表与牌型卡 第1副 南北比赛分 第二十八条之6 尚未公布 手牌（25张）"
    )
    assert played_row.result.level_ns in text
    board = Board.objects.get(stage__kind=Stage.Kind.MITCHELL, number=1)
    assert "分数" not in text  # no hand record, nothing of the deal

    board_release(board=board, user=director)

    released = traveller_records_data(played).papers[0]
    assert released.record is not None and released.record.board == 1
    text = pdf(render_traveller_records(traveller_records_data(played), "zh-hans")).text(0)
    assert "尚未公布" not in text
    assert f"分数{released.record.statistics['N']['points']}" in text


def test_every_team_table_gets_a_card_with_its_qr_code(event, pdf):
    data = table_cards_data(event)
    sheets = score_sheets_data(event).sheets
    assert len(data.cards) == len(sheets)
    qr_modules.cache_clear()

    out = pdf(render_table_cards(data, "zh-hans"))

    assert out.pages == math.ceil(len(data.cards) / 2)
    card = data.cards[0]
    text = out.text(0)
    assert not missing(
        text, "团体赛桌卡 第1桌 开室 团体循环赛 第1轮 M1 第1节 南北 东西 牌号 每节副数"
    )
    assert card.code in text and "扫码录入成绩" in text
    # Issue 29: a phone that lost the network keeps its entries; the card says to wait.
    assert "请保持录入页打开，直到显示“已同步”" in text.replace("\n", "")
    assert card.ns.label in text and card.players["N"] in text
    assert card.boards_per_session == 4 and card.url.endswith(f"/t/{card.code}/")
    # Each table's link encoded once, whatever is drawn.
    assert qr_modules.cache_info().misses == len({c.url for c in data.cards})


def _guide(rounds: int) -> GuideCardsData:
    return GuideCardsData(
        event=EventInfo("赤峰市对调复式赛", "chifeng"),
        cards=tuple(
            GuideCard(
                stage="双人双冠军赛",
                table=table,
                rounds=tuple(
                    GuideRound(
                        round=r,
                        ns=EntrantRef(table, players=("甲", "乙")),
                        ew=EntrantRef(r, players=("丙", "丁")),
                        ew_from=None,
                        boards=(2 * r - 1, 2 * r),
                        start_level="A",
                        boards_next=None,
                        ew_next=None,
                        code=f"T{table}R{r}",
                        url=f"https://duidiao.example.org/t/T{table}R{r}/",
                    )
                    for r in range(1, rounds + 1)
                ),
            )
            for table in (1, 2)
        ),
    )


def test_a_guide_card_running_over_pages_names_its_table_and_stage_on_each(pdf):
    out = pdf(render_guide_cards(_guide(13), "zh-hans"))

    assert out.pages == 4  # 13 rounds a card: two pages each
    for page, table in ((0, 1), (1, 1), (2, 2), (3, 2)):
        text = out.text(page)
        assert f"第{table}桌" in text and "双人双冠军赛" in text
    english = pdf(render_guide_cards(_guide(13), "en")).text(1)
    assert "Table 1" in english


def test_the_movement_overview_puts_the_whole_mitchell_on_one_page(event, mitchell, pdf):
    data = movement_data(event)

    out = pdf(render_movement_overview(data, "zh-hans"))

    assert out.pages == 1
    text = out.text()
    assert not missing(text, "移位总览 双人双冠军赛 第1轮 第2轮 第3轮 东西对号")
    stage = data.stages[0]
    for r in stage.rounds:
        for row in r.rows:
            assert f"{row.ew.number} / {row.board_set}" in text


def test_personal_score_cards_add_up_to_the_standings(played, pdf):
    data = score_cards_data(played)

    pairs = [c for c in data.cards if c.kind == "pairs"]
    teams = [c for c in data.cards if c.kind == "teams"]
    assert pairs and teams
    mitchell = Standing.objects.filter(stage__kind=Stage.Kind.MITCHELL).select_related("entrant")
    for card in pairs:
        assert len(card.lines) == 6  # three rounds of two boards
        scores = sum(Decimal(line.score) for line in card.lines if line.score)
        assert Decimal(card.lines[-1].running) == scores
        assert Decimal(card.total) == scores + Decimal(card.adjustment or 0)
    # Each pair's total is what the standings hold for it (第二十八条; penalties 第五章).
    by_names = {
        s.entrant.name or "、".join(m.player.name for m in s.entrant.memberships.all()): s
        for s in mitchell
    }
    for card in pairs:
        standing = by_names.get(card.entrant.label)
        if standing is not None:
            assert Decimal(card.total) == standing.total
    for card in teams:
        own = sum(
            ms.home_board_points + ms.home_adjustment
            if ms.home.name == card.entrant.name
            else ms.away_board_points + ms.away_adjustment
            for ms in MatchScore.objects.filter(stage__name=card.stage).select_related(
                "home", "away"
            )
            if card.entrant.name in (ms.home.name, ms.away.name)
        )
        assert Decimal(card.total) == own
    assert any(card.adjustment for card in teams)  # the played event's penalty (第三十一条)

    out = pdf(render_score_cards(data, "zh-hans"))
    assert out.pages == len(data.cards)
    text = out.text(0)
    assert not missing(text, "个人成绩单 轮次 牌号 桌号 对手 成绩 比赛分 累计 合计")
    assert pairs[0].entrant.label in text


def test_a_board_handout_only_for_boards_players_may_see(played, director, pdf):
    before = board_handouts_data(played)
    assert all(h.kind == "teams" for h in before.handouts)  # no Mitchell board complete yet
    board = Board.objects.get(stage__kind=Stage.Kind.MITCHELL, number=1)
    board_release(board=board, user=director)

    data = board_handouts_data(played)

    handout = next(h for h in data.handouts if h.kind == "pairs")
    assert handout.board == 1 and len(handout.rows) == 3  # the three tables it travels to
    played_rows = [r for r in handout.rows if r.result and r.result.declarer]
    assert sum(n for _r, n in handout.frequencies) == len(played_rows)
    out = pdf(render_board_handouts(data, "zh-hans"))
    index = data.handouts.index(handout)
    text = out.text(index)
    assert not missing(
        text, "逐副成绩公布 第1副 底牌 南北比赛分 东西比赛分 各种结果出现的次数 次数"
    )
    for row in played_rows:
        assert row.result.score_ns in text.split()


def test_a_qr_code_is_encoded_once_with_its_finder_patterns():
    qr_modules.cache_clear()
    link = "https://duidiao.example.org/t/DKACH7/"

    modules = qr_modules(link)
    qr_modules(link)

    assert qr_modules.cache_info().misses == 1
    n = len(modules)
    assert n >= 21 and (n - 17) % 4 == 0 and all(len(row) == n for row in modules)
    for top, left in ((0, 0), (0, n - 7), (n - 7, 0)):  # the three finder patterns
        assert all(modules[top][left + i] for i in range(7))
        assert all(modules[top + 6][left + i] for i in range(7))
        assert not any(modules[top + 1][left + i] for i in range(1, 6))


@pytest.mark.parametrize(
    "link",
    [
        "https://duidiao.example.org/t/DKACH7/",  # bytes, version 3
        "HTTP://192.168.1.20:8000/",  # alphanumeric
        "20261203",  # numeric, version 1
        "https://duidiao.example.org/" + "t/0159QZ7K/" * 14,  # version 10: version information
    ],
)
def test_a_qr_code_is_reportlabs_own_with_the_fixed_mask(link):
    # The modules are placed in one step from a frame built by ReportLab: the same as
    # ReportLab's own encoding with that mask, module for module.
    code = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    code.addData(link)
    code.version = code.calculate_version()
    code.makeImpl(False, QR_MASK)

    assert [[bool(m) for m in row] for row in qr_modules(link)] == [
        [bool(m) for m in row] for row in code.modules
    ]


def test_knockout_box_cards_sort_matches_by_number_not_text(db, pdf):
    # 16 teams: round 2 is M9–M12, which text order would put as M10, M11, M12, M9.
    event = builders.event(name="十六队淘汰赛", code="ko16", venue="", starts_on=None, ends_on=None)
    teams = builders.teams(event, [f"第{i}队" for i in range(1, 17)])
    builders.stage(
        event,
        Stage.Kind.KNOCKOUT,
        teams,
        name="淘汰赛",
        dealt=True,
        boards_per_session=2,
        sessions=1,
    )

    cards = box_cards_data(event).cards

    second = list(dict.fromkeys(c.match for c in cards if c.round == 2))
    assert second == ["M9", "M10", "M11", "M12"]
    assert list(dict.fromkeys(c.match for c in cards)) == [f"M{n}" for n in range(1, 16)]
