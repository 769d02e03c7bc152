"""Totals count only what the reader may see (issue 14, item 3; 第二十八条之6): while a
board is hidden from players — some table has not played it yet — a match total, a
schedule's score, a cross-table cell or a running percentage that counted it would tell
its result. Before: 34:29 shown with one board hidden, the visible boards summing to
34:25. Officials see everything."""

from __future__ import annotations

import pytest

from tests.builders import Play, boards_of, rooms
from tournament.models import Match

pytestmark = pytest.mark.django_db


def test_a_match_total_counts_only_the_boards_shown(half_played):
    from web.pages.match import page as match_page

    stage, match, _hidden = half_played

    official = match_page(match, {}, director=True)
    player = match_page(match, {}, director=False)

    assert (official["home_score"], official["away_score"]) == ("8", "0")
    assert (player["home_score"], player["away_score"]) == ("6", "0")
    shown = [line for line in player["lines"] if line["shown"]]
    assert sum(line["home_points"] for line in shown) == 6


def test_the_schedule_and_cross_table_count_only_the_boards_shown(half_played):
    from web.pages.shared import cross_scores as _cross
    from web.pages.shared import match_scores

    stage, match, _hidden = half_played

    official = match_scores(stage, director=True)[match.number]
    player = match_scores(stage, director=False)[match.number]
    assert (official["home"], official["decided"]) == ("8", True)
    assert (player["home"], player["away"], player["decided"]) == ("6", "0", False)

    # A match with a hidden board is not decided for a player: no cell yet.
    cells, _standings, _rows = _cross(stage, "", {}, director=False)
    assert (match.home_id, match.away_id) not in cells
    cells, _standings, _rows = _cross(stage, "", {}, director=True)
    assert cells[(match.home_id, match.away_id)] == "8:0"


def test_a_mitchells_running_percentage_counts_only_the_boards_shown(
    make_pairs, make_stage, play: Play
):
    from scoring.selectors import seen_percentages, stage_standings

    stage = make_stage("mitchell", make_pairs(6), boards_per_round=2)
    first = stage.rounds.get(number=1)
    played = list(first.tables.order_by("number"))
    for table in played:
        for board in boards_of(table):
            play.at_table(board, table, 40 + 5 * table.number)

    seen = seen_percentages(stage)
    stored = {s.entrant_id: s for s in stage_standings(stage)}

    assert seen is not None  # the boards are hidden: the other tables have not played them
    assert all(mp == 0 and pct is None for mp, pct in seen.values())
    assert any(s.matchpoints for s in stored.values())  # what an official sees


def test_the_api_schedule_counts_only_the_boards_shown(half_played, client, director):
    from tournament.models import Event

    stage, match, _hidden = half_played
    Event.objects.filter(pk=stage.event_id).update(status=Event.Status.RUNNING)
    url = f"/api/events/{stage.event.code}/stages/{stage.order}/schedule/?round=1"

    def score(data):
        return next(m for r in data for m in r["matches"] if m["number"] == match.number)["score"]

    player = score(client.get(url).json())
    client.force_login(director)
    official = score(client.get(url).json())

    assert (player["home"], player["away"], player["decision"]) == ("6.0000", "0.0000", "waiting")
    assert official["home"] == "8.0000" and official["decision"] != "waiting"


def test_the_api_standings_of_a_mitchell_count_only_the_boards_shown(
    make_pairs, make_stage, play: Play, client, director
):
    from tournament.models import Event

    stage = make_stage("mitchell", make_pairs(6), boards_per_round=2)
    Event.objects.filter(pk=stage.event_id).update(status=Event.Status.RUNNING)
    for table in stage.rounds.get(number=1).tables.order_by("number"):
        for board in boards_of(table):
            play.at_table(board, table, 40 + 5 * table.number)
    url = f"/api/events/{stage.event.code}/stages/{stage.order}/standings/"

    player = client.get(url).json()["rows"]
    client.force_login(director)
    official = client.get(url).json()["rows"]

    assert all(row["percentage"] is None for row in player)  # no board shown yet
    assert all(float(row["total"]) == 0 for row in player)
    assert any(row["percentage"] is not None for row in official)


def test_the_round_robin_table_counts_only_the_boards_shown(half_played):
    """The table too: with M1's board 4 hidden, a player's table counts M1 as not
    decided yet (nothing of it: no match played, no match points, no points), an
    official's has it won 8:0."""
    from web.pages.shared import standings_view

    stage, match, _hidden = half_played

    official = {r["row"].entrant_id: r["row"] for r in standings_view(stage, {}, director=True)}
    player = {r["row"].entrant_id: r["row"] for r in standings_view(stage, {}, director=False)}

    assert official[match.home_id].match_points > 0 and official[match.home_id].played == 1
    assert player[match.home_id].match_points == 0 and player[match.home_id].played == 0
    assert player[match.home_id].score_for == 0 and official[match.home_id].score_for == 8


def test_the_api_table_counts_only_the_boards_shown(half_played):
    from api.standings import standings_data

    stage, match, _hidden = half_played

    def home_row(official: bool) -> dict:
        rows = standings_data(stage, official=official)["rows"]
        return next(r for r in rows if r["entrant"]["id"] == match.home_id)

    assert home_row(True)["match_points"] > 0
    assert home_row(False)["match_points"] == 0


def test_the_cross_tables_totals_and_the_schedules_winner_wait_for_the_boards(
    half_played, client, play: Play
):
    """The cross-table's total and place column and the schedule's winner mark told a
    player who had won M1 while its board 4 was still hidden."""
    from django.urls import reverse

    from web.pages.shared import cross_scores as _cross

    stage, match, _hidden = half_played
    _cells, player, _rows = _cross(stage, "", {}, director=False)
    _cells, official, _rows = _cross(stage, "", {}, director=True)
    assert official[match.home_id]["total"] > 0
    assert player[match.home_id]["total"] == 0

    stage.event.status = "running"
    stage.event.save(update_fields=["status"])
    page = client.get(reverse("web:stage", args=[stage.event.code, stage.order]))
    assert page.status_code == 200
    assert 'class="won"' not in page.content.decode()

    # Board 4 played in M2 too: nothing is hidden, M1's winner shows.
    second = Match.objects.get(stage=stage, round__number=1, number=2)
    open2, closed2 = rooms(second)
    last = boards_of(open2)[3]
    play.at_table(last, open2, 40)
    play.at_table(last, closed2, 40)
    page = client.get(reverse("web:stage", args=[stage.event.code, stage.order]))
    assert 'class="won"' in page.content.decode()
