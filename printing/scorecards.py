"""Scorecards from a spreadsheet: the columns ``ScorecardsExporter`` writes, read back.

Every row is checked before anything is written: the place (stage, round, session,
table, board) must be a board the table plays; each field must read as a level, a
suit, a seat, a number, a dig, jokers; and each scorecard goes through the engine as
the board services judge it (``boards.services.result_check`` with an ``Entry``),
box card included. Rows of the same board copy must agree on the box card the first
table wrote (第四十三条). A row that repeats a stored result is left alone; a row that
contradicts one is an error (correct it on the site, with a reason).

Problems are listed by row and column in Chinese and English. Nothing is imported
unless every row is valid; then the new scorecards are entered, in playing order and
in one transaction, as the director's entries (``result_enter`` with
``Actor.director``: confirmed at once, each in the audit trail, rescored on commit).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import IO, Any

from django.db import transaction
from django.utils import translation

from boards.errors import BoardError
from boards.models import Board, Result
from boards.records import Entry
from boards.services import Actor, result_check, result_enter
from core.engine import card_name, level_name, parse_card, parse_level
from core.engine.cards import NotationError
from tournament.models import Event, SetPlay, Stage, Table

from .excel import LANGUAGES, ImportProblem, SheetReader, _open, _text, read_header, sheet_rows
from .exports import scorecard_columns
from .labels import DIGS, DIGS_SHORT, SEATS, SEATS_SHORT, SUITS, SUITS_SHORT, label

__all__ = ["ScorecardImport", "scorecards_import"]

REQUIRED = ("stage", "round", "table", "board")
SCORECARD = ("level_ns", "level_ew", "trump", "declarer", "defender_points")
OPTIONAL = ("declared_by", "dig", "xiaosa")

#: Where an engine finding is shown: the column it is about, else the whole row.
FINDING_COLUMNS = {
    "trump_not_declarable": "trump",
    "result_impossible": "defender_points",
    "result_mismatch": "defender_points",
    "box_card_mismatch": "level_ns",
    "unknown_card": "xiaosa",
    "exchange_not_allowed": "xiaosa",
}


@dataclass
class ScorecardImport:
    created: list[Result] = field(default_factory=list)
    unchanged: int = 0
    problems: list[ImportProblem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass
class _Card:
    row: int
    stage: Stage
    table: Table
    board: Board
    entry: Entry
    sort: tuple[int, ...]

    @property
    def copy(self) -> tuple[int, int | None]:
        return (self.board.pk, self.table.match_id)


def _words(*maps: Mapping[str, Any]) -> dict[str, str]:
    """Every spelling in either language of a label map → its code."""
    out: dict[str, str] = {}
    for lang in LANGUAGES:
        with translation.override(lang):
            for mapping in maps:
                for code, text in mapping.items():
                    out[str(text).strip().lower()] = code
    for mapping in maps:
        for code in mapping:
            out[code.lower()] = code
    return out


class _Reader(SheetReader):
    """Reads the cells of one row into values, noting every problem on the way."""

    def __init__(self, columns: Mapping[str, int], headers: Mapping[str, str]) -> None:
        super().__init__(columns, headers)
        self.suits = _words(SUITS, SUITS_SHORT) | {"♥": "H", "♦": "D", "♠": "S", "♣": "C"}
        self.seats = _words(SEATS, SEATS_SHORT)
        self.digs = _words(DIGS, DIGS_SHORT)
        turned: set[str] = set()
        for lang in LANGUAGES:
            with translation.override(lang):
                turned.add(label("turned").strip().lower())
        self.turned = turned

    def whole(self, row: int, key: str, value: object, *, low: int = 1) -> int | None:
        text = _text(value)
        if not text:
            self.problem(row, key, "不能为空", "must not be empty")
            return None
        try:
            number = int(text)
        except ValueError:
            number = None
        if number is None or number < low:
            self.problem(
                row,
                key,
                f"须为不小于{low}的整数，现为“{text}”",
                f"must be a whole number ≥ {low}, got {text!r}",
            )
            return None
        return number

    def level(self, row: int, key: str, value: object) -> str | None:
        text = _text(value)
        try:
            return level_name(parse_level(text))
        except NotationError:
            self.problem(
                row,
                key,
                f"级别须为2至A之一，现为“{text}”",
                f"a level is one of 2 to A, got {text!r}",
            )
            return None

    def suit(self, row: int, key: str, value: object) -> str | None:
        text = _text(value)
        found = self.suits.get(text.lower())
        if found is None:
            self.problem(
                row,
                key,
                f"主牌花色须为红心、方块、黑桃或梅花，现为“{text}”",
                f"the trump is hearts, diamonds, spades or clubs, got {text!r}",
            )
        return found

    def seat(self, row: int, key: str, value: object) -> str | None:
        text = _text(value)
        found = self.seats.get(text.lower())
        if found is None:
            self.problem(
                row,
                key,
                f"座位须为北、东、南或西，现为“{text}”",
                f"a seat is N, E, S or W, got {text!r}",
            )
        return found

    def declared_by(self, row: int, value: object) -> tuple[bool, str | None]:
        text = _text(value)
        if not text or text.lower() in self.turned:
            return True, None  # 翻底定主
        seat = self.seat(row, "declared_by", text)
        return seat is not None, seat

    def dig(self, row: int, value: object) -> tuple[bool, str | None]:
        text = _text(value)
        if not text:
            return True, None
        found = self.digs.get(text.lower())
        if found is None:
            self.problem(
                row,
                "dig",
                f"抠底须为大王、小王、J、Q或K，现为“{text}”",
                f"a dig is BJ, LJ, J, Q or K, got {text!r}",
            )
            return False, None
        return True, found

    def jokers(self, row: int, value: object) -> tuple[bool, list[str] | None]:
        text = _text(value)
        if not text:
            return True, None
        cards = []
        for part in re.split(r"[\s,，、;；]+", text):
            if not part:
                continue
            try:
                cards.append(card_name(parse_card(part)))
            except NotationError:
                self.problem(
                    row,
                    "xiaosa",
                    f"“{part}”不是一张牌（潇洒须写大王、小王）",
                    f"{part!r} is not a card (xiaosa lists jokers: BJ, LJ)",
                )
                return False, None
        return True, cards


def _header_keys() -> dict[str, str]:
    keys: dict[str, str] = {}
    for lang in LANGUAGES:
        with translation.override(lang):
            for key, header in scorecard_columns():
                keys[header.strip().lower()] = key
    return keys


def _column_names(key: str) -> tuple[str, str]:
    names = []
    for lang in ("zh-hans", "en"):
        with translation.override(lang):
            names.append(dict(scorecard_columns())[key])
    return names[0], names[1]


class _Places:
    """The event's tables and the boards each plays, loaded once."""

    def __init__(self, event: Event) -> None:
        self.stages: dict[str, list[Stage]] = {}
        for stage in event.stages.order_by("order", "id"):
            self.stages.setdefault(stage.name.strip(), []).append(stage)
        tables = Table.objects.filter(round__stage__event=event).select_related(
            "round__stage", "match"
        )
        self.tables = {(t.round.stage_id, t.round.number, t.session, t.number): t for t in tables}
        boards = {
            (b.board_set_id, b.number): b
            for b in Board.objects.filter(stage__event=event).select_related(
                "board_set", "stage__event"
            )
        }
        self.plays: dict[int, dict[int, tuple[Board, int]]] = {}
        for play in SetPlay.objects.filter(table__round__stage__event=event).select_related(
            "board_set"
        ):
            for number in play.board_set.board_numbers:
                board = boards.get((play.board_set_id, number))
                if board is not None:
                    self.plays.setdefault(play.table_id, {})[number] = (board, play.order)
        self.results = {
            (r.board_id, r.table_id): r
            for r in Result.objects.filter(table__round__stage__event=event)
        }


def _same(result: Result, entry: Entry) -> bool:
    return (
        result.box_card_values() == entry.box_card_values()
        and result.defender_points == entry.defender_points
        and (result.dig or None) == (entry.dig or None)
        and sorted(result.xiaosa or []) == sorted(entry.xiaosa or [])
    )


def scorecards_import(*, event: Event, file: IO[bytes] | bytes | str, user: Any) -> ScorecardImport:
    """Import the scorecards of the first sheet of ``file`` into ``event`` as ``user``'s
    (a director's) entries. All or nothing: with any problem the result lists them
    all and nothing is saved."""
    book = _open(file)
    rows = sheet_rows(book.worksheets[0])
    out = ScorecardImport()
    actor = Actor.director(user)
    try:
        header = next(rows)
    except StopIteration:
        out.problems.append(ImportProblem(1, "", "", "表格是空的", "the sheet is empty"))
        return out
    columns, headers, problems = read_header(header, _header_keys())
    reader = _Reader(columns, headers)
    reader.problems.extend(problems)
    for needed in (*REQUIRED, *SCORECARD):
        if needed not in columns:
            zh, en = _column_names(needed)
            reader.problems.append(
                ImportProblem(1, "", "", f"缺少“{zh}”列", f"the column {en!r} is missing")
            )
    if reader.problems:
        out.problems = reader.problems
        return out

    places = _Places(event)
    cards: list[_Card] = []
    seen: dict[tuple[int, int], int] = {}
    for number, values in enumerate(rows, start=2):
        cells = {key: values[i - 1] if i - 1 < len(values) else None for key, i in columns.items()}
        if not any(_text(cells.get(k)) for k in (*SCORECARD, *OPTIONAL)):
            continue  # a line of the blank sheet: not played yet
        card = _read_row(reader, places, number, cells, seen)
        if card is not None:
            cards.append(card)
    if not cards and not reader.problems:
        reader.problems.append(
            ImportProblem(2, "", "", "表格中没有计分卡", "the sheet has no scorecards")
        )
    cards.sort(key=lambda c: c.sort)
    new: list[_Card] = []
    first_of_copy: dict[tuple[int, int | None], _Card] = {}
    for card in cards:
        stored = places.results.get((card.board.pk, card.table.pk))
        if stored is not None:
            if _same(stored, card.entry):
                out.unchanged += 1
            else:
                reader.problem(
                    card.row,
                    "",
                    f"{card.table}第{card.board.number}副已有不同的成绩；请在网站上更正并说明原因",
                    f"table {card.table.number} already has a different result for board "
                    f"{card.board.number}; correct it on the site, with the reason",
                )
            continue
        first = first_of_copy.setdefault(card.copy, card)
        if first is not card and first.entry.box_card_values() != card.entry.box_card_values():
            reader.problem(
                card.row,
                "level_ns",
                f"牌盒卡与第{first.row}行（先打这副牌的一桌）不同（第四十三条）",
                f"the box card differs from row {first.row}'s, the table that played the "
                "board first (article 43)",
            )
            continue
        try:
            result_check(board=card.board, table=card.table, entry=card.entry, actor=actor)
        except BoardError as error:
            for finding in error.errors:
                reader.problem(
                    card.row,
                    FINDING_COLUMNS.get(str(finding.get("code")), ""),
                    str(finding.get("message_zh", error.message_zh)),
                    str(finding.get("message_en", error.message_en)),
                )
            continue
        new.append(card)
    out.problems = sorted(reader.problems, key=lambda p: (p.row, p.column))
    if out.problems:
        return out
    current: _Card | None = None
    try:
        with transaction.atomic():
            for current in new:
                out.created.append(
                    result_enter(
                        board=current.board, table=current.table, entry=current.entry, actor=actor
                    )
                )
    except BoardError as error:
        out.created = []
        out.problems.append(
            ImportProblem(
                current.row if current is not None else 0,
                "",
                "",
                error.message_zh,
                error.message_en,
            )
        )
    return out


def _read_row(
    reader: _Reader,
    places: _Places,
    row: int,
    cells: Mapping[str, object],
    seen: dict[tuple[int, int], int],
) -> _Card | None:
    before = len(reader.problems)
    name = _text(cells.get("stage"))
    stages = places.stages.get(name, [])
    stage = stages[0] if len(stages) == 1 else None
    if stage is None:
        if stages:
            reader.problem(
                row, "stage", f"有多个阶段名为“{name}”", f"more than one stage is called {name!r}"
            )
        else:
            reader.problem(
                row, "stage", f"赛事中没有阶段“{name}”", f"the event has no stage {name!r}"
            )
    round_no = reader.whole(row, "round", cells.get("round"))
    session = (
        reader.whole(row, "session", cells.get("session")) if _text(cells.get("session")) else 1
    )
    table_no = reader.whole(row, "table", cells.get("table"))
    board_no = reader.whole(row, "board", cells.get("board"))
    table = board = None
    order = 0
    if None not in (stage, round_no, session, table_no) and stage is not None:
        table = places.tables.get((stage.pk, round_no, session, table_no))
        if table is None:
            reader.problem(
                row,
                "table",
                f"{stage.name}第{round_no}轮第{session}节没有第{table_no}桌",
                f"{stage.name} has no table {table_no} in round {round_no}, session {session}",
            )
    if table is not None and board_no is not None:
        found = places.plays.get(table.pk, {}).get(board_no)
        if found is None:
            reader.problem(
                row,
                "board",
                f"第{table_no}桌本轮不打第{board_no}副",
                f"table {table_no} does not play board {board_no} in this round",
            )
        else:
            board, order = found
            first = seen.setdefault((board.pk, table.pk), row)
            if first != row:
                reader.problem(
                    row,
                    "board",
                    f"与第{first}行是同一桌的同一副牌",
                    f"the same board at the same table as row {first}",
                )
    level_ns = reader.level(row, "level_ns", cells.get("level_ns"))
    level_ew = reader.level(row, "level_ew", cells.get("level_ew"))
    trump = reader.suit(row, "trump", cells.get("trump"))
    declarer = reader.seat(row, "declarer", cells.get("declarer"))
    _ok, declared_by = reader.declared_by(row, cells.get("declared_by"))
    points = reader.whole(row, "defender_points", cells.get("defender_points"), low=0)
    _ok, dig = reader.dig(row, cells.get("dig"))
    _ok, xiaosa = reader.jokers(row, cells.get("xiaosa"))
    if len(reader.problems) > before or table is None or board is None or stage is None:
        return None
    assert level_ns and level_ew and trump and declarer and points is not None
    entry = Entry(
        levels={"NS": level_ns, "EW": level_ew},
        declarer=declarer,
        trump=trump,
        declared_by=declared_by,
        defender_points=points,
        dig=dig,
        xiaosa=xiaosa,
    )
    room = 0 if table.room in ("", Table.Room.OPEN) else 1
    sort = (stage.order, table.round.number, table.session, order, room, table.number, board.number)
    return _Card(row=row, stage=stage, table=table, board=board, entry=entry, sort=sort)
