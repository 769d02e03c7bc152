"""A table enters a board's result on its phone and the other side confirms it there;
the engine checks every scorecard at once; a code reaches only its own table's round."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from boards.models import EntryCheck, Result, ResultChange
from tests._tables import side_form, undeclarable
from tests.builders import boards_of, deal, entry
from tournament.models import Table
from tournament.services import round_start

from ._play import form

pytestmark = pytest.mark.django_db


@pytest.fixture
def closed_table(team) -> Table:
    return Table.objects.get(round__stage=team.team_match, session=1, room="closed")


def board_url(table: Table, number: int, what: str = "table_board") -> str:
    return reverse(f"web:{what}", args=[table.code, number])


def test_the_table_page_lists_its_boards_to_enter(client, open_table):
    content = client.get(reverse("web:table", args=[open_table.code])).content.decode()

    for board in boards_of(open_table):
        assert board_url(open_table, board.number) in content
    assert "录入" in content and "已确认" not in content


def test_the_first_board_starts_from_the_sets_level(client, open_table):
    board = boards_of(open_table)[0]

    content = client.get(board_url(open_table, board.number)).content.decode()

    assert "本组第一副，双方均从A起打" in content
    assert 'name="side"' in content and 'name="defender_points"' in content
    assert board_url(open_table, board.number, "table_check") in content


def test_the_engine_checks_a_scorecard_as_it_is_typed(client, open_table):
    board = boards_of(open_table)[0]
    url = board_url(open_table, board.number, "table_check")

    good = client.post(url, form(board, 40)).content.decode()
    bad = client.post(url, form(board, 37)).content.decode()
    missing = client.post(url, form(board, "")).content.decode()

    assert 'class="verdict ok"' in good and "打成" in good and "打后级别" in good
    assert 'class="verdict bad"' in bad and "防家得分37不可能" in bad  # no deal allows it
    assert 'class="verdict incomplete"' in missing and "防家得分" in missing
    assert not Result.objects.exists()  # checking stores nothing


def test_one_side_enters_the_other_confirms_and_the_director_sees_it(
    client, open_table, director, eager
):
    board = boards_of(open_table)[0]
    url = board_url(open_table, board.number)

    response = client.post(url, form(board, 40, **side_form(open_table, "NS")))
    assert response.status_code == 302 and response.url == url
    result = Result.objects.get(board=board, table=open_table)
    assert (result.status, result.entered_side, result.defender_points) == ("entered", "NS", 40)

    page = client.get(url).content.decode()
    assert "南北已录入" in page and "东西确认无误" in page and "南北确认无误" not in page

    with eager(execute=True):
        response = client.post(
            board_url(open_table, board.number, "table_confirm"),
            {**side_form(open_table, "EW"), "version": 1},
        )
    assert response.status_code == 302
    result.refresh_from_db()
    assert (result.status, result.confirmed_side) == ("confirmed", "EW")
    page = client.get(url).content.decode()
    assert "成绩已确认" in page and "如需更正，请找裁判长" in page

    client.force_login(director)
    dashboard = client.get(reverse("web:director", args=[open_table.round.stage.event.code]))
    cell = f"?table={open_table.pk}&amp;board={board.number}"
    content = dashboard.content.decode()
    assert 'class="bcell state-confirmed" href="/e/chifeng/director/s/' in content
    assert cell in content


def test_the_side_that_entered_cannot_confirm(client, open_table):
    board = boards_of(open_table)[0]
    client.post(board_url(open_table, board.number), form(board, 40, **side_form(open_table, "NS")))

    client.post(
        board_url(open_table, board.number, "table_confirm"),
        {**side_form(open_table, "NS"), "version": 1},
    )

    result = Result.objects.get(board=board, table=open_table)
    assert result.status == "entered"
    assert "对方确认" in client.get(board_url(open_table, board.number)).content.decode()


def test_the_other_side_corrects_and_hands_it_back(client, open_table):
    board = boards_of(open_table)[0]
    url = board_url(open_table, board.number)
    client.post(url, form(board, 40, **side_form(open_table, "NS")))

    fix = client.get(url + "?fix=1").content.decode()
    assert 'value="EW"' in fix and "checked" in fix  # the other side is the one fixing

    client.post(url, form(board, 45, **side_form(open_table, "EW"), version=1))

    result = Result.objects.get(board=board, table=open_table)
    assert (result.defender_points, result.entered_side, result.status) == (45, "EW", "entered")
    assert "东西已录入" in client.get(url).content.decode()


def test_a_rejected_entry_shows_the_engines_errors_and_saves_nothing(client, open_table):
    board = boards_of(open_table)[0]

    response = client.post(
        board_url(open_table, board.number), form(board, 37, **side_form(open_table, "NS"))
    )

    assert response.status_code == 422
    content = response.content.decode()
    assert "成绩未保存" in content and "防家得分37不可能" in content
    assert not Result.objects.exists()
    assert not ResultChange.objects.exists()
    assert not EntryCheck.objects.get(board=board, table=open_table).accepted  # logged


def test_an_entry_the_deal_contradicts_is_answered_as_any_entry(client, open_table):
    """Issue 24: the table is answered as for a legal entry — the same status, the same
    words ("已记录，请对方核对；如有疑问裁判会处理") — and the entry is kept as disputed
    with the engine's detail for the director (第二十八条之6)."""
    board = boards_of(open_table)[0]
    probe = undeclarable(board, open_table, entry(board, 40))
    data = form(board, 40, **side_form(open_table, "NS"))
    data |= {"trump": probe.trump, "declared_by": probe.declared_by}

    response = client.post(board_url(open_table, board.number), data, follow=True)

    content = response.content.decode()
    assert response.redirect_chain[0][1] == 302
    assert "已记录，请对方核对；如有疑问裁判会处理" in content and "南北已录入" in content
    assert "不能亮" not in content and "cannot declare" not in content
    result = Result.objects.get(board=board, table=open_table)
    assert result.status == "disputed"
    kept = EntryCheck.objects.get(board=board, table=open_table)
    assert kept.hidden and "trump_not_declarable" in [f["code"] for f in kept.findings]


def test_a_rejected_entry_in_english_shows_both_languages(english, open_table):
    board = boards_of(open_table)[0]

    content = english.post(
        board_url(open_table, board.number), form(board, 37, **side_form(open_table, "NS"))
    )

    text = content.content.decode()
    assert "37 points is impossible" in text
    assert "防家得分37不可能" in text  # the Chinese, under the English


def test_an_entry_needs_the_side_that_enters_it(client, open_table):
    board = boards_of(open_table)[0]

    response = client.post(board_url(open_table, board.number), form(board, 40))

    assert response.status_code == 422
    assert not Result.objects.exists()


def test_a_replay_plays_from_the_box_card(client, open_table, closed_table):
    board = boards_of(open_table)[0]
    client.post(
        board_url(open_table, board.number),
        form(board, 40, **side_form(open_table, "NS"), declarer="E"),
    )

    content = client.get(board_url(closed_table, board.number)).content.decode()

    assert "按牌盒卡" in content
    assert re.search(r'name="declarer" value="E"[^>]*checked', content)


def test_a_code_reaches_only_its_own_tables_round(client, team, open_table, closed_table):
    board = boards_of(open_table)[0]
    client.post(
        board_url(closed_table, board.number), form(board, 55, **side_form(closed_table, "EW"))
    )

    # The open room's page of the same board knows nothing of the closed room's result.
    page = client.get(board_url(open_table, board.number)).content.decode()
    page = re.sub(r'name="csrfmiddlewaretoken" value="\w+"', "", page)  # random, may hold 55
    assert not re.search(r"(?<!\w)55(?!\w)", page)
    assert "东西已录入" not in page and 'name="defender_points"' in page

    # Confirming through the open room's code cannot touch the closed room's result.
    client.post(
        board_url(open_table, board.number, "table_confirm"),
        {**side_form(open_table, "NS"), "version": 1},
    )
    assert Result.objects.get(table=closed_table).status == "entered"

    # A board the table does not play, or another stage's board, is not there at all.
    mitchell = deal(team.mitchell)
    first = Table.objects.filter(round__stage=mitchell, round__number=1).order_by("number")[0]
    played = {b.number for b in boards_of(first)}
    other = next(n for n in range(1, 30) if n not in played)
    assert client.get(board_url(first, other)).status_code == 404
    assert client.post(board_url(first, other, "table_check"), {}).status_code == 404
    assert client.get(board_url(open_table, 99)).status_code == 404
    assert client.get(reverse("web:table_board", args=["ZZZZZZ", 1])).status_code == 404


def test_a_round_two_code_does_not_open_round_one(client, demo):
    stage = deal(demo.round_robin)
    first = Table.objects.get(round__stage=stage, round__number=1, number=1)
    second = Table.objects.get(round__stage=stage, round__number=2, number=1)
    round_start(round=second.round)
    board = boards_of(second)[0]

    client.post(board_url(second, board.number), form(board, 40, **side_form(second, "NS")))

    result = Result.objects.get()
    assert result.table == second and result.board.round.number == 2
    page = client.get(board_url(first, board.number)).content.decode()
    assert 'name="defender_points"' in page  # round 1's board, not entered


def test_the_table_pages_in_english(english, open_table):
    board = boards_of(open_table)[0]

    content = english.get(board_url(open_table, board.number)).content.decode()

    assert "Who is entering" in content and "Defenders&#x27; points" in content
    assert "Submit for the other side to confirm" in content
