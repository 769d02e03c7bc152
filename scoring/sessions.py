"""Pairs rankings over more than one field: a sectioned Mitchell's overall ranking and
an event's cumulative ranking over its sessions (多节累计).

Both read the standings the scoring services stored (one row per pair and stage: its
total after penalties and the tops of the boards it played) — for a player, only the
boards players may see (第二十八条之6, ``scoring.selectors.seen_percentages``) — and
rank by the share of those tops, so a pair that sat out a round (轮空) or played a
shorter session is compared on the boards it played. The ranking itself is
``core.standings.rank_pairs``, the same that ranks a Mitchell.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction

from core.engine import Side
from core.standings import PairTotal, rank_pairs
from tournament.models import Event, Stage

from .models import Standing
from .selectors import SeenPair, seen_percentages

__all__ = ["RankedPair", "cumulative_ranking", "movement_stages", "overall_ranking"]


@dataclass(frozen=True)
class RankedPair:
    entrant_id: int
    direction: str  # "NS", "EW", or "" for one ranking of the whole field
    place: int
    shared: bool
    total: Fraction  # exact; rounded once where it is printed
    top: int
    boards: int
    sessions: int
    percentage: Fraction | None


#: One pair's line in one stage: direction, entrant id, total, top, boards.
_Line = tuple[str, int, Fraction, int, int]


def _lines(stages: Iterable[Stage], *, official: bool) -> Iterator[_Line]:
    """Each pair's total, tops and boards per stage, as ``official`` or a player reads
    them: a player's count only the boards shown (the penalties always count)."""
    for stage in stages:
        seen = None if official else seen_percentages(stage)
        # In pair-number order: level pairs keep it, whatever the hidden places are.
        for row in Standing.objects.filter(stage=stage).order_by("entrant__number"):
            if seen is None:
                yield row.direction, row.entrant_id, Fraction(row.total), row.top, row.boards
            else:
                shown = seen.get(row.entrant_id, SeenPair())
                printed = PairTotal.as_printed(shown.matchpoints, shown.top, shown.boards)
                total = printed.matchpoints + Fraction(row.adjustment)
                yield row.direction, row.entrant_id, total, shown.top, shown.boards


def _rank(lines: Iterable[_Line], *, by_direction: bool) -> list[RankedPair]:
    totals: dict[tuple[str, int], list[Fraction | int]] = {}
    for direction, entrant_id, total, top, boards in lines:
        key = (direction if by_direction else "", entrant_id)
        t = totals.setdefault(key, [Fraction(0), 0, 0, 0])
        t[0] += total
        t[1] += top
        t[2] += boards
        t[3] += 1
    result: list[RankedPair] = []
    for direction in sorted({d for d, _ in totals}):
        pairs = {e: t for (d, e), t in totals.items() if d == direction}
        ranked = rank_pairs(
            {e: PairTotal(Fraction(t[0]), int(t[1]), int(t[2])) for e, t in pairs.items()},
            directions=dict.fromkeys(pairs, Side.NS),
        )
        for r in ranked.ns:
            result.append(
                RankedPair(
                    entrant_id=r.entrant,
                    direction=direction,
                    place=r.place,
                    shared=r.shared,
                    total=r.total,
                    top=r.top,
                    boards=r.boards,
                    sessions=int(pairs[r.entrant][3]),
                    percentage=r.percentage,
                )
            )
    return result


def overall_ranking(stage: Stage, *, official: bool = True) -> list[RankedPair]:
    """A sectioned Mitchell ranked over all its sections, each direction apart
    (第二十八条之7: N–S and E–W each have a champion), by percentage."""
    return _rank(_lines([stage], official=official), by_direction=stage.kind == "mitchell")


def movement_stages(event: Event) -> list[Stage]:
    """The event's pairs sessions scored by matchpoints (Mitchell, Howell), in order."""
    return list(event.stages.filter(kind__in=Stage.MOVEMENT_KINDS).order_by("order"))


def cumulative_ranking(
    event: Event, stages: Iterable[Stage] | None = None, *, official: bool = True
) -> list[RankedPair]:
    """One ranking over the sessions (every movement stage of the event by default):
    each pair's matchpoints over the tops of all the boards it played, directions and
    sections put together."""
    chosen = list(stages) if stages is not None else movement_stages(event)
    return _rank(_lines(chosen, official=official), by_direction=False)
