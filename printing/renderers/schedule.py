"""Round-robin schedules (循环赛轮次表): each stage's teams by Berger number, then each
round's matches with their tables and boards, a round never split over two pages."""

from __future__ import annotations

from django.utils.translation import pgettext

from ..data import EntrantRef, ScheduleData
from ..fonts import FontChoice
from ..labels import PAPERS, ROOMS, label, numbered, source_label
from ..layout import Cell, Column, Sheet
from ._base import Ticker, renderer

__all__ = ["render_schedule"]

ROW = 7.5


def _team(ref: EntrantRef | None, source: str) -> str:
    if ref is not None:
        return ref.label
    return source_label(source) if source else "—"


def _rounds(data: ScheduleData) -> int:
    return sum(len(s.rounds) for s in data.stages)


@renderer("schedule", _rounds)
def render_schedule(data: ScheduleData, *, font: FontChoice | None, ticker: Ticker) -> Sheet:
    sheet = Sheet(title=str(PAPERS["schedule"]), subtitle=data.event.line, font=font)
    for stage in data.stages:
        sheet.start_page()
        sheet.heading(stage.name, size=15, gap=4)
        grouped = any(m.group for r in stage.rounds for m in r.matches)
        if stage.teams:
            sheet.table(
                [
                    Column(label("team_no"), 16),
                    Column(label("team"), 50, "left"),
                    Column(label("players"), 120, "left"),
                ],
                [
                    [str(i), t.name or t.label, "、".join(t.players)]
                    for i, t in enumerate(stage.teams, start=1)
                ],
                row_height=ROW,
                size=10,
            )
            sheet.cursor += 5
        columns = [Column(label("match"), 16)]
        if grouped:
            columns.append(Column(label("group"), 14))
        columns += [
            Column(str(ROOMS["open"]), 18),
            Column(str(ROOMS["closed"]), 18),
            Column(label("home"), 0, "left"),
            Column(label("away"), 0, "left"),
            Column(label("boards"), 24),
        ]
        free = sheet.inner_width - sum(c.width for c in columns)
        columns = [Column(c.label, c.width or free / 2, c.align) for c in columns]
        for r in stage.rounds:
            rows: list[list[object]] = []
            for m in r.matches:
                row: list[object] = [f"M{m.number}"]
                if grouped:
                    row.append(m.group)
                tables = list(m.tables) + [None, None]
                row += [
                    Cell(pgettext("print", "%(n)s号桌") % {"n": tables[0]} if tables[0] else ""),
                    Cell(pgettext("print", "%(n)s号桌") % {"n": tables[1]} if tables[1] else ""),
                    Cell(_team(m.home, m.home_source), bold=True),
                    _team(m.away, m.away_source),
                    m.boards,
                ]
                rows.append(row)
            byes = len(r.byes) > 0
            block = 7 + ROW * (len(rows) + 1) + (6 if byes else 0) + 4
            sheet.heading(numbered("round", r.number), size=12, keep=block - 7)
            sheet.table(columns, rows, row_height=ROW, size=10, keep_rows=len(rows))
            if byes:
                names = "、".join(b.label for b in r.byes)
                sheet.text(sheet.left + 1, sheet.cursor + 4.5, f"{label('bye')}：{names}", size=9.5)
                sheet.cursor += 6
            sheet.cursor += 4
            ticker.tick()
    return sheet
