"""One read model for scores (issue 12, item 3): the API, the stage page and the PDFs
render the same rows (``scoring.selectors.standings_rows``, ``cross_table_rows``,
``match_lines``), so the same reader reads the same numbers on each. With a board still
hidden from players (第二十八条之6) a player's round-robin table counts the match
as not decided (第二十五条) and a Mitchell's running percentages count only the boards
shown; an official reads what scoring stored — on every face alike."""

from __future__ import annotations

from decimal import Decimal

import pytest

from api.standings import standings_data as api_standings
from core.numbers import format_number
from printing.selectors import results_data, standings_data
from scoring.selectors import match_lines, standings_rows
from tests.builders import Play, boards_of, rooms
from tournament.models import Match
from tournament.services import round_start
from web.pages.match import page as match_page
from web.pages.shared import cross_scores as _cross
from web.pages.shared import match_scores, standings_view
from web.pages.swiss import page as swiss_page

pytestmark = pytest.mark.django_db


def _faces(stage, official: bool):
    """Entrant id → (API row, stage page row) for one reader."""
    api = {r["entrant"]["id"]: r for r in api_standings(stage, official=official)["rows"]}
    web = {r["row"].entrant_id: r for r in standings_view(stage, {}, director=official)}
    return api, web


def test_a_round_robin_reads_alike_on_every_face(half_played):
    stage, match, _hidden = half_played
    readers = {}
    for official in (True, False):
        lines = {line.entrant_id: line for line in standings_rows(stage, official=official)}
        api, web = _faces(stage, official)
        _cells, cross, _rows = _cross(stage, "", {}, director=official)
        for entrant_id, line in lines.items():
            row, shown = api[entrant_id], web[entrant_id]
            assert row["match_points"] == shown["row"].match_points == line.match_points
            assert row["played"] == shown["row"].played == line.played
            assert row["place"] == shown["row"].place == line.place
            assert Decimal(row["score_for"]) == line.score_for
            assert shown["score_for"] == format_number(line.score_for)
            assert cross[entrant_id]["total"] == line.match_points
        score = match_lines(stage, official=official)[match.pk]
        assert match_scores(stage, director=official)[match.number]["home"] == format_number(
            score.home
        )
        assert match_page(match, {}, director=official)["home_score"] == format_number(score.home)
        readers[official] = (lines[match.home_id], score)

    (official, official_score), (player, player_score) = readers[True], readers[False]
    # The hidden board of M1 tells nothing to a player (第二十八条之6) …
    assert (player.match_points, player.played, player_score.home) == (0, 0, Decimal(6))
    assert player_score.decision == "waiting" and player_score.hidden == 1
    # … while an official reads M1 as won 8:0 (第二十五条).
    assert (official.match_points > 0, official.played, official_score.home) == (True, 1, 8)

    # The PDFs are the director's: the official rows, formatted alike.
    (sheet,) = standings_data(stage.event, stage=stage).stages
    (table,) = sheet.tables
    lines = standings_rows(stage, official=True)
    assert [(p.place, p.match_points, p.score_for) for p in table.lines] == [
        (line.place, line.match_points, format_number(line.score_for)) for line in lines
    ]
    printed = results_data(stage.event, stage=stage).matches
    printed = next(m for m in printed if m.match == match.code)
    assert (printed.home_score, printed.home_match_points) == (
        format_number(official_score.home),
        official_score.home_match_points,
    )


def test_a_mitchells_percentages_read_alike_on_every_face(make_pairs, make_stage, play: Play):
    stage = make_stage("mitchell", make_pairs(6), boards_per_round=2)
    with play.one_commit():
        for table in stage.rounds.get(number=1).tables.order_by("number"):
            for board in boards_of(table):
                play.at_table(board, table, 40 + 5 * table.number)

    for official in (True, False):
        lines = standings_rows(stage, official=official)
        api, web = _faces(stage, official)
        for line in lines:
            row, shown = api[line.entrant_id], web[line.entrant_id]
            percentage = None if line.percentage is None else Decimal(row["percentage"])
            assert (percentage is None) == (row["percentage"] is None)
            if percentage is not None:
                assert format_number(percentage, fixed=True) == shown["percentage"]
            assert format_number(Decimal(row["total"])) == shown["total"]
            assert shown["total"] == format_number(line.total)
        if official:
            assert any(line.percentage for line in lines)
            (sheet,) = standings_data(stage.event, stage=stage).stages
            printed = [p for t in sheet.tables for p in t.lines]
            assert sorted(p.percentage for p in printed) == sorted(
                format_number(line.percentage, fixed=True) if line.percentage is not None else ""
                for line in lines
            )
        else:  # every board played so far is still hidden from players
            assert all(line.percentage is None and line.total == 0 for line in lines)


def test_a_howells_running_percentages_count_only_the_boards_shown(
    make_pairs, make_stage, play: Play
):
    """A Howell keeps travellers as a Mitchell does, so its running totals tell a hidden
    board's result just the same (第二十八条之6): a player reads only the boards shown."""
    stage = make_stage("howell", make_pairs(7), boards_per_round=1)
    with play.one_commit():
        for table in stage.rounds.get(number=1).tables.order_by("number"):
            for board in boards_of(table):
                play.at_table(board, table, 40 + 5 * table.number)

    official = standings_rows(stage, official=True)
    assert any(line.percentage for line in official)
    player = standings_rows(stage, official=False)
    assert all(line.percentage is None and line.total == 0 for line in player)
    api, web = _faces(stage, official=False)
    assert all(row["percentage"] is None for row in api.values())
    assert all(not row["percentage"] for row in web.values())


def test_the_rankings_over_sessions_and_sections_count_only_the_boards_shown(
    make_pairs, make_stage, play: Play
):
    """A cumulative ranking (多节累计) and a sectioned Mitchell's overall ranking add up
    the same running totals, so for a player they too count only the boards shown
    (第二十八条之6); officials read the stored totals."""
    from scoring.sessions import cumulative_ranking, overall_ranking
    from web.pages.pairs_ranking import page as pairs_ranking_page

    stage = make_stage("mitchell", make_pairs(6), boards_per_round=2)
    with play.one_commit():
        for table in stage.rounds.get(number=1).tables.order_by("number"):
            for board in boards_of(table):
                play.at_table(board, table, 40 + 5 * table.number)

    for ranked in (cumulative_ranking(stage.event), overall_ranking(stage)):
        assert any(r.total for r in ranked) and any(r.percentage for r in ranked)
    for ranked in (
        cumulative_ranking(stage.event, official=False),
        overall_ranking(stage, official=False),
    ):
        assert ranked and all(r.total == 0 and r.percentage is None for r in ranked)
    page = pairs_ranking_page(stage.event, director=False)
    assert page["rows"] and all(row["percentage"] == "" for row in page["rows"])


def test_a_swiss_table_counts_a_match_with_a_hidden_board_as_not_decided(
    make_teams, make_stage, play: Play
):
    """A Swiss round plays one set of deals at every match, so a board is hidden from
    players until every match has played it (第二十八条之6). A Swiss table that counted
    a finished match — its match points, its score, its net jump levels (净跳级数) —
    would tell that board's result to the teams still playing it."""
    stage = make_stage("swiss", make_teams(4), rounds=2, boards_per_session=2, sessions=1)
    round_start(round=stage.rounds.get(number=1))
    first, second = Match.objects.filter(stage=stage).order_by("number")
    with play.one_commit():
        for match, boards in ((first, None), (second, 0)):  # the second has not begun
            open_room, closed_room = rooms(match)
            for board in boards_of(open_room)[:boards]:
                play.at_table(board, open_room, 60)  # home makes 60, breaks away at 95
                play.at_table(board, closed_room, 95)

    official = {line.entrant_id: line for line in standings_rows(stage, official=True)}
    assert official[first.home_id].match_points == 2 and official[first.home_id].won == 1
    player = {line.entrant_id: line for line in standings_rows(stage, official=False)}
    for team in (first.home_id, first.away_id):
        line = player[team]
        assert (line.played, line.won, line.lost, line.match_points) == (0, 0, 0, 0)
        assert line.net_levels == 0 and line.opponents_points == 0 and line.score_for == 0
    api, _web = _faces(stage, official=False)
    assert api[first.home_id]["match_points"] == 0
    # The Swiss page reads as its reader does: a director's shows the match decided.
    for reader in (True, False):
        api, web = _faces(stage, official=reader)
        page = swiss_page(stage, {}, director=reader)
        assert [r["row"] for r in page["standings"]] == [r["row"] for r in web.values()]
        assert page["standings"][0]["row"].match_points == (2 if reader else 0)
        assert page["scores"][first.number]["decided"] is reader


def test_the_stored_lines_read_from_values_are_the_stored_rows(
    half_played, play, make_pairs, make_stage
):
    """An official's lines come from plain values (issue 23: no model objects built
    for every entrant at each first read); the lines of the stored ``Standing`` rows,
    field for field — a round robin's (第二十五条) and a Mitchell's (第二十八条之7)."""
    from scoring.selectors import _standing_line, stage_standings
    from tests.builders import mitchell, play_board

    round_robin = half_played[0]
    pairs = mitchell(make_pairs, make_stage, 3)
    for number, points in ((1, [20, 40, 60]), (2, [60, 45, 20])):
        play_board(play, pairs, number, points)
    for stage in (round_robin, pairs):
        stored = tuple(_standing_line(s) for s in stage_standings(stage))
        assert stored and standings_rows(stage, official=True) == stored
        assert any(line.percentage for line in stored) == (stage is pairs)
