"""What the public and director pages show, read from the event structure.

Views stay thin: each parses its URL, calls one function here (or a format's page
builder in ``web.pages``) and renders. These only read; they turn rows into plain data
for the templates (dataclasses, lists, dicts), with the texts a page needs already
translated: the event list and overview, the entrants as pages name them, a table's own
page, a Mitchell pair's itinerary, the director's dashboard, and the table rows (who
sits where, which boards) the movement pages share.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Prefetch, Q, QuerySet
from django.urls import reverse
from django.utils.translation import gettext as _

from core.engine import SEAT_NAMES
from scoring.cache import carried_part
from tournament.models import (
    Entrant,
    Event,
    Membership,
    Round,
    Seating,
    SetPlay,
    Stage,
    StageEntry,
    Table,
)
from tournament.roles import user_event_roles
from tournament.selectors import (
    events_visible,
)

SEAT_ORDER = SEAT_NAMES

# --- events and entrants --------------------------------------------------------------


def event_list(user: Any) -> list[dict[str, Any]]:
    """The event list of the home page, with the roles the user holds in each."""
    rows = []
    for event in events_visible(user):
        roles = user_event_roles(user, event)
        rows.append({"event": event, "is_director": "director" in roles})
    return rows


@dataclass
class EntrantView:
    """A team or pair as the pages name it: number, name, players in line-up order."""

    id: int
    kind: str
    number: int
    name: str
    players: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        """A team by its name, a pair by its players (张伟、王芳)."""
        if self.name:
            return self.name
        if self.players:
            return "、".join(self.players)
        return f"{self.number}"

    def __str__(self) -> str:
        return self.label


def entrant_views(event: Event) -> dict[int, EntrantView]:
    """Every entrant of the event by id, with players (two queries, plain values: every
    page of a stage reads them, 120 pairs and 240 players at 60 tables)."""
    views = {
        pk: EntrantView(id=pk, kind=kind, number=number, name=name)
        for pk, kind, number, name in Entrant.objects.filter(event=event).values_list(
            "pk", "kind", "number", "name"
        )
    }
    memberships = (
        Membership.objects.filter(entrant__event=event)
        .order_by("entrant", "order", "id")
        .values_list("entrant_id", "player__name")
    )
    for entrant_id, player in memberships:
        views[entrant_id].players.append(player)
    return views


def standings_entrants(event: Event, stage: Stage) -> dict[int, EntrantView]:
    """:func:`entrant_views` for the build of a version of ``stage``'s standings page,
    carried from the version before when a result started this one
    (``scoring.cache.carried_part``: a result renames nobody; two queries and 240
    entrants built, 2 ms of every first read at 120 tables). Not to be changed: the
    next version's page reads the same mapping."""
    entrants: dict[int, EntrantView] = carried_part(
        stage.pk, "entrants", lambda: entrant_views(event)
    )
    return entrants


def event_overview(event: Event) -> dict[str, Any]:
    """The event page: its stages in order and its teams and pairs."""
    entrants = entrant_views(event)
    stages = list(event.stages.order_by("order"))
    counts = {
        row["stage"]: row["n"]
        for row in StageEntry.objects.filter(stage__event=event)
        .values("stage")
        .annotate(n=Count("id"))
    }
    ordered = sorted(entrants.values(), key=lambda e: (e.kind, e.number))
    return {
        "stage_rows": [{"stage": s, "entries": counts.get(s.pk, 0)} for s in stages],
        "teams": [e for e in ordered if e.kind == Entrant.Kind.TEAM],
        "pairs": [e for e in ordered if e.kind == Entrant.Kind.PAIR],
    }


# --- boards and tables ----------------------------------------------------------------


@dataclass
class BoardsView:
    """A run of boards a table plays, in playing order."""

    first: int
    last: int
    start_level: str
    tiebreak: bool = False

    @property
    def text(self) -> str:
        return f"{self.first}–{self.last}" if self.last != self.first else str(self.first)


def _boards(set_plays: Iterable[SetPlay]) -> list[BoardsView]:
    return [
        BoardsView(
            first=sp.board_set.first_board,
            last=sp.board_set.last_board,
            start_level=sp.board_set.start_level,
            tiebreak=sp.board_set.tiebreak,
        )
        for sp in sorted(set_plays, key=lambda sp: sp.order)
    ]


def tables_where(filters: Q) -> QuerySet[Table]:
    return (
        Table.objects.filter(filters)
        .select_related("round__stage", "match")
        .prefetch_related(
            Prefetch("set_plays", queryset=SetPlay.objects.select_related("board_set"))
        )
        .order_by("round__stage__order", "round__number", "session", "number")
    )


# --- Mitchell and the pairs final -----------------------------------------------------


def pair_numbers(
    stage: Stage, entries: Iterable[StageEntry] | None = None
) -> dict[int, tuple[str, int | None]]:
    """Entrant id → its direction and pair number (``entries``: the stage's, already read).
    Read for the build of a version of the stage's standings, it is carried from the
    version before when a result started this one (``scoring.cache.carried_part``: a
    result renumbers no pair)."""
    if entries is not None:
        return {e.entrant_id: (e.direction, e.pair_number) for e in entries}

    def read() -> dict[int, tuple[str, int | None]]:
        stored = stage.entries.values_list("entrant_id", "direction", "pair_number")
        return {entrant: (direction, number) for entrant, direction, number in stored}

    numbers: dict[int, tuple[str, int | None]] = carried_part(stage.pk, "pair-numbers", read)
    return numbers


@dataclass
class PairSeat:
    """A pair at a table: its Mitchell number and direction."""

    entrant: EntrantView | None
    direction: str
    number: int | None


#: A stage with more rounds than this shows its tables one round at a time (on the
#: stage page and the director's dashboard): a 30-table Mitchell's 29 rounds of 30
#: tables would make a page of over 1 MB.
FOLD_AFTER_ROUNDS = 8


def current_round(stage: Stage) -> int | None:
    """The round being played: the one started and not closed, else the first not
    closed, else the last; None before anything is scheduled."""
    rounds = list(stage.rounds.values_list("number", "started_at", "closed_at"))
    for number, started, closed in rounds:
        if started is not None and closed is None:
            return number
    for number, _started, closed in rounds:
        if closed is None:
            return number
    return rounds[-1][0] if rounds else None


def table_row(
    table: Table,
    entrants: Mapping[int, EntrantView],
    numbers: Mapping[int, tuple[str, int | None]],
) -> dict[str, Any]:
    def pair(entrant_id: int | None, direction: str) -> PairSeat | None:
        if entrant_id is None:
            return None
        stored, number = numbers.get(entrant_id, ("", None))
        if stored == "" and number is not None:
            direction = ""  # a Howell pair: numbered without a direction
        return PairSeat(entrant=entrants.get(entrant_id), direction=direction, number=number)

    boards = _boards(table.set_plays.all())
    return {
        "table": table,
        "ns": pair(table.ns_id, "NS"),
        "ew": pair(table.ew_id, "EW"),
        "boards": boards,
        "start_level": boards[0].start_level if boards else "",
    }


def pair_itinerary(
    stage: Stage, entrants: Mapping[int, EntrantView], direction: str, number: int
) -> dict[str, Any]:
    """Where a Mitchell pair goes each round: table, seats, opponents, boards.

    ``StageEntry.DoesNotExist`` when no pair has that number in that direction.
    """
    entry = stage.entries.get(direction=direction, pair_number=number)
    numbers = pair_numbers(stage)
    pair = entry.entrant_id
    own = Q(ns_id=pair) if direction == "NS" else Q(ew_id=pair)
    if direction == "":  # a Howell pair sits N–S at some tables, E–W at others
        own = Q(ns_id=pair) | Q(ew_id=pair)
    rows: dict[int, dict[str, Any]] = {}
    for table in tables_where(Q(round__stage=stage) & own):
        row = table_row(table, entrants, numbers)
        at_ns = table.ns_id == pair
        row["opponents"] = row["ew"] if at_ns else row["ns"]
        row["seat"] = "NS" if at_ns else "EW"
        rows[table.round.number] = row
    # A round without a table is the pair's sit-out (轮空: an odd field's phantom).
    rounds = [
        rows.get(r.number) or {"round": r, "sit_out": True} for r in stage.rounds.order_by("number")
    ]
    return {
        "entry": entry,
        "pair": entrants.get(entry.entrant_id),
        "direction": direction,
        "number": number,
        "rounds": rounds,
    }


# --- a table's own page ---------------------------------------------------------------


def table_page(table: Table) -> dict[str, Any]:
    """What a table's code shows: the round, who sits where, which boards in what order."""
    stage = table.round.stage
    entrants = entrant_views(stage.event)
    numbers = pair_numbers(stage)
    row = table_row(
        Table.objects.prefetch_related(
            Prefetch("set_plays", queryset=SetPlay.objects.select_related("board_set"))
        ).get(pk=table.pk),
        entrants,
        numbers,
    )
    seats = {s.seat: s for s in Seating.objects.filter(table=table).select_related("player")}
    labels = dict(Seating.Position.choices)
    seat_rows = []
    for position in SEAT_ORDER:
        seat = seats.get(position)
        side = row["ns"] if position in ("N", "S") else row["ew"]
        seat_rows.append(
            {
                "seat": position,
                "label": labels[position],
                "player": seat.player.name if seat and seat.player else "",
                "side": side,
            }
        )
    match = table.match
    return {
        "table": table,
        "stage": stage,
        "event": stage.event,
        "round": table.round,
        "row": row,
        "seats": {s["seat"]: s for s in seat_rows},
        "seat_list": seat_rows,
        "match": match,
        "home": entrants.get(match.home_id) if match and match.home_id else None,
        "away": entrants.get(match.away_id) if match and match.away_id else None,
        "is_mitchell": stage.kind in Stage.MOVEMENT_KINDS,
    }


# --- the director's dashboard ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DashboardTable:
    """A table as the dashboard shows it (number, session, room, entry code): 3,540 of
    them at 60 tables, read as plain values — built as model objects they were a third
    of the page's time (issue 23)."""

    pk: int
    number: int
    session: int
    room: str
    code: str
    round_id: int

    def get_room_display(self) -> str:
        return str(Table.Room(self.room).label) if self.room else ""


def reverse_each(name: str, *args: object) -> Callable[[object], str]:
    """``reverse(name, args=[*args, last])`` for many a ``last`` at the cost of one
    reverse (the dashboard links each of 3,540 rounds' and tables' pages at 60 tables:
    a reverse each was a tenth of its rendering): the URL is reversed once with a
    marker for the last argument, which each call puts in its place."""
    marker = "2147483647"  # matches both an int and a slug converter
    head, _marker, tail = reverse(name, args=[*args, marker]).rpartition(marker)
    return lambda last: f"{head}{last}{tail}"


def director_dashboard(event: Event) -> dict[str, Any]:
    """Every stage, round and table of the event (a row per table holding just the
    table: what its progress needs). ``dashboard_tables`` then fills in the pairs and
    boards of the rounds the page shows in full — a 30-table Mitchell has 870 tables,
    most of them folded away."""
    stages = {s.pk: {"stage": s, "rounds": {}} for s in event.stages.order_by("order")}
    # Each round read once, not once per table (3,540 tables at 60 tables, issue 23).
    round_of = {r.pk: r for r in Round.objects.filter(stage__event=event)}
    tables = (
        Table.objects.filter(round__stage__event=event)
        .order_by("round__stage__order", "round__number", "session", "number")
        .values_list("pk", "number", "session", "room", "code", "round_id")
    )
    for values in tables:
        table = DashboardTable(*values)
        round_ = round_of[table.round_id]
        rounds = stages[round_.stage_id]["rounds"]
        r = rounds.setdefault(round_.number, {"round": round_, "tables": []})
        r["tables"].append({"table": table})
    for data in stages.values():
        data["rounds"] = [data["rounds"][n] for n in sorted(data["rounds"])]
        data["matches"] = data["stage"].matches.count()
    return {"stage_blocks": list(stages.values()), "entrants": event.entrants.count()}


def dashboard_tables(event: Event, stage_blocks: list[dict[str, Any]]) -> None:
    """The pairs (or teams), boards and start level of each table of the rounds shown
    in full (``detail``, set by ``web.results.dashboard_progress``)."""
    rows = {
        row["table"].pk: row
        for block in stage_blocks
        for r in block["rounds"]
        if r.get("detail")
        for row in r["tables"]
    }
    if not rows:
        return
    entrants = entrant_views(event)
    numbers: dict[int, dict[int, tuple[str, int | None]]] = {}
    table_url, ruling_url = reverse_each("web:table"), reverse_each("rulings:new", event.code)
    for table in tables_where(Q(pk__in=list(rows))):
        stage = table.round.stage
        if stage.pk not in numbers:
            numbers[stage.pk] = pair_numbers(stage)
        row = rows[table.pk]
        row |= table_row(table, entrants, numbers[stage.pk]) | {"table": row["table"]}
        row["code_url"], row["ruling_url"] = table_url(table.code), ruling_url(table.pk)
        row["is_mitchell"] = stage.kind in Stage.MOVEMENT_KINDS


def stage_decisions(stage: Stage) -> list[dict[str, Any]]:
    """What the director decided about a stage's places, with the reasons, for its page:
    tie orders (第二十五条之4), qualification before the source was finished, and the
    entrants that withdrew (第三十条: their remaining matches forfeited)."""
    from scoring.models import QualificationOverride, TieOrder, Withdrawal

    names = entrant_views(stage.event)
    out: list[dict[str, Any]] = [
        {
            "group_label": order.group_label,
            "text": " › ".join(str(names[i]) for i in order.entrants if i in names),
            "reason": order.reason,
            "at": order.decided_at,
        }
        for order in TieOrder.objects.filter(stage=stage, withdrawn_at__isnull=True).order_by(
            "decided_at", "id"
        )
    ]
    out += [
        {
            "group_label": "",
            "text": _("提前出线"),
            "reason": override.reason,
            "at": override.decided_at,
        }
        for override in QualificationOverride.objects.filter(stage=stage)
    ]
    out += [
        {
            "group_label": "",
            "text": _("%(e)s退赛：其余比赛按弃权处理（第三十条）；已赛成绩%(p)s")
            % {
                "e": names[w.entrant_id] if w.entrant_id in names else w.entrant_id,
                "p": _("保留") if w.played == w.Played.KEEP else _("按弃权计"),
            },
            "reason": w.reason,
            "at": w.decided_at,
        }
        for w in Withdrawal.objects.filter(
            entrant__stage_entries__stage=stage, taken_back_at__isnull=True
        ).order_by("decided_at", "id")
    ]
    return out


__all__ = [
    "FOLD_AFTER_ROUNDS",
    "BoardsView",
    "DashboardTable",
    "EntrantView",
    "PairSeat",
    "current_round",
    "dashboard_tables",
    "director_dashboard",
    "entrant_views",
    "event_list",
    "event_overview",
    "pair_itinerary",
    "pair_numbers",
    "reverse_each",
    "stage_decisions",
    "table_page",
    "table_row",
    "tables_where",
]
