"""Totals count only what the reader may see (issue 14, item 3; 第二十八条之6): while a
board is hidden from players — some table has not played it yet — a match total, a
schedule's score, a cross-table cell or a running percentage that counted it would tell
its result. Before: 34:29 shown with one board hidden, the visible boards summing to
34:25. Officials see everything."""

from __future__ import annotations

import pytest

from boards.selectors import visible_board_ids
from tournament.models import Match

from ._matches import boards_of, tables
from .conftest import Play

pytestmark = pytest.mark.django_db


@pytest.fixture
def half_played(make_teams, make_stage, play: Play):
    """A round robin of four: in round 1, M1 has played all four boards and M2 three, so
    board 4 is hidden from players (every copy must be played first)."""
    stage = make_stage("round_robin", make_teams(4), boards_per_session=4, sessions=1)
    first, second = Match.objects.filter(stage=stage, round__number=1).order_by("number")
    open1, closed1 = tables(first)
    for board in boards_of(open1):  # home makes 60 and breaks away at 95: home 2 a board
        play.at_table(board, open1, 60)
        play.at_table(board, closed1, 95)
    open2, closed2 = tables(second)
    for board in boards_of(open2)[:3]:
        play.at_table(board, open2, 40)
        play.at_table(board, closed2, 40)
    hidden = boards_of(open1)[3]
    assert hidden.pk not in visible_board_ids([hidden])
    return stage, first, hidden


def test_a_match_total_counts_only_the_boards_shown(half_played):
    from web.scores import match_page

    stage, match, _hidden = half_played

    official = match_page(match, {}, director=True)
    player = match_page(match, {}, director=False)

    assert (official["home_score"], official["away_score"]) == ("8", "0")
    assert (player["home_score"], player["away_score"]) == ("6", "0")
    shown = [line for line in player["lines"] if line["shown"]]
    assert sum(line["home_points"] for line in shown) == 6


def test_the_schedule_and_cross_table_count_only_the_boards_shown(half_played):
    from web.scores import _cross, match_scores

    stage, match, _hidden = half_played

    official = match_scores(stage, director=True)[match.number]
    player = match_scores(stage, director=False)[match.number]
    assert (official["home"], official["decided"]) == ("8", True)
    assert (player["home"], player["away"], player["decided"]) == ("6", "0", False)

    # A match with a hidden board is not decided for a player: no cell yet.
    cells, _standings = _cross(stage, "", director=False)
    assert (match.home_id, match.away_id) not in cells
    cells, _standings = _cross(stage, "", director=True)
    assert cells[(match.home_id, match.away_id)] == "8:0"


def test_a_mitchells_running_percentage_counts_only_the_boards_shown(
    make_pairs, make_stage, play: Play
):
    from scoring.selectors import seen_percentages, stage_standings

    stage = make_stage("mitchell", make_pairs(6), boards_per_round=2)
    first = stage.rounds.get(number=1)
    played = list(first.tables.order_by("number"))
    for table in played:
        for board in boards_of_mitchell(table):
            play.at_table(board, table, 40 + 5 * table.number)

    seen = seen_percentages(stage)
    stored = {s.entrant_id: s for s in stage_standings(stage)}

    assert seen is not None  # the boards are hidden: the other tables have not played them
    assert all(mp == 0 and pct is None for mp, pct in seen.values())
    assert any(s.matchpoints for s in stored.values())  # what an official sees


def boards_of_mitchell(table):
    from boards.models import Board

    sets = table.set_plays.values_list("board_set_id", flat=True)
    return list(Board.objects.filter(board_set_id__in=sets).order_by("number"))
