"""A team match's score and winner (第二十四、二十七、三十、三十三条), pure.

Home (H) sits N–S in the open room and E–W in the closed room; South declares at both
tables, so home declares in the open room and away (A) in the closed room, as in
competition.md's worked examples.
"""

from __future__ import annotations

from fractions import Fraction

from core.adjustments import Adjustment, AdjustmentKind
from core.results import PlayResult
from core.standings import BoardState, MatchBoard, MatchDecision, Played, score_team_match
from tests.core._records import play


def board(
    number: int,
    open_play: PlayResult | None,
    closed_play: PlayResult | None,
    *,
    tiebreak: bool = False,
) -> MatchBoard:
    return MatchBoard(
        number,
        Played(f"open-{number}", open_play) if open_play else None,
        Played(f"closed-{number}", closed_play) if closed_play else None,
        tiebreak=tiebreak,
    )


WORKED = [
    # (open: home declares, closed: away declares) → (home, away)
    (play(40), play(55), (1, 0)),  # both made, home's defenders collected 55 > 40
    (play(60), play(95), (2, 0)),  # home made, away broken
    (play(0), play(30), (2, 0)),  # 光牌 (3) against a make (1)
    (play(30), play(30, "BJ"), (4, 0)),  # a make (1) and a 大王 dig for home (+3)
    (play(0), play(0), (0, 0)),  # 光牌 both: 0–0
]


def worked_match() -> list[MatchBoard]:
    return [board(i, o, c) for i, (o, c, _) in enumerate(WORKED, start=1)]


def test_the_match_score_is_the_sum_of_the_worked_examples() -> None:
    """第二十四条 3、计分: 将双方得分累计，分数多者为胜 — 1 + 2 + 2 + 4 + 0 = 9 to 0."""
    score = score_team_match(worked_match(), home="H", away="A")
    assert [b.points["H"] for b in score.boards] == [p[0] for _, _, p in WORKED]
    assert score.board_points == {"H": 9, "A": 0}
    assert score.score == {"H": 9, "A": 0}
    assert score.decision is MatchDecision.WON and score.winner == "H" and score.loser == "A"
    assert score.match_points == {"H": 2, "A": 0}
    assert score.boards[0].reason_zh.startswith("两桌都打成")
    assert "主队" in score.boards[0].reason_zh and "home" in score.boards[0].reason_en


def test_a_match_with_boards_to_play_is_waiting() -> None:
    """第二十四条: the match is decided only once every board has been compared."""
    boards = worked_match() + [board(6, play(40), None)]
    score = score_team_match(boards, home="H", away="A")
    assert score.decision is MatchDecision.WAITING and score.winner is None
    assert score.boards[-1].state is BoardState.WAITING
    assert score.match_points == {"H": 0, "A": 0}
    assert (score.boards_scored, score.boards_expected) == (5, 6)


def test_a_level_round_robin_match_is_a_draw() -> None:
    """第二十五条之2: 平则各记1分."""
    score = score_team_match([board(1, play(40), play(40))], home="H", away="A")
    assert score.decision is MatchDecision.DRAWN and score.match_points == {"H": 1, "A": 1}


def test_a_penalty_changes_the_match_score_by_exactly_half_a_point() -> None:
    """第三十一条 (penalty of 0.5 比赛分): the match score is board points less
    penalties; here it turns a 1–0 win into a 0.5–0 win, and a draw into a loss."""
    boards = [board(1, play(40), play(55))]
    before = score_team_match(boards, home="H", away="A", match=7)
    penalty = Adjustment.penalty("H", "0.5", reason="多抓牌", source="ruling:1", match=7)
    after = score_team_match(boards, home="H", away="A", match=7, adjustments=[penalty])
    assert before.score["H"] - after.score["H"] == Fraction(1, 2)
    assert after.score == {"H": Fraction(1, 2), "A": 0}
    assert after.adjustment["H"] == Fraction(-1, 2) and after.adjustments == (penalty,)
    assert after.winner == "H"

    level = [board(1, play(40), play(40))]
    drawn = score_team_match(level, home="H", away="A", match=7, adjustments=[penalty])
    assert drawn.winner == "A" and drawn.match_points == {"H": 0, "A": 2}


def test_a_penalty_for_another_match_is_not_applied() -> None:
    """A team penalty belongs to the match it was given in."""
    penalty = Adjustment.penalty("H", source="ruling:1", match=8)
    score = score_team_match(worked_match(), home="H", away="A", match=7, adjustments=[penalty])
    assert score.score["H"] == 9 and not score.adjustments


def test_a_forfeit_is_zero_for_the_offender_and_a_win_for_the_opponent() -> None:
    """第三十条: 迟到15分钟以上的按弃权处理，本轮比赛记零分，对方获胜 — even when the
    offender had more board points, and before every board is played."""
    forfeit = Adjustment.forfeit("H", reason="迟到20分钟", source="ruling:2", match=7)
    boards = worked_match() + [board(6, None, None)]
    score = score_team_match(boards, home="H", away="A", match=7, adjustments=[forfeit])
    assert score.decision is MatchDecision.FORFEIT and score.decided
    assert score.winner == "A" and score.score["H"] == 0
    assert score.match_points == {"H": 0, "A": 2}
    assert score.forfeited == ("H",)


def test_both_sides_forfeiting_lose_both() -> None:
    """第三十条 applied to both teams: 0 each, no winner."""
    adjustments = [Adjustment.forfeit(t, match=1) for t in ("H", "A")]
    score = score_team_match(worked_match(), home="H", away="A", match=1, adjustments=adjustments)
    assert score.winner is None and score.match_points == {"H": 0, "A": 0}
    assert score.score == {"H": 0, "A": 0}


def test_a_declarers_wrong_card_count_scores_the_board_as_broken() -> None:
    """第三十三条: 错误在打家一方，即使打成了，也按打破算 — home made 40 in the open room;
    scored as broken, away (made 55 in the closed room) did well at both tables: 2."""
    boards = [board(1, play(40), play(55))]
    ruling = Adjustment.override(
        AdjustmentKind.SCORE_BROKEN, board=1, table="open-1", target="H", source="ruling:3"
    )
    score = score_team_match(boards, home="H", away="A", adjustments=[ruling])
    assert score.board_points == {"H": 0, "A": 2}
    assert score.boards[0].adjustments == (ruling,)


def test_a_defenders_wrong_card_count_scores_the_board_as_made() -> None:
    """第三十三条: 错误在防守方，打破了也算成 — away broke home in the open room at 95
    but erred: scored as made, both tables made, and away's defenders collected more
    (95 against home's 55 in the closed room): away 1 instead of 2."""
    boards = [board(1, play(95), play(55))]
    plain = score_team_match(boards, home="H", away="A")
    assert plain.board_points == {"H": 0, "A": 2}
    ruling = Adjustment.override(AdjustmentKind.SCORE_MADE, board=1, table="open-1", target="A")
    score = score_team_match(boards, home="H", away="A", adjustments=[ruling])
    assert score.board_points == {"H": 0, "A": 1}


def test_both_sides_at_fault_the_board_is_not_scored() -> None:
    """第三十三条: 如错误在双方，则本副牌不计分 — two rulings, one per side, or one
    not-scored ruling: 0–0, and the board no longer waits."""
    boards = [board(1, play(60), play(95)), board(2, play(40), play(40))]
    for rulings in (
        [
            Adjustment.override(AdjustmentKind.SCORE_BROKEN, board=1, table="open-1"),
            Adjustment.override(AdjustmentKind.SCORE_MADE, board=1, table="open-1"),
        ],
        [Adjustment.override(AdjustmentKind.NOT_SCORED, board=1, table="closed-1")],
    ):
        score = score_team_match(boards, home="H", away="A", adjustments=rulings)
        assert score.boards[0].state is BoardState.NOT_SCORED
        assert score.board_points == {"H": 0, "A": 0}
        assert score.decision is MatchDecision.DRAWN


def test_a_level_knockout_match_needs_tiebreak_boards() -> None:
    """第二十七条: 如有两队在规定的副数内打平，可增加若干副牌比出胜负."""
    level = [board(1, play(40), play(40))]
    score = score_team_match(level, home="H", away="A", needs_winner=True)
    assert score.decision is MatchDecision.TIEBREAK and score.winner is None

    waiting = level + [board(2, play(40), None, tiebreak=True)]
    assert score_team_match(waiting, home="H", away="A", needs_winner=True).decision is (
        MatchDecision.WAITING
    )

    decided = level + [board(2, play(30), play(55), tiebreak=True)]
    score = score_team_match(decided, home="H", away="A", needs_winner=True)
    assert score.winner == "H" and score.tiebreak_points == {"H": 1, "A": 0}

    still_level = level + [board(2, play(30), play(30), tiebreak=True)]
    score = score_team_match(still_level, home="H", away="A", needs_winner=True)
    assert score.decision is MatchDecision.TIEBREAK


def test_tiebreak_boards_do_not_count_once_the_regular_boards_decide() -> None:
    """第二十七条: extra boards are only for a match level after its boards; if a
    correction decides the regular boards, a segment already played does not count."""
    boards = [board(1, play(40), play(55)), board(2, play(95), play(40), tiebreak=True)]
    score = score_team_match(boards, home="H", away="A", needs_winner=True)
    assert score.winner == "H"
