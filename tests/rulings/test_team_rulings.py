"""Each row of the chapter-5 table (第三十至三十九条) in a team match, through the ruling
services: the ruling is recorded by the event's referee, its effect reaches the match
score through the scoring adjustments hook, and the rescoring on commit follows.

The match: 4 boards, South declaring at both tables — home (N–S in the open room)
makes every board with 60 against, away (N–S in the closed room) is broken at 95
every time: home 2 a board, 8–0 before any ruling.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from boards.models import Result
from rulings.models import Ruling
from rulings.selectors import warning_counts
from scoring.models import MatchScore, ScoreAdjustment, Standing
from tests.builders import boards_of, play_match, rooms
from tournament.models import Match

from ._helpers import board, board_points, result, scores

pytestmark = pytest.mark.django_db

D = Decimal


@pytest.fixture
def played(play, team_match):
    """The match played through: home 8, away 0."""
    play_match(play, team_match, "home")
    assert scores(team_match) == (D(8), D(0))
    return team_match


# --- 第三十条 迟到 -------------------------------------------------------------------------


def test_article_30_late_5_to_10_minutes_is_a_warning_counted_without_score_effect(rule, played):
    """第三十条: 迟到5—10分钟，给予警告 — no score effect, but the warnings are counted,
    so the referee sees the same team warned twice."""
    open_table, closed_table = rooms(played)
    first = rule.create(
        table=open_table, irregularity="late_5_10", minutes_late=7, offender_side="EW"
    )
    rule.create(table=closed_table, irregularity="late_5_10", minutes_late=9, offender_side="NS")
    assert first.decision == "warning" and first.article == 30 and first.amount == 0
    assert scores(played) == (D(8), D(0))
    assert not ScoreAdjustment.objects.exists()
    assert warning_counts(played.stage.event)["entrants"][played.away_id] == 2


def test_article_30_late_15_minutes_forfeits_the_match_to_the_opponent(play, rule, team_match):
    """第三十条: 迟到15分钟以上的按弃权处理，本轮比赛记零分，对方获胜 — away had won every
    board; late 20 minutes, it scores 0 and home wins the match (2 match points)."""
    play_match(play, team_match, "away")
    assert scores(team_match) == (D(0), D(8))
    open_table, _ = rooms(team_match)
    ruling = rule.create(
        table=open_table, irregularity="late_15", minutes_late=20, offender_entrant=team_match.away
    )
    assert ruling.decision == "forfeit"
    row = MatchScore.objects.get(match=team_match)
    assert (row.away_score, row.decision, row.winner_id) == (D(0), "forfeit", team_match.home_id)
    assert (row.home_match_points, row.away_match_points) == (2, 0)
    team_match.refresh_from_db()
    assert team_match.winner_id == team_match.home_id
    assert Standing.objects.get(stage=team_match.stage, place=1).entrant_id == team_match.home_id


def test_article_30_a_forfeit_needs_no_board_played(rule, team_match):
    """第三十条: the team that never came — the match is decided by the forfeit alone."""
    open_table, _ = rooms(team_match)
    rule.create(table=open_table, irregularity="late_15", minutes_late=30, offender_side="NS")
    row = MatchScore.objects.get(match=team_match)
    assert row.decision == "forfeit" and row.winner_id == team_match.away_id


# --- 第三十一、三十二条 ------------------------------------------------------------------------


def test_article_31_a_penalty_of_half_a_point_changes_the_match_score_by_exactly_half(rule, played):
    """第三十一条: 多抓牌……给予判罚0.5个比赛分 — home's 8 becomes 7.5, nothing else moves."""
    open_table, _ = rooms(played)
    ruling = rule.create(
        table=open_table, irregularity="drew_early", decision="penalty", offender_side="NS"
    )
    assert ruling.amount == D("0.5") and ruling.offender_entrant_id == played.home_id
    assert scores(played) == (D("7.5"), D(0))
    row = MatchScore.objects.get(match=played)
    assert row.home_adjustment == D("-0.5") and row.home_board_points == 8


def test_article_31_the_penalty_is_on_the_teams_score_card_and_in_its_total(rule, played):
    """第三十一条 and the personal score card (个人成绩单): its 合计 was the board points
    alone (8), the standings' 得分 7.5; now the 罚分 -0.5 is a line and the 合计 is 7.5."""
    from printing.selectors import score_cards_data

    open_table, _ = rooms(played)
    rule.create(table=open_table, irregularity="drew_early", decision="penalty", offender_side="NS")
    cards = score_cards_data(played.stage.event, stage=played.stage).cards
    home = next(c for c in cards if c.entrant.name == played.home.name)
    away = next(c for c in cards if c.entrant.name == played.away.name)
    assert (home.adjustment, home.total) == ("-0.5", "7.5")
    assert (away.adjustment, away.total) == ("", "0")


def test_article_31_a_warning_for_drawing_early_changes_nothing(rule, played):
    """第三十一条: 抢先抓牌如及时发现可退回 — a warning when not penalised."""
    open_table, _ = rooms(played)
    rule.create(table=open_table, irregularity="drew_early", offender_side="NS")
    assert scores(played) == (D(8), D(0))


def test_article_32_the_late_bottom_is_a_procedural_note_without_score_effect(rule, played):
    """第三十二条: 打家未及时揽牌……底牌按4张进行 — recorded, nothing scored."""
    open_table, _ = rooms(played)
    ruling = rule.create(table=open_table, irregularity="late_bottom", board=board(played, 1))
    assert ruling.decision == "procedural_note" and ruling.article == 32
    assert scores(played) == (D(8), D(0))


# --- 第三十三条 ---------------------------------------------------------------------------------


def test_article_33_a_wrong_level_shown_as_trump_changes_no_score(rule, played):
    """第三十三条: 亮错主……由非错误方指定 — the box card says what was decided; the ruling
    itself moves no score."""
    open_table, _ = rooms(played)
    rule.create(
        table=open_table,
        irregularity="wrong_trump_shown",
        board=board(played, 2),
        offender_side="EW",
    )
    assert scores(played) == (D(8), D(0))


def test_article_33_the_declarers_wrong_count_scores_the_made_board_as_broken(rule, played):
    """第三十三条: 如错误在打家一方，即使打成了，也按打破算，并罚0.5个比赛分 — home made board
    1 in the open room; scored broken, both tables are broken and home's defenders
    collected more (95 > 60): home 1 instead of 2, and −0.5: 8 → 6.5."""
    open_table, _ = rooms(played)
    ruling = rule.create(
        table=open_table,
        board=board(played, 1),
        irregularity="wrong_count_after_play",
        erring_side="declaring",
    )
    assert ruling.decision == "result_override" and ruling.offender_entrant_id == played.home_id
    assert board_points(played, 1) == (1, 0, "scored")
    assert scores(played) == (D("6.5"), D(0))


def test_article_33_the_defenders_wrong_count_scores_the_broken_board_as_made(rule, played):
    """第三十三条: 如错误在防守方，打破了也算成，并罚0.5个比赛分 — away was broken at 95 in
    the closed room, home defending; scored as made, both tables made and home's
    defenders collected more: home 1 on board 1, and home −0.5: 8 → 6.5."""
    _, closed_table = rooms(played)
    ruling = rule.create(
        table=closed_table,
        board=board(played, 1),
        irregularity="wrong_count_after_play",
        erring_side="defending",
    )
    assert ruling.offender_entrant_id == played.home_id and ruling.offender_side == "EW"
    assert board_points(played, 1) == (1, 0, "scored")
    assert scores(played) == (D("6.5"), D(0))


def test_article_33_both_sides_wrong_the_board_is_not_scored(rule, played):
    """第三十三条: 如错误在双方，则本副牌不计分可重打 — board 1 is 0–0, no penalty: 8 → 6."""
    open_table, _ = rooms(played)
    ruling = rule.create(
        table=open_table,
        board=board(played, 1),
        irregularity="wrong_count_after_play",
        erring_side="both",
    )
    assert ruling.offender_entrant_id is None and ruling.amount == 0
    assert board_points(played, 1) == (0, 0, "not_scored")
    assert scores(played) == (D(6), D(0))


def test_article_33_rescoring_follows_a_correction_made_after_the_ruling(play, rule, played):
    """第三十三条 and a later correction: the override stays on the result — scored broken
    whatever the corrected scorecard says — and the board is rescored with it."""
    open_table, _ = rooms(played)
    rule.create(
        table=open_table,
        board=board(played, 2),
        irregularity="wrong_count_after_play",
        erring_side="declaring",
    )
    assert board_points(played, 2) == (1, 0, "scored")
    play.correct(result(played, 2, open_table), 20)  # still made, 20 against
    assert board_points(played, 2) == (1, 0, "scored")
    play.correct(result(played, 2, open_table), 100)  # now broken at 100 > 95
    assert board_points(played, 2) == (0, 1, "scored")


# --- 第三十四、三十五条 -------------------------------------------------------------------------


def test_article_34_a_penalty_card_takes_half_a_point(rule, played):
    """第三十四条: 重罚张……同时还要给犯规者判罚0.5个比赛分."""
    _, closed_table = rooms(played)
    rule.create(
        table=closed_table,
        board=board(played, 3),
        irregularity="exposed_card",
        decision="penalty_card",
        offender_side="NS",
    )
    assert scores(played) == (D(8), D("-0.5"))


def test_article_34_an_exposed_card_that_tells_nothing_is_a_warning(rule, played):
    """第三十四条: 暴露的牌不重要……给予警告."""
    _, closed_table = rooms(played)
    rule.create(table=closed_table, irregularity="exposed_card", offender_side="NS")
    assert scores(played) == (D(8), D(0))


def test_article_34_playing_out_of_turn_is_penalised_by_the_articles_half_point(rule, played):
    """第三十四条: 抢先出牌……请裁判长裁决 — the decision is the director's, the amount
    the article's 0.5."""
    open_table, _ = rooms(played)
    rule.create(
        table=open_table,
        irregularity="out_of_turn",
        decision="penalty",
        amount="0.5",
        offender_side="EW",
    )
    assert scores(played) == (D(8), D("-0.5"))


def test_article_35_a_failed_throw_changes_no_score(rule, played):
    """第三十五条: 不能甩的牌甩出，指定出其中最小的一张牌 — a note, nothing scored."""
    open_table, _ = rooms(played)
    ruling = rule.create(table=open_table, irregularity="failed_throw", board=board(played, 1))
    assert ruling.article == 35 and ruling.decision == "procedural_note"
    assert scores(played) == (D(8), D(0))


# --- 第三十六条 藏牌 ----------------------------------------------------------------------------


def test_article_36_a_revoke_corrects_the_result_and_takes_half_a_point(rule, played):
    """第三十六条: 给对方造成损失的，除把损失纠正过来以外，还要判罚0.5个比赛分 — home
    (declaring, open room) revoked on board 1: the defenders would have collected 80.
    Corrected through the board services, both tables are broken and home's defenders
    collected more: home 1 on the board, and −0.5: 8 → 6.5. Withdrawn, the result says
    60 again and the score is 8 again."""
    open_table, _ = rooms(played)
    before = result(played, 1, open_table)
    ruling = rule.create(
        table=open_table,
        board=board(played, 1),
        irregularity="revoke",
        decision="result_corrected",
        offender_side="NS",
        corrected_points=80,
    )
    after = result(played, 1, open_table)
    assert (after.defender_points, after.outcome, after.version) == (
        80,
        "broken",
        before.version + 1,
    )
    assert after.status == Result.Status.CONFIRMED
    assert after.changes.filter(action="correct").latest("pk").reason.startswith("判罚ruling:")
    assert ruling.result_before["defender_points"] == 60 and ruling.damaged
    assert board_points(played, 1) == (1, 0, "scored")
    assert scores(played) == (D("6.5"), D(0))

    rule.withdraw(ruling)
    assert result(played, 1, open_table).defender_points == 60
    assert scores(played) == (D(8), D(0))


def test_article_36_a_revoke_without_damage_is_a_warning(rule, played):
    """第三十六条: 未给对方造成损失的，给予警告."""
    open_table, _ = rooms(played)
    rule.create(
        table=open_table,
        board=board(played, 2),
        irregularity="revoke",
        decision="warning",
        offender_side="EW",
    )
    assert scores(played) == (D(8), D(0))


# --- 第三十七条 非法传递信息 ---------------------------------------------------------------------


def test_article_37_illegal_signals_penalised_as_decided(rule, played):
    """第三十七条: 轻者警告，重者判罚 — a penalty of 2 比赛分 set by the referee."""
    open_table, _ = rooms(played)
    rule.create(
        table=open_table,
        irregularity="illegal_signals",
        decision="penalty",
        amount=D(2),
        offender_side="NS",
    )
    assert scores(played) == (D(6), D(0))


def test_article_37_disqualification_forfeits_the_remaining_matches(play, rule, round_robin):
    """第三十七条: 屡教不改者停止其比赛资格 — disqualified after round 1, the team's matches
    in rounds 2 and 3 are forfeited: each opponent wins; its round-1 win stands."""
    first_round = list(round_robin.matches.filter(round__number=1).order_by("number"))
    for match in first_round:
        play_match(play, match, "home")
    offender = first_round[0].home
    table = rooms(first_round[0])[0]
    ruling = rule.create(
        table=table,
        irregularity="illegal_signals",
        decision="disqualification",
        offender_entrant=offender,
    )
    remaining = Match.objects.filter(stage=round_robin, round__number__gt=1).filter(
        pk__in=ruling.scope["matches"]
    )
    assert remaining.count() == 2 and len(ruling.scope["matches"]) == 2
    for match in remaining:
        row = MatchScore.objects.get(match=match)
        assert row.decision == "forfeit" and row.winner_id != offender.pk
        assert offender.pk in (match.home_id, match.away_id)
    assert MatchScore.objects.get(match=first_round[0]).winner_id == offender.pk
    standing = Standing.objects.get(stage=round_robin, entrant=offender)
    assert (standing.won, standing.lost, standing.match_points) == (1, 2, 2)

    rule.withdraw(ruling)
    for match in remaining:
        match.refresh_from_db()
        assert MatchScore.objects.get(match=match).decision == "waiting"
        assert match.winner_id is None and match.status != Match.Status.FINISHED
    assert Standing.objects.get(stage=round_robin, entrant=offender).lost == 0


# --- 第三十八条 故意拖延时间 ---------------------------------------------------------------------


def test_article_38_boards_cancelled_for_slow_play_are_not_scored(play, rule, team_match):
    """第三十八条: 如影响整个比赛进程，可判其若干副牌不打，给拖延者判罚 — the closed room
    (away N–S slow) never plays boards 1–2: cancelled there, they are not scored, the
    match is decided on boards 3–4 (home 4–0), and the slow team −0.5."""
    open_table, closed_table = rooms(team_match)
    for b in boards_of(open_table):
        play.at_table(b, open_table, 60)
    for number in (3, 4):
        play.at_table(board(team_match, number), closed_table, 95)
    assert MatchScore.objects.get(match=team_match).decision == "waiting"

    rule.create(
        table=closed_table,
        irregularity="slow_play",
        decision="boards_cancelled",
        offender_side="NS",
        cancelled_boards=[board(team_match, 1), board(team_match, 2)],
    )
    assert [board_points(team_match, n)[2] for n in (1, 2, 3, 4)] == [
        "not_scored",
        "not_scored",
        "scored",
        "scored",
    ]
    row = MatchScore.objects.get(match=team_match)
    assert (row.home_score, row.away_score, row.decision) == (D(4), D("-0.5"), "won")


def test_article_38_slow_play_warning_then_penalty(rule, played):
    """第三十八条: 轻者警告，重者判罚."""
    open_table, _ = rooms(played)
    rule.create(table=open_table, irregularity="slow_play", offender_side="EW")
    assert scores(played) == (D(8), D(0))
    rule.create(table=open_table, irregularity="slow_play", decision="penalty", offender_side="EW")
    assert scores(played) == (D(8), D("-0.5"))
    assert warning_counts(played.stage.event)["entrants"][played.away_id] == 1


# --- 第三十九条 插错牌 ---------------------------------------------------------------------------


def test_article_39_the_player_who_fouled_the_board_loses_half_a_point(rule, played):
    """第三十九条: 未造成损失的……给错牌者判罚0.5个比赛分."""
    _, closed_table = rooms(played)
    rule.create(
        table=closed_table,
        board=board(played, 4),
        irregularity="fouled_board",
        decision="penalty",
        offender_side="EW",
    )
    assert scores(played) == (D("7.5"), D(0))


def test_article_39_when_damaged_both_sides_lose_half_a_point(rule, played):
    """第三十九条: 造成损失的，双方都纵判罚0.5个比赛分 — the other side at the table too."""
    _, closed_table = rooms(played)
    ruling = rule.create(
        table=closed_table,
        board=board(played, 4),
        irregularity="fouled_board",
        decision="penalty",
        damaged=True,
        offender_side="EW",
    )
    assert ruling.second_entrant_id == played.away_id
    assert scores(played) == (D("7.5"), D("-0.5"))


# --- appeals: the scores follow the current version ------------------------------------------


def test_a_withdrawn_ruling_restores_the_score_exactly(rule, played):
    """A withdrawn ruling stops being passed to scoring: every stored score is what it
    was before the ruling."""
    open_table, _ = rooms(played)
    before = MatchScore.objects.filter(match=played).values().get()
    ruling = rule.create(
        table=open_table,
        board=board(played, 1),
        irregularity="wrong_count_after_play",
        erring_side="declaring",
    )
    assert scores(played) == (D("6.5"), D(0))
    rule.withdraw(ruling)
    after = MatchScore.objects.filter(match=played).values().get()
    assert {k: v for k, v in after.items() if k != "updated_at"} == {
        k: v for k, v in before.items() if k != "updated_at"
    }
    assert board_points(played, 1) == (2, 0, "scored")
    assert not ScoreAdjustment.objects.filter(source=ruling.source).exists()
    assert Ruling.objects.get(pk=ruling.pk).status == "withdrawn"


def test_an_upheld_appeal_keeps_the_score(rule, played, chief, django_capture_on_commit_callbacks):
    """An appeal lodged leaves the ruling standing; upheld, the score is unchanged."""
    open_table, _ = rooms(played)
    ruling = rule.create(
        table=open_table, irregularity="drew_early", decision="penalty", offender_side="NS"
    )
    rule.appeal(ruling)
    assert scores(played) == (D("7.5"), D(0))
    from ._helpers import Rule

    Rule(django_capture_on_commit_callbacks, chief).uphold(ruling)
    assert scores(played) == (D("7.5"), D(0))
    assert Ruling.objects.get(pk=ruling.pk).status == "upheld"


def test_a_changed_amount_changes_the_score(rule, played):
    """Changed on appeal from 0.5 to 1 比赛分 (第三十七条 leaves the amount open): the
    score follows the new version."""
    open_table, _ = rooms(played)
    ruling = rule.create(
        table=open_table, irregularity="illegal_signals", decision="penalty", offender_side="NS"
    )
    rule.appeal(ruling)
    ruling = rule.change(ruling, amount=D(1))
    assert ruling.status == "changed"
    assert scores(played) == (D(7), D(0))
    ruling = rule.change(ruling, decision="warning", note="改为警告")
    assert scores(played) == (D(8), D(0)) and ruling.amount == 0


# --- the amounts the articles fix; 33's replay; 39's voided board (issue 19) -------------------


@pytest.mark.parametrize(
    ("irregularity", "decision"),
    [("drew_early", "penalty"), ("exposed_card", "penalty_card"), ("fouled_board", "penalty")],
)
def test_an_amount_the_article_fixes_cannot_be_changed(rule, played, irregularity, decision):
    """第三十一、三十四、三十九条 fix 0.5: 0.3 under 31 once moved a match score to −0.3;
    now refused, nothing saved and the score as it was."""
    from rulings.errors import RulingError

    open_table, _ = rooms(played)
    with pytest.raises(RulingError) as error:
        rule.create(
            table=open_table,
            irregularity=irregularity,
            decision=decision,
            amount="0.3",
            offender_side="NS",
        )
    assert error.value.code == "amount" and "0.5" in str(error.value)
    assert not Ruling.objects.exists() and not ScoreAdjustment.objects.exists()
    assert scores(played) == (D(8), D(0))


def test_article_33_a_replay_is_not_scored_until_its_result_then_scored(rule, played):
    """第三十三条: 如错误在双方，则本副片不计分可重打 — ordered, board 1 is 0–0 at once
    (8 → 6); the replay (from the same box card) has the home declarers broken at 100,
    more than the 95 home's defenders took: away 1 on board 1. Withdrawn, the open
    room's 60 is back and the match 8–0."""
    open_table, _ = rooms(played)
    ruling = rule.create(
        table=open_table,
        board=board(played, 1),
        irregularity="wrong_count_after_play",
        decision="replay",
    )
    assert ruling.offender_entrant_id is None and ruling.amount == 0
    assert board_points(played, 1) == (0, 0, "not_scored")
    assert scores(played) == (D(6), D(0))

    ruling = rule.change(ruling, corrected_points=100, note="重打后成绩")
    assert result(played, 1, open_table).defender_points == 100
    assert board_points(played, 1) == (0, 1, "scored")
    assert scores(played) == (D(6), D(1))

    rule.withdraw(ruling)
    assert result(played, 1, open_table).defender_points == 60
    assert scores(played) == (D(8), D(0))


def test_article_39_a_voided_board_is_0_0_and_the_offender_fined(rule, played):
    """第三十九条 in teams: board 2 voided at the open room — 0–0 in the match — and the
    away side (E–W there) that fouled it −0.5: 8–0 → 6 – −0.5. Damage done, the home
    side is fined too (双方都纵判罚0.5个比赛分)."""
    open_table, _ = rooms(played)
    ruling = rule.create(
        table=open_table,
        board=board(played, 2),
        irregularity="fouled_board",
        decision="board_voided",
        offender_side="EW",
    )
    assert (ruling.article, ruling.amount, ruling.offender_entrant_id) == (
        39,
        D("0.5"),
        played.away_id,
    )
    assert board_points(played, 2) == (0, 0, "not_scored")
    assert scores(played) == (D(6), D("-0.5"))
    rule.change(ruling, damaged=True, note="造成损失")
    assert scores(played) == (D("5.5"), D("-0.5"))
    rule.withdraw(ruling)
    assert scores(played) == (D(8), D(0))


def test_article_31_a_teams_penalty_is_its_standings_adjustment_on_every_face(
    play, rule, round_robin
):
    """第三十一条 in a round robin: the half point off the team's 得分 is its standings
    line's 罚分 too — the API gave "adjustment": "0.0000" beside a score_for that had the
    penalty taken off, where the match page and the papers showed -0.5."""
    from api.standings import standings_data
    from scoring.selectors import standings_rows

    first, second = round_robin.matches.filter(round__number=1).order_by("number")
    for match in (first, second):  # the round played out: its boards shown to players
        play_match(play, match, "home")
    open_table, _ = rooms(first)
    rule.create(table=open_table, irregularity="drew_early", decision="penalty", offender_side="NS")
    score = MatchScore.objects.get(match=first)
    assert score.home_adjustment == D("-0.5")
    for official in (True, False):
        line = next(
            x
            for x in standings_rows(round_robin, official=official)
            if x.entrant_id == first.home_id
        )
        assert line.adjustment == D("-0.5")
        assert line.score_for == score.home_board_points + score.home_adjustment
    for official in (True, False):  # the API's rows, for either reader
        rows = standings_data(round_robin, official=official)["rows"]
        row = next(r for r in rows if r["entrant"]["id"] == first.home_id)
        assert D(row["adjustment"]) == D("-0.5") and D(row["score_for"]) == line.score_for
    rows = standings_data(round_robin)["rows"]
    assert all(D(r["adjustment"]) == 0 for r in rows if r["entrant"]["id"] != first.home_id)
