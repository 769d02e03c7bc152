"""潇洒 and levels on every paper that carries a result (issue 16).

潇洒 (第十六条) changes the levels and so the board points (第二十四条) and the
matchpoints (第二十八条): a sheet that leaves it out cannot be checked. The fixture
below corrects one round-robin result and one Mitchell result so that a player other
than the declarer put a joker into the bottom — a real, engine-judged 潇洒 whatever
the deal — and every paper must then show who put in which joker and its levels.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import pytest
from openpyxl import load_workbook

from boards.models import Result
from boards.records import Entry
from boards.services import Actor, result_correct
from core.results import XiaosaPut, xiaosa_puts
from printing.exports import MatchResultsExporter, TravellersExporter
from printing.renderers import render_results, render_score_sheets, render_travellers
from printing.selectors import results_data, score_sheets_data, travellers_data
from scoring.services import rescore_event
from tournament.models import Stage

from ._pdf import missing

# The played event is built once for the module; each test reads it in a savepoint.
pytestmark = pytest.mark.played_once

SEATS_ZH = {"N": "北", "E": "东", "S": "南", "W": "西"}
JOKERS_ZH = {"BJ": "大王", "LJ": "小王"}
TAKES = ("2", "3", "4", "6", "7", "8", "9")  # 潇洒 takes back a 2–9 other than a 5


@dataclass
class Xiaosa:
    result: Result
    seat: str
    joker: str

    @property
    def levels(self) -> int:
        return 3 if self.joker == "BJ" else 2  # 大王 three levels, 小王 two (第十六条)

    @property
    def zh(self) -> str:
        return f"{SEATS_ZH[self.seat]}{JOKERS_ZH[self.joker]}+{self.levels}"

    @property
    def en(self) -> str:
        return f"{self.seat} {self.joker}+{self.levels}"


def _put_xiaosa(result: Result, director) -> Xiaosa | None:
    """Correct ``result`` so that a non-declarer holding a joker put it in (潇洒)."""
    hands = result.board.hands
    declarer = result.declarer
    for seat in ("N", "E", "S", "W"):
        joker = next((j for j in ("BJ", "LJ") if seat != declarer and j in hands[seat]), None)
        if joker is None:
            continue
        takes = next(c for c in hands[declarer] if c[0] in "HDSC" and c[1:] in TAKES)
        entry = Entry.from_box_card(
            result.box_card_values(),
            defender_points=20,
            dig=None,
            exchanges=[{"kind": "xiaosa", "seat": seat, "gives": joker, "takes": takes}],
        )
        corrected = result_correct(
            result=result,
            entry=entry,
            actor=Actor.director(director),
            version=result.version,
            reason="潇洒漏记",
        )
        return Xiaosa(corrected, seat, joker)
    return None


def _xiaosa_in(event, kind: str, director) -> Xiaosa:
    results = Result.objects.filter(board__stage__event=event, board__stage__kind=kind)
    for result in results.select_related("board", "table__match", "table__round"):
        found = _put_xiaosa(result, director)
        if found is not None:
            return found
    raise AssertionError("no result to put a 潇洒 in")


@pytest.fixture
def xiaosa(played, director) -> dict[str, Xiaosa]:
    out = {
        "team": _xiaosa_in(played, Stage.Kind.ROUND_ROBIN, director),
        "pairs": _xiaosa_in(played, Stage.Kind.MITCHELL, director),
    }
    rescore_event(played.pk)
    for x in out.values():
        x.result.refresh_from_db()
        assert x.result.xiaosa == [x.joker] and x.result.xiaosa_levels == x.levels
    return out


def test_each_joker_is_put_to_the_seat_that_put_it_in():
    # 第十六条: a defender or the partner exchanges a joker in; the declarer buries one.
    puts = xiaosa_puts(
        ["BJ", "LJ", "LJ"],
        [
            {"kind": "xiaosa", "seat": "W", "gives": "LJ", "takes": "H9"},
            {"kind": "grab", "seat": "S", "gives": "H2", "takes": "H7"},
            {"kind": "xiaosa", "seat": "E", "gives": "BJ", "takes": "D9"},
        ],
        "N",
        burying_known=True,
    )
    assert puts == (XiaosaPut("W", "LJ", 2), XiaosaPut("E", "BJ", 3), XiaosaPut("N", "LJ", 2))
    assert sum(p.levels for p in puts) == 7
    # A result-only scorecard names the jokers but not who: no seat is made up.
    assert xiaosa_puts(["BJ"], None, "N", burying_known=False) == (XiaosaPut("", "BJ", 3),)


def test_the_team_score_sheet_prints_xiaosa_levels_after_jumps_and_totals(played, xiaosa, pdf):
    result = xiaosa["team"].result
    data = score_sheets_data(played)
    index, sheet = next(
        (i, s)
        for i, s in enumerate(data.sheets)
        if s.match == result.table.match.code
        and s.table == result.table.number
        and s.round == result.table.round.number
    )
    row = next(r for r in sheet.rows if r.board == result.board.number)
    assert row.result.xiaosa_levels == xiaosa["team"].levels
    assert (row.result.jump_ns, row.result.jump_ew) == (
        result.jump_levels_ns,
        result.jump_levels_ew,
    )

    text = pdf(render_score_sheets(data, "zh-hans")).text(index)

    assert not missing(text, "潇洒 南北跳级 东西跳级 南北打后 东西打后 合计")
    assert xiaosa["team"].zh in text
    assert result.levels_after_ns in text.split()
    # The totals row adds up the board points the captains sign for.
    scores = [r.result.score_ns for r in sheet.rows if r.result and r.result.score_ns]
    assert scores
    lines = text.splitlines()
    assert str(sum(int(s) for s in scores)) in lines[lines.index("合计") + 1 :]


def test_english_score_sheets_name_the_jokers_in_english(played, xiaosa, pdf):
    text = pdf(render_score_sheets(score_sheets_data(played), "en")).text()
    assert xiaosa["team"].en in text
    assert "Total" in text


def test_the_pairs_traveller_prints_xiaosa_and_the_jump_levels(played, xiaosa, pdf):
    x = xiaosa["pairs"]
    data = travellers_data(played)
    board = next(t for t in data.travellers if t.board == x.result.board.number)
    line = next(r for r in board.rows if r.table == x.result.table.number)
    assert line.result.xiaosa == (XiaosaPut(x.seat, x.joker, x.levels),)
    assert line.result.jump_ns == x.result.jump_levels_ns

    text = pdf(render_travellers(data, "zh-hans")).text()

    assert not missing(text, "潇洒 南北跳级 东西跳级")
    assert x.zh in text


def test_the_results_paper_prints_the_xiaosa(played, xiaosa, pdf):
    out = pdf(render_results(results_data(played), "zh-hans"))
    text = out.text()
    assert not missing(text, "潇洒 打后级别 跳级")
    assert xiaosa["team"].zh in text
    box = out.reader.pages[0].mediabox
    assert box.width > box.height  # landscape: both rooms side by side


def _sheet(content: bytes, title: str | None = None):
    book = load_workbook(io.BytesIO(content))
    return book[title] if title else book.worksheets[0]


def _rows(sheet) -> list[list[object]]:
    return [list(r) for r in sheet.iter_rows(values_only=True)]


def test_the_results_and_travellers_spreadsheets_carry_xiaosa_in_words(played, xiaosa):
    rows = _rows(_sheet(MatchResultsExporter(results_data(played)).render()[2], "牌号"))
    header = rows[0]
    assert "开室 潇洒" in header and "闭室 潇洒" in header and "开室 南北跳级" in header
    values = [v for r in rows[1:] for v in r if isinstance(v, str)]
    assert xiaosa["team"].zh in values
    assert not any(v in ("BJ", "LJ") or v.startswith(("BJ ", "LJ ")) for v in values)

    travellers = _rows(_sheet(TravellersExporter(travellers_data(played)).render()[2]))
    column = travellers[0].index("潇洒")
    assert xiaosa["pairs"].zh in [r[column] for r in travellers[1:]]
    jumps = travellers[0].index("南北跳级")
    assert all(isinstance(r[jumps], int) for r in travellers[1:] if r[column])


def test_every_spreadsheet_has_a_frozen_bold_filtered_header_and_numbers(played):
    content = MatchResultsExporter(results_data(played)).render()[2]
    for sheet in load_workbook(io.BytesIO(content)).worksheets:
        assert sheet.freeze_panes == "A2"
        last = sheet.cell(1, sheet.max_column).column_letter
        assert sheet.auto_filter.ref == f"A1:{last}{sheet.max_row}"
        assert all(c.font.b for c in sheet[1])
        assert sheet.column_dimensions["A"].width >= 6
    matches = _rows(_sheet(content, "场次"))
    for name in ("轮次", "主队单副得分合计", "主队场分"):
        index = matches[0].index(name)
        assert all(isinstance(r[index], int) for r in matches[1:])


def test_the_scorecard_sheet_writes_xiaosa_jokers_in_words_and_reads_them_back(
    played, xiaosa, director
):
    from printing.exports import ScorecardsExporter
    from printing.scorecards import scorecards_import
    from printing.selectors import scorecards_data

    content = ScorecardsExporter(scorecards_data(played)).render()[2]
    rows = _rows(_sheet(content))
    column = rows[0].index("潇洒")
    written = {r[column] for r in rows[1:] if r[column]}
    assert JOKERS_ZH[xiaosa["team"].joker] in written
    assert not written & {"BJ", "LJ", "BJ LJ"}

    again = scorecards_import(event=played, file=content, user=director)

    assert again.ok and again.created == []  # every 潇洒 read back as entered
