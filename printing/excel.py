"""Spreadsheets: exporters that only yield rows, and the import of entrants.

An :class:`Exporter` subclass yields a header and rows (per sheet) from plain data;
the base writes the workbook with openpyxl in write-only mode, so a large event is
streamed rather than held cell by cell (a sheet's rows are read once first, to fit
the column widths). Every sheet has a frozen, bold header row with a filter. Headers
and words are written in the chosen
language; the import reads either language, so a sheet exported in English imports as
well as one in Chinese.

:func:`entrants_import` reads the columns :class:`EntrantsExporter` writes. Every row
is checked and every problem listed by row and column in Chinese and English; nothing
is imported unless the whole sheet is valid, and then it goes through
``tournament.services.entrants_add`` in one transaction.
"""

from __future__ import annotations

import io
import math
import os
import zipfile
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import IO, Any

from django.conf import settings
from django.db import transaction
from django.utils import translation
from django.utils.translation import pgettext
from lxml import etree
from openpyxl import Workbook, load_workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ERROR_CODES, ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet._write_only import WriteOnlyWorksheet

from tournament.errors import EventError
from tournament.models import Entrant, Event, Membership
from tournament.services import entrants_add

from .data import EntrantsData, EventInfo, MovementData, ScheduleData, board_range
from .errors import PrintingError
from .labels import PAPERS, ROOMS, label, source_label

__all__ = [
    "XLSX",
    "EntrantsExporter",
    "Exporter",
    "ImportProblem",
    "ImportResult",
    "ScheduleExporter",
    "entrants_import",
    "sheet_rows",
]

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
MAX_PLAYERS = 6
LANGUAGES = ("zh-hans", "en")

Row = Sequence[object]
BOLD = Font(bold=True)


class Exporter:
    """Subclasses set ``kind`` and yield ``(title, header, rows)`` from :meth:`sheets`
    (or just a header and rows from :meth:`header` and :meth:`rows` for one sheet)."""

    kind = "export"

    def __init__(self, data: Any, lang: str = "zh-hans") -> None:
        self.data = data
        self.lang = lang

    @property
    def event(self) -> EventInfo:
        return self.data.event

    def title(self) -> str:
        return str(PAPERS.get(self.kind, self.kind))

    def header(self) -> Row:
        raise NotImplementedError

    def rows(self) -> Iterable[Row]:
        raise NotImplementedError

    def sheets(self) -> Iterator[tuple[str, Row, Iterable[Row]]]:
        yield self.title(), self.header(), self.rows()

    def render(self, progress: Callable[[int], None] | None = None) -> tuple[str, str, bytes]:
        """``(f"{event code}-{kind}.xlsx", XLSX, bytes)``, written in ``lang``."""
        with translation.override(self.lang):
            book = Workbook(write_only=True)
            sheets = list(self.sheets())
            for index, (title, header, rows) in enumerate(sheets, start=1):
                sheet = book.create_sheet(_sheet_title(title, index))
                rows = [list(row) for row in rows]
                _sheet_layout(sheet, header, rows)
                sheet.append(_bold_cells(sheet, header))
                _stream_plain_rows(sheet)
                for row in rows:
                    sheet.append([as_text(sheet, value) for value in row])
                sheet.auto_filter.ref = (
                    f"A1:{get_column_letter(max(1, len(header)))}{len(rows) + 1}"
                )
                if progress is not None:
                    progress(index * 100 // len(sheets))
            if not sheets:
                book.create_sheet(self.title()[:31])
            buffer = io.BytesIO()
            book.save(buffer)
        return f"{self.event.code}-{self.kind}.xlsx", XLSX, buffer.getvalue()


def _text_width(value: object) -> int:
    """A cell's width in Excel's character units: a Chinese character counts two."""
    text = "" if value is None else str(value)
    return sum(2 if ord(char) >= 0x2E80 else 1 for char in text)


def _sheet_layout(sheet: Any, header: Row, rows: Sequence[Row]) -> None:
    """Before any row is written (a streamed sheet writes its columns first): the
    header row frozen and each column as wide as its header and first rows need."""
    sheet.freeze_panes = "A2"
    for index, head in enumerate(header, start=1):
        sample = [row[index - 1] for row in rows[:300] if index - 1 < len(row)]
        width = max([_text_width(head), *(_text_width(v) for v in sample)])
        sheet.column_dimensions[get_column_letter(index)].width = min(max(width + 2, 6), 60)


def _bold_cells(sheet: Any, header: Row) -> list[WriteOnlyCell]:
    cells = []
    for head in header:
        cell = WriteOnlyCell(sheet, value=head)
        cell.font = BOLD
        cells.append(cell)
    return cells


def _stream_plain_rows(sheet: Any) -> None:
    """From here on, ``sheet`` writes each row of plain values (text, numbers, blanks)
    as one piece of XML that lxml parses and writes in C, instead of openpyxl's cell
    object and five nested writer calls a cell: a 60-table Mitchell's scorecard sheet
    has 280,000 cells, 7 s of its 7.5 (issue 27). The XML is what openpyxl writes for
    the same values (``tests/printing/test_xlsx_rows.py`` compares the two);
    any other row — the bold header, a quoted formula-like text, a date — still goes
    through openpyxl's own writer. This reaches into the write-only sheet's writer (two
    private names, pinned by that test against the openpyxl installed)."""
    writer = sheet._writer
    openpyxl_row = writer.write_row
    dimensions = sheet.row_dimensions

    def write_row(xf: Any, values: Sequence[object], row_idx: int) -> None:
        markup = None if row_idx in dimensions else _row_markup(values, row_idx)
        if markup is None:
            openpyxl_row(xf, WriteOnlyWorksheet._values_to_row(sheet, values, row_idx), row_idx)
            return
        row = etree.fromstring(markup)
        if '"></' in markup:  # openpyxl writes an empty cell or row <c …></c>, not <c …/>
            for element in (row, *row):
                if element.text is None and not len(element):
                    element.text = ""
        xf.write(row)

    sheet._values_to_row = lambda values, row_idx: values
    writer.write_row = write_row


#: How lxml writes these characters in text (``\r`` kept, not read back as ``\n``).
_XML_TEXT = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;"})
_NUMBERS = (int, float, Decimal)


def _row_markup(values: Sequence[object], row_idx: int) -> str | None:
    """Row ``row_idx`` as openpyxl's write-only sheet writes it — text as an inline
    string, numbers ``%.16g`` — or ``None`` when a value needs openpyxl itself."""
    parts = [f'<row r="{row_idx}">']
    for column, value in enumerate(values, start=1):
        if value is None:
            continue
        ref = f"{_column(column)}{row_idx}"
        kind = type(value)
        if kind is str:
            text = str(value)
            if not text:
                parts.append(f'<c r="{ref}" t="inlineStr"></c>')
                continue
            if (
                len(text) > 32767
                or text in ERROR_CODES
                or (len(text) > 1 and text.startswith("="))
                or ILLEGAL_CHARACTERS_RE.search(text)
            ):
                return None
            space = ' xml:space="preserve"' if text != text.strip() else ""
            parts.append(
                f'<c r="{ref}" t="inlineStr"><is><t{space}>{text.translate(_XML_TEXT)}</t></is></c>'
            )
        elif kind in _NUMBERS:
            if not math.isfinite(value):  # type: ignore[arg-type]  # openpyxl writes ""
                return None
            parts.append(f'<c r="{ref}" t="n"><v>{format(float(value), ".16g")}</v></c>')
        else:  # bool, dates, cells: openpyxl's own writer
            return None
    parts.append("</row>")
    return "".join(parts)


_COLUMNS = ["", *(get_column_letter(n) for n in range(1, 65))]


def _column(number: int) -> str:
    return _COLUMNS[number] if number < len(_COLUMNS) else get_column_letter(number)


#: What a spreadsheet reads as the start of a formula (formula injection: a team named
#: ``=HYPERLINK(…)`` must stay a name).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def as_text(sheet: Any, value: Any) -> Any:
    """A cell's value as written: text that a spreadsheet would take for a formula is
    written as text (an inline string, with the quote prefix Excel keeps when edited)."""
    if not isinstance(value, str) or not value.startswith(FORMULA_STARTS):
        return value
    cell = WriteOnlyCell(sheet, value=value)
    cell.data_type = "s"
    cell.quotePrefix = True
    return cell


def _sheet_title(title: str, index: int) -> str:
    for char in "[]:*?/\\":
        title = title.replace(char, " ")
    return (title or f"Sheet{index}")[:31]


# --- entrants ----------------------------------------------------------------------------


def _kind_labels() -> dict[str, str]:
    return {
        "team": pgettext("print", "队"),
        "pair": pgettext("print", "对"),
    }


def _player_header(n: int) -> str:
    return pgettext("print", "选手%(n)s") % {"n": n}


def _club_header(n: int) -> str:
    return pgettext("print", "单位%(n)s") % {"n": n}


def entrant_columns() -> list[tuple[str, str]]:
    """(key, header) of every column, in the language in force."""
    columns = [
        ("kind", label("kind")),
        ("number", label("number")),
        ("name", label("name")),
        ("seed", label("prior_rank")),
        ("captain", label("captain")),
    ]
    for n in range(1, MAX_PLAYERS + 1):
        columns += [(f"player{n}", _player_header(n)), (f"club{n}", _club_header(n))]
    return columns


class EntrantsExporter(Exporter):
    """Teams and pairs, one a row: the columns :func:`entrants_import` reads."""

    kind = "entrants"
    data: EntrantsData

    def title(self) -> str:
        return str(PAPERS["entrants-xlsx"])

    def header(self) -> Row:
        return [h for _key, h in entrant_columns()]

    def rows(self) -> Iterator[Row]:
        kinds = _kind_labels()
        for e in self.data.entrants:
            row: list[object] = [kinds[e.kind], e.number, e.name, e.seed, e.captain or None]
            for n in range(MAX_PLAYERS):
                name, club = e.players[n] if n < len(e.players) else ("", "")
                row += [name or None, club or None]
            yield row


class ScheduleExporter(Exporter):
    """The Mitchell movements and the team schedules, a sheet a stage."""

    kind = "schedule"

    def __init__(self, data: tuple[MovementData, ScheduleData], lang: str = "zh-hans") -> None:
        super().__init__(data, lang)
        self.movement, self.schedule = data

    @property
    def event(self) -> EventInfo:
        return self.movement.event

    def sheets(self) -> Iterator[tuple[str, Row, Iterable[Row]]]:
        for stage in self.movement.stages:
            header = [
                label("round"),
                label("table"),
                label("ns"),
                label("players"),
                label("ew"),
                label("players"),
                label("board_set"),
                label("boards"),
                label("start_level"),
            ]
            rows = (
                [
                    r.number,
                    row.table,
                    row.ns.number if row.ns else None,
                    row.ns.label if row.ns else None,
                    row.ew.number if row.ew else None,
                    row.ew.label if row.ew else None,
                    row.board_set,
                    board_range(row.boards),
                    row.start_level,
                ]
                for r in stage.rounds
                for row in r.rows
            )
            yield stage.name, header, rows
        for sched in self.schedule.stages:
            header = [
                label("round"),
                label("match"),
                label("group"),
                str(ROOMS["open"]),
                str(ROOMS["closed"]),
                label("home"),
                label("away"),
                label("boards"),
            ]
            rows = []
            for r in sched.rounds:
                for m in r.matches:
                    tables = list(m.tables) + [None, None]
                    rows.append(
                        [
                            r.number,
                            f"M{m.number}",
                            m.group or None,
                            tables[0],
                            tables[1],
                            m.home.label if m.home else source_label(m.home_source),
                            m.away.label if m.away else source_label(m.away_source),
                            m.boards,
                        ]
                    )
            yield sched.name, header, rows


# --- importing entrants ------------------------------------------------------------------


@dataclass(frozen=True)
class ImportProblem:
    row: int  # as the spreadsheet numbers it: the header is row 1
    column: str  # the column letter, "" for the whole row
    header: str
    zh: str
    en: str

    @property
    def where_zh(self) -> str:
        col = f"{self.column}列（{self.header}）" if self.column else ""
        return f"第{self.row}行{col}"

    @property
    def where_en(self) -> str:
        col = f", column {self.column} ({self.header})" if self.column else ""
        return f"row {self.row}{col}"

    def __str__(self) -> str:
        return f"{self.where_zh}：{self.zh} / {self.where_en}: {self.en}"


@dataclass
class ImportResult:
    created: list[Entrant] = field(default_factory=list)
    problems: list[ImportProblem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def _header_keys() -> dict[str, str]:
    """Every header text in every language → its column key."""
    keys: dict[str, str] = {}
    for lang in LANGUAGES:
        with translation.override(lang):
            for key, header in entrant_columns():
                keys[header.strip().lower()] = key
    return keys


def _kind_values() -> dict[str, str]:
    values = {"team": "team", "pair": "pair"}
    for lang in LANGUAGES:
        with translation.override(lang):
            for key, text in _kind_labels().items():
                values[text.strip().lower()] = key
    return values


def _text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


def _whole(value: object) -> int | None | str:
    """A whole number ≥ 1, None when blank, or the text that is not one."""
    text = _text(value)
    if not text:
        return None
    try:
        number = int(text)
    except ValueError:
        return text
    return number if number >= 1 else text


@dataclass
class _Row:
    row: int
    kind: str
    number: int | None
    name: str
    seed: int | None
    captain: str
    players: list[tuple[str, str, str]]  # (name, club, column key)


class SheetReader:
    """What every spreadsheet import keeps while it reads: where each column is, its
    header as written, and the problems found, each named by its cell (行, 列, 表头)."""

    def __init__(self, columns: Mapping[str, int], headers: Mapping[str, str]) -> None:
        self.columns = columns  # key → 1-based column index
        self.headers = headers  # key → header as written
        self.problems: list[ImportProblem] = []

    def problem(self, row: int, key: str, zh: str, en: str) -> None:
        index = self.columns.get(key)
        self.problems.append(
            ImportProblem(
                row=row,
                column=get_column_letter(index) if index else "",
                header=self.headers.get(key, ""),
                zh=zh,
                en=en,
            )
        )


class _Checker(SheetReader):
    def __init__(self, event: Event, columns: Mapping[str, int], headers: Mapping[str, str]):
        super().__init__(columns, headers)
        self.event = event
        self.numbers: dict[tuple[str, int], int] = {}
        self.players: dict[tuple[str, str, str], int] = {}
        taken = Membership.objects.filter(entrant__event=event).select_related("player", "entrant")
        self.taken_players = {(m.entrant.kind, m.player.name, m.player.club) for m in taken}
        self.taken_numbers = set(Entrant.objects.filter(event=event).values_list("kind", "number"))

    def read(self, row: int, cells: Mapping[str, object]) -> _Row | None:
        kinds = _kind_values()
        kind_text = _text(cells.get("kind"))
        kind = kinds.get(kind_text.lower(), "")
        if not kind:
            self.problem(
                row,
                "kind",
                f"类别须为“队”或“对”，现为“{kind_text}”",
                f"the kind must be team or pair, got {kind_text!r}",
            )
        number = _whole(cells.get("number"))
        if isinstance(number, str):
            self.problem(
                row,
                "number",
                f"编号须为正整数，现为“{number}”",
                f"the number must be a whole number ≥ 1, got {number!r}",
            )
            number = None
        seed = _whole(cells.get("seed"))
        if isinstance(seed, str):
            self.problem(
                row,
                "seed",
                f"原排名须为正整数，现为“{seed}”",
                f"the prior ranking must be a whole number ≥ 1, got {seed!r}",
            )
            seed = None
        name = _text(cells.get("name"))
        players: list[tuple[str, str, str]] = []
        for n in range(1, MAX_PLAYERS + 1):
            player, club = _text(cells.get(f"player{n}")), _text(cells.get(f"club{n}"))
            if player:
                players.append((player, club, f"player{n}"))
            elif club:
                self.problem(
                    row,
                    f"club{n}",
                    f"有单位而没有选手{n}的姓名",
                    f"a club without the name of player {n}",
                )
        return _Row(row, kind, number, name, seed, _text(cells.get("captain")), players)

    def check(self, r: _Row) -> None:
        if r.kind == "team" and not r.name:
            self.problem(r.row, "name", "队名不能为空", "a team needs a name")
        if r.kind:
            low, high = Entrant.SIZES[Entrant.Kind(r.kind)]
            if not low <= len(r.players) <= high:
                if r.kind == "team":
                    zh = f"每队须有4至6名选手，现有{len(r.players)}名（第二十四条）"
                    en = f"a team needs 4 to 6 players, got {len(r.players)} (article 24)"
                else:
                    zh = f"每对须有2名选手，现有{len(r.players)}名（第二十八条）"
                    en = f"a pair needs exactly 2 players, got {len(r.players)} (article 28)"
                self.problem(r.row, "player1", zh, en)
        if r.kind and r.number is not None:
            if (r.kind, r.number) in self.taken_numbers:
                self.problem(
                    r.row,
                    "number",
                    f"编号{r.number}在本赛事中已被使用",
                    f"number {r.number} is already taken in this event",
                )
            elif (r.kind, r.number) in self.numbers:
                first = self.numbers[(r.kind, r.number)]
                self.problem(
                    r.row,
                    "number",
                    f"编号{r.number}与第{first}行重复",
                    f"number {r.number} repeats row {first}",
                )
            else:
                self.numbers[(r.kind, r.number)] = r.row
        seen: set[tuple[str, str]] = set()
        for name, club, key in r.players:
            if (name, club) in seen:
                self.problem(r.row, key, f"{name}在本行列了两次", f"{name} is listed twice")
                continue
            seen.add((name, club))
            if not r.kind:
                continue
            if (r.kind, name, club) in self.taken_players:
                self.problem(
                    r.row,
                    key,
                    f"{name}已在本赛事另一{'队' if r.kind == 'team' else '对'}中",
                    f"{name} already plays for another {r.kind} of this event",
                )
            elif (r.kind, name, club) in self.players:
                first = self.players[(r.kind, name, club)]
                self.problem(
                    r.row,
                    key,
                    f"{name}也列在第{first}行",
                    f"{name} is also listed in row {first}",
                )
            else:
                self.players[(r.kind, name, club)] = r.row
        if r.captain and r.captain not in {name for name, _club, _key in r.players}:
            self.problem(
                r.row,
                "captain",
                f"队长{r.captain}不在本行选手中",
                f"the captain {r.captain} is not one of the row's players",
            )


def _unreadable(zh: str, en: str) -> PrintingError:
    return PrintingError(zh, en, code="unreadable")


def _refuse_bombs(source: IO[bytes] | str) -> None:
    """An .xlsx is a zip: refuse one larger than ``EXCEL_MAX_BYTES``, or one that would
    unpack to more than twenty times that (a "zip bomb"), before anything is read."""
    limit = settings.EXCEL_MAX_BYTES
    try:
        if isinstance(source, str):
            size = os.path.getsize(source)
        else:
            size = source.seek(0, os.SEEK_END)
            source.seek(0)
        if size > limit:
            raise _unreadable(
                f"文件太大（{size // 1024} KB）：表格文件最大 {limit // 1024} KB",
                f"the file is too large ({size // 1024} KB): at most {limit // 1024} KB",
            )
        with zipfile.ZipFile(source) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (OSError, zipfile.BadZipFile, ValueError):
        return  # not a zip at all: load_workbook says so in its words
    finally:
        if not isinstance(source, str):
            source.seek(0)
    if unpacked > 20 * limit:
        raise _unreadable(
            f"文件解压后太大（{unpacked // 1024 // 1024} MB）：不像是一张成绩或名单表格",
            f"the file unpacks to {unpacked // 1024 // 1024} MB: not a sheet of "
            "results or entrants",
        )


def _open(file: IO[bytes] | bytes | str) -> Any:
    """The workbook of an upload, refused (bilingual, ``unreadable``) when it is not an
    .xlsx or is larger than the caps: bytes, unpacked size, and the rows and columns
    its sheets declare (``EXCEL_MAX_ROWS``, ``EXCEL_MAX_COLUMNS``)."""
    source = io.BytesIO(file) if isinstance(file, bytes) else file
    _refuse_bombs(source)
    try:
        book = load_workbook(source, read_only=True, data_only=True)
    except Exception as error:
        raise _unreadable(
            "无法读取该文件：请使用 .xlsx 格式的表格",
            f"the file cannot be read as an .xlsx workbook ({error.__class__.__name__})",
        ) from error
    rows, columns = settings.EXCEL_MAX_ROWS, settings.EXCEL_MAX_COLUMNS
    for sheet in book.worksheets:
        if (sheet.max_row or 0) > rows or (sheet.max_column or 0) > columns:
            raise _unreadable(
                f"表格“{sheet.title}”太大（{sheet.max_row}行、{sheet.max_column}列）："
                f"最多{rows}行、{columns}列",
                f"the sheet {sheet.title!r} is too large ({sheet.max_row} rows, "
                f"{sheet.max_column} columns): at most {rows} rows and {columns} columns",
            )
    return book


def sheet_rows(sheet: Any) -> Iterator[tuple[Any, ...]]:
    """A sheet's rows as values, at most ``EXCEL_MAX_ROWS`` of them (a sheet that does
    not declare its size is cut off there with a refusal, not read to its end)."""
    limit = settings.EXCEL_MAX_ROWS
    for number, row in enumerate(sheet.iter_rows(values_only=True), start=1):
        if number > limit:
            raise _unreadable(f"表格超过{limit}行", f"the sheet has more than {limit} rows")
        yield row[: settings.EXCEL_MAX_COLUMNS]


def read_header(
    header: Sequence[Any], keys: Mapping[str, str]
) -> tuple[dict[str, int], dict[str, str], list[ImportProblem]]:
    """A sheet's first row: each known column's 1-based index and heading as written, by
    key, and a problem for every heading unknown or repeated (row 1)."""
    columns: dict[str, int] = {}
    headers: dict[str, str] = {}
    problems: list[ImportProblem] = []
    for index, cell in enumerate(header, start=1):
        text = _text(cell)
        if not text:
            continue
        key = keys.get(text.lower())
        if key is None or key in columns:
            problems.append(
                ImportProblem(
                    1,
                    get_column_letter(index),
                    text,
                    f"无法识别的列“{text}”" if key is None else f"列“{text}”重复",
                    f"unknown column {text!r}" if key is None else f"column {text!r} repeats",
                )
            )
            continue
        columns[key] = index
        headers[key] = text
    return columns, headers, problems


def entrants_import(*, event: Event, file: IO[bytes] | bytes | str) -> ImportResult:
    """Import the teams and pairs of the first sheet of ``file`` into ``event``.

    All or nothing: with any problem the result lists them all and nothing is saved.
    """
    book = _open(file)
    sheet = book.worksheets[0]
    rows = sheet_rows(sheet)
    result = ImportResult()
    try:
        header = next(rows)
    except StopIteration:
        result.problems.append(ImportProblem(1, "", "", "表格是空的", "the sheet is empty"))
        return result
    columns, headers, problems = read_header(header, _header_keys())
    checker = _Checker(event, columns, headers)
    checker.problems.extend(problems)
    for needed in ("kind", "name", "player1"):
        if needed not in columns:
            with translation.override("zh-hans"):
                zh = dict(entrant_columns())[needed]
            with translation.override("en"):
                en = dict(entrant_columns())[needed]
            checker.problems.append(
                ImportProblem(1, "", "", f"缺少“{zh}”列", f"the column {en!r} is missing")
            )
    if checker.problems:
        result.problems = checker.problems
        return result
    read: list[_Row] = []
    for number, values in enumerate(rows, start=2):
        cells = {key: values[i - 1] if i - 1 < len(values) else None for key, i in columns.items()}
        if not any(_text(v) for v in cells.values()):
            continue
        parsed = checker.read(number, cells)
        if parsed is not None:
            checker.check(parsed)
            read.append(parsed)
    if not read and not checker.problems:
        checker.problems.append(
            ImportProblem(
                2, "", "", "表格中没有参赛队或参赛对", "the sheet lists no teams or pairs"
            )
        )
    result.problems = checker.problems
    if result.problems:
        return result
    try:
        with transaction.atomic():
            for kind in ("team", "pair"):
                batch = [r for r in read if r.kind == kind]
                if not batch:
                    continue
                result.created += entrants_add(
                    event=event,
                    kind=kind,
                    entries=[
                        {
                            "name": r.name,
                            "number": r.number,
                            "seed": r.seed,
                            "captain": r.captain or None,
                            "players": [{"name": n, "club": c} for n, c, _k in r.players],
                        }
                        for r in batch
                    ],
                )
    except EventError as error:
        # Checked above already; anything the service still refuses is reported whole.
        result.created = []
        result.problems.append(ImportProblem(0, "", "", error.message_zh, error.message_en))
    return result
