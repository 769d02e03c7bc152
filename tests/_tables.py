"""One side of a table as its players act: the director has started the table's round
(a table code enters only then) and the side types its own pair's or team's PIN."""

from __future__ import annotations

import dataclasses

from boards.errors import EntryRejected
from boards.models import Board
from boards.records import Entry
from boards.services import Actor, scorecard_judge
from tournament.models import Event, Table
from tournament.services import round_start, stage_pin


def open_side(table: Table, side: str) -> Actor:
    """``side`` (NS or EW) of ``table`` with its own PIN, its round started."""
    if not table.round.is_open:
        table.round = round_start(round=table.round)
    return Actor.at_table(table, side, pin=pin_of(table, side))


def pin_of(table: Table, side: str) -> str:
    """The PIN printed on the card of ``side``'s team or pair for the table's stage."""
    entrant = table.ns if side == "NS" else table.ew
    return stage_pin(table.round.stage, entrant) if entrant is not None else ""


def side_form(table: Table, side: str) -> dict[str, str]:
    """The fields a side fills in at the table to act: which side, and its own PIN."""
    return {"side": side, "pin": pin_of(table, side)}


def start_first_rounds(event: Event) -> None:
    """The director has started the first round of every stage (its codes open)."""
    for stage in event.stages.all():
        first = stage.rounds.order_by("number").first()
        if first is not None:
            round_start(round=first)


def undeclarable(board: Board, table: Table, entry: Entry) -> Entry:
    """``entry`` with a trump and declarer the deal does not allow (a probe's question:
    does this seat hold that suit's level card?), found as a director may: with the
    engine's whole verdict."""
    director = Actor(role="director")
    for seat in "NESW":
        for suit in "HDSC":
            probe = dataclasses.replace(entry, trump=suit, declared_by=seat)
            try:
                scorecard_judge(board=board, table=table, entry=probe, actor=director)
            except EntryRejected as error:
                if "trump_not_declarable" in error.codes:
                    return probe
    raise AssertionError("every seat can declare every suit")


def ns(table: Table) -> Actor:
    """The N–S players of ``table``, through its table code."""
    return open_side(table, "NS")


def ew(table: Table) -> Actor:
    """The E–W players of ``table``, through its table code."""
    return open_side(table, "EW")
