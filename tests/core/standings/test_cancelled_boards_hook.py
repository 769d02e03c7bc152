"""The adjustments hook for a board cancelled before it was played (第三十八条), pure:
"如影响整个比赛进程，可判其若干副牌不打" — a room that never plays the board."""

from __future__ import annotations

from fractions import Fraction

from core.adjustments import Adjustment, AdjustmentKind
from core.matchpoints import Artificial, ArtificialScore
from core.standings import (
    BoardState,
    LineKind,
    MatchBoard,
    MatchDecision,
    Played,
    TravellerEntry,
    score_team_match,
    score_traveller,
)
from tests.core._records import play


def test_a_cancelled_board_a_room_never_played_is_not_scored_and_decides_nothing() -> None:
    """第三十八条: the closed room's board 2 is cancelled before it is played — the match
    is decided on board 1 alone instead of waiting for board 2 for ever."""
    boards = [
        MatchBoard(1, Played("o", play(60)), Played("c", play(95)), tables=("o", "c")),
        MatchBoard(2, Played("o", play(40)), None, tables=("o", "c")),
    ]
    waiting = score_team_match(boards, home="H", away="A")
    assert waiting.decision is MatchDecision.WAITING

    cancel = Adjustment.override(AdjustmentKind.NOT_SCORED, board=2, table="c", source="r:1")
    score = score_team_match(boards, home="H", away="A", adjustments=[cancel])
    assert score.boards[1].state is BoardState.NOT_SCORED
    assert score.decision is MatchDecision.WON and score.winner == "H"
    assert score.board_points == {"H": 2, "A": 0}
    assert cancel in score.adjustments


def test_a_cancelled_board_at_a_mitchell_table_gets_artificial_scores() -> None:
    """第三十八条 on a traveller: the slow table never plays board 1; it gets the
    artificial scores the ruling names (the slow N–S 40 %, their opponents 60 %)."""
    entries = [
        TravellerEntry(1, "n1", "e1", None),
        TravellerEntry(2, "n2", "e2", play(40)),
        TravellerEntry(3, "n3", "e3", play(60)),
    ]
    cancel = Adjustment.override(
        AdjustmentKind.NOT_SCORED,
        board=1,
        table=1,
        artificial=ArtificialScore(Artificial.AVERAGE_MINUS, Artificial.AVERAGE_PLUS),
    )
    scored = score_traveller(1, entries, adjustments=[cancel])
    line = scored.lines[0]
    assert line.kind is LineKind.NOT_SCORED
    assert (line.ns_score, line.ew_score) == (Fraction(8, 5), Fraction(12, 5))
    assert scored.ranked == 2 and scored.neuberg
