"""Pairs rankings over more than one field: a sectioned Mitchell's overall ranking and
an event's cumulative ranking over its sessions (多节累计).

Both read the standings the scoring services stored (one row per pair and stage: its
total after penalties and the tops of the boards it played) and rank by the share of
those tops, so a pair that sat out a round (轮空) or played a shorter session is
compared on the boards it played. The ranking itself is ``core.standings.rank_pairs``,
the same that ranks a Mitchell.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from core.engine import Side
from core.standings import PairTotal, rank_pairs
from tournament.models import Event, Stage

from .models import Standing

__all__ = ["RankedPair", "cumulative_ranking", "movement_stages", "overall_ranking"]


@dataclass(frozen=True)
class RankedPair:
    entrant_id: int
    direction: str  # "NS", "EW", or "" for one ranking of the whole field
    place: int
    shared: bool
    total: Decimal
    top: int
    boards: int
    sessions: int
    percentage: Decimal | None


def _rank(rows: Iterable[Standing], *, by_direction: bool) -> list[RankedPair]:
    totals: dict[tuple[str, int], list[Fraction | int]] = {}
    for row in rows:
        key = (row.direction if by_direction else "", row.entrant_id)
        t = totals.setdefault(key, [Fraction(0), 0, 0, 0])
        t[0] += Fraction(row.total)
        t[1] += row.top
        t[2] += row.boards
        t[3] += 1
    result: list[RankedPair] = []
    for direction in sorted({d for d, _ in totals}):
        pairs = {e: t for (d, e), t in totals.items() if d == direction}
        ranked = rank_pairs(
            {e: PairTotal(Fraction(t[0]), int(t[1]), int(t[2])) for e, t in pairs.items()},
            directions=dict.fromkeys(pairs, Side.NS),
        )
        for r in ranked.ns:
            percentage = r.percentage
            result.append(
                RankedPair(
                    entrant_id=r.entrant,
                    direction=direction,
                    place=r.place,
                    shared=r.shared,
                    total=Decimal(r.total.numerator) / Decimal(r.total.denominator),
                    top=r.top,
                    boards=r.boards,
                    sessions=int(pairs[r.entrant][3]),
                    percentage=(
                        (Decimal(percentage.numerator) / Decimal(percentage.denominator)).quantize(
                            Decimal("0.01")
                        )
                        if percentage is not None
                        else None
                    ),
                )
            )
    return result


def overall_ranking(stage: Stage) -> list[RankedPair]:
    """A sectioned Mitchell ranked over all its sections, each direction apart
    (第二十八条之7: N–S and E–W each have a champion), by percentage."""
    return _rank(Standing.objects.filter(stage=stage), by_direction=stage.kind == "mitchell")


def movement_stages(event: Event) -> list[Stage]:
    """The event's pairs sessions scored by matchpoints (Mitchell, Howell), in order."""
    return list(event.stages.filter(kind__in=Stage.MOVEMENT_KINDS).order_by("order"))


def cumulative_ranking(event: Event, stages: Iterable[Stage] | None = None) -> list[RankedPair]:
    """One ranking over the sessions (every movement stage of the event by default):
    each pair's matchpoints over the tops of all the boards it played, directions and
    sections put together."""
    chosen = list(stages) if stages is not None else movement_stages(event)
    return _rank(Standing.objects.filter(stage__in=chosen), by_direction=False)
