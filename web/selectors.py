"""What the public and director pages show, read from the event structure.

Views stay thin: each parses its URL, calls one function here and renders. These only
read; they turn rows into plain data for the templates (dataclasses, lists, dicts),
with the texts a page needs already translated.

Scores are not here yet: the cross-table and the bracket take what scoring will know
(``results``, ``standings``, the winners stored on the matches) as arguments or from
the rows, so the standings issue only has to pass them in.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Prefetch, Q, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from core.engine import SEAT_NAMES
from core.formats.bracket import BracketPart, BracketState, LoserOf, WinnerOf, advance
from tournament.models import (
    Entrant,
    Event,
    Membership,
    Seating,
    SetPlay,
    Stage,
    StageEntry,
    Table,
)
from tournament.roles import user_event_roles
from tournament.selectors import (
    events_visible,
    stage_bracket,
    stage_bracket_results,
    stage_seeds,
)

from .bracket_svg import BoxMatch, BoxSlot, Feed, bracket_svg

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
    """Every entrant of the event by id, with players (two queries)."""
    views = {
        e.pk: EntrantView(id=e.pk, kind=e.kind, number=e.number, name=e.name)
        for e in Entrant.objects.filter(event=event)
    }
    memberships = (
        Membership.objects.filter(entrant__event=event)
        .select_related("player")
        .order_by("entrant", "order", "id")
    )
    for m in memberships:
        views[m.entrant_id].players.append(m.player.name)
    return views


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


def _tables(filters: Q) -> QuerySet[Table]:
    return (
        Table.objects.filter(filters)
        .select_related("round__stage", "match")
        .prefetch_related(
            Prefetch("set_plays", queryset=SetPlay.objects.select_related("board_set"))
        )
        .order_by("round__stage__order", "round__number", "session", "number")
    )


# --- round robin and groups -----------------------------------------------------------


@dataclass
class ScheduledMatch:
    number: int
    home: EntrantView | None
    away: EntrantView | None
    group: str
    tables: list[int]
    winner: EntrantView | None = None


def _round_schedule(
    stage: Stage, entrants: Mapping[int, EntrantView], group: str | None = None
) -> list[dict[str, Any]]:
    """Rounds with their matches, table numbers and the teams that sit out (轮空)."""
    entries = list(stage.entries.all())
    if group is not None:
        entries = [e for e in entries if e.group_label == group]
    field_ids = {e.entrant_id for e in entries}
    matches = stage.matches.select_related("round").prefetch_related("tables").order_by("number")
    if group is not None:
        matches = matches.filter(group_label=group)
    by_round: dict[int, list[ScheduledMatch]] = defaultdict(list)
    playing: dict[int, set[int]] = defaultdict(set)
    for m in matches:
        tables = sorted({t.number for t in m.tables.all()})
        by_round[m.round.number].append(
            ScheduledMatch(
                number=m.number,
                home=entrants.get(m.home_id) if m.home_id else None,
                away=entrants.get(m.away_id) if m.away_id else None,
                group=m.group_label,
                tables=tables,
                winner=entrants.get(m.winner_id) if m.winner_id else None,
            )
        )
        playing[m.round.number].update(x for x in (m.home_id, m.away_id) if x)
    rounds = []
    for r in stage.rounds.order_by("number"):
        if group is not None and r.number not in by_round:
            continue
        byes = sorted(
            (entrants[i] for i in field_ids - playing[r.number] if i in entrants),
            key=lambda e: e.number,
        )
        rounds.append({"round": r, "matches": by_round.get(r.number, []), "byes": byes})
    return rounds


@dataclass
class CrossCell:
    """One cell of a cross-table: the row team against the column team."""

    opponent: EntrantView
    rounds: list[int]  # the rounds they meet in (two in a double round robin)
    result: str = ""  # filled by scoring, e.g. "18 : 12"


@dataclass
class CrossRow:
    position: int
    entrant: EntrantView
    cells: list[CrossCell | None]  # None on the diagonal
    total: str = ""
    rank: str = ""


def cross_table(
    stage: Stage,
    entrants: Mapping[int, EntrantView],
    *,
    group: str | None = None,
    results: Mapping[tuple[int, int], str] | None = None,
    standings: Mapping[int, Mapping[str, Any]] | None = None,
) -> list[CrossRow]:
    """The round robin's cross-table (交叉表), rows and columns in draw-number order.

    ``results`` maps (row entrant id, column entrant id) to the cell's text and
    ``standings`` maps an entrant id to ``{"total": …, "rank": …}``; both come from
    scoring once results exist, and the cells stay empty until then.
    """
    entries = [
        e
        for e in stage.entries.order_by("group_label", "position", "seed", "id")
        if group is None or e.group_label == group
    ]
    order = [e.entrant_id for e in entries if e.entrant_id in entrants]
    meetings: dict[frozenset[int], list[int]] = defaultdict(list)
    matches = stage.matches.select_related("round")
    if group is not None:
        matches = matches.filter(group_label=group)
    for m in matches:
        if m.home_id and m.away_id:
            meetings[frozenset((m.home_id, m.away_id))].append(m.round.number)
    results = results or {}
    standings = standings or {}
    rows = []
    for position, row_id in enumerate(order, start=1):
        cells: list[CrossCell | None] = []
        for col_id in order:
            if col_id == row_id:
                cells.append(None)
                continue
            cells.append(
                CrossCell(
                    opponent=entrants[col_id],
                    rounds=sorted(meetings.get(frozenset((row_id, col_id)), [])),
                    result=results.get((row_id, col_id), ""),
                )
            )
        standing = standings.get(row_id, {})
        rows.append(
            CrossRow(
                position=position,
                entrant=entrants[row_id],
                cells=cells,
                total=str(standing.get("total", "")),
                rank=str(standing.get("rank", "")),
            )
        )
    return rows


def round_robin_page(
    stage: Stage,
    entrants: Mapping[int, EntrantView],
    *,
    results: Mapping[tuple[int, int], str] | None = None,
    standings: Mapping[int, Mapping[str, Any]] | None = None,
) -> dict[str, Any]:
    return {
        "schedule": _round_schedule(stage, entrants),
        "cross_table": cross_table(stage, entrants, results=results, standings=standings),
    }


def groups_page(
    stage: Stage,
    entrants: Mapping[int, EntrantView],
    *,
    results: Mapping[tuple[int, int], str] | None = None,
    standings: Mapping[int, Mapping[str, Any]] | None = None,
) -> dict[str, Any]:
    labels = sorted({e.group_label for e in stage.entries.all() if e.group_label})
    return {
        "groups": [
            {
                "label": label,
                "cross_table": cross_table(
                    stage, entrants, group=label, results=results, standings=standings
                ),
                "schedule": _round_schedule(stage, entrants, group=label),
            }
            for label in labels
        ],
        "qualifiers": stage.options.qualifiers_per_group,
    }


def team_match_page(stage: Stage, entrants: Mapping[int, EntrantView]) -> dict[str, Any]:
    return {"schedule": _round_schedule(stage, entrants)}


# --- brackets -------------------------------------------------------------------------


def _source_text(source: Any, stored: str) -> str:
    if isinstance(source, WinnerOf):
        return _("M%(n)d胜者") % {"n": source.match}
    if isinstance(source, LoserOf):
        return _("M%(n)d负者") % {"n": source.match}
    if stored.startswith("group:"):
        _kind, label, place = stored.split(":")
        return _("%(group)s组第%(place)s名") % {"group": label, "place": place}
    return _("%(n)d号种子") % {"n": source.seed}


def _column_titles(kind: str, rounds: Mapping[str, int], reset: bool) -> dict[tuple[str, int], str]:
    titles: dict[tuple[str, int], str] = {}
    depth = rounds.get("winners", 0)
    if kind == Stage.Kind.KNOCKOUT:
        names = {depth: _("决赛"), depth - 1: _("半决赛"), depth - 2: _("四分之一决赛")}
        for r in range(1, depth + 1):
            titles[("winners", r)] = names.get(r) or _("第%(n)d轮") % {"n": r}
        for r in range(1, rounds.get("placing", 0) + 1):
            titles[("placing", r)] = _("名次赛")
        return titles
    for r in range(1, depth + 1):
        titles[("winners", r)] = _("胜区决赛") if r == depth else _("胜区第%(n)d轮") % {"n": r}
    losers = rounds.get("losers", 0)
    for r in range(1, losers + 1):
        titles[("losers", r)] = _("负区决赛") if r == losers else _("负区第%(n)d轮") % {"n": r}
    titles[("final", 1)] = _("决赛")
    if reset:
        titles[("final", 2)] = _("加赛决赛")
    return titles


STATUS_LABELS = {
    "decided": gettext_noop("已结束"),
    "ready": gettext_noop("可进行"),
    "pending": gettext_noop("待定"),
    "not_needed": gettext_noop("无需进行"),
}


def bracket_page(
    stage: Stage,
    entrants: Mapping[int, EntrantView],
    *,
    scores: Mapping[int, tuple[str, str]] | None = None,
    state: BracketState | None = None,
) -> dict[str, Any]:
    """The bracket as a picture (SVG) and as a list; ``scores`` maps a match number to
    its (home, away) score and ``state`` is who sits where and who won, both as the
    reader sees them (``scoring.selectors.bracket_rows``: a match with a board the
    reader may not see yet is not decided, nobody moved on). Without ``state``, the
    stored results."""
    scores = scores or {}
    rows = list(stage.matches.select_related("round").order_by("number"))
    stored = {m.number: m for m in rows}
    bracket = stage_bracket(stage, rows)
    if state is None:
        state = advance(bracket, stage_bracket_results(stage, rows))
    seeds = {seed: entrants.get(e.pk) for seed, e in stage_seeds(stage).items()}
    rounds: dict[str, int] = {}
    for m in bracket.matches:
        rounds[m.side.value] = max(rounds.get(m.side.value, 0), m.round)
    titles = _column_titles(stage.kind, rounds, any(m.reset for m in bracket.matches))
    boxes: list[BoxMatch] = []
    listing: list[dict[str, Any]] = []
    for m in bracket.matches:
        row = stored[m.id]
        occupants = state.occupants.get(m.id, (None, None))
        result = state.results.get(m.id)
        if m.id in state.decided:
            status = "decided"
        elif m.id in state.ready:
            status = "ready"
        elif m.id in state.not_needed:
            status = "not_needed"
        else:
            status = "pending"
        slots = []
        match_score = scores.get(m.id, ("", ""))
        for source, seed, text, points in zip(
            m.sources, occupants, (row.home_source, row.away_source), match_score, strict=True
        ):
            entrant = seeds.get(seed) if seed is not None else None
            if entrant is not None:
                shown = f"{seed} {entrant.label}"
                slot_state = ""
                if result is not None and result.winner == seed:
                    slot_state = "winner"
                elif result is not None:
                    slot_state = "loser out" if state.eliminated.get(seed) == m.id else "loser"
                slots.append(BoxSlot(text=shown, state=slot_state, title=shown, score=points))
            elif status == "not_needed":
                slots.append(BoxSlot(text="—", state="open"))
            else:
                slots.append(BoxSlot(text=_source_text(source, text), state="open"))
        feeds = tuple(
            Feed(
                source=s.match,
                kind="winner" if isinstance(s, WinnerOf) else "loser",
                slot=i,
            )
            for i, s in enumerate(m.sources)
            if isinstance(s, WinnerOf | LoserOf)
        )
        box = BoxMatch(
            id=m.id,
            side=m.side.value,
            round=m.round,
            label=f"M{m.id}",
            slots=(slots[0], slots[1]),
            feeds=feeds,
            status=status,
        )
        boxes.append(box)
        listing.append(
            {
                "box": box,
                "column": titles.get((m.side.value, m.round), ""),
                "round": row.round.number,
                "status": _(STATUS_LABELS[status]),
                "winner": seeds.get(result.winner) if result is not None else None,
                "score": match_score if any(match_score) else None,
            }
        )
    champion = seeds.get(state.champion) if state.champion is not None else None
    runner_up = seeds.get(state.runner_up) if state.runner_up is not None else None
    title = _("%(stage)s对阵图") % {"stage": stage.name}
    places = _bracket_places(bracket, state, seeds) if state.champion is not None else []
    return {
        "svg": bracket_svg(boxes, title=title, column_titles=titles),
        "matches": listing,
        "champion": champion,
        "runner_up": runner_up,
        "places": places,
        "is_double": stage.kind == Stage.Kind.DOUBLE_ELIMINATION,
        "side_names": {BracketPart.WINNERS.value: _("胜区"), BracketPart.LOSERS.value: _("负区")},
    }


def _bracket_places(bracket: Any, state: Any, seeds: Mapping[int, Any]) -> list[dict[str, Any]]:
    """The final places once the champion is known: 1 and 2 from the final, then the
    teams out in the same round of the same bracket share a place, later rounds first
    (a knockout's two semi-final losers are 3=)."""
    where = {m.id: (m.side.value, m.round) for m in bracket.matches}
    places = [{"place": "1", "entrant": seeds.get(state.champion)}]
    if state.runner_up is not None:
        places.append({"place": "2", "entrant": seeds.get(state.runner_up)})
    out: dict[tuple[str, int], list[tuple[int, int]]] = defaultdict(list)
    for seed, match_id in state.eliminated.items():
        if seed not in (state.champion, state.runner_up):
            out[where[match_id]].append((match_id, seed))
    place = len(places) + 1
    for group in sorted(out.values(), key=lambda g: -max(match_id for match_id, _s in g)):
        mark = "=" if len(group) > 1 else ""
        for _match_id, seed in sorted(group, key=lambda item: item[1]):
            places.append({"place": f"{place}{mark}", "entrant": seeds.get(seed)})
        place += len(group)
    return places


# --- Mitchell and the pairs final -----------------------------------------------------


def _pair_numbers(stage: Stage) -> dict[int, tuple[str, int | None]]:
    return {e.entrant_id: (e.direction, e.pair_number) for e in stage.entries.all()}


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


def mitchell_page(
    stage: Stage, entrants: Mapping[int, EntrantView], shown_round: int | None = None
) -> dict[str, Any]:
    """The movement, every round of a small stage; a big one (more than
    ``FOLD_AFTER_ROUNDS``) one round at a time: ``shown_round``, by default the round
    being played, with every round's number to go to. And the pairs."""
    numbers = _pair_numbers(stage)
    round_numbers = list(stage.rounds.order_by("number").values_list("number", flat=True))
    which = Q(round__stage=stage)
    if shown_round in round_numbers or len(round_numbers) > FOLD_AFTER_ROUNDS:
        if shown_round not in round_numbers:
            shown_round = current_round(stage)
        which &= Q(round__number=shown_round)
    else:
        shown_round = None
    rounds: dict[int, dict[str, Any]] = {}
    for table in _tables(which):
        r = rounds.setdefault(table.round.number, {"round": table.round, "tables": []})
        r["tables"].append(_table_row(table, entrants, numbers))
    for r in rounds.values():
        seated = {t["ns"].entrant.id for t in r["tables"] if t["ns"] and t["ns"].entrant}
        seated |= {t["ew"].entrant.id for t in r["tables"] if t["ew"] and t["ew"].entrant}
        r["sit_out"] = [
            PairSeat(entrant=entrants.get(e), direction=d, number=n)
            for e, (d, n) in sorted(numbers.items(), key=lambda p: (p[1][0], p[1][1] or 0))
            if e not in seated
        ]
    pairs: dict[str, list[PairSeat]] = {"NS": [], "EW": [], "": []}
    for entry in sorted(stage.entries.all(), key=lambda e: (e.direction, e.pair_number or 0)):
        if entry.direction in pairs:
            pairs[entry.direction].append(
                PairSeat(
                    entrant=entrants.get(entry.entrant_id),
                    direction=entry.direction,
                    number=entry.pair_number,
                )
            )
    howell = stage.kind == Stage.Kind.HOWELL
    sections = max(stage.options.sections, 1) if not howell else 1
    table_count = len(pairs["NS"]) // sections if not howell else (len(pairs[""]) + 1) // 2
    return {
        "rounds": [rounds[n] for n in sorted(rounds)],
        "round_numbers": round_numbers,
        "shown_round": shown_round,
        "ns_pairs": pairs["NS"],
        "ew_pairs": pairs["EW"],
        "howell_pairs": pairs[""],
        "is_howell": howell,
        "table_count": table_count,
        "skip_after": (
            table_count // 2 if not howell and table_count and table_count % 2 == 0 else None
        ),
        "boards_per_round": stage.options.boards_per_round,
    }


def _table_row(
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
    numbers = _pair_numbers(stage)
    pair = entry.entrant_id
    own = Q(ns_id=pair) if direction == "NS" else Q(ew_id=pair)
    if direction == "":  # a Howell pair sits N–S at some tables, E–W at others
        own = Q(ns_id=pair) | Q(ew_id=pair)
    rows: dict[int, dict[str, Any]] = {}
    for table in _tables(Q(round__stage=stage) & own):
        row = _table_row(table, entrants, numbers)
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


def pairs_final_page(stage: Stage, entrants: Mapping[int, EntrantView]) -> dict[str, Any]:
    """The final's seating (open and closed room) and which pairs play for which places."""
    numbers = _pair_numbers(stage)
    sources = {e.entrant_id: e.source for e in stage.entries.all()}
    tables = [_table_row(t, entrants, numbers) for t in _tables(Q(round__stage=stage))]
    for row in tables:
        for key in ("ns", "ew"):
            seat = row[key]
            row[f"{key}_source"] = (
                _ranking_text(sources.get(seat.entrant.id, "")) if seat and seat.entrant else ""
            )
    contests = []
    for m in stage.matches.order_by("number"):
        contests.append(
            {
                "match": m,
                "places": (m.first_place, (m.first_place or 0) + 1),
                "open": entrants.get(m.home_id) if m.home_id else None,
                "closed": entrants.get(m.away_id) if m.away_id else None,
                "open_source": _ranking_text(m.home_source),
                "closed_source": _ranking_text(m.away_source),
            }
        )
    return {"tables": tables, "contests": contests, "places": stage.options.places}


def _ranking_text(source: str) -> str:
    """``ns:1`` → 南北第1名."""
    direction, _sep, place = source.partition(":")
    if direction == "ns":
        return _("南北第%(n)s名") % {"n": place}
    if direction == "ew":
        return _("东西第%(n)s名") % {"n": place}
    return source


# --- a table's own page ---------------------------------------------------------------


def table_page(table: Table) -> dict[str, Any]:
    """What a table's code shows: the round, who sits where, which boards in what order."""
    stage = table.round.stage
    entrants = entrant_views(stage.event)
    numbers = _pair_numbers(stage)
    row = _table_row(
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


def director_dashboard(event: Event) -> dict[str, Any]:
    """Every stage, round and table of the event (a row per table holding just the
    table: what its progress needs). ``dashboard_tables`` then fills in the pairs and
    boards of the rounds the page shows in full — a 30-table Mitchell has 870 tables,
    most of them folded away."""
    stages = {s.pk: {"stage": s, "rounds": {}} for s in event.stages.order_by("order")}
    tables = (
        Table.objects.filter(round__stage__event=event)
        .select_related("round")
        .only("number", "session", "room", "code", "round")
        .order_by("round__stage__order", "round__number", "session", "number")
    )
    for table in tables:
        rounds = stages[table.round.stage_id]["rounds"]
        r = rounds.setdefault(table.round.number, {"round": table.round, "tables": []})
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
    for table in _tables(Q(pk__in=list(rows))).select_related("ns", "ew"):
        stage = table.round.stage
        if stage.pk not in numbers:
            numbers[stage.pk] = _pair_numbers(stage)
        row = rows[table.pk]
        row |= _table_row(table, entrants, numbers[stage.pk]) | {"table": row["table"]}
        row["is_mitchell"] = stage.kind in Stage.MOVEMENT_KINDS


def stage_decisions(stage: Stage) -> list[dict[str, Any]]:
    """What the director decided about a stage's places, with the reasons, for its page:
    tie orders (第二十五条之4) and qualification before the source was finished."""
    from scoring.models import QualificationOverride, TieOrder

    names = entrant_views(stage.event)
    out: list[dict[str, Any]] = [
        {
            "group_label": order.group_label,
            "text": " › ".join(str(names[i]) for i in order.entrants if i in names),
            "reason": order.reason,
            "at": order.decided_at,
        }
        for order in TieOrder.objects.filter(stage=stage).order_by("decided_at", "id")
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
    return out


__all__ = [
    "BoardsView",
    "CrossCell",
    "CrossRow",
    "EntrantView",
    "PairSeat",
    "ScheduledMatch",
    "bracket_page",
    "cross_table",
    "current_round",
    "dashboard_tables",
    "director_dashboard",
    "entrant_views",
    "event_list",
    "event_overview",
    "groups_page",
    "mitchell_page",
    "pair_itinerary",
    "pairs_final_page",
    "round_robin_page",
    "table_page",
    "team_match_page",
]
