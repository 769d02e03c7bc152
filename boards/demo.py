"""Demo boards: deal an event's boards and play some of them, so that a newcomer sees
results, box cards and travellers at once. Safe to run again: it only adds what is
missing.

Each stage is dealt as a director deals one (``duidiao-deal/2``, docs/dealing.md): the
commitment is published naming a value to be typed at the draw, then that value is
entered and the boards are dealt from it. The first table of each board copy plays it
out trick by trick with the engine's simulator on the stored deal, and the levels and
declarer are the ones the previous board's result leads to, so no box card is flagged. Later tables
play from the box card and enter a result only (points near the first table's), as a
paper scorecard would. The rounds played are started first (a table code enters only
in a started round); one side enters with its own PIN, the other confirms with its
own; the last result of each stage is left waiting for confirmation, to show what
that looks like.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from core.engine import Seat, Side, parse_level
from core.engine.simulate import random_board
from tournament.models import Entrant, Event, SetPlay, Stage, Table
from tournament.services import round_start, stage_pin

from .errors import BoardError
from .models import Board, BoxCard, Result
from .records import Entry
from .services import (
    Actor,
    box_card_prediction,
    deals_commit,
    deals_enter_public_value,
    result_confirm,
    result_enter,
)

__all__ = ["DemoSummary", "load_demo_boards"]


#: What the demo's commitments name and what is then "typed at the draw".
DEMO_PUBLIC_SOURCE = "抽签时裁判长当众输入的数 / a number the director types at the draw"
DEMO_PUBLIC_VALUE = "4071"


@dataclass
class DemoSummary:
    boards: int = 0
    results: int = 0
    confirmed: int = 0

    def __str__(self) -> str:
        return f"新发牌{self.boards}副，新录入成绩{self.results}条（已确认{self.confirmed}条）"


@transaction.atomic
def load_demo_boards(event: Event, *, rounds: int = 2, seed: int = 43) -> DemoSummary:
    """Deal every stage of ``event`` and play its first ``rounds`` rounds (tables whose
    entrants are known). Returns what was added. A stage with a result already is left
    as it is: after the first run the rescoring on commit has decided matches, so the
    next round of a bracket has its entrants, and ``make run`` (which runs this each
    time) would play a few more tables at every start."""
    user = get_user_model().objects.filter(is_superuser=True).order_by("pk").first()
    summary = DemoSummary(boards=0)
    for stage in event.stages.order_by("order", "id"):
        summary.boards += len(_deal(stage, user))
    rng = random.Random(seed)
    pins = _Pins()
    for stage in event.stages.order_by("order", "id"):
        if Result.objects.filter(board__stage=stage).exists():
            continue
        entered: list[Result] = []
        for round_ in stage.rounds.order_by("number")[:rounds]:
            round_start(round=round_)
            entered += _play_round(stage, round_.pk, rng, pins)
        summary.results += len(entered)
        for result in entered[:-1]:
            side = "EW" if result.entered_side == "NS" else "NS"
            actor = _side(result.table, side, pins)
            result_confirm(result=result, actor=actor, version=result.version)
            summary.confirmed += 1
    return summary


class _Pins:
    """The sides' PINs (``stage_pin``), each asked of the database once: every result is
    entered with one and confirmed with another, a thousand writes for thirty PINs."""

    def __init__(self) -> None:
        self._known: dict[tuple[int, int], str] = {}

    def of(self, stage: Stage, entrant: Entrant) -> str:
        key = (stage.pk, entrant.pk)
        if key not in self._known:
            self._known[key] = stage_pin(stage, entrant)
        return self._known[key]


def _play_round(stage: Stage, round_id: int, rng: random.Random, pins: _Pins) -> list[Result]:
    """Every set play of the round, first plays before replays (the open room's first
    half before the closed room replays it)."""
    plays = (
        SetPlay.objects.filter(table__round_id=round_id, table__ns__isnull=False)
        .filter(table__ew__isnull=False)
        # what the entry reads of its table (its match, stage, sides), read once here
        .select_related("table__match", "table__round__stage", "table__ns", "table__ew")
        .select_related("board_set")
        .order_by("table__session", "order", "table__number")
    )
    boards = {
        (b.board_set_id, b.number): b
        for b in Board.objects.filter(stage=stage).select_related("board_set", "stage__event")
    }
    played = set(
        Result.objects.filter(table__round_id=round_id).values_list("board_id", "table_id")
    )
    out: list[Result] = []
    for play in plays:
        for number in play.board_set.board_numbers:
            board = boards.get((play.board_set_id, number))
            if board is None or (board.pk, play.table_id) in played:
                continue
            entry = _entry(board, play.table, rng)
            if entry is not None:
                actor = _side(play.table, "NS", pins)
                out.append(result_enter(board=board, table=play.table, entry=entry, actor=actor))
                played.add((board.pk, play.table_id))
    return out


def _side(table: Table, side: str, pins: _Pins) -> Actor:
    """One side of ``table`` with its own PIN, as its players type it."""
    entrant = table.ns if side == "NS" else table.ew
    pin = pins.of(table.round.stage, entrant) if entrant is not None else ""
    return Actor.at_table(table, side, pin=pin)


def _deal(stage: Stage, user: Any) -> list[Board]:
    """Commit to the stage's boards not dealt yet, then enter the public value the
    commitment named and deal them (nothing when every board is dealt already)."""
    try:
        commitment = deals_commit(stage=stage, public_source=DEMO_PUBLIC_SOURCE, user=user)
    except BoardError as error:
        if error.code == "no_deals":
            return []
        raise
    return deals_enter_public_value(commitment=commitment, value=DEMO_PUBLIC_VALUE, user=user)


def _entry(board: Board, table: Table, rng: random.Random) -> Entry | None:
    box = BoxCard.objects.filter(board=board, match=table.match).select_related("filled_by").first()
    if box is not None:
        return _replay(board, box, rng)
    prediction = box_card_prediction(board, table)
    if prediction is None:
        level = board.board_set.start_level
        levels, declarer = {"NS": level, "EW": level}, None
    else:
        levels, declarer = dict(prediction.levels), prediction.declarer
    if declarer is None:
        declarer = rng.choice("NESW")
    if not board.has_deal:
        return None  # dealt at its first table, 牌型卡 not typed in: nothing to play
    record = random_board(
        rng,
        profile=board.stage.event.profile,
        board=board.number,
        levels={Side.NS: parse_level(levels["NS"]), Side.EW: parse_level(levels["EW"])},
        declarer=Seat[declarer],
        deal=(board.hands, board.bottom),
    )
    return Entry.from_record(record)


def _replay(board: Board, box: BoxCard, rng: random.Random) -> Entry:
    first: Any = box.filled_by
    base = first.defender_points if first is not None else 60
    points = min(195, max(0, base + 5 * rng.randint(-6, 6)))
    return Entry.from_box_card(box, defender_points=points, dig=None)
