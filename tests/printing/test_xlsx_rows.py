"""Issue 27, printing speed: a sheet's plain rows are written as one piece of XML each
(``printing.excel._stream_plain_rows``) instead of through openpyxl's cell objects. The
workbook must be the one openpyxl writes itself, part for part and byte for byte, for
every kind of value a paper's rows hold — and openpyxl must still write what the fast
path leaves to it (the bold header, formula-like text, dates, booleans)."""

from __future__ import annotations

import datetime
import io
import zipfile
from decimal import Decimal

import pytest
from openpyxl import load_workbook

from printing import excel
from printing.data import EventInfo

ROWS = [
    ["南北1", 1, Decimal("56.125"), Decimal("40"), 0.1, 7, None, "", "甲0 乙0"],
    [" leading space", "trailing ", "a & b < c > d", "two\nlines", "cr\r\nlf", "tab\there"],
    ["=SUM(A1:A2)", "+1", "-2", "@x", "\tq", "#N/A", "=", "x" * 40],
    [True, False, datetime.date(2007, 5, 1), float("nan"), float("inf"), -3, Decimal("-0.5")],
    [None, None, "only the third"],
    [],
    ["东大王+3 西小王+1", 200, Decimal("1E+3"), 12345678901234567890, 1e-7],
]


class Sample(excel.Exporter):
    kind = "travellers-xlsx"

    def sheets(self):
        header = [f"列{n}" for n in range(1, 10)]
        yield "一", header, iter(ROWS)
        yield "two", ["a", "b"], iter([[n, f"行{n}"] for n in range(300)])


def parts(data: bytes) -> dict[str, bytes]:
    """Every part of the workbook but its creation time."""
    book = zipfile.ZipFile(io.BytesIO(data))
    return {name: book.read(name) for name in book.namelist() if name != "docProps/core.xml"}


def test_plain_rows_are_written_as_openpyxl_writes_them(monkeypatch):
    exporter = Sample(type("Data", (), {"event": EventInfo("赛事", "code")})())
    fast = exporter.render()[2]
    monkeypatch.setattr(excel, "_stream_plain_rows", lambda sheet: None)
    slow = exporter.render()[2]

    assert parts(fast) == parts(slow)
    sheet = load_workbook(io.BytesIO(fast))["一"]
    assert [c.value for c in sheet[2]][:4] == ["南北1", 1, 56.125, 40]
    assert sheet["D3"].value == "two\nlines" and sheet["E3"].value == "cr\r\nlf"
    assert sheet["A4"].data_type == "s" and sheet["A4"].value == "=SUM(A1:A2)"


@pytest.mark.parametrize(
    ("values", "plain"),
    [
        (["a", 1, Decimal("2.5"), None, ""], True),
        (["=A1"], False),  # a formula: openpyxl decides
        (["#DIV/0!"], False),  # an error code
        ([True], False),
        ([datetime.date(2007, 1, 1)], False),
        ([float("nan")], False),
        (["bell\x07"], False),  # openpyxl refuses it, with its own error
    ],
)
def test_only_plain_values_take_the_fast_path(values, plain):
    assert (excel._row_markup(values, 2) is not None) is plain
