"""Reads of the event structure: brackets rebuilt from rows, tables by code, rosters.

Services write; these only read. Bracket stages store their matches with the slot
sources as text; :func:`stage_bracket` turns the rows back into the pure
``core.formats.bracket.Bracket`` so ``advance`` decides who sits where.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.db.models import Max, Prefetch, Q, QuerySet

from core.formats.bracket import (
    Bracket,
    BracketMatch,
    BracketPart,
    BracketState,
    LoserOf,
    Result,
    Seed,
    Source,
    WinnerOf,
    advance,
)
from core.formats.qualification import group_qualifier_order

from .models import (
    Entrant,
    Event,
    EventVersion,
    Match,
    Membership,
    Player,
    Stage,
    StageEntry,
    Table,
)

__all__ = [
    "unplayed_tiebreak",
    "entrant_players",
    "event_get",
    "event_public",
    "event_version",
    "events_visible",
    "parse_source",
    "source_text",
    "stage_bracket",
    "stage_bracket_results",
    "stage_bracket_state",
    "stage_entries",
    "stage_seeds",
    "table_get_by_code",
]


def events_visible(user: Any) -> QuerySet[Event]:
    """Events anyone may read (all but drafts), and the drafts this user works on; the
    one rule of the pages, the API and the papers."""
    events = Event.objects.all()
    if user.is_authenticated and user.is_superuser:
        return events
    public = ~Q(status=Event.Status.DRAFT)
    if user.is_authenticated:
        return events.filter(public | Q(roles__user=user)).distinct()
    return events.filter(public)


def event_get(code: str, user: Any) -> Event:
    """The event behind ``code`` if ``user`` may read it; ``Event.DoesNotExist`` if not."""
    return events_visible(user).get(code=code)


def event_version(event_id: int) -> int:
    """The event's version (``EventVersion``: raised by every write the director's
    dashboard shows), in one query; 0 before the first such write."""
    found = EventVersion.objects.filter(event_id=event_id).values_list("version", flat=True)
    return next(iter(found), 0)


def event_public(code: str) -> Event | None:
    """The event behind ``code`` if anyone may read it (not a draft), else None."""
    return events_visible(AnonymousUser()).filter(code=code).first()


def parse_source(text: str, *, groups: int = 0, per_group: int = 0) -> Source:
    """``seed:3`` / ``winner:M5`` / ``loser:M5`` / ``group:A:2`` → a bracket source.

    A group place becomes the seed it was given by ``group_qualifier_order``.
    """
    kind, _, rest = text.partition(":")
    if kind == "seed":
        return Seed(int(rest))
    if kind == "winner":
        return WinnerOf(int(rest.removeprefix("M")))
    if kind == "loser":
        return LoserOf(int(rest.removeprefix("M")))
    if kind == "group":
        label, _, place = rest.partition(":")
        order = group_qualifier_order(groups, per_group)
        return Seed(order.index((label, int(place))) + 1)
    raise ValueError(f"无法识别的来源 / unreadable slot source: {text!r}")


def source_text(source: Source, *, group_order: Sequence[tuple[str, int]] = ()) -> str:
    if isinstance(source, Seed):
        if group_order:
            label, place = group_order[source.seed - 1]
            return f"group:{label}:{place}"
        return f"seed:{source.seed}"
    if isinstance(source, WinnerOf):
        return f"winner:M{source.match}"
    return f"loser:M{source.match}"


def _group_shape(stage: Stage) -> tuple[int, int]:
    if stage.source_id is not None and stage.source.kind == Stage.Kind.GROUP_ROUND_ROBIN:
        options = stage.source.options
        return options.groups, options.qualifiers_per_group
    return 0, 0


def stage_bracket(stage: Stage, matches: Sequence[Match] | None = None) -> Bracket:
    """The pure bracket of a knockout or double-elimination stage, from its match rows."""
    rows = list(matches) if matches is not None else list(stage.matches.order_by("number"))
    groups, per_group = _group_shape(stage)
    built = []
    seeds = 0
    for row in rows:
        a = parse_source(row.home_source, groups=groups, per_group=per_group)
        b = parse_source(row.away_source, groups=groups, per_group=per_group)
        seeds += isinstance(a, Seed) + isinstance(b, Seed)
        built.append(
            BracketMatch(
                id=row.number,
                side=BracketPart(row.side or BracketPart.WINNERS),
                round=row.bracket_round or 1,
                a=a,
                b=b,
                reset=row.is_reset,
                places=(
                    (row.first_place, row.loser_place)
                    if row.first_place is not None and row.loser_place is not None
                    else None
                ),
            )
        )
    return Bracket(kind=stage.kind, entrants=seeds, matches=tuple(built))


def stage_seeds(stage: Stage) -> dict[int, Entrant]:
    """Seed number → entrant, for the entries placed so far."""
    entries = stage.entries.filter(seed__isnull=False).select_related("entrant")
    return {e.seed: e.entrant for e in entries}


def stage_bracket_results(
    stage: Stage, matches: Sequence[Match] | None = None
) -> dict[int, Result]:
    """The stored winners as bracket results (keyed by match number, seeds as teams)."""
    rows = list(matches) if matches is not None else list(stage.matches.all())
    seed_of = {entrant.pk: seed for seed, entrant in stage_seeds(stage).items()}
    results: dict[int, Result] = {}
    for row in rows:
        if row.winner_id is None or row.home_id is None or row.away_id is None:
            continue
        results[row.number] = Result(
            a=seed_of[row.home_id], b=seed_of[row.away_id], winner=seed_of[row.winner_id]
        )
    return results


def stage_bracket_state(stage: Stage) -> BracketState:
    """Who sits where, what is decided and who is out, from the stored results."""
    rows = list(stage.matches.order_by("number"))
    return advance(stage_bracket(stage, rows), stage_bracket_results(stage, rows))


def table_get_by_code(code: str) -> Table:
    """The table behind an entry link (codes are typed as printed; case does not matter)."""
    return Table.objects.select_related("round__stage__event", "match", "ns", "ew").get(
        code=code.strip().upper()
    )


def entrant_players(entrant: Entrant) -> list[Player]:
    """The players of a team or pair in line-up order (captain where listed)."""
    memberships = Membership.objects.filter(entrant=entrant).select_related("player")
    return [m.player for m in memberships.order_by("order", "id")]


def stage_entries(stage: Stage) -> list[StageEntry]:
    return list(
        stage.entries.select_related("entrant").prefetch_related(
            Prefetch("entrant__memberships", queryset=Membership.objects.select_related("player"))
        )
    )


def unplayed_tiebreak(match: Match) -> list[Table]:
    """The tables of the match's last tie-break segment while none of its boards is
    played (no result entered at either room); empty when there is none."""
    last = match.tables.filter(set_plays__board_set__tiebreak=True).aggregate(n=Max("session"))["n"]
    if last is None:
        return []
    tables = list(match.tables.filter(session=last).order_by("number"))
    if match.tables.filter(session=last, results__isnull=False).exists():
        return []
    return tables
