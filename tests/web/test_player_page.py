"""A team's or a pair's own page (issue 27): where to go now, the place with its trend,
and each board played with its score against the field once the board opens
(第二十八条之6) — the data first (``web.pages.player``), then the page and its refresh."""

from __future__ import annotations

import pytest
from django.urls import reverse

from boards.models import Board
from scoring.cache import local_clear
from scoring.models import Standing, TravellerScore
from scoring.selectors import places_by_round
from scoring.services import board_release
from tests.builders import Play, deal
from tournament.links import entrant_page_path
from tournament.models import Table
from web.pages import player
from web.selectors import entrant_views


@pytest.fixture
def mitchell(demo, director, eager):
    """The demo's Mitchell with round 1 played at every table (none of its boards open
    yet: the other tables play them in later rounds)."""
    stage = deal(demo.mitchell)
    play = Play(director, eager)
    with play.one_commit():
        for table in Table.objects.filter(round__stage=stage, round__number=1).order_by("number"):
            for board in Board.objects.filter(board_set__plays__table=table).order_by("number"):
                play.at_table(board, table, 40 + 5 * table.number)
    local_clear()
    return stage


def ns_one(stage):
    return stage.entries.get(direction="NS", pair_number=1).entrant


def test_a_pairs_page_says_where_to_go_and_hides_a_board_until_it_opens(demo, mitchell, director):
    pair = ns_one(mitchell)
    entrants = entrant_views(demo.event)
    data = player.page(demo.event, pair, entrants, director=False)

    # Where to go now: round 1 is still open, so its table (a N–S pair stays at it).
    seat = data["next"][0]
    table = Table.objects.get(round__stage=mitchell, round__number=1, ns=pair)
    assert (seat.table, seat.seat, seat.round) == (table.number, "NS", 1)
    assert seat.opponents.entrant.id == table.ew_id

    summary = next(s for s in data["summaries"] if s.stage == mitchell)
    played = [b for b in summary.boards if b["round"] == 1]
    assert len(played) == mitchell.options.boards_per_round
    # 第二十八条之6: no other table has played these boards: no score, no result.
    assert not any(b["shown"] or b["score"] or b["played"] for b in played)
    assert all(b["opponent"].id == table.ew_id for b in played)
    # The ranking counts only the boards shown: none yet, so no place either.
    assert summary.trend == []

    # The director sees the score against the field at once.
    official = player.page(demo.event, pair, entrants, director=True)
    mine = next(s for s in official["summaries"] if s.stage == mitchell)
    board = mine.boards[0]
    line = TravellerScore.objects.get(board=board["board"], ns=pair)
    assert board["shown"] and board["score"] == f"{line.ns_score.normalize():f}".rstrip(".")
    assert board["played"]["outcome_text"] in ("打成", "打破", "光牌", "轱辘坡")
    stored = Standing.objects.get(stage=mitchell, entrant=pair)
    assert mine.line.place == stored.place and mine.field_size == 4
    assert [(t.round, t.place) for t in mine.trend] == [(1, stored.place)]


def test_a_released_board_shows_its_matchpoints_traveller_and_hand_record(
    client, demo, mitchell, director
):
    pair = ns_one(mitchell)
    board = TravellerScore.objects.filter(ns=pair).order_by("board__number").first().board
    board_release(board=board, user=director)
    local_clear()
    data = player.page(demo.event, pair, entrant_views(demo.event), director=False)
    summary = next(s for s in data["summaries"] if s.stage == mitchell)
    shown = [b for b in summary.boards if b["shown"]]
    assert [b["board"].pk for b in shown] == [board.pk]
    line = TravellerScore.objects.get(board=board, ns=pair)
    assert shown[0]["top"] == line.top and shown[0]["score"]
    # The player's ranking now counts that board (第二十八条之6), place after round 1.
    assert [t.round for t in summary.trend] == [1]

    content = client.get(entrant_page_path(pair)).content.decode()
    assert "现在去哪里" in content and shown[0]["url"] + "#traveller" in content
    assert shown[0]["url"] + "#hand-record" in content and "本轮" in content


def test_a_teams_page_lists_its_match_and_the_round_robin_trend(client, demo, director, eager):
    stage = deal(demo.round_robin)
    match = stage.matches.filter(round__number=1).order_by("number").first()
    Play(director, eager).tables(list(match.tables.order_by("session", "number")), lambda t, b: 40)
    local_clear()
    team = match.home
    data = player.page(demo.event, team, entrant_views(demo.event), director=True)
    summary = next(s for s in data["summaries"] if s.stage == stage)
    assert {b["opponent"].id for b in summary.boards} == {match.away_id}
    assert all(b["open"] and b["closed"] and b["score"] for b in summary.boards)
    stored = Standing.objects.get(stage=stage, entrant=team)
    assert summary.score == str(stored.match_points)
    # 第二十五条: the place after round 1 is the table's place while only round 1 counts.
    assert places_by_round(stage, official=True)[team.pk][0].round == 1
    # Where to go: both rooms of the team's match in the round still open.
    assert {s.room for s in data["next"] if s.stage == stage} <= {"开室", "闭室", ""}


def test_the_page_is_found_by_a_players_name_and_refreshes_by_etag(client, demo, mitchell):
    pair = ns_one(mitchell)
    name = entrant_views(demo.event)[pair.pk].players[0]
    response = client.get(reverse("web:player_search", args=[demo.event.code]), {"q": name})
    assert response.status_code == 302 and response["Location"] == entrant_page_path(pair)

    url = entrant_page_path(pair)
    live = client.get(url, {"live": 1})
    assert live.status_code == 200 and "现在去哪里" in live.content.decode()
    again = client.get(url, {"live": 1}, HTTP_IF_NONE_MATCH=live["ETag"])
    assert again.status_code == 304


def test_the_table_page_links_both_sides_own_pages(client, demo, mitchell):
    table = Table.objects.filter(round__stage=mitchell, round__number=1).first()
    content = client.get(reverse("web:table", args=[table.code])).content.decode()
    assert entrant_page_path(table.ns) in content and entrant_page_path(table.ew) in content
