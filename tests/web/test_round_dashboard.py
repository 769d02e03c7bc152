"""The round dashboard: which tables have reported which boards, what awaits
confirmation, which box cards are flagged and why; releasing boards to players."""

from __future__ import annotations

from contextlib import nullcontext

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from boards.models import Board, BoxCard, Result
from boards.services import Actor, result_confirm, result_correct, result_enter
from tests import builders
from tests._tables import open_side, side_form
from tests.builders import Play, boards_of, deal, entry
from tournament.models import Round, Table
from web.results import dashboard_progress
from web.selectors import director_dashboard

from ._play import form

pytestmark = pytest.mark.django_db


def dashboard(client, demo) -> str:
    response = client.get(reverse("web:director", args=[demo.event.code]))
    assert response.status_code == 200
    return response.content.decode()


def test_before_any_result_every_board_is_unreported(client, team, director):
    client.force_login(director)

    content = dashboard(client, team)

    assert "已报 0/" in content
    assert (
        'class="bcell state-none' in content
        and "state-confirmed" not in content.split('class="legend')[1].split("</p>")[1]
    )
    scorecard = reverse("web:director_scorecard", args=["chifeng", team.team_match.order, 1])
    assert scorecard in content


def test_a_pending_result_and_its_confirmation(client, team, director, eager):
    table = Table.objects.get(round__stage=team.team_match, session=1, room="open")
    board = boards_of(table)[0]
    client.post(
        reverse("web:table_board", args=[table.code, board.number]),
        form(board, **side_form(table, "NS")),
    )
    client.force_login(director)

    content = dashboard(client, team)

    assert "待确认 1" in content
    assert "南北已录入，待东西确认" in content
    assert 'class="bcell state-entered"' in content

    with eager(execute=True):
        client.post(
            reverse("web:table_confirm", args=[table.code, board.number]),
            {**side_form(table, "EW"), "version": 1},
        )
    content = dashboard(client, team)
    assert "南北已录入，待东西确认" not in content
    assert 'class="bcell state-confirmed"' in content


def test_each_rounds_counts_are_a_direct_count_after_every_kind_of_write(team):
    """Each round's results are counted by state in the database, a round at a time
    (issue 23): after entries, a confirmation, a correction and a deletion, the
    dashboard's counts are those of a direct count of the round's results."""
    stage = team.team_match
    tables = list(Table.objects.filter(round__stage=stage).order_by("round__number", "pk"))
    written = []
    for table in tables[:3]:
        board = boards_of(table)[0]
        actor = open_side(table, "NS")
        written.append(result_enter(board=board, table=table, entry=entry(board, 40), actor=actor))
    result_confirm(result=written[0], actor=open_side(tables[0], "EW"), version=1)
    result_correct(
        result=written[1],
        entry=entry(written[1].board, 60),
        actor=open_side(tables[1], "NS"),
        version=1,
    )
    written[2].delete()

    blocks = director_dashboard(team.event)["stage_blocks"]
    dashboard_progress(team.event, blocks)

    counted = {"confirmed": 0, "entered": 0}
    for block in blocks:
        for round_data in block["rounds"]:
            results = Result.objects.filter(table__round=round_data["round"])
            summary = round_data["summary"]
            assert summary["confirmed"] == results.filter(status="confirmed").count()
            assert summary["entered"] == results.exclude(status="confirmed").count()
            assert summary["expected"] == sum(
                len(boards_of(t)) for t in Table.objects.filter(round=round_data["round"])
            )
            counted = {k: counted[k] + summary[k] for k in counted}
    assert counted == {"confirmed": 1, "entered": 1}


def test_a_flagged_box_card_shows_with_its_reason(client, team, director):
    table = Table.objects.get(round__stage=team.team_match, session=1, room="open")
    first, second = boards_of(table)[:2]
    done = result_enter(
        board=first, table=table, entry=entry(first, 40), actor=open_side(table, "NS")
    )
    # Board 2 must start from board 1's levels after; the table wrote something else.
    wrong = "K" if done.levels_after_ns != "K" else "Q"
    result_enter(
        board=second,
        table=table,
        entry=entry(second, 40, levels=(wrong, wrong)),
        actor=open_side(table, "NS"),
    )
    assert BoxCard.objects.get(board=second).flagged
    client.force_login(director)

    content = dashboard(client, team)

    assert "有疑问" in content and "牌盒卡" in content
    assert f"牌盒卡级别为南北{wrong}、东西{wrong}" in content
    assert "有疑问 1" in content


def test_the_dashboard_refreshes_with_an_etag(client, team, director):
    client.force_login(director)
    url = reverse("web:director", args=[team.event.code])

    first = client.get(url, {"live": 1})
    assert first.status_code == 200 and "本轮进度" in first.content.decode()
    assert "<html" not in first.content.decode()  # only the part that refreshes
    etag = first["ETag"]
    assert client.get(url, {"live": 1}, HTTP_IF_NONE_MATCH=etag).status_code == 304

    table = Table.objects.get(round__stage=team.team_match, session=1, room="open")
    board = boards_of(table)[0]
    Play(director, lambda **kw: nullcontext()).by_director(board, table)

    again = client.get(url, {"live": 1}, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200 and again["ETag"] != etag


def test_releasing_a_round_and_taking_a_release_back(client, team, director):
    client.force_login(director)
    round_ = team.team_match.rounds.get()
    boards = Board.objects.filter(stage=team.team_match)
    url = reverse("web:director_release", args=[team.event.code])

    # Nothing played yet: the release names the tables still to play and asks again.
    warning = client.post(url, {"round": round_.pk, "all": "1"})
    assert warning.status_code == 200
    assert "仍然公布" in warning.content.decode()
    assert "1桌" in warning.content.decode()
    assert not boards.filter(released_at__isnull=False).exists()

    ids = list(boards.values_list("pk", flat=True))
    response = client.post(url, {"board": ids, "confirm": "early"})

    assert response.status_code == 302
    assert all(b.released_at is not None for b in boards)
    assert boards.first().released_by == director
    assert "已公布" in dashboard(client, team)

    first = boards.order_by("number").first()
    client.post(url, {"board": [first.pk], "action": "withdraw"})
    first.refresh_from_db()
    assert first.released_at is None


def test_only_a_director_releases(client, team, referee):
    client.force_login(referee)
    board = Board.objects.filter(stage=team.team_match).first()

    response = client.post(
        reverse("web:director_release", args=[team.event.code]), {"board": [board.pk]}
    )

    assert response.status_code == 403
    board.refresh_from_db()
    assert board.released_at is None


def test_a_release_names_only_boards_of_this_event(client, team, director):
    from .conftest import build_event

    other = build_event(code="elsewhere")
    deal(other.team_match)
    foreign = Board.objects.filter(stage=other.team_match).first()
    client.force_login(director)

    client.post(reverse("web:director_release", args=[team.event.code]), {"board": [foreign.pk]})

    foreign.refresh_from_db()
    assert foreign.released_at is None


def test_the_dashboard_links_to_the_printing_page(client, team, director):
    client.force_login(director)

    assert reverse("printing:page", args=[team.event.code]) in dashboard(client, team)


def test_the_rounds_progress_counts_the_current_round_only(client, demo, director, eager):
    """ "本轮进度" once counted the whole event (a 6-team round robin: 5 rounds × 3
    matches × 2 tables × 4 boards = 120); it counts the round being played: round 1's
    24 while it is open, then round 2's once the director closes 1 and starts 2."""
    from tournament.services import round_close, round_start

    deal(demo.round_robin)
    # The demo starts the first round of every stage: here only the round robin plays.
    for started in Round.objects.filter(stage__event=demo.event, started_at__isnull=False):
        if started.stage_id != demo.round_robin.pk:
            round_close(round=started)
    client.force_login(director)
    progress = dashboard(client, demo).split('class="totals')[1].split("</p>")[0]
    assert "已报 0/24 副" in progress

    first = demo.round_robin.matches.get(number=1)
    for table in first.tables.order_by("number"):
        for board in boards_of(table):
            Play(director, eager).by_director(board, table)
    progress = dashboard(client, demo).split('class="totals')[1].split("</p>")[0]
    assert "已报 8/24 副" in progress

    round_close(round=demo.round_robin.rounds.get(number=1))
    round_start(round=demo.round_robin.rounds.get(number=2))
    content = dashboard(client, demo)
    assert "已报 0/24 副" in content.split('class="totals')[1].split("</p>")[0]
    heading = content.split("本轮进度")[1].split("</h2>")[0]
    assert "第2轮" in heading and "第1轮" not in heading  # the other stages: not dealt


def test_the_dashboard_reads_no_more_as_results_come_in(client, team, director, play: Play):
    """Each table's results are counted by state in the database and only those to look
    at are read one by one (issue 23): the dashboard asks the same queries with one
    result entered as with every board of the round's open room confirmed, and its
    count of reported boards follows."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    table = Table.objects.get(round__stage=team.team_match, session=1, room="open")
    boards = boards_of(table)
    play.at_table(boards[0], table)
    client.force_login(director)
    with CaptureQueriesContext(connection) as one:
        first = dashboard(client, team)
    for board in boards[1:]:
        play.at_table(board, table)
    with CaptureQueriesContext(connection) as every:
        after = dashboard(client, team)

    assert len(every.captured_queries) == len(one.captured_queries)
    expected = Table.objects.filter(round=table.round).count()  # both sessions, both rooms
    assert f"已报 1/{expected * len(boards)}" in first
    assert f"已报 {len(boards)}/{expected * len(boards)}" in after
    cells = after.split('class="legend')[1].split("</p>", 1)[1]  # the legend's own cell out
    assert cells.count('class="bcell state-confirmed"') == len(boards)


def _dashboard_queries(client, tables: int) -> int:
    """The queries of a director's dashboard of a dealt Mitchell of ``tables`` tables
    (more rounds than are shown in full), with a result the director entered and one
    waiting for its other side."""
    made = builders.mitchell_stage(tables=tables, boards_per_round=2, dealt=True)
    director = builders.user(f"td-{tables}", event=made.event, role="director")
    first, second = made.tables[(1, 1)], made.tables[(1, 2)]
    kw = {"levels": ("A", "A"), "declarer": "E"}
    board = boards_of(first)[0]
    actor = Actor.director(director)
    result_enter(board=board, table=first, entry=entry(board, 40, **kw), actor=actor)
    board = boards_of(second)[0]
    actor = open_side(second, "NS")
    result_enter(board=board, table=second, entry=entry(board, 40, **kw), actor=actor)
    client.force_login(director)
    dashboard(client, made)  # the session's and the templates' first reads apart
    with CaptureQueriesContext(connection) as asked:
        content = dashboard(client, made)
    assert "南北已录入，待东西确认" in content
    return len(asked.captured_queries)


def test_the_dashboards_queries_do_not_grow_with_the_field(client):
    """The dashboard counts by round and state, reads the results to look at from their
    partial index and asks each board's visibility by counts (issue 23): a Mitchell of
    14 tables costs the same queries as one of 10."""
    assert _dashboard_queries(client, 14) == _dashboard_queries(client, 10)
