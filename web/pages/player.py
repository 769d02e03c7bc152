"""A player's own page (a team's or a pair's): where to go now, how they stand, and each
board they played with its score against the field once the board opens.

Reads only. The scores and their visibility come from scoring's read model
(``scoring.selectors``: ``standings_rows``, ``places_by_round``, the entrant's board
lines with whether the reader may see each, 第二十八条之6); this module maps those rows
to what the page shows and computes no score of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q
from django.urls import reverse

from core.numbers import format_number as number
from scoring.rows import StandingLine
from scoring.selectors import (
    RoundPlace,
    entrant_pair_boards,
    entrant_team_boards,
    places_by_round,
    standings_rows,
)
from tournament.models import Entrant, Event, Stage, StageEntry

from ..selectors import EntrantView, current_round, pair_numbers, table_row, tables_where
from ..words import played

__all__ = ["NextSeat", "StageSummary", "board_url", "page", "search"]


def board_url(stage: Stage, board: Any) -> str:
    """A board's page (its hand record and traveller) in ``stage``."""
    code = stage.event.code
    if board.round_id is None:
        return reverse("web:board", args=[code, stage.order, board.number])
    return reverse("web:round_board", args=[code, stage.order, board.round.number, board.number])


@dataclass
class NextSeat:
    """A table the entrant sits at in the next round it plays: where to go now."""

    stage: Stage
    round: int
    table: int
    room: str
    seat: str  # "NS" or "EW"
    opponents: Any  # a PairSeat (pairs) or an EntrantView (teams)
    boards: list[Any]
    started: bool


@dataclass
class StageSummary:
    """The entrant in one stage: its line, the field it is ranked in, its trend, boards."""

    stage: Stage
    line: StandingLine | None
    field_size: int
    score: str  # the ranking score: a percentage (pairs) or 场分 (teams)
    total: str  # matchpoints (pairs) or 得分:失分 (teams)
    trend: list[RoundPlace]
    boards: list[dict[str, Any]]
    current_round: int | None
    is_pairs: bool
    pair_number: int | None = None
    direction: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def place(self) -> str:
        if self.line is None or not self.line.place:
            return ""
        return f"{self.line.place}{'=' if self.line.shared else ''}"


def search(event: Event, query: str, entrants: Mapping[int, EntrantView]) -> list[EntrantView]:
    """The event's teams and pairs whose name, a player's name or number holds ``query``."""
    text = query.strip().casefold()
    if not text:
        return []
    return sorted(
        (
            e
            for e in entrants.values()
            if text in e.name.casefold()
            or any(text in p.casefold() for p in e.players)
            or text == str(e.number)
        ),
        key=lambda e: (e.kind, e.number),
    )


def page(
    event: Event, entrant: Entrant, entrants: Mapping[int, EntrantView], *, director: bool
) -> dict[str, Any]:
    """Everything the entrant's page shows: the next seat first, then each stage it is in
    (the latest first) with its place, score, trend and boards."""
    entries = list(
        StageEntry.objects.filter(entrant=entrant).select_related("stage").order_by("-stage__order")
    )
    stages = [e.stage for e in entries]
    return {
        "entrant": entrants.get(entrant.pk),
        "next": _next_seats(entrant, stages, entrants),
        "summaries": [_summary(e, entrants, director=director) for e in entries],
    }


def _next_seats(
    entrant: Entrant, stages: list[Stage], entrants: Mapping[int, EntrantView]
) -> list[NextSeat]:
    """The tables of the first round not closed where the entrant sits (a team: both
    rooms of its match); empty when it has nothing more to play."""
    own = Q(ns_id=entrant.pk) | Q(ew_id=entrant.pk)
    tables = list(
        tables_where(own & Q(round__stage__in=stages, round__closed_at__isnull=True)).order_by(
            "round__stage__order", "round__number", "session", "number"
        )
    )
    if not tables:
        return []
    first = tables[0]
    now = [t for t in tables if t.round_id == first.round_id and t.session == first.session]
    numbers = pair_numbers(first.round.stage)
    out = []
    for table in now:
        row = table_row(table, entrants, numbers)
        at_ns = table.ns_id == entrant.pk
        opponents = row["ew"] if at_ns else row["ns"]
        if table.round.stage.kind not in Stage.MOVEMENT_KINDS and opponents is not None:
            opponents = opponents.entrant
        out.append(
            NextSeat(
                stage=table.round.stage,
                round=table.round.number,
                table=table.number,
                room=table.get_room_display() if table.room else "",
                seat="NS" if at_ns else "EW",
                opponents=opponents,
                boards=row["boards"],
                started=table.round.started_at is not None,
            )
        )
    return out


def _summary(
    entry: StageEntry, entrants: Mapping[int, EntrantView], *, director: bool
) -> StageSummary:
    stage = entry.stage
    pairs = stage.kind in Stage.MOVEMENT_KINDS
    lines = standings_rows(stage, official=director)
    mine = next((line for line in lines if line.entrant_id == entry.entrant_id), None)
    field_size = (
        sum(
            1
            for line in lines
            if (line.group_label, line.direction) == (mine.group_label, mine.direction)
        )
        if mine is not None
        else 0
    )
    if mine is None or stage.is_bracket or stage.kind == Stage.Kind.PAIRS_FINAL:
        score = total = ""  # a bracket or a final ranks by places alone
    elif pairs:
        score = f"{number(mine.percentage, fixed=True)}%" if mine.percentage is not None else ""
        total = number(mine.total)
    else:
        score = str(mine.match_points)
        total = f"{number(mine.score_for)} : {number(mine.score_against)}"
    boards = (
        _pair_boards(stage, entry.entrant_id, entrants, director=director)
        if pairs
        else _team_boards(stage, entry.entrant_id, entrants, director=director)
    )
    return StageSummary(
        stage=stage,
        line=mine,
        field_size=field_size,
        score=score,
        total=total,
        trend=places_by_round(stage, official=director).get(entry.entrant_id, []),
        boards=boards,
        current_round=current_round(stage),
        is_pairs=pairs,
        pair_number=entry.pair_number,
        direction=entry.direction,
    )


def _pair_boards(
    stage: Stage, entrant_id: int, entrants: Mapping[int, EntrantView], *, director: bool
) -> list[dict[str, Any]]:
    numbers = pair_numbers(stage)
    out = []
    for line, shown in entrant_pair_boards(stage, entrant_id, official=director):
        at_ns = line.ns_id == entrant_id
        other = line.ew_id if at_ns else line.ns_id
        direction, pair_no = numbers.get(other, ("", None))
        words = played(line.result) if shown else None
        out.append(
            {
                "round": line.table.round.number,
                "table": line.table.number,
                "number": line.board.number,
                "board": line.board,
                "seat": "NS" if at_ns else "EW",
                "opponent": entrants.get(other),
                "opponent_no": pair_no,
                "opponent_direction": direction,
                "shown": shown,
                "played": words,
                "kind": line.get_kind_display() if shown and words is None else "",
                "score": number(line.ns_score if at_ns else line.ew_score) if shown else "",
                "top": line.top,
                "url": board_url(stage, line.board),
            }
        )
    return out


def _team_boards(
    stage: Stage, entrant_id: int, entrants: Mapping[int, EntrantView], *, director: bool
) -> list[dict[str, Any]]:
    out = []
    for row, shown in entrant_team_boards(stage, entrant_id, official=director):
        match = row.match
        home = match.home_id == entrant_id
        other = match.away_id if home else match.home_id
        ours, theirs = (
            (row.home_points, row.away_points) if home else (row.away_points, row.home_points)
        )
        scored = shown and row.state == "scored"
        out.append(
            {
                "round": match.round.number,
                "match": match.number,
                "number": row.number,
                "board": row.board,
                "opponent": entrants.get(other) if other else None,
                "shown": shown,
                "open": played(row.open_result) if shown else None,
                "closed": played(row.closed_result) if shown else None,
                "score": f"{ours} : {theirs}" if scored else "",
                "url": board_url(stage, row.board) if row.board is not None else "",
            }
        )
    return out
