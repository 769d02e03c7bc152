"""Scores to spreadsheets, and scorecards back from one: the export → import round
trip, and a sheet with bad rows that names every problem by row and column and
imports nothing."""

from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook

from boards.models import BoxCard, Result, ResultChange
from printing.exports import (
    MatchResultsExporter,
    ScorecardsExporter,
    StandingsExporter,
    TravellersExporter,
)
from printing.scorecards import scorecards_import
from printing.selectors import results_data, scorecards_data, standings_data, travellers_data
from scoring.models import MatchScore, Standing
from scoring.reasons import tie_mark
from tournament.models import Stage

# The played event is built once for the module; each test reads it in a savepoint.
pytestmark = pytest.mark.played_once


def cells(content: bytes) -> dict[str, list[list[object]]]:
    """Each sheet's rows, padded to the header's width (a row read back ends at its
    last value)."""
    book = load_workbook(io.BytesIO(content), read_only=True)
    out = {}
    for sheet in book.worksheets:
        rows = [list(r) for r in sheet.iter_rows(values_only=True)]
        width = max(len(r) for r in rows)
        out[sheet.title] = [r + [None] * (width - len(r)) for r in rows]
    return out


def column(sheet: list[list[object]], header: str) -> list[object]:
    index = sheet[0].index(header)
    return [row[index] for row in sheet[1:]]


def played_results(event) -> dict[tuple, tuple]:
    """Every result by its place, as the engine judged it (not who entered it)."""
    return {
        (r.table.round.stage.order, r.table.round.number, r.table.number, r.board.number): (
            r.box_card_values(),
            r.defender_points,
            r.dig,
            sorted(r.xiaosa),
            r.outcome,
            r.levels_after_ns,
            r.levels_after_ew,
            r.next_declarer,
        )
        for r in Result.objects.filter(board__stage__event=event).select_related(
            "board", "table__round__stage"
        )
    }


def test_standings_export_a_sheet_a_stage_with_numbers(played):
    filename, _mimetype, content = StandingsExporter(standings_data(played)).render()

    book = cells(content)

    assert filename == "chifeng-standings.xlsx"
    assert list(book) == ["团体循环赛", "团体淘汰赛", "双人双冠军赛"]
    robin = book["团体循环赛"]
    assert robin[0][:5] == ["小组", "名次", "并列", "队号", "队名"]
    # The place is a number the sheet can sort; a shared place says so in its own column,
    # with the mark the pages show (第二十五条之4: after round 1, 暂并列 or 尚未相遇).
    assert all(isinstance(p, int) for p in column(robin, "名次"))
    shared = Standing.objects.filter(stage__kind=Stage.Kind.ROUND_ROBIN, shared=True)
    assert sorted(t for t in column(robin, "并列") if t) == sorted(tie_mark(s) for s in shared)
    assert shared and all(tie_mark(s) for s in shared)
    stored = Standing.objects.filter(stage__kind=Stage.Kind.ROUND_ROBIN)
    assert sum(column(robin, "场分")) == sum(s.match_points for s in stored)
    mitchell = book["双人双冠军赛"]
    assert set(column(mitchell, "方向")) == {"南北", "东西"}
    assert all(isinstance(p, (int, float)) for p in column(mitchell, "得分率%"))
    knockout = book["团体淘汰赛"]
    assert any(isinstance(s, (int, float)) for s in column(knockout, "比分"))


def test_match_results_export_matches_and_boards_side_by_side(played):
    _f, _m, content = MatchResultsExporter(results_data(played)).render()

    book = cells(content)

    matches, boards = book["场次"], book["牌号"]
    assert len(matches) - 1 == MatchScore.objects.filter(stage__event=played).count()
    assert "开室 防家得分" in boards[0] and "闭室 防家得分" in boards[0]
    first = MatchScore.objects.select_related("match").order_by(
        "match__stage__order", "match__number"
    )[0]
    row = matches[1]
    assert row[6:8] == [first.home_board_points, first.away_board_points]
    # 第二十四条: a match's board-point total is the sum of its boards' points, so the
    # two sheets agree match by match (whatever the deals: PostgreSQL and SQLite give
    # the fixture different cards).
    per_match: dict[tuple, list[int]] = {}
    for stage, match, home, away in zip(
        column(boards, "比赛阶段"),
        column(boards, "场次"),
        column(boards, "主队单副分"),
        column(boards, "客队单副分"),
        strict=True,
    ):
        total = per_match.setdefault((stage, match), [0, 0])
        total[0] += home or 0
        total[1] += away or 0
    totals = {(r[0], r[2]): [r[6], r[7]] for r in matches[1:] if (r[0], r[2]) in per_match}
    assert totals and totals == {k: per_match[k] for k in totals}
    assert any(sum(t) for t in totals.values())


def test_travellers_export_a_line_a_table_and_board(played):
    data = travellers_data(played)

    book = cells(TravellersExporter(data, "en").render()[2])

    sheet = next(iter(book.values()))
    assert sheet[0][:7] == ["Stage", "Boards", "Set", "Round", "Table", "N–S", "E–W"]
    assert len(sheet) - 1 == sum(len(t.rows) for t in data.travellers)
    played_lines = [r for r in sheet[1:] if r[-1] is not None]
    assert played_lines and all(isinstance(r[-2], (int, float)) for r in played_lines)


def test_the_scorecard_export_imports_back_the_same_results(played, director):
    before = played_results(played)
    _f, _m, content = ScorecardsExporter(scorecards_data(played)).render()
    sheet = cells(content)["计分卡汇总"]
    assert len(sheet) - 1 == len(scorecards_data(played).lines)
    assert sum(1 for r in column(sheet, "防家得分") if r is not None) == len(before)

    again = scorecards_import(event=played, file=content, user=director)
    assert again.ok and again.created == [] and again.unchanged == len(before)

    Result.objects.filter(board__stage__event=played).delete()
    BoxCard.objects.filter(board__stage__event=played).delete()
    result = scorecards_import(event=played, file=content, user=director)

    assert result.ok, [str(p) for p in result.problems]
    assert len(result.created) == len(before)
    assert played_results(played) == before
    assert all(r.status == Result.Status.CONFIRMED for r in result.created)
    assert ResultChange.objects.filter(result__in=result.created, role="director").count() == len(
        before
    )
    exported = cells(ScorecardsExporter(scorecards_data(played)).render()[2])["计分卡汇总"]
    status = sheet[0].index("状态")
    assert [r[:status] for r in exported] == [r[:status] for r in sheet]


@pytest.mark.parametrize("lang", ["zh-hans", "en"])
def test_a_sheet_with_bad_rows_names_each_by_row_and_column_and_imports_nothing(
    played, director, lang
):
    _f, _m, content = ScorecardsExporter(scorecards_data(played), lang).render()
    Result.objects.filter(board__stage__event=played).delete()
    BoxCard.objects.filter(board__stage__event=played).delete()
    book = load_workbook(io.BytesIO(content))
    sheet = book.worksheets[0]
    header = [c.value for c in sheet[1]]
    col = {name: header.index(name) + 1 for name in header}
    zh = lang == "zh-hans"
    trump, points, table = (
        col["主牌花色" if zh else "Trump"],
        col["防家得分" if zh else "Def. pts"],
        col["桌号" if zh else "Table"],
    )
    played_rows = [
        r for r in range(2, sheet.max_row + 1) if sheet.cell(r, points).value is not None
    ]
    bad_trump, bad_points, bad_table = played_rows[1], played_rows[2], played_rows[3]
    sheet.cell(bad_trump, trump).value = "紫色"
    sheet.cell(bad_points, points).value = 7
    sheet.cell(bad_table, table).value = 99
    buffer = io.BytesIO()
    book.save(buffer)

    result = scorecards_import(event=played, file=buffer.getvalue(), user=director)

    assert not result.ok and result.created == []
    assert not Result.objects.filter(board__stage__event=played).exists()
    found = {(p.row, p.column) for p in result.problems}
    letter = {k: sheet.cell(1, v).column_letter for k, v in col.items()}
    assert (bad_trump, letter["主牌花色" if zh else "Trump"]) in found
    assert (bad_points, letter["防家得分" if zh else "Def. pts"]) in found
    assert (bad_table, letter["桌号" if zh else "Table"]) in found
    messages = {p.row: str(p) for p in result.problems}
    assert f"第{bad_trump}行" in messages[bad_trump] and f"row {bad_trump}" in messages[bad_trump]
    assert "紫色" in messages[bad_trump]
    assert "防家得分7不可能" in messages[bad_points] and "impossible" in messages[bad_points]
    assert "没有第99桌" in messages[bad_table] and "no table 99" in messages[bad_table]


def test_rows_of_one_board_copy_must_agree_on_its_box_card(played, director):
    _f, _m, content = ScorecardsExporter(scorecards_data(played)).render()
    Result.objects.filter(board__stage__event=played).delete()
    BoxCard.objects.filter(board__stage__event=played).delete()
    book = load_workbook(io.BytesIO(content))
    sheet = book.worksheets[0]
    header = [c.value for c in sheet[1]]
    level, match, board, points = (
        header.index(h) + 1 for h in ("南北级别", "场次", "牌号", "防家得分")
    )
    rows = [
        r
        for r in range(2, sheet.max_row + 1)
        if sheet.cell(r, match).value == "M1" and sheet.cell(r, points).value is not None
    ]
    same_board = [r for r in rows if sheet.cell(r, board).value == sheet.cell(rows[0], board).value]
    later = same_board[1]
    sheet.cell(later, level).value = "K" if sheet.cell(later, level).value != "K" else "Q"
    buffer = io.BytesIO()
    book.save(buffer)

    result = scorecards_import(event=played, file=buffer.getvalue(), user=director)

    assert not result.ok and not Result.objects.filter(board__stage__event=played).exists()
    problem = next(p for p in result.problems if p.row in same_board)
    assert "牌盒卡" in problem.zh and "box card" in problem.en and "第四十三条" not in problem.en
