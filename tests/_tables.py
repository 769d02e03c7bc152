"""One side of a table as its players act: the director has started the table's round
(a table code enters only then) and the side types its own pair's or team's PIN."""

from __future__ import annotations

from boards.services import Actor
from tournament.models import Table
from tournament.services import round_start


def open_side(table: Table, side: str) -> Actor:
    """``side`` (NS or EW) of ``table`` with its own PIN, its round started."""
    if not table.round.is_open:
        table.round = round_start(round=table.round)
    entrant = table.ns if side == "NS" else table.ew
    return Actor.at_table(table, side, pin=entrant.pin if entrant is not None else "")
