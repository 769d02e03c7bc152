"""Writing tables, seats and board sets: the shared parts of every schedule.

A team match (第二十四条) takes two tables per session: the open room (home N–S,
away E–W) and the closed room (away N–S, home E–W). With 12 boards a session the open
room starts boards 1–6 from A and the closed room boards 7–12 from 7; then the boards
change rooms. Session two repeats it with boards 13–24 after the away team's two
pairs have changed rooms; extra sessions (tie-break segments) follow on the same way.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import Max

from ..models import (
    BoardSet,
    Entrant,
    Match,
    Membership,
    Player,
    Round,
    Seating,
    SetPlay,
    Stage,
    Table,
    new_table_code,
)

#: The closed room's first board starts from 7 (第二十四条之2), the open room's from A.
OPEN_START, CLOSED_START = "A", "7"


def table_codes(count: int) -> list[str]:
    """``count`` new table codes (录入码), distinct from each other and from every table's
    code. Codes are unique across the database and drawn at random: a 120-table
    Mitchell's 14,280 tables drew two alike about once in nine stage creations (the
    birthday problem over 31⁶ codes), and the director's stage was refused."""
    codes: set[str] = set()
    while len(codes) < count:
        drawn = {new_table_code() for _ in range(count - len(codes))} - codes
        taken = set(Table.objects.filter(code__in=drawn).values_list("code", flat=True))
        codes |= drawn - taken
    return list(codes)


def next_match_number(stage: Stage) -> int:
    return (stage.matches.aggregate(n=Max("number"))["n"] or 0) + 1


def lineup(entrant: Entrant | None) -> list[Player | None]:
    """The players in line-up order, padded to four (seats stay empty when unknown)."""
    players: list[Player | None] = []
    if entrant is not None:
        memberships = Membership.objects.filter(entrant=entrant).select_related("player")
        players = [m.player for m in memberships.order_by("order", "id")]
    return (players + [None] * 4)[:4]


def seat_players(
    ns: Sequence[Player | None], ew: Sequence[Player | None]
) -> dict[str, Player | None]:
    return {"N": ns[0], "S": ns[1], "E": ew[0], "W": ew[1]}


def team_seats(
    home: Entrant | None, away: Entrant | None, room: str, session: int
) -> dict[str, Player | None]:
    """Who sits where in a team match: the home team never moves; the away team's pairs
    change rooms between sessions (第二十四条之2)."""
    h, a = lineup(home), lineup(away)
    home_open, home_closed = h[0:2], h[2:4]
    away_first, away_second = a[0:2], a[2:4]
    if session % 2 == 0:
        away_first, away_second = away_second, away_first
    if room == Table.Room.OPEN:
        return seat_players(home_open, away_first)
    return seat_players(away_second, home_closed)


def pair_seats(ns: Entrant | None, ew: Entrant | None) -> dict[str, Player | None]:
    return seat_players(lineup(ns)[:2], lineup(ew)[:2])


def write_seats(table: Table, players: dict[str, Player | None]) -> None:
    existing = {s.seat: s for s in table.seats.all()}
    for position, player in players.items():
        seat = existing.get(position)
        if seat is None:
            Seating.objects.create(table=table, seat=position, player=player)
        elif seat.player_id != (player.pk if player else None):
            seat.player = player
            seat.save(update_fields=["player"])


def session_sets(
    stage: Stage, round_: Round, session: int, *, boards: int, first_board: int, tiebreak: bool
) -> tuple[BoardSet, BoardSet]:
    """The two halves of a session (or segment) in a round: (open's first, closed's first).

    Shared by every match of the round, which plays the same (duplicated) boards.
    """
    half = boards // 2
    sets = []
    for offset, (start, level) in enumerate(
        ((first_board, OPEN_START), (first_board + half, CLOSED_START))
    ):
        board_set, _ = BoardSet.objects.get_or_create(
            stage=stage,
            round=round_,
            number=2 * session - 1 + offset,
            defaults={
                "first_board": start,
                "last_board": start + half - 1,
                "start_level": level,
                "tiebreak": tiebreak,
            },
        )
        sets.append(board_set)
    return sets[0], sets[1]


def lay_team_session(
    match: Match,
    session: int,
    sets: tuple[BoardSet, BoardSet],
    *,
    open_number: int,
    closed_number: int,
) -> tuple[Table, Table]:
    """The open and closed tables of one session of ``match``, with their sets and seats."""
    first, second = sets
    tables = []
    codes = table_codes(2)
    for room, number, order, code in (
        (Table.Room.OPEN, open_number, (first, second), codes[0]),
        (Table.Room.CLOSED, closed_number, (second, first), codes[1]),
    ):
        ns, ew = (match.home, match.away) if room == Table.Room.OPEN else (match.away, match.home)
        table = Table.objects.create(
            round=match.round,
            session=session,
            number=number,
            room=room,
            match=match,
            ns=ns,
            ew=ew,
            code=code,
        )
        SetPlay.objects.bulk_create(
            SetPlay(table=table, board_set=board_set, order=i)
            for i, board_set in enumerate(order, start=1)
        )
        Seating.objects.bulk_create(
            Seating(table=table, seat=position, player=player)
            for position, player in team_seats(match.home, match.away, room, session).items()
        )
        tables.append(table)
    return tables[0], tables[1]


def lay_team_match(match: Match, index: int, *, boards: int, sessions: int) -> None:
    """All sessions of a team match; ``index`` (1, 2, …) is its place in the round, so its
    tables are numbered 2·index − 1 (open) and 2·index (closed)."""
    stage = match.stage
    for session in range(1, sessions + 1):
        sets = session_sets(
            stage,
            match.round,
            session,
            boards=boards,
            first_board=(session - 1) * boards + 1,
            tiebreak=False,
        )
        lay_team_session(match, session, sets, open_number=2 * index - 1, closed_number=2 * index)


def sync_match_tables(match: Match) -> None:
    """Put the match's current home and away teams (and their line-ups) at its tables."""
    for table in match.tables.all():
        if table.room == Table.Room.OPEN:
            ns, ew = match.home, match.away
        elif table.room == Table.Room.CLOSED:
            ns, ew = match.away, match.home
        else:
            continue
        if (table.ns_id, table.ew_id) != (
            ns.pk if ns else None,
            ew.pk if ew else None,
        ):
            table.ns, table.ew = ns, ew
            table.save(update_fields=["ns", "ew"])
            write_seats(table, team_seats(match.home, match.away, table.room, table.session))
