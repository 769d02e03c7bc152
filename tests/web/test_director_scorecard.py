"""The director's scorecards, typed from the keyboard: table → board → fields, the verdict
inline, Enter saves and moves on; corrections with their history; a version conflict."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from boards.models import Result
from boards.services import Actor, result_correct
from tests._tables import pin_of, side_form
from tests.builders import boards_of, entry
from tournament.models import Table

from ._play import form

pytestmark = pytest.mark.django_db


def scorecard_url(stage, round_number=1) -> str:
    return reverse("web:director_scorecard", args=[stage.event.code, stage.order, round_number])


def check_url(stage, round_number=1) -> str:
    return reverse("web:director_check", args=[stage.event.code, stage.order, round_number])


def test_only_the_director_types_scorecards(client, team, referee, outsider):
    url = scorecard_url(team.team_match)

    assert client.get(url).status_code == 302  # to the login page
    client.force_login(referee)
    assert client.get(url).status_code == 403
    assert client.post(check_url(team.team_match), {}).status_code == 403
    client.force_login(outsider)
    assert client.get(url).status_code == 403


def test_the_page_picks_a_table_and_a_board(client, team, director, open_table):
    client.force_login(director)
    board = boards_of(open_table)[2]

    response = client.get(
        scorecard_url(team.team_match), {"table": open_table.pk, "board": board.number}
    )

    content = response.content.decode()
    assert response.status_code == 200
    assert f"第{board.number}副" in content
    assert 'id="pick-table"' in content and 'id="pick-board"' in content
    assert 'data-focus="level_ns"' in content  # only the set's start level is known
    assert check_url(team.team_match) in content


def test_the_verdict_comes_back_as_the_director_types(client, team, director, open_table):
    client.force_login(director)
    board = boards_of(open_table)[0]
    data = form(board, 40, table=open_table.pk, board=board.number)

    content = client.post(check_url(team.team_match), data).content.decode()

    assert 'class="verdict ok"' in content and "打成" in content
    bad = client.post(check_url(team.team_match), data | {"defender_points": "37"})
    assert "防家得分37不可能" in bad.content.decode()
    assert not Result.objects.exists()


def test_enter_saves_confirmed_and_moves_to_the_next_board(
    client, team, director, open_table, eager
):
    client.force_login(director)
    first, second = boards_of(open_table)[:2]
    url = scorecard_url(team.team_match)

    with eager(execute=True):
        response = client.post(url, form(first, 40, table=open_table.pk, board=first.number))

    assert response.status_code == 302
    assert response.url == f"{url}?table={open_table.pk}&board={second.number}"
    result = Result.objects.get(board=first, table=open_table)
    assert result.status == "confirmed" and result.entered_by == director
    page = client.get(response.url).content.decode()
    assert "1桌 开室 第1副已保存" in page
    # The prediction filled the levels and the declarer: the cursor waits on the trump.
    assert 'data-focus="trump"' in page


def test_a_rejected_scorecard_saves_nothing(client, team, director, open_table):
    client.force_login(director)
    board = boards_of(open_table)[0]

    response = client.post(
        scorecard_url(team.team_match), form(board, 37, table=open_table.pk, board=board.number)
    )

    assert response.status_code == 422
    assert "成绩未保存" in response.content.decode()
    assert not Result.objects.exists()


def test_a_correction_keeps_its_history(client, team, director, open_table, eager):
    client.force_login(director)
    board = boards_of(open_table)[0]
    url = scorecard_url(team.team_match)
    picked = {"table": open_table.pk, "board": board.number}
    client.post(url, form(board, 40, **picked))

    response = client.post(url, form(board, 55, version=1, reason="记分卡抄错", **picked))

    assert response.status_code == 302
    result = Result.objects.get()
    assert (result.defender_points, result.version) == (55, 2)
    page = client.get(url, picked).content.decode()
    assert "修改记录" in page
    assert "录入" in page and "更正" in page and "记分卡抄错" in page
    assert "防家得分 40 → 55" in page
    assert "保存更正" in page


def test_a_version_conflict_shows_a_clear_message_and_the_current_values(
    client, team, director, open_table
):
    client.force_login(director)
    board = boards_of(open_table)[0]
    url = scorecard_url(team.team_match)
    picked = {"table": open_table.pk, "board": board.number}
    client.post(url, form(board, 40, **picked))
    # Someone else corrects it meanwhile (version 1 → 2).
    result_correct(
        result=Result.objects.get(),
        entry=entry(board, 65),
        actor=Actor.director(director),
        version=1,
        reason="另一位裁判长",
    )

    response = client.post(url, form(board, 55, version=1, **picked))

    assert response.status_code == 409
    content = response.content.decode()
    assert "成绩已被他人修改，您的更正未保存" in content
    assert "65" in content  # the current values
    assert 'name="version" value="2"' in content  # saving again is based on what was shown
    assert Result.objects.get().defender_points == 65
    assert "冲突未保存" in content  # the refused attempt is in the history


def test_the_director_confirms_a_tables_entry(client, team, director, open_table):
    board = boards_of(open_table)[0]
    client.post(
        reverse("web:table_board", args=[open_table.code, board.number]),
        form(board, 40, **side_form(open_table, "NS")),
    )
    client.force_login(director)
    url = scorecard_url(team.team_match)

    page = client.get(url, {"table": open_table.pk, "board": board.number}).content.decode()
    assert "待确认" in page and "确认此成绩" in page

    client.post(
        url, {"table": open_table.pk, "board": board.number, "version": 1, "action": "confirm"}
    )

    assert Result.objects.get().status == "confirmed"


def test_the_history_shows_which_sides_pin_and_the_refused_attempts(
    client, team, director, open_table
):
    """Issue 26: the guide says the scorecard history shows the PIN used and the refused
    attempts. A wrong PIN before the board has a result, the entry with N–S's PIN, a
    wrong E–W PIN and the confirmation with E–W's: each a row naming the side and whose
    card (with the phone's address for a wrong one), never the PIN's digits."""
    board = boards_of(open_table)[0]
    at_table = reverse("web:table_board", args=[open_table.code, board.number])
    confirm = reverse("web:table_confirm", args=[open_table.code, board.number])
    ns, ew = pin_of(open_table, "NS"), pin_of(open_table, "EW")
    wrong = next(p for p in ("000000", "111111", "222222") if p not in (ns, ew))
    client.post(at_table, form(board, 40, side="NS", pin=wrong), REMOTE_ADDR="10.0.0.7")
    client.post(at_table, form(board, 40, **side_form(open_table, "NS")))
    client.post(confirm, {"side": "EW", "pin": wrong, "version": 1}, REMOTE_ADDR="10.0.0.8")
    client.post(confirm, {**side_form(open_table, "EW"), "version": 1})
    assert Result.objects.get().status == "confirmed"

    client.force_login(director)
    page = client.get(scorecard_url(team.team_match), {"table": open_table.pk, "board": 1})
    history = page.content.decode().split('class="grid history"')[1].split("</table>")[0]
    rows = re.findall(r"<tr class=\"action-(\w+)\">(.*?)</tr>", history, re.S)

    assert [kind for kind, _ in rows] == ["wrong_pin", "enter", "wrong_pin", "confirm"]
    home, away = str(open_table.ns), str(open_table.ew)
    assert f"南北方密码错误（不是{home}的密码）" in rows[0][1] and "10.0.0.7" in rows[0][1]
    assert f"录入码 + 南北方（{home}）的密码" in rows[1][1]
    assert f"东西方密码错误（不是{away}的密码）" in rows[2][1] and "10.0.0.8" in rows[2][1]
    assert f"录入码 + 东西方（{away}）的密码" in rows[3][1]
    for digits in (ns, ew, wrong):
        assert digits not in history


def test_a_box_card_that_differs_is_kept_and_flagged_for_a_director(
    client, team, director, open_table
):
    closed = Table.objects.get(round__stage=team.team_match, session=1, room="closed")
    board = boards_of(open_table)[0]
    client.post(
        reverse("web:table_board", args=[open_table.code, board.number]),
        form(board, 40, **side_form(open_table, "NS")),
    )
    client.force_login(director)
    data = form(board, 40, declarer="W", table=closed.pk, board=board.number)

    verdict = client.post(check_url(team.team_match), data).content.decode()
    assert 'class="verdict ok"' in verdict and "照此保存并标记待核查" in verdict

    client.post(scorecard_url(team.team_match), data)

    result = Result.objects.get(table=closed)
    assert result.flagged and result.flags[0]["code"] == "box_card_differs"


def test_a_table_is_picked_by_the_number_on_its_scorecard(client, team, director):
    client.force_login(director)
    closed = Table.objects.get(round__stage=team.team_match, session=1, room="closed")

    content = client.get(
        scorecard_url(team.team_match), {"session": 1, "number": closed.number, "board": 3}
    ).content.decode()

    assert f'name="table" value="{closed.pk}"' in content
    assert f"{closed.number}桌 闭室" in content


def test_a_sets_first_board_starts_blank_not_north_hearts(client, team, director, open_table):
    """Nothing is known on a set's first board but its start level: the declarer and the
    trump start empty and the cursor waits at the declarer (a card that showed 北 · ♥ read as
    typed, and one Enter saved a wrong box card, 第四十三条)."""
    client.force_login(director)
    board = boards_of(open_table)[0]
    content = client.get(
        scorecard_url(team.team_match), {"table": open_table.pk, "board": board.number}
    ).content.decode()

    for name in ("declarer", "trump"):
        select = content[content.index(f'name="{name}"') :]
        select = select[: select.index("</select>")]
        assert '<option value="" selected>' in select, name
    assert 'data-focus="declarer"' in content  # the levels are the set's; then who declared
