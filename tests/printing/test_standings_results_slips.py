"""Standings (成绩排名), team matches board by board (团体赛逐副成绩), ruling slips (判罚单),
and the score columns of score sheets and travellers, after a round has been played
and scored."""

from __future__ import annotations

import dataclasses

import pytest

from printing.data import number_text
from printing.renderers import (
    render_results,
    render_ruling_slips,
    render_score_sheets,
    render_standings,
    render_travellers,
)
from printing.selectors import (
    results_data,
    ruling_slips_data,
    score_sheets_data,
    standings_data,
    travellers_data,
)
from scoring.models import MatchScore, Standing, TravellerScore
from scoring.reasons import tie_reason
from tournament.models import Stage

from ._pdf import WQY, missing

# The played event is built once for the module; each test reads it in a savepoint.
pytestmark = pytest.mark.played_once


def test_standings_print_a_page_a_stage_with_tables_brackets_and_rankings(played, pdf):
    data = standings_data(played)

    out = pdf(render_standings(data, "zh-hans"))

    assert [s.name for s in data.stages] == ["团体循环赛", "团体淘汰赛", "双人双冠军赛"]
    assert out.pages == 3
    robin, knockout, mitchell = data.stages
    table = robin.tables[0]
    assert table.kind == "teams" and len(table.lines) == 4
    assert table.cross is not None and len(table.cross.cells) == 4
    decided = MatchScore.objects.filter(
        stage__kind=Stage.Kind.ROUND_ROBIN, decision__in=["won", "drawn"]
    ).count()
    assert decided >= 1  # the last result of round 1 waits for confirmation
    assert sum(bool(c) for row in table.cross.cells for c in row) == 2 * decided
    assert knockout.bracket is not None
    assert any(m.a.score for m in knockout.bracket.matches)
    assert [t.direction for t in mitchell.tables] == ["NS", "EW"]
    first = Standing.objects.filter(stage__kind=Stage.Kind.MITCHELL, direction="NS").order_by(
        "place", "entrant__number"
    )[0]
    # Percentages to two places, as every paper prints them (issue 27: "52.50", not "52.5").
    assert mitchell.tables[0].lines[0].percentage == number_text(first.percentage, fixed=True)
    page1, page2, page3 = out.text(0), out.text(1), out.text(2)
    assert not missing(
        page1, "成绩排名 团体循环赛 排名表 名次 队号 队名 已赛 胜 平 负 场分 得分 失分 交叉表"
    )
    assert not missing(page1, [line.entrant.label for line in table.lines])
    # Each row's reason as the pages say it (第二十五条之4; after round 1: for now).
    reasons = {tie_reason(line) for line in table.lines} - {""}
    assert reasons and not missing(page1, sorted(reasons))
    leader = table.lines[0]
    assert leader.score_for in page1 and leader.score_against in page1
    assert not missing(page2, "团体淘汰赛 胜者 M1 M3 冠军")
    score = knockout.bracket.matches[0].a.score
    assert score and score in page2
    assert not missing(page3, "双人双冠军赛 南北 东西 对号 选手 副数 比赛分 累计 满分 得分率%")
    assert mitchell.tables[0].lines[0].percentage in page3
    assert mitchell.tables[0].lines[0].entrant.players[0] in page3


def test_standings_read_in_english(played, pdf):
    text = pdf(render_standings(standings_data(played), "en")).text()

    assert not missing(text, "Standings Place Played Match points Against Cross-table Score %")


def test_a_team_match_prints_board_by_board_with_both_rooms_and_the_board_points(played, pdf):
    data = results_data(played)

    out = pdf(render_results(data, "zh-hans"))

    scored = MatchScore.objects.filter(match__stage__event=played).count()
    assert len(data.matches) == scored == 4  # round 1 of the round robin and the knockout
    m = data.matches[0]
    assert (m.stage, m.match, m.open_table, m.closed_table) == ("团体循环赛", "M1", 1, 2)
    assert [b.board for b in m.boards] == [1, 2, 3, 4]
    board = m.boards[0]
    assert board.open is not None and board.closed is not None
    assert board.open.defender_points is not None
    assert sum(int(b.home_points or 0) for b in m.boards) == m.home_board_points
    penalised = [x for x in data.matches if x.home_adjustment or x.away_adjustment]
    assert [x.home_adjustment or x.away_adjustment for x in penalised] == ["-0.5"]  # the ruling
    assert out.pages >= 1
    text = out.text()
    assert not missing(
        text,
        "团体赛逐副成绩 团体循环赛 第1轮 M1 开室 闭室 第1桌 第2桌 牌号 南北/东西级别 打家 "
        "防家得分 抠底 结果 主队单副分 客队单副分 单副得分合计 比赛得分 场分 罚分",
    )
    assert not missing(text, [m.home.label, m.away.label])
    assert f"{m.home_score} : {m.away_score}" in text
    assert str(board.open.defender_points) in text


def test_a_ruling_slip_carries_the_article_offender_decision_amount_referee_and_reasons(
    played, pdf
):
    data = ruling_slips_data(played)

    out = pdf(render_ruling_slips(data, "zh-hans"))

    assert len(data.slips) == 1 and out.pages == 1
    slip = data.slips[0]
    assert (slip.article, slip.decision, slip.amount, slip.status) == (
        34,
        "penalty_card",
        "0.5",
        "upheld",
    )
    assert [a.action for a in slip.history] == ["recorded", "appealed", "upheld"]
    text = out.text()
    assert not missing(
        text,
        "判罚单 判罚第1号 地点 团体循环赛 第1轮 M1 条款 第34条 违例 暴露张 犯规方 南北 "
        "处理 重罚张 罚分（比赛分） 0.5 裁判 chief 判罚时间 理由 南家在首攻前暴露红心A "
        "理由（英文） 处理经过 提出申诉 队长提出申诉 维持原判 状态 申诉后维持 裁判签名",
    )
    assert slip.offender.split(" ", 1)[1] in text
    assert slip.at in text
    assert "South exposed the ace of hearts" in text
    english = pdf(render_ruling_slips(data, "en")).text()
    assert not missing(english, "Ruling slip Article 34 Exposed card Penalty card Upheld Referee")


def test_two_slips_share_a_page(played, pdf):
    data = ruling_slips_data(played)
    slips = data.slips * 3

    out = pdf(render_ruling_slips(type(data)(event=data.event, slips=slips), "zh-hans"))

    assert out.pages == 2


def test_score_sheets_print_each_sides_board_points_once_scored(played, pdf):
    data = score_sheets_data(played, stage=played.stages.get(kind=Stage.Kind.ROUND_ROBIN))

    out = pdf(render_score_sheets(data, "zh-hans"))

    sheet = data.sheets[0]
    scored = [r.result for r in sheet.rows if r.result is not None]
    assert scored and all(r.score_ns != "" and r.score_ew != "" for r in scored)
    for r in scored:  # one side scores on a board, the other none (第二十四条)
        assert "0" in (r.score_ns, r.score_ew)
    closed = next(s for s in data.sheets if s.match == sheet.match and s.room == "closed")
    by_board = {r.board: r.result for r in closed.rows}
    for row in sheet.rows:
        # The home team sits N–S in the open room and E–W in the closed room.
        assert by_board[row.board].score_ew == row.result.score_ns
    text = out.text(0)
    assert not missing(text, "南北得分 东西得分")
    assert not missing(text, [r.score_ns for r in scored if r.score_ns != "0"])


def test_travellers_print_the_matchpoints_of_every_line_played(played, pdf):
    mitchell = played.stages.get(kind=Stage.Kind.MITCHELL)
    data = travellers_data(played, stage=mitchell)

    out = pdf(render_travellers(data, "zh-hans"))

    first = data.travellers[0]
    line = first.rows[0].result
    assert line is not None
    stored = TravellerScore.objects.get(
        board__stage=mitchell, board__number=first.board, table__round__number=1
    )
    assert (line.score_ns, line.score_ew) == (
        number_text(stored.ns_score),
        number_text(stored.ew_score),
    )
    assert all(r.result is None for r in first.rows[1:])  # only round 1 was played
    text = out.text(0)
    assert line.score_ns in text and line.score_ew in text


def test_the_new_papers_embed_the_truetype_font_when_installed(played, pdf, settings):
    import os

    if not os.path.isfile(WQY):
        return
    settings.PRINTING_FONT_PATHS = [WQY]
    for render, data in (
        (render_standings, standings_data(played)),
        (render_results, results_data(played)),
        (render_ruling_slips, ruling_slips_data(played)),
    ):
        assert pdf(render(data, "zh-hans")).embedded_truetype()


def test_a_lateness_slip_reads_the_minutes_entered(played, pdf):
    """第三十条: 12 minutes late is labelled "迟到12分钟" on the slip, as on the pages, not
    by the row "迟到5—10分钟" it was recorded under."""
    data = ruling_slips_data(played)
    late = dataclasses.replace(data.slips[0], irregularity="late_5_10", minutes_late=12)
    slips = type(data)(event=data.event, slips=[late])

    text = pdf(render_ruling_slips(slips, "zh-hans")).text()
    english = pdf(render_ruling_slips(slips, "en")).text()

    assert "迟到12分钟" in text and "迟到5—10分钟" not in text
    assert "12 minutes late" in english
