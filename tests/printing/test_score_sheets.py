"""Team-match score sheets (计分表) and pairs travellers (记分条): blank to fill in,
and filled with what has been entered."""

from __future__ import annotations

from boards.demo import load_demo_boards
from printing.renderers import render_score_sheets, render_travellers
from printing.selectors import score_sheets_data, travellers_data
from tournament.models import Match, Stage, Table

from ._pdf import missing


def test_a_score_sheet_for_every_table_of_every_team_match(event, pdf):
    data = score_sheets_data(event)

    out = pdf(render_score_sheets(data, "zh-hans"))

    tables = Table.objects.filter(round__stage__event=event, match__isnull=False)
    assert len(data.sheets) == tables.count() == 3 * 2 * 2 + 3 * 2
    assert out.pages == len(data.sheets)
    sheet = data.sheets[0]
    assert (sheet.table, sheet.room, sheet.match) == (1, "open", "M1")
    assert [r.board for r in sheet.rows] == [1, 2, 3, 4]
    closed = data.sheets[1]
    assert [r.board for r in closed.rows] == [3, 4, 1, 2]  # the closed room starts with 3–4
    assert all(r.result is None for r in sheet.rows)
    text = out.text(0)
    assert not missing(
        text,
        "团体赛计分表 第1桌 开室 团体循环赛 第1轮 M1 南北 东西 红山队 牌号 "
        "起打级别 防家得分 抠底 结果 南北打后 南北得分 南北签名 东西签名 裁判",
    )
    assert sheet.code in text
    assert sheet.players["N"] in text


def test_a_score_sheet_of_a_match_to_come_names_where_the_teams_come_from(event, pdf):
    knockout = event.stages.get(kind=Stage.Kind.KNOCKOUT)

    data = score_sheets_data(event, stage=knockout)

    final = [s for s in data.sheets if s.match == "M3"]
    assert final and final[0].ns is None and final[0].ns_source == "winner:M1"
    assert "M1胜者" in pdf(render_score_sheets(data, "zh-hans")).text()
    Match.objects.filter(stage=knockout, number=3).update(status=Match.Status.NOT_NEEDED)
    assert len(score_sheets_data(event, stage=knockout).sheets) == 4


def test_a_traveller_for_every_board_with_a_line_a_round(event, mitchell, pdf):
    data = travellers_data(event)

    out = pdf(render_travellers(data, "zh-hans"))

    assert [t.board for t in data.travellers] == [1, 2, 3, 4, 5, 6]
    first = data.travellers[0]
    assert [(r.round, r.table) for r in first.rows] == [(1, 1), (2, 3), (3, 2)]  # sets move down
    assert out.pages == 2
    text = out.text()
    assert not missing(
        text, "双人赛记分条 第1副 第6副 第1组 起打级别 轮次 桌号 南北比赛分 东西比赛分 防家得分"
    )


def test_entered_results_print_on_the_sheets(event, mitchell, pdf):
    load_demo_boards(event, rounds=1)

    sheets = score_sheets_data(event)
    travellers = travellers_data(event)

    played = [r.result for s in sheets.sheets for r in s.rows if r.result is not None]
    assert played and all(r.defender_points is not None for r in played)
    line = travellers.travellers[0].rows[0].result
    assert line is not None and line.declarer in "NESW"
    text = pdf(render_travellers(travellers, "zh-hans")).text()
    assert str(line.defender_points) in text
    english = pdf(render_score_sheets(sheets, "en")).text()
    assert "Made" in english or "Broken" in english


def test_score_sheets_and_travellers_read_in_english(event, pdf):
    sheets = pdf(render_score_sheets(score_sheets_data(event), "en")).text(0)
    travellers = pdf(render_travellers(travellers_data(event), "en")).text(0)

    assert not missing(
        sheets, ["Team score sheet", "Table 1", "Open room", "Def. pts", "N–S signature"]
    )
    assert not missing(travellers, ["Pairs traveller", "Board 1", "N–S MP", "E–W MP"])
