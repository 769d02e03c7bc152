"""Playing whole team matches through the board services, for the database tests."""

from __future__ import annotations

from boards.models import Board, Result
from tournament.models import Match, Table

from .conftest import Play

#: Board results for a match outcome: (open room, closed room) defender points with
#: South declaring at both tables — home makes 60 and breaks away at 95: home 2.
OUTCOMES = {"home": (60, 95), "away": (95, 60), "draw": (40, 40)}


def tables(match: Match, session: int = 1) -> tuple[Table, Table]:
    by_room = {t.room: t for t in match.tables.filter(session=session)}
    return by_room[Table.Room.OPEN], by_room[Table.Room.CLOSED]


def boards_of(table: Table) -> list[Board]:
    numbers = [
        n for sp in table.set_plays.select_related("board_set") for n in sp.board_set.board_numbers
    ]
    return list(
        Board.objects.filter(
            stage=table.round.stage, round=table.round, number__in=numbers
        ).order_by("number")
    )


def play_match(play: Play, match: Match, outcome: str, session: int = 1) -> list[Result]:
    """Every board of one session of ``match``: each gives the side ``outcome`` names 2
    board points (or 0–0 for a draw)."""
    open_table, closed_table = tables(match, session)
    open_points, closed_points = OUTCOMES[outcome]
    results = []
    for board in boards_of(open_table):
        results.append(play.at_table(board, open_table, open_points))
        results.append(play.at_table(board, closed_table, closed_points))
    return results
