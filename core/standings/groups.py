"""Groups (第二十六条): a round robin per group; the top N of each go on, once the
group is decided and its qualifying line runs through no tie.

Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic

from .match import K, ScoredMatch
from .round_robin import DirectorOrder, StandingRow, round_robin_standings


@dataclass(frozen=True)
class GroupTable(Generic[K]):
    label: str
    rows: tuple[StandingRow[K], ...]
    complete: bool  # every match of the group decided


def group_tables(
    groups: Mapping[str, Sequence[K]],
    matches: Mapping[str, Sequence[ScoredMatch[K]]],
    *,
    director_orders: Sequence[DirectorOrder[K]] = (),
    to_play: Mapping[str, Sequence[tuple[K, K]]] | None = None,
) -> tuple[GroupTable[K], ...]:
    """A round-robin table per group (第二十六条之1), groups in label order; ``to_play``:
    per group, the matches still to play that ``matches`` does not hold
    (``round_robin_standings``)."""
    tables = []
    for label in sorted(groups):
        group_matches = list(matches.get(label, ()))
        remaining = list((to_play or {}).get(label, ()))
        rows = round_robin_standings(
            groups[label], group_matches, director_orders=director_orders, to_play=remaining
        )
        complete = bool(group_matches) and all(m.decided for m in group_matches) and not remaining
        tables.append(GroupTable(label, rows, complete))
    return tuple(tables)


@dataclass(frozen=True)
class Qualifiers(Generic[K]):
    """Who goes on from each group, best first; ``undecided`` says why a group has none."""

    qualifiers: Mapping[str, tuple[K, ...]]
    undecided: Mapping[str, tuple[str, str]] = field(default_factory=dict)

    @property
    def ready(self) -> bool:
        return not self.undecided


def group_qualifiers(tables: Sequence[GroupTable[K]], per_group: int) -> Qualifiers[K]:
    """The top ``per_group`` of each finished group (第二十六条之3).

    A group is undecided while matches remain, or when the qualifying line runs through
    a shared or play-off place (the director's order, or a play-off, settles it).
    """
    qualifiers: dict[str, tuple[K, ...]] = {}
    undecided: dict[str, tuple[str, str]] = {}
    for table in tables:
        rows = table.rows
        if not table.complete:
            undecided[table.label] = (
                f"{table.label}组比赛尚未全部结束",
                f"group {table.label} has matches still to play",
            )
            continue
        if len(rows) > per_group and rows[per_group - 1].place == rows[per_group].place:
            undecided[table.label] = (
                f"{table.label}组第{rows[per_group].place}名并列，出线需加赛或由裁判长决定",
                f"group {table.label}: level at place {rows[per_group].place} across the "
                "qualifying line; a play-off or the director decides",
            )
            continue
        qualifiers[table.label] = tuple(r.entrant for r in rows[:per_group])
    return Qualifiers(qualifiers, undecided)
