"""Reads that turn an event's rows into the plain data of each paper (``printing.data``).

One function per paper, each ``<paper>_data(event, *, stage=None)``: every stage of the
event the paper applies to, or just ``stage``. Queries are few and bulk (a Mitchell of
60 tables has 3,540 table rows), so each function loads what it needs up front.
"""

from __future__ import annotations

import dataclasses
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db.models import F
from django.utils import timezone

from boards.models import Board, BoxCard, Result
from boards.selectors import copy_hand_record, visible_board_ids
from boards.services import first_play_tables
from core.formats.movement import Balance, balance, comparison_counts
from core.results import xiaosa_puts
from core.standings import BoardState, MatchDecision
from scoring.models import BoardScore, MatchScore, TravellerScore, Withdrawal
from scoring.rows import BracketRows, MatchLine, StandingLine
from scoring.selectors import bracket_rows, cross_table_rows, match_lines, standings_rows
from tournament.models import (
    BoardSet,
    Entrant,
    Event,
    Match,
    Membership,
    Round,
    SetPlay,
    Stage,
    StageEntry,
    Table,
)
from tournament.roles import person_name
from tournament.services import stage_pin

from . import data as d

__all__ = [
    "visible_boards",
    "board_handouts_data",
    "box_cards_data",
    "score_cards_data",
    "table_cards_data",
    "traveller_records_data",
    "entrants_data",
    "bracket_data",
    "entrant_ref",
    "event_info",
    "guide_cards_data",
    "hand_records_data",
    "movement_data",
    "results_data",
    "ruling_slips_data",
    "schedule_data",
    "score_sheets_data",
    "scorecards_data",
    "stages_of",
    "standings_data",
    "table_url",
    "travellers_data",
]

TEAM_SCHEDULE_KINDS = (
    Stage.Kind.ROUND_ROBIN,
    Stage.Kind.GROUP_ROUND_ROBIN,
    Stage.Kind.TEAM_MATCH,
    Stage.Kind.SWISS,  # each round as paired so far
)


def event_info(event: Event) -> d.EventInfo:
    dates = ""
    if event.starts_on:
        dates = event.starts_on.isoformat()
        if event.ends_on and event.ends_on != event.starts_on:
            dates += f" – {event.ends_on.isoformat()}"
    return d.EventInfo(name=event.name, code=event.code, venue=event.venue, dates=dates)


def stages_of(event: Event, kinds: Iterable[str], stage: Stage | None = None) -> list[Stage]:
    """The event's stages of ``kinds`` in order, or ``stage`` alone if it is one of them."""
    kinds = set(kinds)
    if stage is not None:
        return [stage] if stage.event_id == event.pk and stage.kind in kinds else []
    return list(event.stages.filter(kind__in=kinds).order_by("order", "id"))


def _players_by_entrant(entrant_ids: Iterable[int]) -> dict[int, tuple[str, ...]]:
    out: dict[int, list[str]] = defaultdict(list)
    rows = (
        Membership.objects.filter(entrant_id__in=set(entrant_ids))
        .select_related("player")
        .order_by("entrant_id", "order", "id")
    )
    for m in rows:
        out[m.entrant_id].append(m.player.name)
    return {k: tuple(v) for k, v in out.items()}


def entrant_ref(
    entrant: Entrant | None, players: dict[int, tuple[str, ...]], number: int | None = None
) -> d.EntrantRef | None:
    if entrant is None:
        return None
    return d.EntrantRef(
        number=entrant.number if number is None else number,
        name=entrant.name,
        players=players.get(entrant.pk, ()),
    )


def table_url(code: str) -> str:
    """The absolute entry link of a table (``SITE_URL/t/<code>/``), for its QR code."""
    return f"{settings.SITE_URL.rstrip('/')}/t/{code}/"


# --- Mitchell -------------------------------------------------------------------------------


def _table_sets(stage: Stage) -> dict[int, list[BoardSet]]:
    """Table id → the board sets the table plays, in its order: one query (a set
    prefetched a table was a clone of the query each, 7,000 for a 60-table Mitchell)."""
    plays = list(
        SetPlay.objects.filter(table__round__stage=stage)
        .order_by("table_id", "order")
        .values_list("table_id", "board_set_id")
    )
    sets = BoardSet.objects.in_bulk({board_set for _table, board_set in plays})
    out: dict[int, list[BoardSet]] = defaultdict(list)
    for table, board_set in plays:
        out[table].append(sets[board_set])
    return out


def _mitchell_rows(
    stage: Stage,
) -> tuple[list[Any], dict[int, BoardSet], dict[int, d.EntrantRef]]:
    """The stage's tables (round, number order) as rows of ``pk``, ``round_number``,
    ``number``, ``ns_id``, ``ew_id`` and ``code`` (not models: 7,000 at 60 tables),
    each table's set, and each pair as numbered in its direction."""
    tables = list(
        Table.objects.filter(round__stage=stage)
        .annotate(round_number=F("round__number"))
        .order_by("round__number", "session", "number")
        .values_list("pk", "round_number", "number", "ns_id", "ew_id", "code", named=True)
    )
    set_of = {table: sets[0] for table, sets in _table_sets(stage).items()}
    return tables, set_of, _mitchell_pairs(stage)


def _mitchell_pairs(stage: Stage) -> dict[int, d.EntrantRef]:
    """Entrant id → the pair as numbered in its direction of the Mitchell."""
    entries = list(StageEntry.objects.filter(stage=stage).select_related("entrant"))
    players = _players_by_entrant(e.entrant_id for e in entries)
    return {
        e.entrant_id: d.EntrantRef(
            number=e.pair_number, name=e.entrant.name, players=players.get(e.entrant_id, ())
        )
        for e in entries
    }


def entrants_data(event: Event) -> d.EntrantsData:
    """The event's teams then pairs, in number order, as the exporter writes them."""
    rows = []
    entrants = Entrant.objects.filter(event=event).prefetch_related("memberships__player")
    for e in sorted(entrants, key=lambda e: (e.kind != Entrant.Kind.TEAM, e.number)):
        members = sorted(e.memberships.all(), key=lambda m: (m.order, m.pk))
        captain = next((m.player.name for m in members if m.role == Membership.Role.CAPTAIN), "")
        rows.append(
            d.EntrantRow(
                kind=e.kind,
                number=e.number,
                name=e.name,
                seed=e.seed,
                captain=captain,
                players=tuple((m.player.name, m.player.club) for m in members),
            )
        )
    return d.EntrantsData(event=event_info(event), entrants=tuple(rows))


def pin_cards_data(event: Event, *, stage: Stage | None = None) -> d.PinCardsData:
    """Every team's and pair's PIN card for each stage it plays (or ``stage`` alone),
    stage by stage, teams then pairs, in number order: a PIN holds for one stage."""
    stages = [stage] if stage is not None else list(event.stages.order_by("order", "id"))
    cards = []
    for s in stages:
        seated = Table.objects.filter(round__stage=s).values_list("ns_id", "ew_id")
        ids = {pk for pair in seated for pk in pair if pk is not None}
        ids |= set(s.entries.values_list("entrant_id", flat=True))
        entrants = Entrant.objects.filter(event=event, pk__in=ids).prefetch_related(
            "memberships__player"
        )
        # A Mitchell pair is named as the table papers name it: its direction and its
        # number in it (the guide card's 南北：7), not its number in the event.
        seats: dict[int, tuple[str, d.EntrantRef]] = {}
        if s.kind in Stage.MOVEMENT_KINDS:
            directions = dict(s.entries.values_list("entrant_id", "direction"))
            refs = _mitchell_pairs(s)
            seats = {pk: (directions.get(pk) or "", ref) for pk, ref in refs.items()}
        for e in sorted(entrants, key=lambda e: (e.kind != Entrant.Kind.TEAM, e.number)):
            members = sorted(e.memberships.all(), key=lambda m: (m.order, m.pk))
            direction, seat = seats.get(e.pk, ("", None))
            cards.append(
                d.PinCard(
                    kind=e.kind,
                    number=e.number,
                    name=e.name,
                    players=tuple(m.player.name for m in members),
                    pin=stage_pin(s, e),
                    stage=s.name,
                    direction=direction if seat is not None and seat.number else "",
                    seat=seat if seat is not None and seat.number else None,
                )
            )
    return d.PinCardsData(event=event_info(event), cards=tuple(cards))


def movement_data(event: Event, *, stage: Stage | None = None) -> d.MovementData:
    """The movement sheet of each Mitchell and Howell: a page a round, and the pairs
    that sit out that round (an odd field's 轮空: they have no table)."""
    stages = []
    for s in stages_of(event, Stage.MOVEMENT_KINDS, stage):
        tables, set_of, pairs = _mitchell_rows(s)
        seated: dict[int, set[int]] = defaultdict(set)
        for t in tables:
            seated[t.round_number].update((t.ns_id, t.ew_id))
        by_round: dict[int, list[d.MovementRow]] = defaultdict(list)
        for t in tables:
            board_set = set_of.get(t.pk)
            by_round[t.round_number].append(
                d.MovementRow(
                    table=t.number,
                    ns=pairs.get(t.ns_id) if t.ns_id else None,
                    ew=pairs.get(t.ew_id) if t.ew_id else None,
                    board_set=board_set.number if board_set else 0,
                    boards=tuple(board_set.board_numbers) if board_set else (),
                    start_level=board_set.start_level if board_set else "",
                )
            )
        count = max((len(rows) for rows in by_round.values()), default=0)
        stages.append(
            d.MovementStage(
                name=s.name,
                tables=count,
                boards_per_round=s.options.boards_per_round,
                rounds=tuple(
                    d.MovementRound(
                        number=n,
                        rows=tuple(rows),
                        sit_out=tuple(
                            ref
                            for entrant_id, ref in sorted(
                                pairs.items(), key=lambda p: p[1].number or 0
                            )
                            if entrant_id not in seated[n]
                        ),
                    )
                    for n, rows in sorted(by_round.items())
                ),
                skip_after_round=_skip_after(s),
                howell=s.kind == Stage.Kind.HOWELL,
                balance=_balance(tables, set_of, pairs) if s.kind == Stage.Kind.HOWELL else None,
            )
        )
    return d.MovementData(event=event_info(event), stages=tuple(stages))


def _balance(
    tables: Sequence[Any], set_of: Mapping[int, BoardSet], pairs: Mapping[int, d.EntrantRef]
) -> Balance:
    """How evenly the stored tables compare the pairs (a director's change shows)."""
    plays = [(set_of[t.pk].number, t.ns_id, t.ew_id) for t in tables if t.pk in set_of]
    return balance(comparison_counts(plays, pairs))


def _skip_after(stage: Stage) -> int | None:
    """The round after which a Mitchell's E–W pairs skip a table (an even number of
    tables in each section), None when they never do."""
    if stage.kind != Stage.Kind.MITCHELL:
        return None
    entries = stage.entries.filter(direction=StageEntry.Direction.NS)
    tables = entries.count() // max(stage.options.sections, 1)
    return tables // 2 if tables and tables % 2 == 0 else None


def guide_cards_data(event: Event, *, stage: Stage | None = None) -> d.GuideCardsData:
    """Per table of a Mitchell or Howell: each round's arriving pairs, its boards, where
    the boards and the pairs go next, and the round's entry code; a round in which the
    table's pair sits out (轮空) is a line without boards or code. Where things come
    from and go is read from the stored tables, so a director's change shows."""
    cards = []
    for s in stages_of(event, Stage.MOVEMENT_KINDS, stage):
        tables, set_of, pairs = _mitchell_rows(s)
        at: dict[tuple[int, int], Any] = {(t.round_number, t.number): t for t in tables}
        # Where each pair sits each round, in either seat (a Howell pair changes seats).
        ew_table = {(t.round_number, t.ew_id): t.number for t in tables if t.ew_id}
        ew_table |= {(t.round_number, t.ns_id): t.number for t in tables if t.ns_id}
        home = {t.number: t.ns_id for t in tables} if s.kind == Stage.Kind.MITCHELL else {}
        set_table = {(t.round_number, set_of[t.pk].pk): t.number for t in tables if t.pk in set_of}
        numbers = sorted({t.number for t in tables})
        round_numbers = sorted({t.round_number for t in tables})
        for number in numbers:
            rounds = []
            for r in round_numbers:
                t = at.get((r, number))
                if t is None:
                    if number in home:  # the stationary N–S pair sits out this round
                        rounds.append(
                            d.GuideRound(
                                round=r,
                                ns=pairs.get(home[number]) if home[number] else None,
                                ew=None,
                                ew_from=None,
                                boards=(),
                                start_level="",
                                boards_next=None,
                                ew_next=None,
                                code="",
                                url="",
                            )
                        )
                    continue
                board_set = set_of.get(t.pk)
                rounds.append(
                    d.GuideRound(
                        round=r,
                        ns=pairs.get(t.ns_id) if t.ns_id else None,
                        ew=pairs.get(t.ew_id) if t.ew_id else None,
                        ew_from=ew_table.get((r - 1, t.ew_id)) if t.ew_id else None,
                        boards=tuple(board_set.board_numbers) if board_set else (),
                        start_level=board_set.start_level if board_set else "",
                        boards_next=set_table.get((r + 1, board_set.pk)) if board_set else None,
                        ew_next=ew_table.get((r + 1, t.ew_id)) if t.ew_id else None,
                        code=t.code,
                        url=table_url(t.code),
                        ns_next=(
                            ew_table.get((r + 1, t.ns_id))
                            if t.ns_id and s.kind == Stage.Kind.HOWELL
                            else None
                        ),
                    )
                )
            cards.append(d.GuideCard(stage=s.name, table=number, rounds=tuple(rounds)))
    return d.GuideCardsData(event=event_info(event), cards=tuple(cards))


# --- team schedules and brackets ------------------------------------------------------------


def _round_boards(stage: Stage) -> dict[int, str]:
    """Round id → the boards its matches play (``1–24``), tie-break sets left out."""
    spans: dict[int, list[int]] = defaultdict(list)
    for bs in BoardSet.objects.filter(stage=stage, round__isnull=False, tiebreak=False):
        spans[bs.round_id] += list(bs.board_numbers)
    return {rid: d.board_range(tuple(sorted(b))) for rid, b in spans.items()}


def _match_tables(stage: Stage) -> dict[int, tuple[int, ...]]:
    """Match id → its first session's table numbers, open room first."""
    out: dict[int, list[int]] = defaultdict(list)
    rows = Table.objects.filter(round__stage=stage, session=1, match__isnull=False).order_by(
        "room", "number"
    )
    for t in sorted(rows, key=lambda t: (t.room != Table.Room.OPEN, t.number)):
        out[t.match_id].append(t.number)
    return {k: tuple(v) for k, v in out.items()}


def schedule_data(event: Event, *, stage: Stage | None = None) -> d.ScheduleData:
    stages = []
    for s in stages_of(event, TEAM_SCHEDULE_KINDS, stage):
        entries = list(
            StageEntry.objects.filter(stage=s)
            .select_related("entrant")
            .order_by("group_label", "position", "seed", "id")
        )
        matches = list(
            Match.objects.filter(stage=s).select_related("round", "home", "away").order_by("number")
        )
        players = _players_by_entrant(
            [e.entrant_id for e in entries]
            + [m.home_id for m in matches if m.home_id]
            + [m.away_id for m in matches if m.away_id]
        )
        tables = _match_tables(s)
        boards = _round_boards(s)
        by_round: dict[Round, list[Match]] = defaultdict(list)
        for m in matches:
            by_round[m.round].append(m)
        # a Swiss round paired after a team withdrew (第三十条) is no bye for it
        withdrawn = list(Withdrawal.objects.standing_in(s)) if s.kind == Stage.Kind.SWISS else []
        rounds = []
        for round_ in sorted(s.rounds.all(), key=lambda r: r.number):
            playing = by_round.get(round_, [])
            busy = {m.home_id for m in playing} | {m.away_id for m in playing}
            busy |= {w.entrant_id for w in withdrawn if w.unpaired_in(round_.pk)}
            groups_playing = {m.group_label for m in playing}
            byes = tuple(
                ref
                for e in entries
                if e.entrant_id not in busy
                and e.group_label in groups_playing
                and (ref := entrant_ref(e.entrant, players)) is not None
            )
            rounds.append(
                d.ScheduleRound(
                    number=round_.number,
                    matches=tuple(
                        d.ScheduleMatch(
                            number=m.number,
                            home=entrant_ref(m.home, players),
                            away=entrant_ref(m.away, players),
                            home_source=m.home_source,
                            away_source=m.away_source,
                            group=m.group_label,
                            tables=tables.get(m.pk, ()),
                            boards=boards.get(round_.pk, ""),
                        )
                        for m in playing
                    ),
                    byes=byes,
                )
            )
        teams = tuple(ref for e in entries if (ref := entrant_ref(e.entrant, players)) is not None)
        stages.append(d.ScheduleStage(name=s.name, teams=teams, rounds=tuple(rounds)))
    return d.ScheduleData(event=event_info(event), stages=tuple(stages))


def _feeds(matches: list[Match]) -> tuple[dict[int, int], dict[int, int]]:
    winner_to: dict[int, int] = {}
    loser_to: dict[int, int] = {}
    for m in matches:
        for source in (m.home_source, m.away_source):
            kind, _sep, rest = source.partition(":")
            if kind == "winner":
                winner_to[int(rest.removeprefix("M"))] = m.number
            elif kind == "loser":
                loser_to[int(rest.removeprefix("M"))] = m.number
    return winner_to, loser_to


def _slot(
    entrant: Entrant | None,
    source: str,
    won: bool,
    players: dict[int, tuple[str, ...]],
    seeds: dict[int, int | None],
    score: str,
) -> d.BracketSlot:
    return d.BracketSlot(
        entrant=entrant_ref(entrant, players),
        source=source,
        seed=seeds.get(entrant.pk) if entrant is not None else None,
        won=won,
        score=score if entrant is not None else "",
    )


def _slot_score(line: MatchLine | None, entrant_id: int | None) -> str:
    """An entrant's score in a match, once it has boards scored (or a forfeit)."""
    if line is None or line.needs_review or entrant_id is None:
        return ""
    if not (line.boards_scored or line.decision == "forfeit"):
        return ""
    if entrant_id == line.home_id:
        return d.number_text(line.home)
    return d.number_text(line.away) if entrant_id == line.away_id else ""


def _progress(line: MatchLine | None) -> tuple[int, int] | None:
    """(boards scored, of) while a match is under way — or, for a player, while a
    scored board of it is still hidden (第二十八条之6): 未完 either way."""
    if line is None or line.needs_review or line.decision == "forfeit":
        return None
    if 0 < line.boards_scored < line.boards_expected or line.hidden:
        return (line.boards_scored, line.boards_expected)  # the shown boards (MatchLine)
    return None


def _box(
    m: Match,
    seen: BracketRows,
    entrants: dict[int, Entrant],
    players: dict[int, tuple[str, ...]],
    seeds: dict[int, int | None],
    feeds: tuple[dict[int, int], dict[int, int]],
) -> d.BracketBox:
    """A match of the bracket as the reader sees it: its teams, winner and score."""
    winner_to, loser_to = feeds
    line = seen.lines.get(m.number)
    occupants = seen.state.occupants.get(m.number, (None, None))
    winner = seen.winner(m.number)
    slots = []
    for seed, source in zip(occupants, (m.home_source, m.away_source), strict=True):
        entrant_id = seen.entrant(seed)
        entrant = entrants.get(entrant_id) if entrant_id is not None else None
        slots.append(
            _slot(
                entrant,
                source,
                winner is not None and winner == entrant_id,
                players,
                seeds,
                _slot_score(line, entrant_id),
            )
        )
    return d.BracketBox(
        number=m.number,
        side=m.side or "winners",
        round=m.bracket_round or 1,
        a=slots[0],
        b=slots[1],
        winner_to=winner_to.get(m.number),
        loser_to=loser_to.get(m.number),
        reset=m.is_reset,
        not_needed=m.number in seen.state.not_needed or m.status == Match.Status.NOT_NEEDED,
        places=(
            (m.first_place, m.loser_place)
            if m.first_place is not None and m.loser_place is not None
            else None
        ),
        progress=_progress(line),
        tiebreak=line is not None and line.decision == MatchDecision.TIEBREAK.value,
    )


def bracket_data(
    event: Event, *, stage: Stage | None = None, official: bool = True
) -> d.BracketData:
    """Each bracket as ``official`` or a player reads it (``scoring.selectors.bracket_rows``):
    for a player a match with a board still hidden is 未完, its winner not marked and
    not moved on, as on the phone (第二十八条之6)."""
    sheets = []
    kinds = [Stage.Kind.KNOCKOUT, Stage.Kind.DOUBLE_ELIMINATION]
    for s in stages_of(event, kinds, stage):
        matches = list(Match.objects.filter(stage=s).order_by("number"))
        seeds = {
            e.entrant_id: e.seed for e in StageEntry.objects.filter(stage=s, seed__isnull=False)
        }
        seen = bracket_rows(s, official=official)
        entrants = Entrant.objects.in_bulk(seen.seeds.values())
        players = _players_by_entrant(entrants)
        feeds = _feeds(matches)
        champion_id = seen.champion
        champion = entrant_ref(entrants.get(champion_id), players) if champion_id else None
        sheets.append(
            d.BracketSheet(
                stage=s.name,
                kind=s.kind,
                matches=tuple(_box(m, seen, entrants, players, seeds, feeds) for m in matches),
                champion=champion,
            )
        )
    return d.BracketData(event=event_info(event), sheets=tuple(sheets))


# --- boards -----------------------------------------------------------------------------------


def _copies(stage: Stage) -> list[tuple[BoardSet, Match | None]]:
    """Every physical copy of every board set: one per set in a Mitchell (the set
    travels), one per (set, match) otherwise (each match, or each contest of a pairs
    final, has its own boxes), as ``boards.models.BoxCard`` keys them."""
    sets = list(
        BoardSet.objects.filter(stage=stage)
        .select_related("round")
        .order_by("round__number", "number")
    )
    if stage.kind in Stage.MOVEMENT_KINDS:
        return [(bs, None) for bs in sets]
    matches_by_set: dict[int, list[Match]] = defaultdict(list)
    plays = (
        SetPlay.objects.filter(board_set__stage=stage, table__match__isnull=False)
        .exclude(table__match__status=Match.Status.NOT_NEEDED)
        .select_related("table__match__home", "table__match__away")
        .order_by("table__match__number")
    )
    for play in plays:
        match = play.table.match
        if match is not None and match not in matches_by_set[play.board_set_id]:
            matches_by_set[play.board_set_id].append(match)
    return [(bs, m) for bs in sets for m in matches_by_set.get(bs.pk, [])]


def box_cards_data(event: Event, *, stage: Stage | None = None) -> d.BoxCardsData:
    """A card for every copy of every board, stage by stage in the event's order, a
    match's boxes together in match number order (M9 before M10), each in board order;
    the first table that plays the copy pre-printed; a card already filled at its
    first table carries what was written."""
    cards = []
    for s in stages_of(event, Stage.Kind.values, stage):
        boards = {
            (b.board_set_id, b.number): b.pk
            for b in Board.objects.filter(stage=s).only("id", "board_set_id", "number")
        }
        filled = {
            (box.board_id, box.match_id): box for box in BoxCard.objects.filter(board__stage=s)
        }
        copies = _copies(s)
        firsts = first_play_tables({board_set.pk for board_set, _m in copies})
        stage_cards = []
        for board_set, match in copies:
            first = firsts.get((board_set.pk, match.pk if match else None))
            for number in board_set.board_numbers:
                board_id = boards.get((board_set.pk, number))
                box = filled.get((board_id, match.pk if match else None)) if board_id else None
                card = d.BoxCard(
                    stage=s.name,
                    board=number,
                    round=board_set.round.number if board_set.round_id else None,
                    match=match.code if match else "",
                    home=entrant_ref(match.home, {}) if match else None,
                    away=entrant_ref(match.away, {}) if match else None,
                    home_source=match.home_source if match else "",
                    away_source=match.away_source if match else "",
                    start_level=board_set.start_level if number == board_set.first_board else "",
                    level_ns=box.level_ns if box else "",
                    level_ew=box.level_ew if box else "",
                    trump=box.trump if box else "",
                    declared_by=box.declared_by if box else "",
                    declarer=box.declarer if box else "",
                    filled=box is not None,
                    first_table=first.number if first else None,
                    first_room=first.room if first else "",
                )
                stage_cards.append((match.number if match else 0, card))
        stage_cards.sort(key=lambda mc: (mc[1].round or 0, mc[0], mc[1].board))
        cards += [card for _number, card in stage_cards]
    return d.BoxCardsData(event=event_info(event), cards=tuple(cards))


def hand_records_data(event: Event, *, stage: Stage | None = None) -> d.HandRecordsData:
    """Every dealt board of the event (or stage): its hands sorted with the trumps apart
    and the bottom, with each hand's statistics — per copy. Team play gives every match
    its own copy and box card (第四十三条), played with its own level and trump, so a
    board gets a record for each different box card, naming the matches played with
    it (copies not played yet share one, by the set's start level). For directors:
    callers that show them to players check ``boards.selectors.board_visible_to``."""
    records = []
    for s in stages_of(event, Stage.Kind.values, stage):
        boards = (
            Board.objects.filter(stage=s)
            .select_related("board_set", "round")
            .order_by("round__number", "number")
        )
        matches_of: dict[int, list[Match | None]] = defaultdict(list)
        for board_set, match in _copies(s):
            matches_of[board_set.pk].append(match)
        boxes = {(b.board_id, b.match_id): b for b in BoxCard.objects.filter(board__stage=s)}
        for board in boards:
            copies: dict[tuple[str, ...], tuple[BoxCard | None, list[str]]] = {}
            for match in matches_of.get(board.board_set_id) or [None]:
                box = boxes.get((board.pk, match.pk if match else None))
                key = tuple(box.values().values()) if box else ()
                copies.setdefault(key, (box, []))[1].extend([match.code] if match else [])
            for box, codes in sorted(copies.values(), key=lambda c: _match_order(c[1])):
                rec = copy_hand_record(board, box)
                level, trump = rec["level"], rec["trump"]
                records.append(
                    d.HandRecord(
                        stage=s.name,
                        board=board.number,
                        round=board.round.number if board.round_id else None,
                        level=level,
                        trump=trump,
                        hands={
                            seat: d.group_hand(cards, level, trump)
                            for seat, cards in rec["hands"].items()
                        },
                        bottom=tuple(rec["bottom"]),
                        statistics=rec["statistics"],
                        seed=board.seed,
                        matches=tuple(codes),
                        level_ns=box.level_ns if box else "",
                        level_ew=box.level_ew if box else "",
                        declared_by=box.declared_by if box else "",
                        declarer=box.declarer if box else "",
                        filled=box is not None,
                    )
                )
    return d.HandRecordsData(event=event_info(event), records=tuple(records))


def _match_order(codes: list[str]) -> tuple[int, ...]:
    """Match codes (M2, M10) in number order, not text order."""
    return tuple(int(code.removeprefix("M")) if code[1:].isdigit() else 0 for code in codes)


def _played(result: Result | Any, score: tuple[str, str] | None = None) -> d.PlayedResult | None:
    """A stored result (or a row of its :data:`_PLAYED_FIELDS`, or None) as printed,
    with the N–S and E–W scores scoring gave it."""
    if result is None:
        if score is None:
            return None
        return d.PlayedResult(score_ns=score[0], score_ew=score[1])
    ns, ew = score or ("", "")
    return d.PlayedResult(
        level_ns=result.level_ns,
        level_ew=result.level_ew,
        trump=result.trump,
        declared_by=result.declared_by,
        declarer=result.declarer,
        defender_points=result.defender_points,
        dig=result.dig,
        outcome=result.outcome,
        levels_after_ns=result.levels_after_ns,
        levels_after_ew=result.levels_after_ew,
        score_ns=ns,
        score_ew=ew,
        xiaosa=xiaosa_puts(
            result.xiaosa or (),
            result.exchanges,
            result.declarer,
            burying_known=result.buried is not None or bool(result.tricks),
        ),
        xiaosa_levels=result.xiaosa_levels,
        jump_ns=result.jump_levels_ns,
        jump_ew=result.jump_levels_ew,
    )


def _board_points(stage: Stage) -> dict[tuple[int, int, int], tuple[str, str]]:
    """(table id, board set id, board number) → the board points of the table's N–S
    and E–W team, for every scored board of the stage's matches (第二十四条)."""
    homes = dict(MatchScore.objects.filter(stage=stage).values_list("match_id", "home_id"))
    scores = {
        (bs.match_id, bs.number): bs
        for bs in BoardScore.objects.filter(match__stage=stage, state=BoardState.SCORED.value)
    }
    out: dict[tuple[int, int, int], tuple[str, str]] = {}
    plays = SetPlay.objects.filter(table__round__stage=stage, table__match__isnull=False)
    for play in plays.select_related("table", "board_set"):
        t = play.table
        for number in play.board_set.board_numbers:
            bs = scores.get((t.match_id, number))
            if bs is None:
                continue
            home, away = str(bs.home_points), str(bs.away_points)
            ns_home = t.ns_id is not None and t.ns_id == homes.get(t.match_id)
            out[(t.pk, play.board_set_id, number)] = (home, away) if ns_home else (away, home)
    return out


def _matchpoints(stage: Stage) -> dict[tuple[int, int, int], tuple[str, str]]:
    """(table id, board set id, board number) → the traveller line's matchpoints."""
    rows = TravellerScore.objects.filter(stage=stage).values_list(
        "table_id", "board__board_set_id", "board__number", "ns_score", "ew_score"
    )  # plain values: a 60-table stage has 14,000 lines, and a board's deal is not needed
    texts: dict[Any, str] = {}  # each score written once: the same few recur

    def text(value: Any) -> str:
        written = texts.get(value)
        if written is None:
            written = texts[value] = d.number_text(value)
        return written

    return {
        (table, board_set, number): (text(ns), text(ew))
        for table, board_set, number, ns, ew in rows
    }


#: The fields of a stored result that :func:`_played` reads.
_PLAYED_FIELDS = (
    "level_ns",
    "level_ew",
    "trump",
    "declared_by",
    "declarer",
    "defender_points",
    "dig",
    "outcome",
    "levels_after_ns",
    "levels_after_ew",
    "xiaosa",
    "exchanges",
    "buried",
    "tricks",
    "xiaosa_levels",
    "jump_levels_ns",
    "jump_levels_ew",
)


def _results(stage: Stage) -> dict[tuple[int, int, int], Any]:
    """(table id, board set id, board number) → the stored result: a row of its status
    and the fields :func:`_played` reads, by name, not a model (a 60-table stage has 14,000 results,
    printed by five papers; a model each was half of building a traveller)."""
    # The board's set and number alongside, not the board itself (its deal is not needed).
    rows = (
        Result.objects.filter(table__round__stage=stage)
        .annotate(set_of_board=F("board__board_set_id"), number_of_board=F("board__number"))
        .values_list(
            "table_id", "set_of_board", "number_of_board", "status", *_PLAYED_FIELDS, named=True
        )
    )
    return {(r.table_id, r.set_of_board, r.number_of_board): r for r in rows}


def score_sheets_data(event: Event, *, stage: Stage | None = None) -> d.ScoreSheetsData:
    """A 计分表 for every table of every session of every team match: its boards in the
    order the table plays them; played boards carry their results."""
    sheets = []
    team_kinds = [k for k in Stage.Kind.values if k in Stage.TEAM_KINDS]
    for s in stages_of(event, team_kinds, stage):
        tables = list(
            Table.objects.filter(round__stage=s, match__isnull=False)
            .exclude(match__status=Match.Status.NOT_NEEDED)
            .select_related("round", "match", "ns", "ew")
            .prefetch_related("seats__player")
            .order_by("round__number", "match__number", "session", "number")
        )
        sets = _table_sets(s)
        players = _players_by_entrant(
            [t.ns_id for t in tables if t.ns_id] + [t.ew_id for t in tables if t.ew_id]
        )
        results = _results(s)
        points = _board_points(s)
        for t in tables:
            match = t.match
            assert match is not None
            rows = []
            for bs in sets.get(t.pk, []):
                for number in bs.board_numbers:
                    rows.append(
                        d.ScoreRow(
                            board=number,
                            start_level=bs.start_level if number == bs.first_board else "",
                            result=_played(
                                results.get((t.pk, bs.pk, number)),
                                points.get((t.pk, bs.pk, number)),
                            ),
                        )
                    )
            open_room = t.room == Table.Room.OPEN
            sheets.append(
                d.ScoreSheet(
                    stage=s.name,
                    round=t.round.number,
                    match=match.code,
                    session=t.session,
                    room=t.room,
                    table=t.number,
                    ns=entrant_ref(t.ns, players),
                    ew=entrant_ref(t.ew, players),
                    ns_source=match.home_source if open_room else match.away_source,
                    ew_source=match.away_source if open_room else match.home_source,
                    players={seat.seat: seat.player.name for seat in t.seats.all() if seat.player},
                    rows=tuple(rows),
                    code=t.code,
                )
            )
    return d.ScoreSheetsData(event=event_info(event), sheets=tuple(sheets))


def travellers_data(event: Event, *, stage: Stage | None = None) -> d.TravellersData:
    """A traveller (记分条) for every board of every Mitchell: a line for each round in
    which a table plays its set, with the pairs; played boards carry their results."""
    travellers = []
    for s in stages_of(event, Stage.MOVEMENT_KINDS, stage):
        tables, set_of, pairs = _mitchell_rows(s)
        results = _results(s)
        scores = _matchpoints(s)
        by_set: dict[int, list[Any]] = defaultdict(list)
        for t in tables:
            if t.pk in set_of:
                by_set[set_of[t.pk].pk].append(t)
        for bs in BoardSet.objects.filter(stage=s).order_by("number"):
            for number in bs.board_numbers:
                travellers.append(
                    d.Traveller(
                        stage=s.name,
                        board=number,
                        board_set=bs.number,
                        start_level=bs.start_level if number == bs.first_board else "",
                        rows=tuple(
                            d.TravellerRow(
                                round=t.round_number,
                                table=t.number,
                                ns=pairs.get(t.ns_id) if t.ns_id else None,
                                ew=pairs.get(t.ew_id) if t.ew_id else None,
                                result=_played(
                                    results.get((t.pk, bs.pk, number)),
                                    scores.get((t.pk, bs.pk, number)),
                                ),
                            )
                            for t in by_set.get(bs.pk, [])
                        ),
                    )
                )
    return d.TravellersData(event=event_info(event), travellers=tuple(travellers))


# --- standings and results ---------------------------------------------------------------------

TABLE_KINDS = (Stage.Kind.TEAM_MATCH, Stage.Kind.ROUND_ROBIN, Stage.Kind.GROUP_ROUND_ROBIN)


def _pair_refs(stage: Stage) -> dict[int, d.EntrantRef]:
    """Entrant id → the pair as numbered in the stage (its Mitchell number, else its
    event number)."""
    entries = list(StageEntry.objects.filter(stage=stage).select_related("entrant"))
    players = _players_by_entrant(e.entrant_id for e in entries)
    return {
        e.entrant_id: d.EntrantRef(
            number=e.pair_number or e.entrant.number,
            name=e.entrant.name,
            players=players.get(e.entrant_id, ()),
        )
        for e in entries
    }


def _line(s: StandingLine, ref: d.EntrantRef, columns: str) -> d.PrintedStanding:
    """A printed line of the read model's row: the place, and the round-robin columns
    (``teams``) or a Mitchell's (``pairs``)."""
    line = d.PrintedStanding(
        place=s.place,
        entrant=ref,
        shared=s.shared,
        flagged=s.flagged,
        tie=s.tie,  # a code: the paper renders it in its language (scoring.reasons)
        note=s.note,
    )
    if columns == "teams":
        return dataclasses.replace(
            line,
            played=s.played,
            won=s.won,
            drawn=s.drawn,
            lost=s.lost,
            match_points=s.match_points,
            score_for=d.number_text(s.score_for),
            score_against=d.number_text(s.score_against),
        )
    return dataclasses.replace(
        line,
        boards=s.boards,
        matchpoints=d.number_text(s.matchpoints),
        adjustment=d.number_text(s.adjustment) if s.adjustment else "",
        total=d.number_text(s.total),
        top=str(s.top),
        percentage=d.number_text(s.percentage, fixed=True) if s.percentage is not None else "",
    )


def _cross(
    stage: Stage, group: str, refs: dict[int, d.EntrantRef], *, official: bool
) -> d.CrossTableData:
    table = cross_table_rows(stage, official=official, group_label=group).table
    order = [e for e in table.entrants if e in refs]
    cells = tuple(
        tuple(
            ""
            if row == col
            else "\n".join(
                f"{d.number_text(c.score_for)}:{d.number_text(c.score_against)}"
                for c in table.cell(row, col)
            )
            for col in order
        )
        for row in order
    )
    return d.CrossTableData(entrants=tuple(refs[e] for e in order), cells=cells)


def standings_data(
    event: Event, *, stage: Stage | None = None, official: bool = True
) -> d.StandingsData:
    """Every stage's standings as ``official`` or a player reads them (the read model's
    rows, ``scoring.selectors``; for a player only the boards shown count, 第二十八条之6):
    round-robin and group tables with their cross-tables, brackets with the match
    scores, a Mitchell's two directions with percentages, the pairs final's places.
    Stages with nothing scored yet and no bracket to draw are left out."""
    out = []
    for s in stages_of(event, Stage.Kind.values, stage):
        rows = standings_rows(s, official=official)
        tables: list[d.StandingsTable] = []
        bracket = None
        if s.kind in (*TABLE_KINDS, Stage.Kind.SWISS):
            players = _players_by_entrant(r.entrant_id for r in rows)
            refs = {
                r.entrant_id: d.EntrantRef(
                    r.entrant.number, r.entrant.name, players.get(r.entrant_id, ())
                )
                for r in rows
            }
            qualifiers = (
                s.options.qualifiers_per_group if s.kind == Stage.Kind.GROUP_ROUND_ROBIN else None
            )
            for group in sorted({r.group_label for r in rows}):
                lines = tuple(
                    _line(r, refs[r.entrant_id], "teams") for r in rows if r.group_label == group
                )
                tables.append(
                    d.StandingsTable(
                        kind="teams",
                        group=group,
                        lines=lines,
                        # a Swiss meets only some teams: no cross-table (瑞士移位)
                        cross=None
                        if s.kind == Stage.Kind.SWISS
                        else _cross(s, group, refs, official=official),
                        qualifiers=qualifiers,
                    )
                )
        elif s.is_bracket:
            sheets = bracket_data(event, stage=s, official=official).sheets
            bracket = sheets[0] if sheets else None
            refs = {r.entrant_id: d.EntrantRef(r.entrant.number, r.entrant.name) for r in rows}
            places = tuple(
                d.PrintedStanding(place=r.place, entrant=refs[r.entrant_id], shared=r.shared)
                for r in rows
            )
            # Once the title is decided: 冠军, 亚军, placing matches, shared places (第二十七条)
            if places and bracket is not None and bracket.champion is not None:
                tables.append(d.StandingsTable(kind="places", lines=places))
        elif s.kind in Stage.MOVEMENT_KINDS:
            # A Mitchell: each direction (per section when split); a Howell: one field.
            refs = _pair_refs(s)
            for group in sorted({r.group_label for r in rows}):
                for direction in ("NS", "EW", ""):
                    lines = tuple(
                        _line(r, refs[r.entrant_id], "pairs")
                        for r in rows
                        if r.direction == direction
                        and r.group_label == group
                        and r.entrant_id in refs
                    )
                    if lines:
                        tables.append(
                            d.StandingsTable(
                                kind="pairs", direction=direction, group=group, lines=lines
                            )
                        )
        else:  # the pairs final
            refs = _pair_refs(s)
            lines = tuple(
                d.PrintedStanding(
                    place=r.place, entrant=refs[r.entrant_id], shared=r.shared, flagged=r.flagged
                )
                for r in rows
                if r.entrant_id in refs
            )
            if lines:
                tables.append(d.StandingsTable(kind="places", lines=lines))
        if tables or bracket is not None:
            out.append(
                d.StandingsStage(name=s.name, kind=s.kind, tables=tuple(tables), bracket=bracket)
            )
    return d.StandingsData(event=event_info(event), stages=tuple(out))


def results_data(
    event: Event, *, stage: Stage | None = None, official: bool = True
) -> d.ResultsData:
    """Every team match (and pairs-final contest) that scoring has scored, board by
    board: the open and closed rooms' results side by side and the board points, as
    ``official`` or a player reads them (``scoring.selectors.match_lines``). For a player
    a board still hidden (第二十八条之6) prints neither room's result nor its points
    (state ``hidden``), and its match is 未完 with the shown boards' score."""
    out = []
    kinds = [*(k for k in Stage.Kind.values if k in Stage.TEAM_KINDS), Stage.Kind.PAIRS_FINAL]
    for s in stages_of(event, kinds, stage):
        lines = match_lines(s, official=official)
        if not lines:
            continue
        matches = list(
            Match.objects.filter(pk__in=lines)
            .select_related("round")
            .order_by("round__number", "number")
        )
        by_match: dict[int, list[BoardScore]] = defaultdict(list)
        rows = BoardScore.objects.filter(match__stage=s).select_related(
            "open_result", "closed_result"
        )
        for bs in rows.order_by("match_id", "tiebreak", "number"):
            by_match[bs.match_id].append(bs)
        shown = _shown_board_ids(s, official=official)
        tables = _match_tables(s)
        if s.kind == Stage.Kind.PAIRS_FINAL:
            refs = _pair_refs(s)
        else:
            ids = {e for line in lines.values() for e in (line.home_id, line.away_id) if e}
            teams = Entrant.objects.in_bulk(ids)
            players = _players_by_entrant(teams)
            refs = {
                pk: d.EntrantRef(e.number, e.name, players.get(pk, ())) for pk, e in teams.items()
            }

        for m in matches:
            line = lines[m.pk]
            numbers = tables.get(m.pk, ())
            out.append(
                d.MatchResult(
                    stage=s.name,
                    round=m.round.number,
                    match=m.code,
                    group=m.group_label,
                    home=refs.get(line.home_id) if line.home_id else None,
                    away=refs.get(line.away_id) if line.away_id else None,
                    open_table=numbers[0] if numbers else None,
                    closed_table=numbers[1] if len(numbers) > 1 else None,
                    boards=tuple(_board_line(bs, shown) for bs in by_match.get(m.pk, [])),
                    home_board_points=line.home_board_points,
                    away_board_points=line.away_board_points,
                    home_adjustment=d.number_text(line.home_adjustment)
                    if line.home_adjustment
                    else "",
                    away_adjustment=d.number_text(line.away_adjustment)
                    if line.away_adjustment
                    else "",
                    home_score=d.number_text(line.home),
                    away_score=d.number_text(line.away),
                    home_match_points=line.home_match_points,
                    away_match_points=line.away_match_points,
                    decision=line.decision,
                    winner=refs.get(line.winner_id) if line.winner_id else None,
                    note_zh=line.note_zh,
                    note_en=line.note_en,
                )
            )
    return d.ResultsData(event=event_info(event), matches=tuple(out))


def _shown_board_ids(stage: Stage, *, official: bool) -> set[int] | None:
    """The ids of the stage's boards the reader may see: None (all) for an official."""
    if official:
        return None
    return visible_board_ids(Board.objects.filter(stage=stage))


def _board_line(bs: BoardScore, shown: set[int] | None) -> d.MatchBoardLine:
    """A match's board as printed: a board hidden from the reader (第二十八条之6) with
    neither room's result nor its points."""
    if shown is not None and bs.board_id is not None and bs.board_id not in shown:
        return d.MatchBoardLine(
            board=bs.number, open=None, closed=None, state="hidden", tiebreak=bs.tiebreak
        )
    return d.MatchBoardLine(
        board=bs.number,
        open=_played(bs.open_result),
        closed=_played(bs.closed_result),
        home_points=str(bs.home_points) if bs.state == "scored" else "",
        away_points=str(bs.away_points) if bs.state == "scored" else "",
        state=bs.state,
        tiebreak=bs.tiebreak,
        reason_zh=bs.reason_zh,
        reason_en=bs.reason_en,
    )


# --- ruling slips ---------------------------------------------------------------------------


def _when(moment: object) -> str:
    if moment is None:
        return ""
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M")  # type: ignore[arg-type]


def ruling_slips_data(event: Event, *, stage: Stage | None = None) -> d.RulingSlipsData:
    """A slip for every ruling of the event (or stage), in the order they were made,
    numbered through the event; withdrawn ones say so."""
    from core.articles import PENALISING, Decision
    from rulings.selectors import event_rulings, pair_numbers_of

    rows = list(
        event_rulings(event)
        .prefetch_related("cancelled_boards", "versions__by")
        .order_by("created_at", "id")
    )
    entrants = [r.offender_entrant_id for r in rows] + [r.second_entrant_id for r in rows]
    players = _players_by_entrant(e for e in entrants if e is not None)
    # A movement's pair by its number there (东西1), as the rest of the papers name it.
    numbers = pair_numbers_of(r.stage_id for r in rows)

    def numbered(r: Any, entrant: Entrant | None) -> d.EntrantRef | None:
        pair = numbers.get((r.stage_id, entrant.pk)) if entrant is not None else None
        return entrant_ref(entrant, players, pair[1] if pair else None)

    with_amount = {d.value for d in PENALISING} | {Decision.BOARDS_CANCELLED.value}
    slips = []
    for number, r in enumerate(rows, start=1):
        if stage is not None and r.stage_id != stage.pk:
            continue
        offender = numbered(r, r.offender_entrant)
        second = numbered(r, r.second_entrant)
        shows_amount = r.decision in with_amount and (
            r.amount > 0 or r.decision != Decision.BOARDS_CANCELLED.value
        )
        slips.append(
            d.RulingSlip(
                number=number,
                article=r.article,
                irregularity=r.irregularity,
                decision=r.decision,
                amount=d.number_text(r.amount) if shows_amount else "",
                stage=r.stage.name,
                referee=person_name(r.referee),
                at=_when(r.created_at),
                reason_zh=r.reason_zh,
                reason_en=r.reason_en,
                round=r.round.number if r.round_id else None,
                match=r.match.code if r.match_id else "",
                table=r.table.number if r.table_id else None,
                room=r.table.room if r.table_id else "",
                board=r.board.number if r.board_id else None,
                offender=offender.numbered if offender else "",
                offender_player=r.offender_player.name if r.offender_player_id else "",
                # the side, or a numbered pair's direction (1 is 南北1 or 东西1)
                offender_side=r.offender_side
                or numbers.get((r.stage_id, r.offender_entrant_id), ("",))[0],
                second=second.numbered if second else "",
                erring_side=r.erring_side,
                minutes_late=r.minutes_late,
                corrected_points=r.corrected_points,
                cancelled_boards=tuple(sorted(b.number for b in r.cancelled_boards.all())),
                status=r.status,
                version=r.version,
                published=r.published,
                history=tuple(
                    d.RulingAction(
                        number=v.number,
                        action=v.action,
                        by=person_name(v.by),
                        at=_when(v.at),
                        note=v.note,
                    )
                    for v in sorted(r.versions.all(), key=lambda v: v.number)
                ),
            )
        )
    return d.RulingSlipsData(event=event_info(event), slips=tuple(slips))


# --- the scorecard set ------------------------------------------------------------------------


def scorecards_data(event: Event, *, stage: Stage | None = None) -> d.ScorecardsData:
    """Every board every table is scheduled to play, in playing order (stage, round,
    session, table, the table's order of sets), with its result and the score scoring
    gave it once entered: the sheet to fill in, and the record of what was entered."""
    lines = []
    for s in stages_of(event, Stage.Kind.values, stage):
        tables = list(
            Table.objects.filter(round__stage=s)
            .exclude(match__status=Match.Status.NOT_NEEDED)
            .select_related("round", "match", "ns", "ew")
            .order_by("round__number", "session", "number")
        )
        sets = _table_sets(s)
        if s.kind in Stage.MOVEMENT_KINDS:
            pairs = _mitchell_pairs(s)

            def ref(entrant_id: int | None, pairs: dict[int, d.EntrantRef] = pairs) -> Any:
                return pairs.get(entrant_id) if entrant_id else None

            scores = _matchpoints(s)
        else:
            players = _players_by_entrant(
                [t.ns_id for t in tables if t.ns_id] + [t.ew_id for t in tables if t.ew_id]
            )
            entrants = {t.ns_id: t.ns for t in tables} | {t.ew_id: t.ew for t in tables}

            def ref(
                entrant_id: int | None,
                entrants: dict[Any, Entrant | None] = entrants,
                players: dict[int, tuple[str, ...]] = players,
            ) -> Any:
                return entrant_ref(entrants.get(entrant_id), players) if entrant_id else None

            scores = _board_points(s)
        results = _results(s)
        for t in tables:
            for bs in sets.get(t.pk, []):
                for number in bs.board_numbers:
                    key = (t.pk, bs.pk, number)
                    result = results.get(key)
                    lines.append(
                        d.ScorecardLine(
                            stage=s.name,
                            round=t.round.number,
                            session=t.session,
                            table=t.number,
                            board=number,
                            room=t.room,
                            match=t.match.code if t.match_id and t.match else "",
                            code=t.code,
                            ns=ref(t.ns_id),
                            ew=ref(t.ew_id),
                            result=_played(result, scores.get(key) if result else None),
                            xiaosa=tuple(result.xiaosa or ()) if result else (),
                            status=result.status if result else "",
                        )
                    )
    return d.ScorecardsData(event=event_info(event), lines=tuple(lines))


# --- first-table forms, table cards, handouts (issue 16) ------------------------------------


def visible_boards(stage: Stage) -> set[tuple[int | None, int]]:
    """(round number, board number) of the stage's boards players may see (released,
    or every table confirmed): what a handout or a traveller's hand record may show."""
    boards = list(Board.objects.filter(stage=stage).select_related("round"))
    visible = visible_board_ids(boards)
    return {(b.round.number if b.round_id else None, b.number) for b in boards if b.pk in visible}


def traveller_records_data(event: Event, *, stage: Stage | None = None) -> d.TravellerRecordsData:
    """Every Mitchell board's traveller with its hand record on the same paper
    (第二十八条之6). The hand record is printed only for a board players may see;
    before that the paper carries a blank 牌型卡 for the first table to fill in."""
    papers = []
    for s in stages_of(event, [Stage.Kind.MITCHELL], stage):
        visible = visible_boards(s)
        records = {
            r.board: r
            for r in hand_records_data(event, stage=s).records
            if (None, r.board) in visible
        }
        papers += [
            d.TravellerRecord(traveller=t, record=records.get(t.board))
            for t in travellers_data(event, stage=s).travellers
        ]
    return d.TravellerRecordsData(event=event_info(event), papers=tuple(papers))


def table_cards_data(event: Event, *, stage: Stage | None = None) -> d.TableCardsData:
    """A card for every table of every session of every team match: the score sheet's
    table, teams and seats, its boards, and its entry link for the QR code."""
    sheets = score_sheets_data(event, stage=stage).sheets
    return d.TableCardsData(
        event=event_info(event),
        cards=tuple(
            d.TableCard(
                stage=sh.stage,
                round=sh.round,
                session=sh.session,
                table=sh.table,
                room=sh.room,
                match=sh.match,
                ns=sh.ns,
                ew=sh.ew,
                ns_source=sh.ns_source,
                ew_source=sh.ew_source,
                players=sh.players,
                boards=tuple(r.board for r in sh.rows),
                boards_per_session=len(sh.rows),
                code=sh.code,
                url=table_url(sh.code) if sh.code else "",
            )
            for sh in sheets
        ),
    )


def _add(total: Decimal, text: str) -> Decimal:
    return total + Decimal(text) if text else total


def score_cards_data(
    event: Event, *, stage: Stage | None = None, official: bool = True
) -> d.ScoreCardsData:
    """A personal score card for every Mitchell pair (its boards with the matchpoints)
    and every team of a team stage (its scored matches board by board with its board
    points), in playing order with a running total, then the penalties (第五章: a pair's
    in matchpoints as its standings line has them, a team's board points as its matches
    have them) and the total the standings print; for a player (``official`` False) the
    boards shown only (第二十八条之6)."""
    cards: list[d.ScoreCard] = []
    for s in stages_of(event, [Stage.Kind.MITCHELL], stage):
        lines: dict[tuple[str, int], list[d.ScoreCardLine]] = defaultdict(list)
        refs: dict[tuple[str, int], d.EntrantRef] = {}
        penalties = {
            (table.direction, line.entrant.number): line.adjustment
            for sheet in standings_data(event, stage=s, official=official).stages
            for table in sheet.tables
            for line in table.lines
            if line.adjustment
        }
        visible = None if official else visible_boards(s)
        for t in travellers_data(event, stage=s).travellers:
            if visible is not None and (None, t.board) not in visible:
                continue
            for row in t.rows:
                for side, own, other in (("NS", row.ns, row.ew), ("EW", row.ew, row.ns)):
                    if own is None or own.number is None:
                        continue
                    r = row.result
                    score = (r.score_ns if side == "NS" else r.score_ew) if r else ""
                    refs[(side, own.number)] = own
                    lines[(side, own.number)].append(
                        d.ScoreCardLine(
                            round=row.round,
                            board=t.board,
                            where=str(row.table),
                            side=side,
                            opponent=other,
                            results=(r,),
                            score=score,
                            running="",
                        )
                    )
        for key in sorted(lines):
            cards.append(_score_card(s.name, "pairs", refs[key], lines[key], penalties.get(key)))
    team_kinds = [k for k in Stage.Kind.values if k in Stage.TEAM_KINDS]
    for s in stages_of(event, team_kinds, stage):
        team_lines: dict[int, list[d.ScoreCardLine]] = defaultdict(list)
        teams: dict[int, d.EntrantRef] = {}
        team_penalties: dict[int, Decimal] = defaultdict(Decimal)
        for m in results_data(event, stage=s, official=official).matches:
            for own, other, home in ((m.home, m.away, True), (m.away, m.home, False)):
                if own is None or own.number is None:
                    continue
                teams[own.number] = own
                penalty = m.home_adjustment if home else m.away_adjustment
                team_penalties[own.number] = _add(team_penalties[own.number], penalty)
                for b in m.boards:
                    if b.state == "hidden":
                        continue
                    team_lines[own.number].append(
                        d.ScoreCardLine(
                            round=m.round or 0,
                            board=b.board,
                            where=m.match,
                            side="",
                            opponent=other,
                            results=(b.open, b.closed),
                            score=b.home_points if home else b.away_points,
                            running="",
                        )
                    )
        for number in sorted(team_lines):
            penalty = team_penalties.get(number)
            cards.append(
                _score_card(
                    s.name,
                    "teams",
                    teams[number],
                    team_lines[number],
                    d.number_text(penalty) if penalty else None,
                )
            )
    return d.ScoreCardsData(event=event_info(event), cards=tuple(cards))


def _score_card(
    stage: str,
    kind: str,
    entrant: d.EntrantRef,
    lines: list[d.ScoreCardLine],
    penalty: str | None = None,
) -> d.ScoreCard:
    """The card with its lines in playing order and the running total filled in, then
    its ``penalty`` (a penalty's sign: -1.5) counted in the total."""
    total = Decimal(0)
    done = []
    for line in sorted(lines, key=lambda x: (x.round, _match_order([x.where]), x.board)):
        total = _add(total, line.score)
        done.append(dataclasses.replace(line, running=d.number_text(total)))
    return d.ScoreCard(
        stage=stage,
        kind=kind,
        entrant=entrant,
        lines=tuple(done),
        adjustment=penalty or "",
        total=d.number_text(_add(total, penalty or "")),
    )


def board_handouts_data(event: Event, *, stage: Stage | None = None) -> d.BoardHandoutsData:
    """A handout for every board players may see (released, or every table confirmed):
    its hand record, every table's result with the matchpoints (pairs) or board points
    (teams), and how often each result occurred. Boards still in play are left out —
    a handout shows the other hands (第二十八条之6)."""
    out = []
    for s in stages_of(event, [Stage.Kind.MITCHELL, *Stage.TEAM_KINDS], stage):
        visible = visible_boards(s)
        if not visible:
            continue
        records: dict[tuple[int | None, int], d.HandRecord] = {}
        for r in hand_records_data(event, stage=s).records:
            records.setdefault((r.round, r.board), r)
        rows: dict[tuple[int | None, int], list[d.HandoutRow]] = defaultdict(list)
        if s.kind == Stage.Kind.MITCHELL:
            kind = "pairs"
            for t in travellers_data(event, stage=s).travellers:
                rows[(None, t.board)] += [
                    d.HandoutRow(r.round, r.table, "", r.ns, r.ew, r.result) for r in t.rows
                ]
        else:
            kind = "teams"
            for sh in score_sheets_data(event, stage=s).sheets:
                for row in sh.rows:
                    rows[(sh.round, row.board)].append(
                        d.HandoutRow(
                            sh.round, sh.table, f"{sh.match} {sh.room}", sh.ns, sh.ew, row.result
                        )
                    )
        for key in sorted(visible, key=lambda k: (k[0] or 0, k[1])):
            if key not in records:
                continue
            played = [r.result for r in rows[key] if r.result is not None and r.result.declarer]
            counts = Counter(dataclasses.replace(p, score_ns="", score_ew="") for p in played)
            out.append(
                d.BoardHandout(
                    stage=s.name,
                    kind=kind,
                    board=key[1],
                    round=key[0],
                    record=records[key],
                    rows=tuple(rows[key]),
                    frequencies=tuple(
                        sorted(counts.items(), key=lambda rc: (-rc[1], rc[0].defender_points or 0))
                    ),
                )
            )
    return d.BoardHandoutsData(event=event_info(event), handouts=tuple(out))
