"""Team scoring through the database (第二十四、二十五条): results entered and confirmed at
the open and closed tables become board points, a match score, a recorded winner and
standings, by themselves; a correction rescores only what it touches."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.management import call_command

from boards.models import Board
from scoring.models import BoardScore, MatchScore, Standing
from scoring.services import adjustment_forfeit, adjustment_penalty, adjustments_set, tie_order_set
from tests._tables import open_side
from tests.builders import play_match, rooms, seat_facing
from tournament.models import Match, Stage

pytestmark = pytest.mark.django_db


@pytest.fixture
def team_match(make_teams, make_stage):
    """One team match of 6 boards in one session: the open room plays 1–3 first, the
    closed room 4–6; home N–S in the open room."""
    stage = make_stage(Stage.Kind.TEAM_MATCH, make_teams(2), boards_per_session=6, sessions=1)
    return stage.matches.get()


def test_the_worked_examples_through_the_database(play, team_match):
    """第二十四条 3、计分 — competition.md's five worked examples, each entered by N–S at
    its table and confirmed by E–W, X declaring in the open room and Y in the closed:
    40/55 → X 1; 60/95 → X 2; 光牌/30 → X 2; 30/大王抠底 → X 4; 光牌/光牌 → 0–0."""
    match = team_match
    open_table, closed_table = rooms(match)
    boards = {b.number: b for b in Board.objects.filter(stage=match.stage)}
    examples = {1: (40, None, 55, None), 2: (60, None, 95, None), 3: (0, None, 30, None)}
    examples |= {4: (30, None, 30, "BJ"), 5: (0, None, 0, None), 6: (40, None, 40, None)}
    expected = {1: 1, 2: 2, 3: 2, 4: 4, 5: 0, 6: 0}
    x_team = {}
    for number, (open_points, open_dig, closed_points, closed_dig) in examples.items():
        board = boards[number]
        declarer = seat_facing(board, "BJ") if number == 4 else "S"
        # X declares in the open room: home if the declarer sits N–S, away otherwise.
        x_team[number] = match.home_id if declarer in "NS" else match.away_id
        play.at_table(board, open_table, open_points, open_dig, declarer=declarer)
        play.at_table(board, closed_table, closed_points, closed_dig, declarer=declarer)

    scores = {s.number: s for s in BoardScore.objects.filter(match=match)}
    for number, points in expected.items():
        s = scores[number]
        got = s.home_points if x_team[number] == match.home_id else s.away_points
        other = s.away_points if x_team[number] == match.home_id else s.home_points
        assert (got, other) == (points, 0), (number, s.reason_en)
        assert s.state == "scored" and s.open_result_id and s.closed_result_id
    assert scores[4].step == 1 and scores[1].step == 2 and scores[2].step == 3

    home_total = sum(p for n, p in expected.items() if x_team[n] == match.home_id)
    away_total = sum(p for n, p in expected.items() if x_team[n] == match.away_id)
    score = MatchScore.objects.get(match=match)
    assert (score.home_board_points, score.away_board_points) == (home_total, away_total)
    assert score.decision == "won" and score.boards_scored == score.boards_expected == 6
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.winner_id == (match.home_id if home_total > away_total else match.away_id)
    winner = Standing.objects.get(stage=match.stage, place=1)
    assert winner.entrant_id == match.winner_id and winner.match_points == 2


def test_an_entered_result_counts_only_once_confirmed(play, team_match):
    """A scorecard entered by one side waits for the other (boards services); scoring
    reads confirmed results only."""
    from boards.services import result_enter
    from tests.builders import entry

    open_table, closed_table = rooms(team_match)
    board = Board.objects.get(stage=team_match.stage, number=1)
    play.at_table(board, open_table, 40)
    with play.capture(execute=True):
        result_enter(
            board=board,
            table=closed_table,
            entry=entry(board, 55),
            actor=open_side(closed_table, "NS"),
        )
    assert BoardScore.objects.get(match=team_match, number=1).state == "waiting"
    assert MatchScore.objects.get(match=team_match).decision == "waiting"


@pytest.fixture
def round_robin(make_teams, make_stage):
    """Four teams, 2 boards a match, one session: 3 rounds of 2 matches (第二十五条)."""
    return make_stage(Stage.Kind.ROUND_ROBIN, make_teams(4), boards_per_session=2, sessions=1)


def standings(stage):
    return [
        (s.entrant.name, s.place, s.match_points, s.tie)
        for s in Standing.objects.filter(stage=stage)
        .select_related("entrant")
        .order_by("place", "entrant__number")
    ]


def test_a_correction_rescores_only_what_it_touches(play, round_robin):
    """A corrected result rescores its board, its match and the stage's standings — not
    the round's other match, whose (deliberately spoiled) row stays as it was until a
    full rescore (`rescore EVENT`) puts it right."""
    first, second = round_robin.matches.filter(round__number=1).order_by("number")
    results = play_match(play, first, "home")
    play_match(play, second, "away")
    BoardScore.objects.filter(match=second, number=1).update(reason_zh="spoiled")
    assert Standing.objects.get(stage=round_robin, entrant=first.home).match_points == 2

    # Board 1 of the first match was the other way round: home broken at 95 in the
    # open room, away made 60 in the closed room — away 2 on it, the match 2–2.
    play.correct(results[0], 95)
    assert BoardScore.objects.get(match=first, number=1).home_points == 0
    assert BoardScore.objects.get(match=second, number=1).reason_zh == "spoiled"
    play.correct(results[1], 60)
    assert BoardScore.objects.get(match=first, number=1).away_points == 2
    score = MatchScore.objects.get(match=first)
    assert (score.home_score, score.away_score) == (Decimal(2), Decimal(2))
    assert score.decision == "drawn"
    first.refresh_from_db()
    assert first.status == Match.Status.FINISHED and first.winner_id is None
    assert Standing.objects.get(stage=round_robin, entrant=first.home).match_points == 1
    assert Standing.objects.get(stage=round_robin, entrant=first.away).match_points == 1

    call_command("rescore", round_robin.event.code, stdout=open("/dev/null", "w"))
    assert BoardScore.objects.get(match=second, number=1).reason_zh.endswith("得 2 分")


def test_the_rescore_command_and_task_are_idempotent(play, round_robin, capsys):
    """`python manage.py rescore EVENT` rewrites nothing when nothing changed, and puts
    back rows that were lost."""
    match = round_robin.matches.order_by("number").first()
    play_match(play, match, "home")
    before = list(BoardScore.objects.order_by("pk").values())
    standing_before = list(Standing.objects.order_by("pk").values())
    call_command("rescore", round_robin.event.code)
    out = capsys.readouterr().out
    assert '"event": "chifeng"' in out and '"seconds"' in out
    assert list(BoardScore.objects.order_by("pk").values()) == before
    assert list(Standing.objects.order_by("pk").values()) == standing_before

    Standing.objects.all().delete()
    MatchScore.objects.all().delete()
    call_command("rescore", str(round_robin.event.pk), stdout=open("/dev/null", "w"))
    assert MatchScore.objects.get(match=match).decision == "won"
    assert Standing.objects.filter(stage=round_robin).count() == 4


def test_round_robin_ties_through_the_database(play, make_teams, make_stage, director):
    """第二十五条之4: three teams level (A beat B, B beat C, C beat A) are flagged for a
    play-off until the director records an order with its reason."""
    stage = make_stage(Stage.Kind.ROUND_ROBIN, make_teams(3), boards_per_session=2, sessions=1)
    matches = list(stage.matches.order_by("number"))
    names = {}
    for match in matches:
        play_match(play, match, "home")
        names[match.home.name] = match.home
    rows = list(Standing.objects.filter(stage=stage))
    assert {r.place for r in rows} == {1} and all(r.flagged and r.tie == "playoff" for r in rows)

    order = [m.home for m in matches]
    with play.capture(execute=True):
        tie_order_set(stage=stage, entrants=order, reason="加赛4副决定", decided_by=director)
    rows = Standing.objects.filter(stage=stage).order_by("place")
    assert [r.entrant_id for r in rows] == [e.pk for e in order]
    assert all(r.tie == "director" and r.note == "加赛4副决定" and not r.flagged for r in rows)


def test_two_level_teams_head_to_head_and_shared(play, round_robin):
    """第二十五条之4(一)(二): teams 2 and 3 level on 4 match points, 2 beat 3: 2 first;
    teams 1 and 4 level on 2, their match drawn: they share third place."""
    winners = {(1, 2): None, (1, 3): 3, (1, 4): None, (2, 3): 2, (2, 4): None, (3, 4): 3}
    for match in round_robin.matches.select_related("home", "away"):
        pair = tuple(sorted((match.home.number, match.away.number)))
        winner = winners[pair]
        outcome = "draw" if winner is None else "home" if winner == match.home.number else "away"
        play_match(play, match, outcome)
    rows = [
        (s.entrant.number, s.place, s.match_points, s.tie, s.shared)
        for s in Standing.objects.filter(stage=round_robin)
        .select_related("entrant")
        .order_by("place", "entrant__number")
    ]
    assert rows == [
        (2, 1, 4, "head_to_head", False),
        (3, 2, 4, "head_to_head", False),
        (1, 3, 2, "shared", True),
        (4, 3, 2, "shared", True),
    ]


def test_a_penalty_changes_the_match_score_by_exactly_half_a_point(play, round_robin):
    """第三十一条 etc.: a penalty of 0.5 比赛分 comes off the team's match score; through
    the adjustments hook the rulings feed; withdrawn, the score is back."""
    match = round_robin.matches.order_by("number").first()
    play_match(play, match, "home")
    before = MatchScore.objects.get(match=match)
    with play.capture(execute=True):
        adjustments_set(
            source="ruling:1",
            adjustments=[adjustment_penalty(target=match.home, match=match, reason="多抓牌")],
        )
    after = MatchScore.objects.get(match=match)
    assert before.home_score - after.home_score == Decimal("0.5")
    assert after.home_adjustment == Decimal("-0.5") and after.away_score == before.away_score
    assert Standing.objects.get(stage=round_robin, entrant=match.home).score_for == after.home_score

    with play.capture(execute=True):
        adjustments_set(source="ruling:1", adjustments=[])
    assert MatchScore.objects.get(match=match).home_score == before.home_score


def test_a_forfeit_is_a_win_for_the_opponent(play, round_robin):
    """第三十条: 迟到15分钟以上的按弃权处理，本轮比赛记零分，对方获胜 — before a board is
    played, and the match is recorded."""
    match = round_robin.matches.order_by("number").first()
    with play.capture(execute=True):
        adjustments_set(
            source="ruling:2",
            adjustments=[adjustment_forfeit(target=match.home, match=match, reason="迟到20分钟")],
        )
    score = MatchScore.objects.get(match=match)
    assert score.decision == "forfeit" and score.winner_id == match.away_id
    match.refresh_from_db()
    assert match.winner_id == match.away_id
    assert Standing.objects.get(stage=round_robin, entrant=match.away).match_points == 2
    assert Standing.objects.get(stage=round_robin, entrant=match.home).lost == 1


def test_a_ruling_scores_a_board_as_broken(play, team_match):
    """第三十三条: the declaring side's wrong card count — board 1 made with 40 in the open
    room is scored as broken; the comparison and the match follow."""
    open_table, closed_table = rooms(team_match)
    board = Board.objects.get(stage=team_match.stage, number=1)
    play.at_table(board, open_table, 40)
    play.at_table(board, closed_table, 55)
    assert BoardScore.objects.get(match=team_match, number=1).home_points == 1
    from scoring.services import adjustment_override

    with play.capture(execute=True):
        adjustments_set(
            source="ruling:3",
            adjustments=[
                adjustment_override(
                    kind="score_broken", board=board, table=open_table, target=team_match.home
                )
            ],
        )
    row = BoardScore.objects.get(match=team_match, number=1)
    assert (row.home_points, row.away_points) == (0, 2)


def test_one_transaction_queues_one_rescore_per_stage(play, team_match):
    """What one transaction touches is rescored by one task per stage, after commit —
    a director entering a whole scorecard does not queue a task per board."""
    from unittest import mock

    from django.db import transaction

    from boards.services import result_enter
    from scoring.services import rescore as rescore_module
    from tests.builders import entry

    open_table, closed_table = rooms(team_match)
    boards = list(Board.objects.filter(stage=team_match.stage).order_by("number"))[:3]
    sent = []
    real_send = rescore_module._send
    with mock.patch.object(
        rescore_module, "_send", side_effect=lambda *a, **k: sent.append(a) or real_send(*a, **k)
    ):
        with play.capture(execute=True), transaction.atomic():
            for board in boards:
                for table, points in ((open_table, 40), (closed_table, 55)):
                    result_enter(
                        board=board, table=table, entry=entry(board, points), actor=play.director
                    )
            assert sent == []  # nothing before the commit
    assert len(sent) == 1
    assert MatchScore.objects.get(match=team_match).boards_scored == 3
