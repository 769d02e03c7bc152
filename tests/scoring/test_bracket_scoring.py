"""Brackets driven by entered results (第二十七条): every advancement path of a knockout
and of a double elimination happens by itself once the boards are confirmed — the
winner moves on, a level match waits for its tie-break boards, a bye, a loser drops to
the losers' bracket and goes out on a second loss, the bracket-reset final, and a
correction that changes a winner after the next match was played."""

from __future__ import annotations

import pytest

from boards.services import boards_generate
from scoring.models import MatchScore
from tests.builders import play_match
from tournament.models import Match, Stage
from tournament.selectors import stage_bracket_state, stage_seeds
from tournament.services import match_add_tiebreak

pytestmark = pytest.mark.django_db


def bracket(make_teams, make_stage, kind: str, teams: int, **settings) -> Stage:
    return make_stage(kind, make_teams(teams), boards_per_session=2, sessions=1, **settings)


def m(stage: Stage, number: int) -> Match:
    return stage.matches.select_related("home", "away", "winner").get(number=number)


def seed_of(stage: Stage, entrant) -> int:
    return {e.pk: s for s, e in stage_seeds(stage).items()}[entrant.pk]


def test_a_knockout_moves_on_by_itself(play, make_teams, make_stage):
    """Single elimination, 4 teams: M1 (1–4) and M2 (2–3) feed the final M3. A win
    moves the winner on; a level match needs extra boards and the tie-break segment
    decides (如有两队在规定的副数内打平，可增加若干副牌比出胜负); the final's winner is
    the champion."""
    stage = bracket(make_teams, make_stage, Stage.Kind.KNOCKOUT, 4)
    play_match(play, m(stage, 1), "home")
    assert m(stage, 1).status == Match.Status.FINISHED
    assert seed_of(stage, m(stage, 3).home) == 1  # the winner moved on

    play_match(play, m(stage, 2), "draw")
    level = m(stage, 2)
    assert level.status == Match.Status.READY and level.winner is None
    assert MatchScore.objects.get(match=level).decision == "tiebreak"
    assert m(stage, 3).away is None

    match_add_tiebreak(match=level)
    boards_generate(stage=stage)
    play_match(play, level, "away", session=2)
    score = MatchScore.objects.get(match=level)
    assert score.decision == "won" and score.away_tiebreak_points == 8  # 4 extra boards, 2 each
    assert seed_of(stage, m(stage, 2).winner) == 3
    assert seed_of(stage, m(stage, 3).away) == 3

    play_match(play, m(stage, 3), "away")
    state = stage_bracket_state(stage)
    assert (state.champion, state.runner_up) == (3, 1)


def test_a_bye_and_a_correction_that_changes_the_winner(play, make_teams, make_stage):
    """Three teams: seed 1 has a bye into M2, where the winner of M1 (2–3) meets it.
    Correcting M1 after M2 was played puts the other team into M2: the bracket withdraws
    M2's result, and M2's boards — played by the previous team — wait for the director
    rather than being credited to the new one."""
    stage = bracket(make_teams, make_stage, Stage.Kind.KNOCKOUT, 3)
    assert seed_of(stage, m(stage, 2).home) == 1  # the bye
    first = play_match(play, m(stage, 1), "home")
    assert seed_of(stage, m(stage, 2).away) == 2
    play_match(play, m(stage, 2), "away")
    assert seed_of(stage, m(stage, 2).winner) == 2

    for result in first[::2]:  # the open room: home was broken after all
        play.correct(result, 95)
    for result in first[1::2]:  # the closed room: away made
        play.correct(result, 60)
    assert seed_of(stage, m(stage, 1).winner) == 3
    final = m(stage, 2)
    assert seed_of(stage, final.away) == 3 and final.winner is None
    score = MatchScore.objects.get(match=final)
    assert score.needs_review and "对阵已变" in score.note_zh


def test_a_double_elimination_moves_on_by_itself(play, make_teams, make_stage):
    """Double elimination, 4 teams, with the bracket-reset final: winners stay in the
    winners' bracket, a first loss drops a team to the losers' bracket, a second loss
    eliminates it, and the two brackets' last teams meet in the final; when the team
    from the losers' bracket wins it, the reset final decides (第二十七条之2)."""
    stage = bracket(make_teams, make_stage, Stage.Kind.DOUBLE_ELIMINATION, 4, bracket_reset=True)
    play_match(play, m(stage, 1), "home")  # 1 beats 4
    play_match(play, m(stage, 2), "away")  # 3 beats 2
    assert (seed_of(stage, m(stage, 3).home), seed_of(stage, m(stage, 3).away)) == (1, 3)
    assert (seed_of(stage, m(stage, 4).home), seed_of(stage, m(stage, 4).away)) == (4, 2)

    play_match(play, m(stage, 3), "home")  # 1 beats 3: 3 drops to the losers' final
    play_match(play, m(stage, 4), "home")  # 4 beats 2: 2 is out (second loss)
    state = stage_bracket_state(stage)
    assert state.eliminated.get(2) == 4 and 3 not in state.eliminated
    assert (seed_of(stage, m(stage, 5).home), seed_of(stage, m(stage, 5).away)) == (4, 3)

    play_match(play, m(stage, 5), "away")  # 3 beats 4: 4 is out
    assert stage_bracket_state(stage).eliminated.get(4) == 5
    final = m(stage, 6)
    assert (seed_of(stage, final.home), seed_of(stage, final.away)) == (1, 3)

    play_match(play, final, "away")  # the losers' bracket team wins: a reset final
    reset = m(stage, 7)
    assert reset.status == Match.Status.READY
    play_match(play, reset, "away")  # 1 (now in slot b) wins the reset
    state = stage_bracket_state(stage)
    assert (state.champion, state.runner_up) == (1, 3)


def test_a_double_elimination_final_won_by_the_winners_bracket_needs_no_reset(
    play, make_teams, make_stage
):
    """The winners' bracket champion wins the final: the reset final is not needed."""
    stage = bracket(make_teams, make_stage, Stage.Kind.DOUBLE_ELIMINATION, 4, bracket_reset=True)
    for number in (1, 2, 3, 4, 5):
        play_match(play, m(stage, number), "home")
    play_match(play, m(stage, 6), "home")
    assert m(stage, 7).status == Match.Status.NOT_NEEDED
    assert stage_bracket_state(stage).champion == seed_of(stage, m(stage, 6).winner)


def test_a_level_knockout_match_reads_to_be_played_off_on_every_face(play, make_teams, make_stage):
    """第二十七条: a knockout match level after its boards is 打平，需加赛 — its page, the
    results paper and the API said so, while the bracket page's list said 可进行 and the
    bracket paper said nothing."""
    from printing.selectors import bracket_data
    from tests.printing._pdf import paper_text
    from web.pages.bracket import page as bracket_page

    stage = bracket(make_teams, make_stage, Stage.Kind.KNOCKOUT, 4)
    play_match(play, m(stage, 1), "draw")
    play_match(play, m(stage, 2), "home")  # the round's boards played out: shown to players
    assert MatchScore.objects.get(match=m(stage, 1)).decision == "tiebreak"
    for official in (True, False):
        listing = bracket_page(stage, {}, director=official)["matches"]
        assert next(x for x in listing if x["box"].id == 1)["status"] == "打平，需加赛"
        data = bracket_data(stage.event, stage=stage, official=official)
        (box,) = [b for b in data.sheets[0].matches if b.number == 1]
        assert box.tiebreak
        assert "M1 · 打平，需加赛" in paper_text(stage.event, "brackets", stage, official)
