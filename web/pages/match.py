"""A team match (or a pairs final's contest) board by board: both rooms' results side by
side and the board points each board earned. A board's results show once players may
see the board (every copy played and confirmed, or released, 第二十八条之6)."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any, TypedDict

from boards.models import Board
from boards.selectors import visible_board_ids
from scoring.models import DECISION_CHOICES
from scoring.rows import MatchLine, MatchSeen
from scoring.selectors import bracket_matches_seen, bracket_rows, match_board_scores, match_lines
from tournament.models import Match, Table

from ..selectors import EntrantView
from ..words import in_language, played
from .shared import number

__all__ = ["BoardRow", "MatchPage", "page", "view"]


class BoardRow(TypedDict):
    """A board of the match (or a run of boards not shown yet: ``number``–``last``)."""

    number: int
    last: int
    board: Board | None
    tiebreak: bool
    state: str
    state_text: str
    shown: bool
    open: dict[str, Any] | None
    closed: dict[str, Any] | None
    home_points: int | Decimal | None
    away_points: int | Decimal | None
    reason: str


class MatchPage(TypedDict):
    match: Match
    home: EntrantView | None
    away: EntrantView | None
    score: MatchLine | None
    decision: str
    home_score: str
    away_score: str
    adjustments: bool
    home_adjustment: str
    away_adjustment: str
    note: str
    lines: list[BoardRow]
    hidden: int
    tables: list[Table]


def page(match: Match, entrants: Mapping[int, EntrantView], *, director: bool = False) -> MatchPage:
    """The match page: its score read for this match only; in a bracket, read with the
    bracket, its teams as the reader sees them (a later match's teams are known to a
    player only once the matches they come from are decided for a player)."""
    stage = match.stage
    if not stage.is_bracket:
        score = match_lines(stage, official=director, match=match).get(match.pk)
        return view(match, entrants, score=score, director=director)
    bracket = bracket_rows(stage, official=director)  # its lines: every match's score
    seen = bracket_matches_seen(bracket)[match.number]
    score = bracket.lines.get(match.number)
    return view(match, entrants, score=score, director=director, seen=seen)


def view(
    match: Match,
    entrants: Mapping[int, EntrantView],
    *,
    score: MatchLine | None,
    director: bool = False,
    seen: MatchSeen | None = None,
) -> MatchPage:
    """The match board by board, with its ``score`` as the page already read it; its
    teams ``seen`` by the reader when they can differ from the stored ones (a bracket)."""
    home_id, away_id = (seen.home_id, seen.away_id) if seen else (match.home_id, match.away_id)
    rows = match_board_scores(match)
    boards = [r.board for r in rows if r.board is not None]
    visible = visible_board_ids(boards)
    lines: list[BoardRow] = []
    for r in rows:
        shown = director or (r.board_id is not None and r.board_id in visible)
        if not shown and lines and not lines[-1]["shown"]:
            lines[-1]["last"] = r.number  # a run of boards not shown yet: one line
            continue
        lines.append(
            BoardRow(
                number=r.number,
                last=r.number,
                board=r.board,
                tiebreak=r.tiebreak,
                state=r.state,
                state_text=r.get_state_display(),
                shown=shown,
                open=played(r.open_result) if shown else None,
                closed=played(r.closed_result) if shown else None,
                home_points=r.home_points if shown else None,
                away_points=r.away_points if shown else None,
                reason=in_language(r.reason_zh, r.reason_en) if shown else "",
            )
        )
    return MatchPage(
        match=match,
        home=entrants.get(home_id) if home_id else None,
        away=entrants.get(away_id) if away_id else None,
        score=score,
        decision=str(dict(DECISION_CHOICES).get(score.decision, "")) if score else "",
        home_score=number(score.home) if score else "",
        away_score=number(score.away) if score else "",
        adjustments=bool(score and (score.home_adjustment or score.away_adjustment)),
        home_adjustment=number(score.home_adjustment) if score else "",
        away_adjustment=number(score.away_adjustment) if score else "",
        note=in_language(score.note_zh, score.note_en) if score else "",
        lines=lines,
        hidden=sum(1 for line in lines if not line["shown"]),
        tables=list(match.tables.order_by("session", "number")),
    )
