"""What the public pages show of the scores: standings of every format, the round-robin
cross-table, match scores, a team match board by board, Mitchell rankings, and a board's
hand record and traveller.

Scores are read from the rows scoring keeps (``scoring.selectors``); nothing is computed
here. A board's results, hand record and traveller are shown to players only once
``boards.selectors`` says so (every table scheduled to play the deal has confirmed, or
the director released it, 第二十八条之6); directors see everything.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db.models import Q
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from boards.models import Board, Result
from boards.selectors import board_hand_record, board_visible_to, visible_board_ids
from core.numbers import format_number as number
from scoring.cache import standings_version
from scoring.models import DECISION_CHOICES, BoardScore, TravellerScore
from scoring.reasons import tie_mark, tie_reason
from scoring.rows import MatchLine, StandingLine
from scoring.selectors import (
    board_traveller,
    bracket_rows,
    cross_table_rows,
    match_board_scores,
    match_lines,
    standings_rows,
)
from scoring.sessions import RankedPair, cumulative_ranking, movement_stages, overall_ranking
from tournament.models import Event, Match, Stage

from . import selectors
from .selectors import EntrantView
from .words import SUITS, in_language
from .words import played as _played

__all__ = [
    "board_page",
    "bracket_page",
    "groups_page",
    "match_page",
    "mitchell_page",
    "number",
    "pairs_final_page",
    "round_robin_page",
    "stage_etag",
    "team_match_page",
]


def stage_etag(stage: Stage, *, director: bool) -> str:
    """The version of what a stage page shows: a new one whenever one of its results is
    confirmed or corrected, rescored, or a board released (``scoring.cache``)."""
    return f'W/"{stage.pk}-{standings_version(stage.pk)}-{get_language()}-{int(director)}"'


# --- standings --------------------------------------------------------------------------------


def _standing(row: StandingLine, entrants: Mapping[int, EntrantView]) -> dict[str, Any]:
    return {
        "row": row,
        "place": f"{row.place}{'=' if row.shared else ''}",
        "entrant": entrants.get(row.entrant_id),
        "score_for": number(row.score_for),
        "score_against": number(row.score_against),
        "total": number(row.total),
        "adjustment": number(row.adjustment) if row.adjustment else "",
        "percentage": number(row.percentage) if row.percentage is not None else "",
        # How a level was settled or why it is not yet (第二十五条之4), and the
        # director's recorded reason when the director ordered it: rendered from the
        # row's codes the one way every face renders them (``scoring.reasons``).
        "tie": tie_mark(row),
        "why": tie_reason(row),
    }


def standings_view(
    stage: Stage,
    entrants: Mapping[int, EntrantView],
    *,
    group: str | None = None,
    director: bool = False,
) -> list[dict[str, Any]]:
    """Standings rows as the reader may see them (``scoring.selectors.standings_rows``)."""
    return [
        _standing(row, entrants)
        for row in standings_rows(stage, official=director, group_label=group)
    ]


def _cross(
    stage: Stage, group: str, entrants: Mapping[int, EntrantView], *, director: bool
) -> tuple[dict[tuple[int, int], str], dict[int, Any], list[dict[str, Any]]]:
    """The cross-table's cells (row, column) → ``18:12``, each team's total and place,
    and the group's standings rows: the one read of the group (``cross_table_rows``)
    serves both the cross-table and the table beside it."""
    cross = cross_table_rows(stage, official=director, group_label=group)
    results = {
        key: " / ".join(f"{number(c.score_for)}:{number(c.score_against)}" for c in cells)
        for key, cells in cross.table.cells.items()
    }
    standings = {
        row.entrant_id: {
            "total": row.match_points,
            "rank": f"{row.place}{'=' if row.shared else ''}",
        }
        for row in cross.lines
    }
    return results, standings, [_standing(row, entrants) for row in cross.lines]


def _score(line: MatchLine) -> dict[str, Any]:
    return {
        "home": number(line.home),
        "away": number(line.away),
        "decided": line.decision not in ("waiting", ""),
        "hidden": line.hidden > 0,  # a board of it the reader may not see yet
        "boards": f"{line.boards_scored}/{line.boards_expected}",
        "needs_review": line.needs_review,
    }


def match_scores(stage: Stage, *, director: bool = False) -> dict[int, dict[str, Any]]:
    """Match number → its score as a schedule shows it: for a player, the boards shown
    only (a match with a hidden board is not decided yet for them)."""
    return {line.number: _score(line) for line in match_lines(stage, official=director).values()}


# --- the formats ------------------------------------------------------------------------------


def round_robin_page(
    stage: Stage, entrants: Mapping[int, EntrantView], *, director: bool = False
) -> dict[str, Any]:
    results, standings, rows = _cross(stage, "", entrants, director=director)
    page = selectors.round_robin_page(stage, entrants, results=results, standings=standings)
    return page | {"standings": rows, "scores": match_scores(stage, director=director)}


def swiss_page(
    stage: Stage, entrants: Mapping[int, EntrantView], *, director: bool = False
) -> dict[str, Any]:
    """Swiss teams (瑞士移位): the ranking with its tie-breaks and each round's
    pairings as published."""
    page = selectors.team_match_page(stage, entrants)
    last = stage.rounds.order_by("-number").first()
    return page | {
        "standings": standings_view(stage, entrants, director=director),
        "scores": match_scores(stage, director=director),
        "rounds_paired": last.number if last else 0,
        "rounds_total": stage.options.rounds,
    }


def groups_page(
    stage: Stage, entrants: Mapping[int, EntrantView], *, director: bool = False
) -> dict[str, Any]:
    page = selectors.groups_page(stage, entrants)
    for group in page["groups"]:
        results, standings, rows = _cross(stage, group["label"], entrants, director=director)
        group["cross_table"] = selectors.cross_table(
            stage, entrants, group=group["label"], results=results, standings=standings
        )
        group["standings"] = rows
    return page | {"scores": match_scores(stage, director=director)}


def team_match_page(
    stage: Stage, entrants: Mapping[int, EntrantView], *, director: bool = False
) -> dict[str, Any]:
    page = selectors.team_match_page(stage, entrants)
    matches = [
        match_page(m, entrants, director=director)
        for m in stage.matches.select_related("round").order_by("number")
    ]
    return page | {"scores": match_scores(stage, director=director), "matches": matches}


def bracket_page(
    stage: Stage, entrants: Mapping[int, EntrantView], *, director: bool = False
) -> dict[str, Any]:
    seen = bracket_rows(stage, official=director)
    shown = {line.number: _score(line) for line in seen.lines.values()}
    scores = {n: (s["home"], s["away"]) for n, s in shown.items() if s["boards"] != "0/0"}
    return selectors.bracket_page(stage, entrants, scores=scores, state=seen.state) | {
        "scores": shown,
        # 冠军, 亚军, placing matches, shared places — once the title is decided
        "places": standings_view(stage, entrants, director=director),
    }


def _board_links(stage: Stage, *, director: bool) -> list[dict[str, Any]]:
    boards = list(  # the deals are not decoded: the links show none
        Board.objects.filter(stage=stage)
        .defer("hands", "bottom")
        .select_related("round")
        .order_by("number")
    )
    visible = visible_board_ids(boards)
    return [
        {"board": b, "visible": director or b.pk in visible, "released": b.released_at is not None}
        for b in boards
    ]


def mitchell_page(
    stage: Stage,
    entrants: Mapping[int, EntrantView],
    *,
    director: bool = False,
    shown_round: int | None = None,
) -> dict[str, Any]:
    """A Mitchell's or a Howell's page: the rankings (per section when split; a
    Howell's one), the boards, and the movement one round at a time."""
    rows = standings_view(stage, entrants, director=director)
    numbers = {e.entrant_id: e.pair_number for e in stage.entries.all()}
    for row in rows:
        row["pair_number"] = numbers.get(row["row"].entrant_id)
    labels = sorted({r["row"].group_label for r in rows} - {""})
    sections = [
        {
            "label": label,
            "ns": [r for r in rows if r["row"].group_label == label and r["row"].direction == "NS"],
            "ew": [r for r in rows if r["row"].group_label == label and r["row"].direction == "EW"],
        }
        for label in labels
    ]
    ranked = overall_ranking(stage, official=director) if labels else []
    overall = ranked_view(ranked, entrants, numbers)
    return selectors.mitchell_page(stage, entrants, shown_round) | {
        "ns_standings": [r for r in rows if r["row"].direction == "NS"],
        "ew_standings": [r for r in rows if r["row"].direction == "EW"],
        "field_standings": [r for r in rows if r["row"].direction == ""],
        "sections": sections,
        "overall_ns": [r for r in overall if r["row"]["direction"] == "NS"],
        "overall_ew": [r for r in overall if r["row"]["direction"] == "EW"],
        "boards": _board_links(stage, director=director),
    }


def ranked_view(
    ranked: list[RankedPair],
    entrants: Mapping[int, EntrantView],
    numbers: Mapping[int, int | None] | None = None,
) -> list[dict[str, Any]]:
    """Rankings over several fields (a split Mitchell's overall, an event's sessions) in
    the shape of ``_pair_standings.html``'s rows."""
    return [
        {
            "row": {
                "entrant_id": r.entrant_id,
                "boards": r.boards,
                "direction": r.direction,
                "sessions": r.sessions,
                "flagged": False,
            },
            "place": f"{r.place}{'=' if r.shared else ''}",
            "pair_number": (numbers or {}).get(r.entrant_id)
            or getattr(entrants.get(r.entrant_id), "number", ""),
            "entrant": entrants.get(r.entrant_id),
            "total": number(r.total),
            "adjustment": "",
            "percentage": number(r.percentage) if r.percentage is not None else "",
        }
        for r in ranked
    ]


def pairs_ranking_page(event: Event, *, director: bool) -> dict[str, Any]:
    """The event's cumulative pairs ranking over its sessions (多节累计); a player's
    counts only the boards players may see (第二十八条之6)."""
    entrants = selectors.entrant_views(event)
    return {
        "sessions": movement_stages(event),
        "rows": ranked_view(cumulative_ranking(event, official=director), entrants),
    }


def pairs_final_page(
    stage: Stage, entrants: Mapping[int, EntrantView], *, director: bool = False
) -> dict[str, Any]:
    page = selectors.pairs_final_page(stage, entrants)
    scores = match_scores(stage, director=director)
    for contest in page["contests"]:
        contest["score"] = scores.get(contest["match"].number)
    return page | {
        "standings": standings_view(stage, entrants, director=director),
        "matches": [
            match_page(m, entrants, director=director) for m in stage.matches.order_by("number")
        ],
    }


# --- a match board by board -------------------------------------------------------------------


def match_page(
    match: Match, entrants: Mapping[int, EntrantView], *, director: bool = False
) -> dict[str, Any]:
    """A team match (or a final's contest) board by board: both rooms' results side by side
    and the board points each board earned. A board's results show once players may see
    the board (every copy played and confirmed, or released)."""
    score = match_lines(match.stage, official=director, match=match).get(match.pk)
    rows = match_board_scores(match)
    boards = [r.board for r in rows if r.board is not None]
    visible = visible_board_ids(boards)
    lines: list[dict[str, Any]] = []
    for r in rows:
        shown = director or (r.board_id is not None and r.board_id in visible)
        if not shown and lines and not lines[-1]["shown"]:
            lines[-1]["last"] = r.number  # a run of boards not shown yet: one line
            continue
        lines.append(
            {
                "number": r.number,
                "last": r.number,
                "board": r.board,
                "tiebreak": r.tiebreak,
                "state": r.state,
                "state_text": r.get_state_display(),
                "shown": shown,
                "open": _played(r.open_result) if shown else None,
                "closed": _played(r.closed_result) if shown else None,
                "home_points": r.home_points if shown else None,
                "away_points": r.away_points if shown else None,
                "reason": in_language(r.reason_zh, r.reason_en) if shown else "",
            }
        )
    return {
        "match": match,
        "home": entrants.get(match.home_id) if match.home_id else None,
        "away": entrants.get(match.away_id) if match.away_id else None,
        "score": score,
        "decision": str(dict(DECISION_CHOICES).get(score.decision, "")) if score else "",
        "home_score": number(score.home) if score else "",
        "away_score": number(score.away) if score else "",
        "adjustments": bool(score and (score.home_adjustment or score.away_adjustment)),
        "home_adjustment": number(score.home_adjustment) if score else "",
        "away_adjustment": number(score.away_adjustment) if score else "",
        "note": in_language(score.note_zh, score.note_en) if score else "",
        "lines": lines,
        "hidden": sum(1 for line in lines if not line["shown"]),
        "tables": list(match.tables.order_by("session", "number")),
    }


# --- a board: its hand record and its traveller -----------------------------------------------


def board_get(stage: Stage, number: int, round_number: int | None) -> Board:
    """``Board.DoesNotExist`` when the stage has no such board."""
    boards = Board.objects.select_related("stage__event", "board_set", "round")
    if round_number is None:
        return boards.get(stage=stage, number=number, round__isnull=True)
    return boards.get(stage=stage, number=number, round__number=round_number)


def board_page(
    board: Board, entrants: Mapping[int, EntrantView], *, director: bool = False
) -> dict[str, Any] | None:
    """The hand record and the traveller of ``board``; None while players may not see it."""
    if not board_visible_to(board, is_director=director):
        return None
    record = board_hand_record(board)
    seats = {"N": _("北"), "E": _("东"), "S": _("南"), "W": _("西")}
    hands = [
        {
            "seat": seat,
            "label": label,
            "cards": [_card(c) for c in record["hands"].get(seat, [])],
            "stats": record["statistics"].get(seat, {}),
        }
        for seat, label in seats.items()
    ]
    stage = board.stage
    data: dict[str, Any] = {
        "board": board,
        "record": record,
        "hands": hands,
        "bottom": [_card(c) for c in record["bottom"]],
        "trump_symbol": SUITS.get(record["trump"] or "", ""),
        "is_mitchell": stage.kind in Stage.MOVEMENT_KINDS,
    }
    if stage.kind in Stage.MOVEMENT_KINDS:
        numbers = {e.entrant_id: e.pair_number for e in stage.entries.all()}
        data["traveller"] = [
            {
                "line": line,
                "ns": entrants.get(line.ns_id),
                "ew": entrants.get(line.ew_id),
                "ns_number": numbers.get(line.ns_id),
                "ew_number": numbers.get(line.ew_id),
                "played": _played(line.result),
                "ns_score": number(line.ns_score),
                "ew_score": number(line.ew_score),
            }
            for line in board_traveller(board)
        ]
        data["unscored"] = _unscored(board, {line.table_id for line in board_traveller(board)})
    else:
        data["match_lines"] = [
            {
                "score": s,
                "match": s.match,
                "home": entrants.get(s.match.home_id) if s.match.home_id else None,
                "away": entrants.get(s.match.away_id) if s.match.away_id else None,
                "open": _played(s.open_result),
                "closed": _played(s.closed_result),
                "reason": in_language(s.reason_zh, s.reason_en),
            }
            for s in BoardScore.objects.filter(board=board)
            .select_related("match", "open_result", "closed_result")
            .order_by("match__number")
        ]
    return data


def _unscored(board: Board, scored_tables: set[int]) -> list[dict[str, Any]]:
    """Confirmed results not on the traveller yet (rescoring is on its way)."""
    return [
        {"table": r.table, "played": _played(r)}
        for r in Result.objects.filter(board=board, status=Result.Status.CONFIRMED)
        .exclude(table_id__in=scored_tables)
        .select_related("table")
    ]


def _card(name: str) -> dict[str, str]:
    """``H10`` → ``♥10`` (red), ``BJ`` → 大王."""
    if name == "BJ":
        return {"text": _("大王"), "suit": "joker red"}
    if name == "LJ":
        return {"text": _("小王"), "suit": "joker"}
    suit, rank = name[0], name[1:]
    return {"text": f"{SUITS.get(suit, suit)}{rank}", "suit": suit}


def board_url_args(board: Board) -> list[Any]:
    stage = board.stage
    if board.round_id is None:
        return [stage.event.code, stage.order, board.number]
    return [stage.event.code, stage.order, board.round.number, board.number]


def pair_boards(stage: Stage, entrant_id: int, *, director: bool) -> list[dict[str, Any]]:
    """A Mitchell pair's own scorecard: its boards, and the matchpoints once the board is
    shown (they tell what other tables did)."""
    lines = list(
        TravellerScore.objects.filter(Q(ns_id=entrant_id) | Q(ew_id=entrant_id), stage=stage)
        .select_related("board", "table__round", "result")
        .order_by("table__round__number", "board__number")
    )
    visible = visible_board_ids([line.board for line in lines])
    out = []
    for line in lines:
        shown = director or line.board_id in visible
        ns = line.ns_id == entrant_id
        out.append(
            {
                "line": line,
                "round": line.table.round.number,
                "table": line.table.number,
                "shown": shown,
                "played": _played(line.result) if shown else None,
                "score": number(line.ns_score if ns else line.ew_score) if shown else "",
                "top": line.top,
            }
        )
    return out
