"""Spreadsheets of the scores: standings, match results, travellers, and the whole
scorecard set (the sheet ``printing.scorecards.scorecards_import`` reads back).

Each exporter only yields rows from plain data (``printing.data``); the base class
(``printing.excel.Exporter``) writes the workbook in the chosen language. Scores are
written as numbers, so a spreadsheet can sum and sort them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import Any

from django.utils.translation import get_language, pgettext

from scoring.reasons import tie_mark, tie_reason

from .data import (
    EntrantRef,
    PlayedResult,
    PrintedStanding,
    ResultsData,
    ScorecardsData,
    StandingsData,
    TravellersData,
)
from .excel import Exporter, Row
from .labels import (
    MATCH_DECISIONS,
    PAPERS,
    RESULT_STATUSES,
    ROOMS,
    SIDES,
    label,
    played_words,
    source_label,
)

__all__ = [
    "MatchResultsExporter",
    "ScorecardsExporter",
    "StandingsExporter",
    "TravellersExporter",
    "scorecard_columns",
]


def number(text: str) -> Decimal | int | None:
    """A printed score back to a number for the sheet (``""`` → empty)."""
    if text in ("", None):
        return None
    value = Decimal(text)
    return int(value) if value == value.to_integral_value() else value


def _name(ref: EntrantRef | None) -> str | None:
    return ref.label if ref is not None else None


def _played_cells(r: PlayedResult | None) -> list[object]:
    """Levels N–S and E–W, trump, declared by, declarer, defenders' points, dig, 潇洒
    (who put in which joker, its levels), outcome, levels after N–S and E–W, and the
    jump levels N–S and E–W."""
    if r is None or not r.declarer:
        return [None] * 13
    words = played_words(
        r.trump, r.declared_by, r.declarer, r.dig, r.outcome, r.xiaosa, get_language()
    )
    return [
        r.level_ns,
        r.level_ew,
        words["trump"],
        words["declared_by"] or None,
        words["declarer"] or None,
        r.defender_points,
        words["dig"] or None,
        words["xiaosa"] or None,
        words["outcome"],
        r.levels_after_ns,
        r.levels_after_ew,
        r.jump_ns,
        r.jump_ew,
    ]


def _played_headers(prefix: str = "") -> list[str]:
    names = [
        "level_ns",
        "level_ew",
        "trump",
        "declared_by",
        "declarer",
        "defender_points",
        "dig",
        "xiaosa",
        "outcome",
        "levels_after_ns",
        "levels_after_ew",
        "jump_ns",
        "jump_ew",
    ]
    return [prefix + label(n) for n in names]


def _jokers(cards: tuple[str, ...]) -> str | None:
    """潇洒 jokers in words (大王、小王), as the scorecard import reads them back."""
    words = [label("big_joker") if c == "BJ" else label("small_joker") for c in cards]
    return "、".join(words) or None


# --- standings -----------------------------------------------------------------------------


def _tie(line: PrintedStanding) -> str | None:
    """The tie column beside the place (a number): the row's mark (需加赛决定, 尚未相遇…,
    as on the pages, ``scoring.reasons``), or nothing."""
    return tie_mark(line) or None


class StandingsExporter(Exporter):
    """A sheet per stage: the round-robin (or each group's) table, a Mitchell's two
    rankings, the final's places, or a bracket's matches with their scores."""

    kind = "standings"
    data: StandingsData

    def title(self) -> str:
        return str(PAPERS["standings-xlsx"])

    def sheets(self) -> Iterator[tuple[str, Row, Iterable[Row]]]:
        for stage in self.data.stages:
            rows: list[Row] = []
            kinds = {t.kind for t in stage.tables}
            if "teams" in kinds:
                header: Row = [
                    label("group"),
                    label("place"),
                    label("tie"),
                    label("team_no"),
                    label("team"),
                    label("played"),
                    label("won"),
                    label("drawn"),
                    label("lost"),
                    label("match_points"),
                    label("score_for"),
                    label("score_against"),
                    label("note"),
                ]
                for t in stage.tables:
                    for line in t.lines:
                        rows.append(
                            [
                                t.group or None,
                                line.place,
                                _tie(line),
                                line.entrant.number,
                                line.entrant.label,
                                line.played,
                                line.won,
                                line.drawn,
                                line.lost,
                                line.match_points,
                                number(line.score_for),
                                number(line.score_against),
                                tie_reason(line) or None,
                            ]
                        )
            elif "pairs" in kinds:
                header = [
                    label("direction"),
                    label("place"),
                    label("tie"),
                    label("pair_no"),
                    label("players"),
                    label("boards_scored"),
                    label("matchpoints"),
                    label("adjustment"),
                    label("total_matchpoints"),
                    label("top"),
                    label("percentage"),
                ]
                for t in stage.tables:
                    for line in t.lines:
                        rows.append(
                            [
                                {"NS": label("ns"), "EW": label("ew")}.get(
                                    t.direction, label("field")
                                ),
                                line.place,
                                _tie(line),
                                line.entrant.number,
                                line.entrant.label,
                                line.boards,
                                number(line.matchpoints),
                                number(line.adjustment),
                                number(line.total),
                                number(line.top),
                                number(line.percentage),
                            ]
                        )
            elif "places" in kinds:
                header = [label("place"), label("tie"), label("pair_no"), label("players")]
                for t in stage.tables:
                    for line in t.lines:
                        rows.append(
                            [line.place, _tie(line), line.entrant.number, line.entrant.label]
                        )
            else:
                header = [
                    label("match"),
                    label("group"),
                    label("home"),
                    label("score"),
                    label("away"),
                    label("score"),
                    label("winner"),
                ]
                bracket = stage.bracket
                for m in bracket.matches if bracket is not None else ():
                    a = m.a.entrant.label if m.a.entrant else source_label(m.a.source)
                    b = m.b.entrant.label if m.b.entrant else source_label(m.b.source)
                    won = a if m.a.won else b if m.b.won else None
                    rows.append(
                        [
                            f"M{m.number}",
                            str(SIDES.get(m.side, m.side)),
                            a,
                            number(m.a.score),
                            b,
                            number(m.b.score),
                            won,
                        ]
                    )
            yield stage.name, header, rows


# --- match results ---------------------------------------------------------------------------


class MatchResultsExporter(Exporter):
    """Two sheets: every scored match with its totals, and every board of every match
    with both rooms' results side by side and the board points."""

    kind = "results"
    data: ResultsData

    def title(self) -> str:
        return str(PAPERS["results-xlsx"])

    def sheets(self) -> Iterator[tuple[str, Row, Iterable[Row]]]:
        header: Row = [
            label("stage"),
            label("round"),
            label("match"),
            label("group"),
            label("home"),
            label("away"),
            pgettext("print", "主队单副得分合计"),
            pgettext("print", "客队单副得分合计"),
            pgettext("print", "主队罚分"),
            pgettext("print", "客队罚分"),
            pgettext("print", "主队比赛得分"),
            pgettext("print", "客队比赛得分"),
            pgettext("print", "主队场分"),
            pgettext("print", "客队场分"),
            label("decision"),
            label("winner"),
        ]
        yield (
            label("match"),
            header,
            (
                [
                    m.stage,
                    m.round,
                    m.match,
                    m.group or None,
                    _name(m.home),
                    _name(m.away),
                    m.home_board_points,
                    m.away_board_points,
                    number(m.home_adjustment),
                    number(m.away_adjustment),
                    number(m.home_score),
                    number(m.away_score),
                    m.home_match_points,
                    m.away_match_points,
                    str(MATCH_DECISIONS.get(m.decision, m.decision)),
                    _name(m.winner),
                ]
                for m in self.data.matches
            ),
        )
        open_room, closed_room = str(ROOMS["open"]), str(ROOMS["closed"])
        boards_header: Row = [
            label("stage"),
            label("match"),
            label("board"),
            label("tiebreak"),
            *_played_headers(open_room + " "),
            *_played_headers(closed_room + " "),
            label("home_points"),
            label("away_points"),
            label("note"),
        ]
        yield (
            label("boards"),
            boards_header,
            (
                [
                    m.stage,
                    m.match,
                    b.board,
                    label("tiebreak") if b.tiebreak else None,
                    *_played_cells(b.open),
                    *_played_cells(b.closed),
                    number(b.home_points),
                    number(b.away_points),
                    label(b.state)
                    if b.state in ("not_scored", "hidden")
                    else (b.reason_en if self.lang == "en" else b.reason_zh) or None,
                ]
                for m in self.data.matches
                for b in m.boards
            ),
        )


# --- travellers -------------------------------------------------------------------------------


class TravellersExporter(Exporter):
    """Every line of every Mitchell traveller, with its matchpoints."""

    kind = "travellers"
    data: TravellersData

    def title(self) -> str:
        return str(PAPERS["travellers-xlsx"])

    def header(self) -> Row:
        return [
            label("stage"),
            label("board"),
            label("board_set"),
            label("round"),
            label("table"),
            label("ns"),
            label("ew"),
            *_played_headers(),
            label("matchpoints_ns"),
            label("matchpoints_ew"),
        ]

    def rows(self) -> Iterator[Row]:
        for t in self.data.travellers:
            for row in t.rows:
                r = row.result
                yield [
                    t.stage,
                    t.board,
                    t.board_set,
                    row.round,
                    row.table,
                    row.ns.number if row.ns else None,
                    row.ew.number if row.ew else None,
                    *_played_cells(r),
                    number(r.score_ns) if r else None,
                    number(r.score_ew) if r else None,
                ]


# --- the scorecard set -----------------------------------------------------------------------


def scorecard_columns() -> list[tuple[str, str]]:
    """(key, header) of every column of the scorecard sheet, in the language in force.
    The import reads the place (stage, round, session, table, board) and the
    scorecard (levels to dig and 潇洒); the other columns are for reading."""
    return [
        ("stage", label("stage")),
        ("round", label("round")),
        ("session", label("session")),
        ("table", label("table")),
        ("room", label("room")),
        ("match", label("match")),
        ("code", label("code")),
        ("board", label("board")),
        ("ns", label("ns")),
        ("ew", label("ew")),
        ("level_ns", label("level_ns")),
        ("level_ew", label("level_ew")),
        ("trump", label("trump")),
        ("declared_by", label("declared_by")),
        ("declarer", label("declarer")),
        ("defender_points", label("defender_points")),
        ("dig", label("dig")),
        ("xiaosa", label("xiaosa")),
        ("outcome", label("outcome")),
        ("levels_after_ns", label("levels_after_ns")),
        ("levels_after_ew", label("levels_after_ew")),
        ("score_ns", label("score_ns")),
        ("score_ew", label("score_ew")),
        ("status", label("status")),
    ]


def _pair_or_team(ref: EntrantRef | None) -> Any:
    if ref is None:
        return None
    return ref.numbered


class ScorecardsExporter(Exporter):
    """The whole scorecard set, a row for every board every table plays: filled in
    where a result is entered, blank where not — the sheet to type scorecards into."""

    kind = "scorecards"
    data: ScorecardsData

    def title(self) -> str:
        return str(PAPERS["scorecards-xlsx"])

    def header(self) -> Row:
        return [h for _key, h in scorecard_columns()]

    def rows(self) -> Iterator[Row]:
        # Translated once, not a row at a time (14,000 rows at 60 tables).
        rooms = {room: str(name) for room, name in ROOMS.items()}
        statuses = {status: str(name) for status, name in RESULT_STATUSES.items()}
        for line in self.data.lines:
            r = line.result
            played = _played_cells(r)
            yield [
                line.stage,
                line.round,
                line.session,
                line.table,
                rooms.get(line.room),
                line.match or None,
                line.code,
                line.board,
                _pair_or_team(line.ns),
                _pair_or_team(line.ew),
                *played[:7],
                _jokers(line.xiaosa),
                *played[8:11],
                number(r.score_ns) if r else None,
                number(r.score_ew) if r else None,
                statuses.get(line.status),
            ]
