"""What the public pages show of the scores beside the format pages (``web.pages``): a
stage page's version (its ETag), a board's hand record and traveller, and a Mitchell
pair's own scorecard.

Scores are read from the rows scoring keeps (``scoring.selectors``); nothing is computed
here. A board's results, hand record and traveller are shown to players only once
``boards.selectors`` says so (every table scheduled to play the deal has confirmed, or
the director released it, 第二十八条之6); directors see everything.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from django.db.models import Count, Max
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from boards.models import Board, Result
from boards.selectors import board_hand_record, board_visible_to
from core.numbers import format_number as number
from scoring.cache import standings_version
from scoring.models import BoardScore
from scoring.selectors import board_traveller, entrant_pair_boards
from tournament.models import Event, Round, Stage

from .selectors import EntrantView
from .words import SUITS, in_language
from .words import played as _played

__all__ = [
    "board_get",
    "board_page",
    "board_url_args",
    "event_etag",
    "number",
    "pair_boards",
    "stage_etag",
]


def stage_etag(stage: Stage, *, director: bool) -> str:
    """The version of what a stage page shows: a new one whenever one of its results is
    confirmed or corrected, rescored, or a board released (``scoring.cache``)."""
    return f'W/"{stage.pk}-{standings_version(stage.pk)}-{get_language()}-{int(director)}"'


def event_etag(event: Event, *, director: bool, extra: str = "") -> str:
    """The version of what an event-wide page shows (a player's page, the venue
    screen): each stage's standings version (a result, a rescore, a release:
    ``scoring.cache``) and the rounds' state — one started or closed, tables added (a
    Swiss round) — in one query each."""
    versions = "-".join(
        str(standings_version(pk))
        for pk in event.stages.order_by("order").values_list("pk", flat=True)
    )
    rounds = Round.objects.filter(stage__event=event).aggregate(
        started=Count("started_at"),
        closed=Count("closed_at"),
        last_start=Max("started_at"),
        last_close=Max("closed_at"),
        tables=Max("tables__id"),
    )
    stamp = "-".join(str(v.timestamp() if hasattr(v, "timestamp") else v) for v in rounds.values())
    digest = hashlib.sha256(f"{versions}|{stamp}|{extra}".encode()).hexdigest()[:20]
    return f'W/"e{event.pk}-{digest}-{get_language()}-{int(director)}"'


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
    shown (they tell what other tables did; ``scoring.selectors.entrant_pair_boards``
    says which the reader may see)."""
    out = []
    for line, shown in entrant_pair_boards(stage, entrant_id, official=director):
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
