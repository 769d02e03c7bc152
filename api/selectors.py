"""Reads for the API, always through an event: every query below starts from the
event in the URL, so an id from another event finds nothing (404), whoever asks.

Which events anyone may read is the pages' rule (``tournament.selectors.events_visible``):
every event but drafts, and the drafts a login holds a role in.
"""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from boards.models import Board, Result, ResultChange
from boards.selectors import visible_board_ids
from tournament.models import (
    Entrant,
    Event,
    Match,
    Membership,
    Round,
    SetPlay,
    Stage,
    StageEntry,
    Table,
)

__all__ = [
    "event_boards",
    "event_entrants",
    "event_results",
    "result_changes",
    "result_rows",
    "stage_entries",
    "stage_find",
    "stage_get",
    "stage_rounds",
]


def event_entrants(event: Event) -> QuerySet[Entrant]:
    return (
        Entrant.objects.filter(event=event)
        .prefetch_related(
            Prefetch(
                "memberships",
                queryset=Membership.objects.select_related("player").order_by("order", "id"),
            )
        )
        .order_by("kind", "number")
    )


def stage_get(event: Event, order: int) -> Stage:
    return Stage.objects.select_related("source").get(event=event, order=order)


def stage_find(event: Event, order: int) -> Stage | None:
    return Stage.objects.select_related("source").filter(event=event, order=order).first()


def stage_entries(stage: Stage) -> QuerySet[StageEntry]:
    return stage.entries.select_related("entrant").order_by(
        "group_label", "direction", "position", "pair_number", "seed", "id"
    )


def stage_rounds(stage: Stage, *, number: int | None = None) -> QuerySet[Round]:
    """Rounds with their matches (scores beside) and tables (boards they play)."""
    rounds = stage.rounds.order_by("number").prefetch_related(
        Prefetch(
            "matches",
            queryset=Match.objects.select_related("home", "away", "winner").order_by("number"),
        ),
        Prefetch(
            "tables",
            queryset=Table.objects.select_related("match", "ns", "ew")
            .prefetch_related(
                Prefetch(
                    "set_plays",
                    queryset=SetPlay.objects.select_related("board_set").order_by("order"),
                )
            )
            .order_by("session", "number"),
        ),
    )
    if number is not None:
        rounds = rounds.filter(number=number)
    return rounds


def event_boards(
    event: Event, *, stage: int | None = None, round: int | None = None
) -> QuerySet[Board]:
    boards = Board.objects.filter(stage__event=event).select_related("stage", "round", "board_set")
    if stage is not None:
        boards = boards.filter(stage__order=stage)
    if round is not None:
        boards = boards.filter(round__number=round)
    return boards.order_by("stage__order", "round__number", "number")


def result_rows() -> QuerySet[Result]:
    """Results with what their JSON shows (board, round, match, the four players) read
    in the same query: the list and a single result after a write render alike."""
    return Result.objects.select_related(
        "board__stage",
        "table__round",
        "table__match",
        "player_n",
        "player_e",
        "player_s",
        "player_w",
    )


def event_results(
    event: Event,
    *,
    officials: bool,
    stage: int | None = None,
    board: int | None = None,
    table: int | None = None,
    status: str | None = None,
) -> QuerySet[Result]:
    """The event's results; for anyone but its officials, only those of boards whose
    results may be shown (every table confirmed, or released: 第二十八条之6)."""
    results = result_rows().filter(board__stage__event=event)
    if stage is not None:
        results = results.filter(board__stage__order=stage)
    if board is not None:
        results = results.filter(board_id=board)
    if table is not None:
        results = results.filter(table_id=table)
    if status is not None:
        results = results.filter(status=status)
    if not officials:
        candidates = Board.objects.filter(pk__in=results.values("board_id"))
        results = results.filter(board_id__in=visible_board_ids(candidates))
    return results.order_by(
        "board__stage__order", "board__round__number", "board__number", "table__number", "pk"
    )


def result_changes(result: Result) -> QuerySet[ResultChange]:
    return result.changes.select_related("user").order_by("at", "id")
