"""Entrants to a spreadsheet and back; a sheet with errors names them and imports
nothing."""

from __future__ import annotations

import datetime
import io

import pytest
from openpyxl import Workbook, load_workbook

from printing.excel import XLSX, EntrantsExporter, ScheduleExporter, entrants_import
from printing.selectors import entrants_data, movement_data, schedule_data
from tests import builders
from tournament.models import Entrant, Event, Membership


@pytest.fixture
def other_event(db) -> Event:
    return builders.event(
        name="宁城县对调赛",
        code="ningcheng",
        venue="",
        starts_on=datetime.date(2025, 9, 1),
        ends_on=None,
    )


def roster(event: Event) -> list[tuple]:
    out = []
    for e in Entrant.objects.filter(event=event).order_by("kind", "number"):
        members = Membership.objects.filter(entrant=e).select_related("player").order_by("order")
        out.append(
            (
                e.kind,
                e.number,
                e.name,
                e.seed,
                tuple((m.player.name, m.player.club, m.role) for m in members),
            )
        )
    return out


def sheet_bytes(rows: list[list[object]]) -> bytes:
    book = Workbook()
    sheet = book.active
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


@pytest.mark.parametrize("lang", ["zh-hans", "en"])
def test_the_entrants_export_imports_back_the_same(event, other_event, lang):
    filename, mimetype, content = EntrantsExporter(entrants_data(event), lang).render()

    result = entrants_import(event=other_event, file=content)

    assert (filename, mimetype) == ("chifeng-entrants.xlsx", XLSX)
    assert result.ok, [str(p) for p in result.problems]
    assert len(result.created) == 10
    assert roster(other_event) == roster(event)
    again = EntrantsExporter(entrants_data(other_event), lang).render()[2]
    assert _cells(again) == _cells(content)


def _cells(content: bytes) -> list[tuple]:
    book = load_workbook(io.BytesIO(content), read_only=True)
    return [tuple(row) for row in book.worksheets[0].iter_rows(values_only=True)]


def test_the_export_writes_the_headers_in_the_language(event):
    zh = _cells(EntrantsExporter(entrants_data(event), "zh-hans").render()[2])
    en = _cells(EntrantsExporter(entrants_data(event), "en").render()[2])

    assert zh[0][:6] == ("类别", "编号", "名称", "原排名", "队长", "选手1")
    assert en[0][:6] == ("Kind", "Number", "Name", "Prior ranking", "Captain", "Player 1")
    assert zh[1][:5] == ("队", 1, "红山队", 1, "红山1号")
    assert en[-1][0] == "pair"


def test_an_import_with_errors_lists_them_by_row_and_column_and_imports_nothing(other_event):
    header = [
        "类别",
        "编号",
        "名称",
        "原排名",
        "队长",
        "选手1",
        "单位1",
        "选手2",
        "单位2",
        "选手3",
        "单位3",
        "选手4",
    ]
    content = sheet_bytes(
        [
            header,
            ["队", 1, "红山队", 1, "张伟", "张伟", "", "王芳", "", "李娜", "", "刘洋"],  # fine
            ["队", 1, "松山队", "第一", "", "陈静", "", "杨磊", "", "", "", ""],  # 3 errors
            ["组", 2, "", "", "", "赵勇", "", "黄艳", "", "", "", ""],  # bad kind
            ["对", 3, "", "", "周杰", "王芳", "", "吴军", "", "", "", ""],  # fine: another kind
            ["对", 4, "", "", "", "徐涛", "", "徐涛", "", "", "", ""],  # twice in a row
        ]
    )

    result = entrants_import(event=other_event, file=content)

    assert not result.ok
    assert result.created == []
    assert Entrant.objects.filter(event=other_event).count() == 0
    where = {(p.row, p.column) for p in result.problems}
    assert (3, "B") in where  # number 1 repeats row 2
    assert (3, "D") in where  # prior ranking not a number
    assert (3, "F") in where  # two players for a team
    assert (4, "A") in where  # unknown kind
    assert (5, "E") in where  # captain not among the players
    assert (6, "H") in where  # 徐涛 twice
    assert not any(p.row == 2 for p in result.problems)
    texts = [str(p) for p in result.problems]
    assert (
        "第3行B列（编号）：编号1与第2行重复 / row 3, column B (编号): number 1 repeats row 2"
        in texts
    )
    assert any("第4行A列（类别）" in t and "the kind must be team or pair" in t for t in texts)
    assert any("每队须有4至6名选手" in t and "a team needs 4 to 6 players" in t for t in texts)


def test_an_import_refuses_a_player_already_in_the_event(event):
    rows = [["Kind", "Number", "Name", "Player 1", "Player 2"], ["pair", 9, "", "张伟", "新人"]]

    result = entrants_import(event=event, file=sheet_bytes(rows))

    assert [(p.row, p.column) for p in result.problems] == [(2, "D")]
    assert "already plays for another pair" in str(result.problems[0])
    assert not Entrant.objects.filter(event=event, number=9).exists()


def test_an_import_names_unknown_and_missing_columns(other_event):
    result = entrants_import(event=other_event, file=sheet_bytes([["编号", "颜色"], [1, "红"]]))

    texts = [str(p) for p in result.problems]
    assert any("第1行B列（颜色）：无法识别的列" in t for t in texts)
    assert any("缺少“类别”列" in t and "'Kind'" in t for t in texts)


def test_an_unreadable_file_is_refused_in_both_languages(other_event):
    from printing.errors import PrintingError

    with pytest.raises(PrintingError) as caught:
        entrants_import(event=other_event, file=b"not a workbook")
    assert "无法读取" in str(caught.value) and "cannot be read" in str(caught.value)


def test_the_schedule_export_has_a_sheet_a_stage(event):
    data = (movement_data(event), schedule_data(event))

    filename, _mimetype, content = ScheduleExporter(data, "zh-hans").render()

    book = load_workbook(io.BytesIO(content), read_only=True)
    assert filename == "chifeng-schedule.xlsx"
    assert book.sheetnames == ["双人双冠军赛", "团体循环赛"]
    movement = list(book["双人双冠军赛"].iter_rows(values_only=True))
    assert movement[0][:3] == ("轮次", "桌号", "南北")
    assert len(movement) == 1 + 3 * 3
    assert movement[1][7] == "1–2"
    robin = list(book["团体循环赛"].iter_rows(values_only=True))
    assert robin[1][:5] == (1, "M1", None, 1, 2)
