"""Reads that turn an event's rows into the plain data of each paper (``printing.data``).

One function per paper, each ``<paper>_data(event, *, stage=None)``: every stage of the
event the paper applies to, or just ``stage``. Queries are few and bulk (a Mitchell of
60 tables has 3,540 table rows), so each function loads what it needs up front.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from django.conf import settings
from django.db.models import Prefetch

from boards.models import Board, BoxCard, Result
from boards.selectors import board_hand_record
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

from . import data as d

__all__ = [
    "box_cards_data",
    "entrants_data",
    "bracket_data",
    "entrant_ref",
    "event_info",
    "guide_cards_data",
    "hand_records_data",
    "movement_data",
    "schedule_data",
    "score_sheets_data",
    "stages_of",
    "table_url",
    "travellers_data",
]

TEAM_SCHEDULE_KINDS = (Stage.Kind.ROUND_ROBIN, Stage.Kind.GROUP_ROUND_ROBIN, Stage.Kind.TEAM_MATCH)


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


def _mitchell_rows(
    stage: Stage,
) -> tuple[list[Table], dict[int, BoardSet], dict[int, d.EntrantRef]]:
    """The stage's tables (round, number order), each table's set, and each pair as
    numbered in its direction."""
    tables = list(
        Table.objects.filter(round__stage=stage)
        .select_related("round")
        .order_by("round__number", "session", "number")
    )
    plays = SetPlay.objects.filter(table__round__stage=stage).select_related("board_set")
    set_of = {}
    for play in plays.order_by("table_id", "order"):
        set_of.setdefault(play.table_id, play.board_set)
    entries = list(StageEntry.objects.filter(stage=stage).select_related("entrant"))
    players = _players_by_entrant(e.entrant_id for e in entries)
    pairs = {
        e.entrant_id: d.EntrantRef(
            number=e.pair_number, name=e.entrant.name, players=players.get(e.entrant_id, ())
        )
        for e in entries
    }
    return tables, set_of, pairs


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


def movement_data(event: Event, *, stage: Stage | None = None) -> d.MovementData:
    stages = []
    for s in stages_of(event, [Stage.Kind.MITCHELL], stage):
        tables, set_of, pairs = _mitchell_rows(s)
        by_round: dict[int, list[d.MovementRow]] = defaultdict(list)
        for t in tables:
            board_set = set_of.get(t.pk)
            by_round[t.round.number].append(
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
                    d.MovementRound(number=n, rows=tuple(rows))
                    for n, rows in sorted(by_round.items())
                ),
                skip_after_round=count // 2 if count and count % 2 == 0 else None,
            )
        )
    return d.MovementData(event=event_info(event), stages=tuple(stages))


def guide_cards_data(event: Event, *, stage: Stage | None = None) -> d.GuideCardsData:
    """Per Mitchell table: each round's arriving E–W pair, its boards, where the boards
    and the pair go next, and the round's entry code. Where things come from and go
    is read from the stored tables, so a director's change to the movement shows."""
    cards = []
    for s in stages_of(event, [Stage.Kind.MITCHELL], stage):
        tables, set_of, pairs = _mitchell_rows(s)
        at: dict[tuple[int, int], Table] = {(t.round.number, t.number): t for t in tables}
        ew_table = {(t.round.number, t.ew_id): t.number for t in tables if t.ew_id}
        set_table = {(t.round.number, set_of[t.pk].pk): t.number for t in tables if t.pk in set_of}
        numbers = sorted({t.number for t in tables})
        round_numbers = sorted({t.round.number for t in tables})
        for number in numbers:
            rounds = []
            for r in round_numbers:
                t = at.get((r, number))
                if t is None:
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
        rounds = []
        for round_ in sorted(s.rounds.all(), key=lambda r: r.number):
            playing = by_round.get(round_, [])
            busy = {m.home_id for m in playing} | {m.away_id for m in playing}
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
    winner_id: int | None,
    players: dict[int, tuple[str, ...]],
    seeds: dict[int, int | None],
) -> d.BracketSlot:
    return d.BracketSlot(
        entrant=entrant_ref(entrant, players),
        source=source,
        seed=seeds.get(entrant.pk) if entrant is not None else None,
        won=entrant is not None and winner_id == entrant.pk,
    )


def bracket_data(event: Event, *, stage: Stage | None = None) -> d.BracketData:
    sheets = []
    kinds = [Stage.Kind.KNOCKOUT, Stage.Kind.DOUBLE_ELIMINATION]
    for s in stages_of(event, kinds, stage):
        matches = list(
            Match.objects.filter(stage=s).select_related("home", "away").order_by("number")
        )
        seeds = {
            e.entrant_id: e.seed for e in StageEntry.objects.filter(stage=s, seed__isnull=False)
        }
        players = _players_by_entrant(
            [m.home_id for m in matches if m.home_id] + [m.away_id for m in matches if m.away_id]
        )
        winner_to, loser_to = _feeds(matches)

        built = tuple(
            d.BracketMatch(
                number=m.number,
                side=m.side or "winners",
                round=m.bracket_round or 1,
                a=_slot(m.home, m.home_source, m.winner_id, players, seeds),
                b=_slot(m.away, m.away_source, m.winner_id, players, seeds),
                winner_to=winner_to.get(m.number),
                loser_to=loser_to.get(m.number),
                reset=m.is_reset,
                not_needed=m.status == Match.Status.NOT_NEEDED,
            )
            for m in matches
        )
        deciding = [m for m in matches if m.status != Match.Status.NOT_NEEDED]
        champion = None
        if deciding and deciding[-1].winner_id is not None:
            champion = entrant_ref(deciding[-1].winner, players)
        sheets.append(d.BracketSheet(stage=s.name, kind=s.kind, matches=built, champion=champion))
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
    if stage.kind == Stage.Kind.MITCHELL:
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
    """A card for every copy of every board, in board order; a card already filled at
    its first table carries what was written."""
    cards = []
    for s in stages_of(event, Stage.Kind.values, stage):
        boards = {
            (b.board_set_id, b.number): b.pk
            for b in Board.objects.filter(stage=s).only("id", "board_set_id", "number")
        }
        filled = {
            (box.board_id, box.match_id): box for box in BoxCard.objects.filter(board__stage=s)
        }
        for board_set, match in _copies(s):
            for number in board_set.board_numbers:
                board_id = boards.get((board_set.pk, number))
                box = filled.get((board_id, match.pk if match else None)) if board_id else None
                cards.append(
                    d.BoxCard(
                        stage=s.name,
                        board=number,
                        round=board_set.round.number if board_set.round_id else None,
                        match=match.code if match else "",
                        home=entrant_ref(match.home, {}) if match else None,
                        away=entrant_ref(match.away, {}) if match else None,
                        home_source=match.home_source if match else "",
                        away_source=match.away_source if match else "",
                        start_level=board_set.start_level
                        if number == board_set.first_board
                        else "",
                        level_ns=box.level_ns if box else "",
                        level_ew=box.level_ew if box else "",
                        trump=box.trump if box else "",
                        declared_by=box.declared_by if box else "",
                        declarer=box.declarer if box else "",
                        filled=box is not None,
                    )
                )
    cards.sort(key=lambda c: (c.stage, c.round or 0, c.board, c.match))
    return d.BoxCardsData(event=event_info(event), cards=tuple(cards))


def hand_records_data(event: Event, *, stage: Stage | None = None) -> d.HandRecordsData:
    """Every dealt board of the event (or stage): its hands sorted with the trumps apart
    (by its box card's level and trump once played, else by the set's start level) and
    the bottom, with each hand's statistics. For directors: callers that show them to
    players check ``boards.selectors.board_visible_to`` first."""
    records = []
    for s in stages_of(event, Stage.Kind.values, stage):
        boards = (
            Board.objects.filter(stage=s)
            .select_related("board_set", "round")
            .order_by("round__number", "number")
        )
        for board in boards:
            rec = board_hand_record(board)
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
                )
            )
    return d.HandRecordsData(event=event_info(event), records=tuple(records))


def _played(result: Result | None) -> d.PlayedResult | None:
    if result is None:
        return None
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
    )


def _results(stage: Stage) -> dict[tuple[int, int, int], Result]:
    """(table id, board set id, board number) → the stored result."""
    rows = Result.objects.filter(table__round__stage=stage).select_related("board")
    return {(r.table_id, r.board.board_set_id, r.board.number): r for r in rows}


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
            .prefetch_related(
                Prefetch("set_plays", queryset=SetPlay.objects.select_related("board_set")),
                "seats__player",
            )
            .order_by("round__number", "match__number", "session", "number")
        )
        players = _players_by_entrant(
            [t.ns_id for t in tables if t.ns_id] + [t.ew_id for t in tables if t.ew_id]
        )
        results = _results(s)
        for t in tables:
            match = t.match
            assert match is not None
            rows = []
            for play in sorted(t.set_plays.all(), key=lambda p: p.order):
                bs = play.board_set
                for number in bs.board_numbers:
                    rows.append(
                        d.ScoreRow(
                            board=number,
                            start_level=bs.start_level if number == bs.first_board else "",
                            result=_played(results.get((t.pk, bs.pk, number))),
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
    for s in stages_of(event, [Stage.Kind.MITCHELL], stage):
        tables, set_of, pairs = _mitchell_rows(s)
        results = _results(s)
        by_set: dict[int, list[Table]] = defaultdict(list)
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
                                round=t.round.number,
                                table=t.number,
                                ns=pairs.get(t.ns_id) if t.ns_id else None,
                                ew=pairs.get(t.ew_id) if t.ew_id else None,
                                result=_played(results.get((t.pk, bs.pk, number))),
                            )
                            for t in by_set.get(bs.pk, [])
                        ),
                    )
                )
    return d.TravellersData(event=event_info(event), travellers=tuple(travellers))
