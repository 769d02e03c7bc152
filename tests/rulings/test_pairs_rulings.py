"""Rulings in a Mitchell (第二十八条): 比赛分 are matchpoints, a forfeit is of one table's
round, a cancelled board gets artificial scores (第三十、三十三、三十八、三十九条)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db.models import Q

from scoring.models import Standing, TravellerScore
from tests.builders import board, mitchell, play_board, played_pairs_final, tables_for

pytestmark = pytest.mark.django_db

D = Decimal


def line(stage, number, table) -> TravellerScore:
    return TravellerScore.objects.get(board=board(stage, number), table=table)


@pytest.fixture
def three_tables(play, make_pairs, make_stage):
    """A 3-table Mitchell, one board a round; board 1 played at its three tables with
    the E–W defenders collecting 40, 60 and 20 (top 4)."""
    stage = mitchell(make_pairs, make_stage, 3)
    play_board(play, stage, 1, [40, 60, 20])
    return stage


def test_article_31_a_penalty_comes_off_the_pairs_matchpoints(rule, three_tables):
    """第三十一条 in pairs: 0.5 比赛分 are 0.5 matchpoints off the pair's total."""
    stage = three_tables
    table = tables_for(stage, 1)[0]
    before = Standing.objects.get(stage=stage, entrant=table.ns)
    rule.create(table=table, irregularity="drew_early", decision="penalty", offender_side="NS")
    after = Standing.objects.get(stage=stage, entrant=table.ns)
    assert after.adjustment == D("-0.5") and after.matchpoints == before.matchpoints
    assert after.total == before.total - D("0.5")


def test_article_31_the_penalty_is_on_the_pairs_score_card_and_in_its_total(rule, three_tables):
    """第三十一条 and the personal score card (个人成绩单): it printed the boards' matchpoints
    alone, so its 合计 was 0.5 above the standings' total; the 罚分 is a line of it now and
    the 合计 is the standings' total, for officials and for players alike."""
    from printing.selectors import score_cards_data

    stage = three_tables
    table = tables_for(stage, 1)[0]
    rule.create(table=table, irregularity="drew_early", decision="penalty", offender_side="NS")
    standing = Standing.objects.get(stage=stage, entrant=table.ns)
    number = standing.entrant.stage_entries.get(stage=stage).pair_number
    for official in (True, False):
        cards = score_cards_data(stage.event, stage=stage, official=official).cards
        (card,) = [c for c in cards if c.lines[0].side == "NS" and c.entrant.number == number]
        assert card.adjustment == "-0.5"
        if official:
            assert D(card.total) == standing.total
        others = [c for c in cards if c is not card]
        assert all(c.adjustment == "" for c in others)


def test_article_30_a_late_pair_forfeits_its_table_for_the_round(rule, three_tables):
    """第三十条 in pairs: 本轮比赛记零分，对方获胜 — the late E–W pair 0 on the table's
    boards, its N–S opponents average-plus (60 % of the top 4)."""
    stage = three_tables
    table = tables_for(stage, 1)[0]
    rule.create(table=table, irregularity="late_15", minutes_late=15, offender_side="EW")
    forfeited = line(stage, 1, table)
    assert (forfeited.kind, forfeited.ns_score, forfeited.ew_score) == ("forfeit", D("2.4"), 0)


def test_article_33_scored_as_broken_flips_the_matchpoints(rule, three_tables):
    """第三十三条 in pairs: the declarers' wrong card count at the table where E–W
    collected 20 (the best N–S make) — scored as broken, N–S drop to the bottom."""
    stage = three_tables
    best = tables_for(stage, 1)[2]
    assert line(stage, 1, best).ns_score == 4
    rule.create(
        table=best,
        board=board(stage, 1),
        irregularity="wrong_count_after_play",
        erring_side="declaring",
    )
    assert line(stage, 1, best).ns_score == 0
    assert Standing.objects.get(stage=stage, entrant=best.ns).adjustment == D("-0.5")


def test_article_38_a_cancelled_board_gets_artificial_scores(rule, play, make_pairs, make_stage):
    """第三十八条 in pairs: the slow N–S never play board 1 at their table; it is not
    scored there — the slow pair 40 %, its opponents 60 % — and the others are
    Neuberg-scaled."""
    stage = mitchell(make_pairs, make_stage, 3)
    slow, *others = tables_for(stage, 1)
    for table, points in zip(others, (40, 60), strict=True):
        play.by_director(board(stage, 1), table, points)
    rule.create(
        table=slow,
        irregularity="slow_play",
        decision="boards_cancelled",
        offender_side="NS",
        amount=0,
        cancelled_boards=[board(stage, 1)],
    )
    cancelled = line(stage, 1, slow)
    assert (cancelled.kind, cancelled.ns_score, cancelled.ew_score) == (
        "not_scored",
        D("1.6"),
        D("2.4"),
    )
    assert Standing.objects.get(stage=stage, entrant=slow.ns).adjustment == 0


def test_article_39_damaged_both_pairs_lose_half_a_matchpoint(rule, three_tables):
    """第三十九条 in pairs: 造成损失的，双方都纵判罚0.5个比赛分."""
    stage = three_tables
    table = tables_for(stage, 1)[1]
    rule.create(
        table=table,
        board=board(stage, 1),
        irregularity="fouled_board",
        decision="penalty",
        damaged=True,
        offender_side="NS",
    )
    for pair in (table.ns, table.ew):
        assert Standing.objects.get(stage=stage, entrant=pair).adjustment == D("-0.5")


def test_a_penalty_in_the_pairs_final_counts_in_the_offenders_contest(
    rule, play, make_pairs, make_stage
):
    """第二十九条 with 第三十一条: the final's two tables serve every contest; a penalty
    at a table comes off the contest the offender plays in."""
    from scoring.models import MatchScore

    final = played_pairs_final(play, make_pairs, make_stage)
    open_table = final.rounds.get().tables.get(room="open")
    offender = open_table.ns
    contest = final.matches.get(Q(home=offender) | Q(away=offender))
    before = MatchScore.objects.get(match=contest)
    side = "home" if contest.home_id == offender.pk else "away"
    rule.create(table=open_table, irregularity="drew_early", decision="penalty", offender_side="NS")
    after = MatchScore.objects.get(match=contest)
    assert getattr(after, f"{side}_score") == getattr(before, f"{side}_score") - D("0.5")


def test_article_39_a_voided_board_goes_to_neuberg(rule, three_tables):
    """第三十九条 in pairs: board 1 voided at the table where E–W took 60 — that table an
    average (2 of the top 4 each), the two other results Neuberg-scaled from 2 plays to
    3: s' = (s + 1)·3/2 − 1, so 0 → 0.5 and 2 → 3.5; the N–S pair that fouled the board
    −0.5 besides."""
    stage = three_tables
    low, void, high = tables_for(stage, 1)
    rule.create(
        table=void,
        board=board(stage, 1),
        irregularity="fouled_board",
        decision="board_voided",
        offender_side="NS",
    )
    voided = line(stage, 1, void)
    assert (voided.kind, voided.ns_score, voided.ew_score) == ("not_scored", 2, 2)
    assert (line(stage, 1, low).ns_score, line(stage, 1, low).ew_score) == (D("0.5"), D("3.5"))
    assert (line(stage, 1, high).ns_score, line(stage, 1, high).ew_score) == (D("3.5"), D("0.5"))
    assert Standing.objects.get(stage=stage, entrant=void.ns).adjustment == D("-0.5")


def test_a_ruling_names_a_movement_pair_by_its_number_in_the_movement(
    client, referee, rule, three_tables
):
    """A Mitchell pair is 东西1 on its guide card, the stage page and the papers; the
    referee's form, the ruling's page, the list and the slip named it by its entry
    number in the event (对6), a number no player of the movement looks for."""
    from printing.selectors import ruling_slips_data
    from tournament.models import StageEntry

    stage = three_tables
    table = tables_for(stage, 1)[0]
    pair = StageEntry.objects.get(stage=stage, entrant=table.ew)
    assert pair.direction == "EW" and pair.pair_number != table.ew.number  # two numbers
    names = "、".join(m.player.name for m in table.ew.memberships.order_by("order"))
    shown = f"东西{pair.pair_number} {names}"
    client.force_login(referee)
    form = client.get(f"/e/{stage.event.code}/tables/{table.pk}/rulings/new/").content.decode()
    assert shown in form
    assert f"东西：{shown}" in form  # the heading's seats too, not 对{table.ew.number}
    ruling = rule.create(
        table=table, irregularity="drew_early", decision="penalty", offender_side="EW"
    )
    page = client.get(f"/e/{stage.event.code}/rulings/{ruling.pk}/").content.decode()
    listing = client.get(f"/e/{stage.event.code}/rulings/").content.decode()
    assert shown in page and shown in listing
    (slip,) = ruling_slips_data(stage.event).slips
    assert (slip.offender, slip.offender_side) == (f"{pair.pair_number} {names}", "EW")


def test_a_teams_side_is_said_whatever_its_name_begins_with(event, make_stage):
    """The form's side choices say the side before a team's name (南北 · 1 南北队); only
    a numbered Mitchell pair's name says it already (东西1 …), told by its number in the
    stage, not by how a name begins."""
    from collections import Counter

    from rulings.selectors import offender_choices
    from tests import builders
    from tests.builders import rooms
    from tournament.models import Stage

    teams = builders.teams(event, ["南北队", "东西队"])
    stage = make_stage(Stage.Kind.TEAM_MATCH, teams, boards_per_session=2, sessions=1)
    open_table, _closed = rooms(stage.matches.get())
    counts = {"entrants": Counter(), "players": Counter()}
    sides = {c.value: c.label for c in offender_choices(open_table, counts)}
    assert sides["side:NS"] == f"南北 · {open_table.ns}"
    assert sides["side:EW"] == f"东西 · {open_table.ew}"
