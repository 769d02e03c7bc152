"""Pairs scoring through the database (第二十八、二十九条): a Mitchell's travellers and
rankings kept current as results are confirmed, boards played fewer times, a skip
Mitchell's top, rulings on a traveller, and the pairs final from the rankings."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scoring.models import Standing, TravellerScore
from scoring.selectors import board_traveller, qualification_standings, stage_standings
from scoring.services import adjustment_forfeit, adjustment_override, adjustments_set
from tests.builders import board, mitchell, play_board, played_pairs_final, tables_for
from tournament.models import Match, Stage

pytestmark = pytest.mark.django_db

ARTICLE_28_POINTS = [35, 5, 75, 20, 60, 45, 10, 70, 25]


def lines(stage: Stage, number: int) -> dict[int, TravellerScore]:
    return {line.table_id: line for line in board_traveller(board(stage, number))}


def test_the_article_28_example(play, make_pairs, make_stage):
    """第二十八条之7: a board played 9 times (9 tables), South declaring, every table
    making with E–W collecting 5–75: top 16, the E–W pair that collected most 16 and its
    N–S opponents 0, each place 2 apart; N–S + E–W = 16 on every line."""
    stage = mitchell(make_pairs, make_stage, 9)
    play_board(play, stage, 1, ARTICLE_28_POINTS)
    traveller = board_traveller(board(stage, 1))
    assert len(traveller) == 9 and {line.top for line in traveller} == {16}
    by_points = sorted(zip(ARTICLE_28_POINTS, traveller, strict=True), key=lambda p: p[0])
    assert [line.ew_score for _, line in by_points] == [Decimal(2 * i) for i in range(9)]
    assert all(line.ns_score + line.ew_score == 16 for line in traveller)
    most = by_points[-1][1]
    standing = Standing.objects.get(stage=stage, entrant=most.ew)
    assert standing.total == 16 and standing.place == 1 and standing.percentage == 100


def test_a_board_played_fewer_times_is_scaled_with_neuberg(play, make_pairs, make_stage):
    """第二十八条 (competition.md: Neuberg, as bridge scorers do): board 1 of a 9-table
    Mitchell played 8 times, the ninth table's result taken out by a ruling. The best
    of 8 (raw 14 of top 14) becomes (14 + 1)·9/8 − 1 = 15.875 of 16; the worst 1/8; the
    table that did not count gets average (8) each."""
    stage = mitchell(make_pairs, make_stage, 9)
    results = play_board(play, stage, 1, ARTICLE_28_POINTS)
    last = tables_for(stage, 1)[-1]
    with play.capture(execute=True):
        adjustments_set(
            source="ruling:5",
            adjustments=[
                adjustment_override(kind="not_scored", board=results[-1].board, table=last)
            ],
        )
    traveller = lines(stage, 1)
    by_points = {p: traveller[r.table_id] for p, r in zip(ARTICLE_28_POINTS, results, strict=True)}
    assert by_points[75].ew_score == Decimal("15.875")  # the most collected of the 8
    assert by_points[5].ew_score == Decimal("0.125")
    assert (traveller[last.pk].kind, traveller[last.pk].ns_score) == ("not_scored", 8)
    assert by_points[75].top == 16


def test_a_skip_mitchells_top(play, make_pairs, make_stage):
    """第二十八条之5: 4 tables (T even) play T − 1 = 3 rounds (the E–W pairs skip a table
    after round 2), so each board is played 3 times: top 4."""
    stage = mitchell(make_pairs, make_stage, 4)
    assert stage.rounds.count() == 3 and len(tables_for(stage, 1)) == 3
    play_board(play, stage, 1, [30, 50, 70])
    assert [line.top for line in board_traveller(board(stage, 1))] == [4, 4, 4]
    assert [line.ns_score for line in board_traveller(board(stage, 1))] == [4, 2, 0]


def test_rankings_per_direction_and_two_champions(play, make_pairs, make_stage):
    """第二十八条之7: 按累计分多少排列名次 — each direction ranked by total matchpoints,
    with percentages; one N–S and one E–W champion. Each line's N–S and E–W add up to
    the top, so the two directions' totals add up to all the tops."""
    stage = mitchell(make_pairs, make_stage, 3)
    for number, points in ((1, [20, 40, 60]), (2, [60, 40, 20]), (3, [30, 50, 90])):
        play_board(play, stage, number, points)
    rows = stage_standings(stage)
    ns = [r for r in rows if r.direction == "NS"]
    ew = [r for r in rows if r.direction == "EW"]
    assert len(ns) == len(ew) == 3
    assert [r.place for r in ns] == sorted(r.place for r in ns)
    assert sum(r.total for r in rows) == 9 * 4 and all(r.top == 12 for r in rows)
    ranking = qualification_standings(stage)
    assert [e.pk for e in ranking["NS"]] == [r.entrant_id for r in ns]


def test_one_result_rescores_its_board_and_the_rankings_only(play, make_pairs, make_stage):
    """A corrected Mitchell result rescores its board's traveller and moves the rankings
    by that board's differences (issue 18) — the other boards' lines (one deliberately
    spoiled) are neither touched nor added up again."""
    stage = mitchell(make_pairs, make_stage, 3)
    first = play_board(play, stage, 1, [20, 40, 60])
    play_board(play, stage, 2, [60, 40, 20])
    ns_pair = first[0].table.ns
    board2 = TravellerScore.objects.get(board=board(stage, 2), ns=ns_pair).ns_score
    TravellerScore.objects.filter(board=board(stage, 2)).update(ns_score=99)
    play.correct(first[0], 80)  # N–S at the first table was broken after all
    assert TravellerScore.objects.get(board=board(stage, 1), table=first[0].table).ns_score == 0
    assert set(
        TravellerScore.objects.filter(board=board(stage, 2)).values_list("ns_score", flat=True)
    ) == {99}
    assert Standing.objects.get(stage=stage, entrant=ns_pair).matchpoints == 0 + board2 != 99


def test_a_forfeited_table_scores_zero_for_the_offender(play, make_pairs, make_stage):
    """第三十条 at a Mitchell table: the late E–W pair gets 0 on the round's boards, its
    N–S opponents average-plus (60 % of the top)."""
    stage = mitchell(make_pairs, make_stage, 3)
    late, *others = tables_for(stage, 1)
    for table, points in zip(others, (40, 60), strict=True):
        play.by_director(board(stage, 1), table, points)
    with play.capture(execute=True):
        adjustments_set(
            source="ruling:6",
            adjustments=[adjustment_forfeit(target=late.ew, table=late, reason="迟到15分钟")],
        )
    line = lines(stage, 1)[late.pk]
    assert (line.kind, line.ns_score, line.ew_score) == ("forfeit", Decimal("2.4"), 0)


def test_the_pairs_final_from_the_mitchell_rankings(play, make_pairs, make_stage):
    """第二十九条: the two firsts and the two seconds of the Mitchell meet in the final
    (open room N–S 1st v N–S 2nd, closed room E–W 1st v E–W 2nd); each board compared in
    the same direction gives 2 to the better result; N–S 1st against E–W 1st decide
    champion and runner-up, the two 2nds third and fourth."""
    final = played_pairs_final(play, make_pairs, make_stage)
    ranking = qualification_standings(final.source)
    contests = {c.first_place: c for c in final.matches.select_related("winner")}
    # N–S declared both boards and conceded fewer in the open room: N–S 1st wins;
    # the E–W defenders collected more in the closed room: E–W 2nd beats N–S 2nd.
    assert contests[1].winner == ranking["NS"][0] and contests[1].status == Match.Status.FINISHED
    assert contests[3].winner == ranking["EW"][1]
    places = {s.place: s.entrant for s in stage_standings(final)}
    assert places == {
        1: ranking["NS"][0],
        2: ranking["EW"][0],
        3: ranking["EW"][1],
        4: ranking["NS"][1],
    }
    assert not any(s.flagged for s in stage_standings(final))
