"""A team or pair withdrawing (退赛) at any time, and decisions taken back with a reason.

第三十条: "迟到15分钟以上的按弃权处理，本轮比赛记零分，对方获胜" — a withdrawn entrant's
remaining matches (team formats) or boards (Mitchell) are forfeits: 0 for it, the win to
its opponents. Before round 1 the field simply changes and the schedule is laid out again.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db.models import Q

from printing.selectors import schedule_data
from scoring.errors import ScoringError
from scoring.models import DecisionRecord, MatchScore, ScoreAdjustment, Standing, Withdrawal
from scoring.selectors import board_traveller
from scoring.services import (
    entrant_leave,
    rescore_stage,
    stage_entrant_add,
    stage_qualification_remove,
    stage_qualify_from_source,
    stage_take_back,
    swiss_round_next,
    withdrawal_record,
    withdrawal_take_back,
)
from tests import builders
from tests.builders import board, mitchell, pairs, play_match
from tournament.errors import EventError
from tournament.models import Entrant, Match, Stage
from tournament.services import round_start, stage_playoff_create
from web.pages.swiss import page as swiss_page
from web.selectors import entrant_views

pytestmark = pytest.mark.django_db

SHORT = {"boards_per_session": 2, "sessions": 1}


def score(match: Match) -> MatchScore:
    return MatchScore.objects.get(match=match)


def round_robin_after_round_1(play, make_teams, make_stage):
    """Four teams; round 1 played (the lower number wins both matches)."""
    teams = make_teams(4)
    stage = make_stage(Stage.Kind.ROUND_ROBIN, teams, **SHORT)
    first = stage.rounds.get(number=1)
    round_start(round=first)
    for match in first.matches.select_related("home", "away"):
        play_match(play, match, "home" if match.home.number < match.away.number else "away")
    return stage, teams


def test_a_team_withdrawing_mid_round_robin_forfeits_what_is_left(
    play, make_teams, make_stage, director
):
    """第三十条: every match the withdrawn team had still to play is 0 for it and a win
    for its opponent; the match it played stays as played (the director kept it)."""
    stage, teams = round_robin_after_round_1(play, make_teams, make_stage)
    gone = teams[0]
    played = Match.objects.get(stage=stage, round__number=1, home=gone)
    with play.capture(execute=True):
        withdrawal_record(entrant=gone, reason="队员生病，全队退赛", decided_by=director)
    assert score(played).decision == "won" and played.winner_id == gone.pk
    later = Match.objects.filter(stage=stage, round__number__gt=1).filter(
        home=gone
    ) | Match.objects.filter(stage=stage, round__number__gt=1, away=gone)
    assert later.count() == 2
    for match in later:
        s = score(match)
        opponent = match.away_id if match.home_id == gone.pk else match.home_id
        assert s.decision == "forfeit"
        assert (s.home_score if match.home_id == gone.pk else s.away_score) == 0
        assert Match.objects.get(pk=match.pk).winner_id == opponent
    mine = Standing.objects.get(stage=stage, entrant=gone)
    assert mine.match_points == 2  # its round-1 win only (第二十五条之2: 2/1/0)
    record = DecisionRecord.objects.get(kind=DecisionRecord.Kind.WITHDRAWN)
    assert record.reason == "队员生病，全队退赛" and record.details["article"] == "第三十条"
    assert record.done_by == director


def test_struck_results_are_forfeited_too_and_a_withdrawal_taken_back_restores(
    play, make_teams, make_stage
):
    """The director strikes the played match: it is scored as forfeited as well (第三十条).
    Taken back with a reason, every forfeit goes and the scores are as before."""
    stage, teams = round_robin_after_round_1(play, make_teams, make_stage)
    gone = teams[0]
    played = Match.objects.get(stage=stage, round__number=1, home=gone)
    with play.capture(execute=True):
        w = withdrawal_record(entrant=gone, reason="弃赛", played=Withdrawal.Played.STRIKE)
    assert score(played).decision == "forfeit"
    assert Match.objects.get(pk=played.pk).winner_id == played.away_id
    with play.capture(execute=True):
        withdrawal_take_back(withdrawal=w, reason="误操作")
    assert not ScoreAdjustment.objects.filter(source=w.source).exists()
    assert score(played).decision == "won"
    assert Match.objects.get(pk=played.pk).winner_id == gone.pk
    assert Match.objects.filter(stage=stage, status=Match.Status.FINISHED).count() == 2
    assert list(DecisionRecord.objects.values_list("kind", flat=True)) == [
        "withdrawal_back",
        "withdrawn",
    ]


def test_a_second_click_adds_nothing_and_bad_input_saves_nothing(play, make_teams, make_stage):
    stage, teams = round_robin_after_round_1(play, make_teams, make_stage)
    with pytest.raises(ScoringError, match="须说明退赛原因"):
        withdrawal_record(entrant=teams[1], reason="  ")
    with pytest.raises(ScoringError, match="平均分加"):
        withdrawal_record(entrant=teams[1], reason="x", opponent_score="average_minus")
    assert not Withdrawal.objects.exists() and not ScoreAdjustment.objects.exists()
    first = withdrawal_record(entrant=teams[1], reason="退赛")
    again = withdrawal_record(entrant=teams[1], reason="退赛")
    assert again.pk == first.pk and Withdrawal.objects.count() == 1
    assert DecisionRecord.objects.count() == 1


def test_a_withdrawn_knockout_team_gives_a_walkover_in_its_next_match(play, make_teams, make_stage):
    """Team 1 wins its semi-final, then withdraws: the final is a walkover for whoever
    wins the other semi-final (第三十条), as soon as that one is decided."""
    stage = make_stage(Stage.Kind.KNOCKOUT, make_teams(4), **SHORT)
    semis = stage.rounds.get(number=1)
    round_start(round=semis)
    m1, m2 = semis.matches.select_related("home", "away").order_by("number")
    play_match(play, m1, "home" if m1.home.number == 1 else "away")
    winner = Match.objects.get(pk=m1.pk).winner
    assert winner.number == 1
    with play.capture(execute=True):
        withdrawal_record(entrant=winner, reason="退赛")
    play_match(play, m2, "home")
    final = stage.matches.get(round__number=2)
    assert final.status == Match.Status.FINISHED
    assert final.winner_id == Match.objects.get(pk=m2.pk).winner_id
    assert score(final).decision == "forfeit"


def test_a_withdrawn_mitchell_pair_forfeits_its_remaining_boards(play, make_pairs, make_stage):
    """A Mitchell of three tables, one board a round: the pair plays round 1 and
    withdraws. Its later boards: 0 for it; its opponents average-plus (60 % of the top)
    as a ruling's forfeit gives, or the average (50 %) the director chooses."""
    stage = mitchell(make_pairs, make_stage, 3)
    round_start(round=stage.rounds.get(number=1))
    for table in stage.rounds.get(number=1).tables.all():
        set_play = table.set_plays.get()
        dealt = set_play.board_set.boards.get()
        play.by_director(dealt, table, 40)
    gone = stage.rounds.get(number=1).tables.get(number=1).ns
    with play.capture(execute=True):
        withdrawal_record(entrant=gone, reason="退赛", opponent_score="average")
    for number in (1, 2, 3):
        for line in board_traveller(board(stage, number)):
            if gone.pk in (line.table.ns_id, line.table.ew_id) and line.kind == "forfeit":
                mine, theirs = (
                    (line.ns_score, line.ew_score)
                    if line.table.ns_id == gone.pk
                    else (line.ew_score, line.ns_score)
                )
                assert mine == 0 and theirs == Decimal(line.top) / 2
    forfeited = [
        line
        for number in (1, 2, 3)
        for line in board_traveller(board(stage, number))
        if line.kind == "forfeit"
    ]
    assert len(forfeited) == 2  # rounds 2 and 3; round 1's board stays as played


def test_before_round_1_a_no_show_and_a_late_pair_change_the_field_in_one_step(
    event, make_pairs, make_stage, make_teams, director
):
    """Before round 1 the field changes and the movement or schedule is laid out again:
    a late pair joins a Mitchell (4 tables, not 3); a no-show team leaves a round robin
    (3 teams now: each team sits out a round)."""
    stage = mitchell(make_pairs, make_stage, 3)
    late = pairs(event, [("迟到甲", "迟到乙"), ("晚到甲", "晚到乙")])
    stage_entrant_add(stage=stage, entrant=late[0], reason="迟到报名", user=director)
    stage_entrant_add(stage=stage, entrant=late[1], user=director)
    assert stage.entries.count() == 8 and stage.rounds.get(number=1).tables.count() == 4
    teams = make_teams(4)
    robin = make_stage(Stage.Kind.ROUND_ROBIN, teams, **SHORT)
    assert entrant_leave(entrant=teams[3], reason="未到场", decided_by=director) is None
    assert not Entrant.objects.filter(pk=teams[3].pk).exists()
    assert robin.entries.count() == 3 and robin.matches.count() == 3
    record = DecisionRecord.objects.filter(kind=DecisionRecord.Kind.FIELD_CHANGED).first()
    assert record.reason == "未到场" and record.details["stages"] == [robin.name]


def test_the_field_is_fixed_once_round_1_has_started(play, make_teams, make_stage):
    stage, teams = round_robin_after_round_1(play, make_teams, make_stage)
    late = make_teams(1)[0]
    with pytest.raises(EventError, match="第三十条"):
        stage_entrant_add(stage=stage, entrant=late)
    assert stage.entries.count() == 4
    # after the start, 退赛 in one step is the forfeit
    with play.capture(execute=True):
        assert entrant_leave(entrant=teams[2], reason="退赛") is not None


def test_qualifying_twice_adds_nothing_and_a_qualification_is_removed_with_a_reason(
    event, make_teams, director
):
    """第二十六条之3: a second click shows the field qualified; the qualification is
    taken back before play with its reason (kept with who was qualified) and then
    qualified again."""
    from tournament.services import stage_create

    groups = stage_create(
        event=event,
        kind="group_round_robin",
        entrants=make_teams(8),
        settings={"groups": 2, "qualifiers_per_group": 2},
    )
    knockout = stage_create(event=event, kind="knockout", source=groups)
    rescore_stage(groups.pk)  # the groups' standings as they stand: nothing played yet
    first = stage_qualify_from_source(stage=knockout, user=director, override_reason="测试提前出线")
    again = stage_qualify_from_source(stage=knockout, user=director, override_reason="再点一次")
    assert [e.pk for e in again] == [e.pk for e in first]
    assert knockout.qualification_overrides.count() == 1
    with pytest.raises(ScoringError, match="须说明原因"):
        stage_qualification_remove(stage=knockout, reason="")
    assert knockout.entries.count() == 4
    assert stage_qualification_remove(stage=knockout, reason="名次算错", user=director) == 4
    assert knockout.entries.count() == 0
    assert not knockout.matches.filter(home__isnull=False).exists()
    record = DecisionRecord.objects.get(kind=DecisionRecord.Kind.QUALIFICATION_REMOVED)
    assert record.reason == "名次算错" and len(record.details["qualified"]) == 4
    assert len(stage_qualify_from_source(stage=knockout, override_reason="重办")) == 4


def test_a_play_off_stage_is_removed_before_it_is_played_with_a_reason(
    play, make_teams, make_stage, director
):
    """第二十五条之4: a play-off laid out twice is one stage; removed with its reason
    before it is played (the record outlives it), refused once it has started."""
    stage, teams = round_robin_after_round_1(play, make_teams, make_stage)
    made = stage_playoff_create(stage=stage, entrants=teams[:2], boards=4)
    assert stage_playoff_create(stage=stage, entrants=teams[:2], boards=4).pk == made.pk
    with pytest.raises(ScoringError):
        stage_take_back(stage=made, reason=" ")
    stage_take_back(stage=made, reason="同分算错，无需加赛", user=director)
    assert not Stage.objects.filter(pk=made.pk).exists()
    record = DecisionRecord.objects.get(kind=DecisionRecord.Kind.STAGE_REMOVED)
    assert record.subject == made.name and record.reason == "同分算错，无需加赛"
    with pytest.raises(EventError, match="已开始"):
        stage_take_back(stage=stage, reason="x")


def test_a_withdrawn_swiss_team_is_not_paired_again_and_keeps_its_score(
    play, make_teams, make_stage
):
    """第三十条: a team that withdraws keeps what it scored; a Swiss pairs its later
    rounds from the teams still in. Four teams, team 1 wins round 1 and withdraws:
    round 2 pairs the other three — an odd field, so the lowest-ranked of them has the
    bye (2 match points, 第二十五条之2) — and team 1 is in no match, has no bye, and
    keeps its 2 match points, as it does after round 3."""
    teams = make_teams(4)
    stage = make_stage(Stage.Kind.SWISS, teams, rounds=3, **SHORT)
    first = stage.rounds.get(number=1)
    round_start(round=first)
    for match in first.matches.all():
        play_match(play, match, "home")
    gone = teams[0]
    with play.capture(execute=True):
        withdrawal_record(entrant=gone, reason="退赛")
    for number in (2, 3):
        with play.capture(execute=True):
            laid = swiss_round_next(stage=stage)
        assert not laid.matches.filter(Q(home=gone) | Q(away=gone)).exists()
        assert laid.matches.count() == 1  # three teams still in: one match and a bye
        mine = Standing.objects.get(stage=stage, entrant=gone)
        assert (mine.match_points, mine.played, mine.byes) == (2, 1, 0)
        byes = Standing.objects.filter(stage=stage, byes=1).exclude(entrant=gone)
        assert byes.count() == number - 1  # one bye a round, never to the withdrawn team
        # the stage page and the printed schedule name the one bye, not the team gone
        (printed,) = schedule_data(stage.event, stage=stage).stages
        shown = swiss_page(stage, entrant_views(stage.event))["schedule"][number - 1]
        assert [b.number for b in printed.rounds[number - 1].byes] == [
            e.number for e in shown["byes"]
        ]
        assert len(shown["byes"]) == 1 and shown["byes"][0].id != gone.pk
        round_start(round=laid)
        for match in laid.matches.all():
            play_match(play, match, "home")
    assert not ScoreAdjustment.objects.exists()  # it had nothing left to forfeit


def test_a_swiss_withdrawal_taken_back_after_a_round_counts_that_round_as_its_bye(
    play, make_teams, make_stage
):
    """A withdrawal recorded by mistake and taken back after the Swiss paired a round
    without the team: that round counts as its bye (2 match points, 第二十五条之2), not
    its fault, and it is paired again in the next round."""
    teams = make_teams(4)
    stage = make_stage(Stage.Kind.SWISS, teams, rounds=3, **SHORT)
    first = stage.rounds.get(number=1)
    round_start(round=first)
    for match in first.matches.all():
        play_match(play, match, "home")
    with play.capture(execute=True):
        w = withdrawal_record(entrant=teams[0], reason="点错了队")
        second = swiss_round_next(stage=stage)
        withdrawal_take_back(withdrawal=w, reason="误操作")
    mine = Standing.objects.get(stage=stage, entrant=teams[0])
    assert (mine.match_points, mine.byes) == (4, 1)
    round_start(round=second)
    for match in second.matches.all():
        play_match(play, match, "home")
    with play.capture(execute=True):
        third = swiss_round_next(stage=stage)
    assert third.matches.filter(Q(home=teams[0]) | Q(away=teams[0])).exists()


def test_a_withdrawn_team_in_a_double_elimination_forfeits_its_losers_match(
    play, make_teams, make_stage
):
    """Double elimination of four: team 1 loses its first match, withdraws, and its
    losers'-bracket match is a walkover for the team it meets there."""
    stage = make_stage(Stage.Kind.DOUBLE_ELIMINATION, make_teams(4), **SHORT)
    first = stage.rounds.get(number=1)
    round_start(round=first)
    matches = list(first.matches.select_related("home", "away").order_by("number"))
    gone = None
    for match in matches:
        # the higher number wins: team 1 drops to the losers' bracket
        play_match(play, match, "home" if match.home.number > match.away.number else "away")
        if 1 in (match.home.number, match.away.number):
            gone = match.home if match.home.number == 1 else match.away
    with play.capture(execute=True):
        withdrawal_record(entrant=gone, reason="退赛")
    losers = stage.matches.filter(side=Match.Side.LOSERS).get(Q(home=gone) | Q(away=gone))
    assert losers.status == Match.Status.FINISHED and losers.winner_id != gone.pk
    assert score(losers).decision == "forfeit"


def test_a_knockout_team_withdrawing_before_its_match_sends_its_opponent_on(
    play, make_teams, make_stage
):
    """第三十条 in a knockout (第二十七条): team 1 withdraws before its semi-final is
    played; the semi-final is its opponent's by forfeit, and that opponent plays the
    final against the other semi-final's winner, a match like any other."""
    stage = make_stage(Stage.Kind.KNOCKOUT, make_teams(4), **SHORT)
    semis = stage.rounds.get(number=1)
    round_start(round=semis)
    m1, m2 = semis.matches.select_related("home", "away").order_by("number")
    gone = m1.home if m1.home.number == 1 else m1.away
    opponent = m1.away if gone == m1.home else m1.home
    with play.capture(execute=True):
        withdrawal_record(entrant=gone, reason="退赛")
    assert Match.objects.get(pk=m1.pk).winner_id == opponent.pk
    assert score(m1).decision == "forfeit"
    play_match(play, m2, "home")
    final = stage.matches.get(round__number=2)
    assert {final.home_id, final.away_id} == {opponent.pk, m2.home_id}
    assert final.status != Match.Status.FINISHED  # played, not a walkover
    assert not ScoreAdjustment.objects.filter(match=final).exists()


def test_a_withdrawn_team_that_qualifies_forfeits_its_next_stage_matches(
    play, event, make_teams, make_stage
):
    """第三十条 across stages: two groups of three (第二十六条), two from each go on to a
    knockout. A team wins its group match in round 1 and withdraws; qualified early
    (the director's reason, 第二十六条之3) it is second in its group, and its knockout
    match is a walkover for its opponent as soon as the knockout is laid out."""
    groups = make_stage(
        Stage.Kind.GROUP_ROUND_ROBIN, make_teams(6), groups=2, qualifiers_per_group=2, **SHORT
    )
    knockout = builders.stage(event, Stage.Kind.KNOCKOUT, source=groups, **SHORT)
    first = groups.rounds.get(number=1)
    round_start(round=first)
    for match in first.matches.all():
        play_match(play, match, "home")
    gone = first.matches.order_by("number").first().home
    with play.capture(execute=True):
        withdrawal_record(entrant=gone, reason="退赛")
    with play.capture(execute=True):
        stage_qualify_from_source(stage=knockout, override_reason="小组赛提前出线")
    assert knockout.entries.filter(entrant=gone).exists()
    match = knockout.matches.get(Q(home=gone) | Q(away=gone))
    assert score(match).decision == "forfeit"
    assert Match.objects.get(pk=match.pk).winner_id not in (None, gone.pk)
