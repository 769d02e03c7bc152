"""A Mitchell's or a Howell's page: the rankings (per section when split; a Howell's
one), the boards with their links, and the movement — every round of a small stage, a
big one a round at a time."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from django.db.models import Q

from boards.models import Board
from scoring.selectors import stage_hidden_boards
from scoring.sessions import overall_ranking
from tournament.models import Stage, StageEntry

from ..selectors import (
    FOLD_AFTER_ROUNDS,
    EntrantView,
    PairSeat,
    current_round,
    pair_numbers,
    table_row,
    tables_where,
)
from .shared import RankedRow, StandingRow, ranked_view, standings_view

__all__ = ["BoardLink", "MovementPage", "MovementRankings", "Section", "page", "rankings"]


class BoardLink(TypedDict):
    board: Board
    visible: bool
    released: bool


class Section(TypedDict):
    """A split Mitchell's section: its N–S and E–W rankings."""

    label: str
    ns: list[StandingRow]
    ew: list[StandingRow]


class MovementRankings(TypedDict):
    """A movement's result: the rankings (per direction, per section when split, and
    over the sections), what ``/standings/`` shows."""

    ns_standings: list[StandingRow]
    ew_standings: list[StandingRow]
    field_standings: list[StandingRow]
    sections: list[Section]
    overall_ns: list[RankedRow]
    overall_ew: list[RankedRow]


class MovementPage(MovementRankings):
    rounds: list[dict[str, Any]]
    round_numbers: list[int]
    shown_round: int | None
    ns_pairs: list[PairSeat]
    ew_pairs: list[PairSeat]
    howell_pairs: list[PairSeat]
    is_howell: bool
    table_count: int
    skip_after: int | None
    boards_per_round: int
    boards: list[BoardLink]


def _board_links(stage: Stage, *, director: bool) -> list[BoardLink]:
    boards = list(  # the deals are not decoded: the links show none
        Board.objects.filter(stage=stage)
        .defer("hands", "bottom")
        .select_related("round")
        .order_by("number")
    )
    hidden = frozenset() if director else stage_hidden_boards(stage)
    return [
        BoardLink(board=b, visible=b.pk not in hidden, released=b.released_at is not None)
        for b in boards
    ]


def rankings(
    stage: Stage,
    entrants: Mapping[int, EntrantView],
    *,
    director: bool = False,
    entries: list[StageEntry] | None = None,
) -> MovementRankings:
    """The rankings as the reader may see them, each row with its pair number: per
    direction, per section when the field is split, and over the sections. Alone, it is
    the whole of ``/standings/`` (the first read after every result): the rounds' tables
    and the boards' links are the stage page's (:func:`page`). ``entries``: the stage's,
    already read."""
    numbers = pair_numbers(stage, entries)
    rows = standings_view(stage, entrants, director=director)
    for row in rows:
        row["pair_number"] = numbers.get(row["row"].entrant_id, ("", None))[1]
    labels = sorted({r["row"].group_label for r in rows} - {""})
    sections = [
        Section(
            label=label,
            ns=[r for r in rows if r["row"].group_label == label and r["row"].direction == "NS"],
            ew=[r for r in rows if r["row"].group_label == label and r["row"].direction == "EW"],
        )
        for label in labels
    ]
    ranked = overall_ranking(stage, official=director) if labels else []
    overall = ranked_view(ranked, entrants, {e: n for e, (_d, n) in numbers.items()})
    return MovementRankings(
        ns_standings=[r for r in rows if r["row"].direction == "NS"],
        ew_standings=[r for r in rows if r["row"].direction == "EW"],
        field_standings=[r for r in rows if r["row"].direction == ""],
        sections=sections,
        overall_ns=[r for r in overall if r["row"]["direction"] == "NS"],
        overall_ew=[r for r in overall if r["row"]["direction"] == "EW"],
    )


def page(
    stage: Stage,
    entrants: Mapping[int, EntrantView],
    *,
    director: bool = False,
    shown_round: int | None = None,
) -> MovementPage:
    """The rankings (:func:`rankings`), the boards, and the movement: every round of a
    small stage; a big one (more than ``FOLD_AFTER_ROUNDS``) one round at a time:
    ``shown_round``, by default the round being played, with every round's number to go
    to. And the pairs."""
    entries = sorted(stage.entries.all(), key=lambda e: (e.direction, e.pair_number or 0))
    numbers = pair_numbers(stage, entries)
    result = rankings(stage, entrants, director=director, entries=entries)

    round_numbers = list(stage.rounds.order_by("number").values_list("number", flat=True))
    which = Q(round__stage=stage)
    if shown_round in round_numbers or len(round_numbers) > FOLD_AFTER_ROUNDS:
        if shown_round not in round_numbers:
            shown_round = current_round(stage)
        which &= Q(round__number=shown_round)
    else:
        shown_round = None
    rounds: dict[int, dict[str, Any]] = {}
    for table in tables_where(which):
        r = rounds.setdefault(table.round.number, {"round": table.round, "tables": []})
        r["tables"].append(table_row(table, entrants, numbers))
    for r in rounds.values():
        seated = {t["ns"].entrant.id for t in r["tables"] if t["ns"] and t["ns"].entrant}
        seated |= {t["ew"].entrant.id for t in r["tables"] if t["ew"] and t["ew"].entrant}
        r["sit_out"] = [
            PairSeat(entrant=entrants.get(e), direction=d, number=n)
            for e, (d, n) in sorted(numbers.items(), key=lambda p: (p[1][0], p[1][1] or 0))
            if e not in seated
        ]
    pairs: dict[str, list[PairSeat]] = {"NS": [], "EW": [], "": []}
    for entry in entries:
        if entry.direction in pairs:
            pairs[entry.direction].append(
                PairSeat(
                    entrant=entrants.get(entry.entrant_id),
                    direction=entry.direction,
                    number=entry.pair_number,
                )
            )
    howell = stage.kind == Stage.Kind.HOWELL
    sections_count = max(stage.options.sections, 1) if not howell else 1
    table_count = len(pairs["NS"]) // sections_count if not howell else (len(pairs[""]) + 1) // 2
    return MovementPage(
        **result,
        rounds=[rounds[n] for n in sorted(rounds)],
        round_numbers=round_numbers,
        shown_round=shown_round,
        ns_pairs=pairs["NS"],
        ew_pairs=pairs["EW"],
        howell_pairs=pairs[""],
        is_howell=howell,
        table_count=table_count,
        skip_after=(
            table_count // 2 if not howell and table_count and table_count % 2 == 0 else None
        ),
        boards_per_round=stage.options.boards_per_round,
        boards=_board_links(stage, director=director),
    )
