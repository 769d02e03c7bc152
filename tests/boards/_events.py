"""Event structures for the boards tests, written straight into the tournament models
(the way the scheduling services lay them out): a team round with open and closed
rooms (第二十四条) and a Mitchell (第二十八条).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from boards.models import Board
from boards.records import Entry
from core.engine import Seat, Side, parse_card, parse_level
from core.engine.simulate import random_board
from core.formats.mitchell import mitchell
from tournament.models import (
    BoardSet,
    Entrant,
    Event,
    Match,
    Membership,
    Player,
    Round,
    Seating,
    SetPlay,
    Stage,
    Table,
)

_counter = iter(range(1, 10_000))


def event(**kwargs: Any) -> Event:
    n = next(_counter)
    return Event.objects.create(name=f"赛事{n}", code=f"event-{n}", **kwargs)


def entrant(ev: Event, kind: str, number: int, size: int) -> Entrant:
    e = Entrant.objects.create(event=ev, kind=kind, number=number, name=f"{kind}{number}")
    for i in range(size):
        player = Player.objects.create(name=f"{kind}{number}-{i + 1}")
        Membership.objects.create(entrant=e, player=player, order=i + 1)
    return e


def seat_players(table: Table, ns: Entrant, ew: Entrant) -> None:
    n, s = (m.player for m in ns.memberships.order_by("order")[:2])
    e, w = (m.player for m in ew.memberships.order_by("order")[:2])
    for position, player in (("N", n), ("S", s), ("E", e), ("W", w)):
        Seating.objects.create(table=table, seat=position, player=player)


@dataclass
class TeamRound:
    """One round of a team stage: ``matches`` matches, each an open and a closed room.

    With ``boards`` boards a session, the open room starts boards 1…b/2 from
    ``open_start`` and the closed room b/2+1…b from ``closed_start``; then they swap.
    """

    event: Event
    stage: Stage
    round: Round
    sets: tuple[BoardSet, BoardSet]
    matches: list[Match] = field(default_factory=list)
    tables: list[tuple[Table, Table]] = field(default_factory=list)  # (open, closed)

    @property
    def open(self) -> Table:
        return self.tables[0][0]

    @property
    def closed(self) -> Table:
        return self.tables[0][1]

    def board(self, number: int) -> Board:
        return Board.objects.get(stage=self.stage, round=self.round, number=number)


def team_round(
    ev: Event | None = None,
    *,
    matches: int = 1,
    boards: int = 4,
    open_start: str = "A",
    closed_start: str = "7",
    order: int = 1,
) -> TeamRound:
    ev = ev or event()
    stage = Stage.objects.create(
        event=ev,
        order=order,
        kind=Stage.Kind.TEAM_MATCH,
        name="团体赛",
        settings={"boards_per_session": boards, "sessions": 1},
    )
    round_ = Round.objects.create(stage=stage, number=1)
    half = boards // 2
    first = BoardSet.objects.create(
        stage=stage, round=round_, number=1, first_board=1, last_board=half, start_level=open_start
    )
    second = BoardSet.objects.create(
        stage=stage,
        round=round_,
        number=2,
        first_board=half + 1,
        last_board=boards,
        start_level=closed_start,
    )
    out = TeamRound(event=ev, stage=stage, round=round_, sets=(first, second))
    for m in range(1, matches + 1):
        home = entrant(ev, Entrant.Kind.TEAM, 2 * m - 1, 4)
        away = entrant(ev, Entrant.Kind.TEAM, 2 * m, 4)
        match = Match.objects.create(
            stage=stage, round=round_, number=m, home=home, away=away, status=Match.Status.READY
        )
        open_ = Table.objects.create(
            round=round_, number=2 * m - 1, room=Table.Room.OPEN, match=match, ns=home, ew=away
        )
        closed = Table.objects.create(
            round=round_, number=2 * m, room=Table.Room.CLOSED, match=match, ns=away, ew=home
        )
        SetPlay.objects.create(table=open_, board_set=first, order=1)
        SetPlay.objects.create(table=open_, board_set=second, order=2)
        SetPlay.objects.create(table=closed, board_set=second, order=1)
        SetPlay.objects.create(table=closed, board_set=first, order=2)
        seat_players(open_, home, away)
        seat_players(closed, away, home)
        out.matches.append(match)
        out.tables.append((open_, closed))
    return out


@dataclass
class MitchellStage:
    event: Event
    stage: Stage
    sets: list[BoardSet]
    rounds: list[Round]
    tables: dict[tuple[int, int], Table]  # (round, table number) → table

    def board(self, number: int) -> Board:
        return Board.objects.get(stage=self.stage, number=number)

    def tables_playing(self, set_number: int) -> list[Table]:
        """The tables that play a set, in the order they play it (round by round)."""
        return [
            t
            for (r, _n), t in sorted(self.tables.items())
            if t.set_plays.filter(board_set__number=set_number).exists()
        ]


def mitchell_stage(
    ev: Event | None = None, *, tables: int = 3, boards_per_round: int = 2, order: int = 1
) -> MitchellStage:
    ev = ev or event()
    movement = mitchell(tables, boards_per_round)
    stage = Stage.objects.create(
        event=ev,
        order=order,
        kind=Stage.Kind.MITCHELL,
        name="双人赛",
        settings={"boards_per_round": boards_per_round},
    )
    ns = [entrant(ev, Entrant.Kind.PAIR, i, 2) for i in range(1, tables + 1)]
    ew = [entrant(ev, Entrant.Kind.PAIR, tables + i, 2) for i in range(1, tables + 1)]
    sets = []
    for assignment in movement.rounds[0].tables:
        sets.append(
            BoardSet.objects.create(
                stage=stage,
                number=assignment.board_set,
                first_board=assignment.boards[0],
                last_board=assignment.boards[-1],
                start_level=assignment.start_level,
            )
        )
    sets.sort(key=lambda s: s.number)
    rounds, table_rows = [], {}
    for mround in movement.rounds:
        round_ = Round.objects.create(stage=stage, number=mround.number)
        rounds.append(round_)
        for a in mround.tables:
            table = Table.objects.create(
                round=round_, number=a.table, ns=ns[a.ns - 1], ew=ew[a.ew - 1]
            )
            SetPlay.objects.create(table=table, board_set=sets[a.board_set - 1], order=1)
            seat_players(table, ns[a.ns - 1], ew[a.ew - 1])
            table_rows[(mround.number, a.table)] = table
    return MitchellStage(event=ev, stage=stage, sets=sets, rounds=rounds, tables=table_rows)


# --- entries that the engine accepts for a given deal -------------------------------------


def fanzhu_trump(board: Board) -> str:
    """The trump of 翻主: the third card from the bottom (大王 → H, 小王 → S)."""
    third = board.bottom[-3]
    return {"BJ": "H", "LJ": "S"}.get(third, third[0])


def result_only(
    board: Board,
    *,
    levels: tuple[str, str] = ("A", "A"),
    declarer: str = "N",
    points: int = 40,
    dig: str | None = None,
    **kwargs: Any,
) -> Entry:
    """A result-only scorecard with trump from the bottom (always declarable)."""
    return Entry(
        levels={"NS": levels[0], "EW": levels[1]},
        declarer=declarer,
        trump=fanzhu_trump(board),
        declared_by=None,
        defender_points=points,
        dig=dig,
        **kwargs,
    )


def played(board: Board, *, levels: tuple[str, str] = ("A", "A"), declarer: str = "N") -> dict:
    """A whole legal play of ``board`` (the simulator deals the board's seed again)."""
    record = random_board(
        random.Random(int(board.seed)),
        board=board.number,
        levels={Side.NS: parse_level(levels[0]), Side.EW: parse_level(levels[1])},
        declarer=Seat[declarer],
    )
    assert sorted(record["bottom"]) == sorted(board.bottom)
    return record


def seat_facing(board: Board, card: str) -> str:
    """A declarer whose opponents hold ``card`` (so a dig with it is possible)."""
    wanted = parse_card(card)
    for seat, cards in board.hands.items():
        if any(parse_card(c) == wanted for c in cards):
            return {"N": "E", "S": "E", "E": "N", "W": "N"}[seat]
    raise AssertionError(f"{card} is in the bottom")
