"""Issue 29: a phone's outbox arriving after the venue's network came back.

The server judges an arrival exactly as the same write made online (the same services,
PIN and round checks, the engine against the deal) and answers as a table is answered
(the same words whether or not the deal bears the entry out, 第二十八条之6); the same
outbox sent twice stores nothing twice; two phones of one table that entered the same
board differently never overwrite each other: the first stored stands, the other is a
conflict for the director, with both versions (第三十三条: the director decides)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from boards.models import (
    Board,
    EntryCheck,
    EntryConflict,
    PinMiss,
    Result,
    ResultChange,
    WriteReplay,
)
from tests import builders
from tests._tables import side_form, undeclarable
from tournament.models import Table
from tournament.services import round_close, round_start

from ._play import form

pytestmark = pytest.mark.django_db

SAID = "已记录，请对方核对；如有疑问裁判会处理。"


@pytest.fixture
def table(db) -> Table:
    """The open room of the first of two dealt team matches, its round started."""
    team = builders.team_round(matches=2, boards=2, dealt=True)
    round_start(round=team.round)
    table = team.tables[0][0]
    table.refresh_from_db()
    return table


@pytest.fixture
def event(table: Table) -> Any:
    """The event the root conftest's director holds the role in: the table's."""
    return table.round.stage.event


def board_of(table: Table, number: int = 1) -> Any:
    return Board.objects.get(round=table.round, number=number)


def sync(client: Client, table: Table, item: dict[str, Any]) -> Any:
    return client.post(
        reverse("web:table_sync", args=[table.code]),
        json.dumps(item),
        content_type="application/json",
    )


def enter_item(table: Table, key: str, side: str = "NS", points: int = 40, **extra: Any) -> dict:
    fields = form(board_of(table), points) | side_form(table, side) | extra
    return {"key": key, "kind": "enter", "board": 1, "fields": fields}


def confirm_item(table: Table, key: str, side: str = "EW", **extra: Any) -> dict:
    return {"key": key, "kind": "confirm", "board": 1, "fields": side_form(table, side), **extra}


def test_the_same_outbox_sent_twice_stores_nothing_twice(client, table):
    """A reload, a second tab or a lost answer sends the whole outbox again: each key gets
    its first answer (with the result's id and version) and nothing is written twice."""
    outbox = [
        enter_item(table, "phone-1-a"),
        confirm_item(table, "phone-1-b", entry_key="phone-1-a"),
    ]
    first = [sync(client, table, item) for item in outbox]
    again = [sync(Client(), table, item) for item in outbox]

    assert [r.status_code for r in first + again] == [200] * 4
    assert [r.json() for r in again] == [r.json() for r in first]
    result = Result.objects.get()
    assert first[0].json() | {"message": ""} == {
        "state": "stored",
        "id": result.pk,
        "version": 1,
        "board": 1,
        "message": "",
    }
    assert first[0].json()["message"] == SAID
    assert first[1].json()["message"] == "第1副成绩已确认。" and first[1].json()["version"] == 2
    assert result.status == Result.Status.CONFIRMED and result.confirmed_side == "EW"
    assert list(ResultChange.objects.values_list("action", flat=True)) == ["enter", "confirm"]
    assert WriteReplay.objects.count() == 2 and not EntryConflict.objects.exists()


def test_two_phones_entering_a_board_differently_give_one_result_and_one_conflict(
    client, table, director
):
    """N–S entered 40 on one phone and E–W 60 on another, both offline: the first to
    arrive is the result, the second never overwrites it. It is a conflict with both
    versions on the director's dashboard; its confirmation confirms nothing; the
    director keeps one (audited)."""
    a = sync(client, table, enter_item(table, "a-1", "NS", 40))
    b = sync(Client(), table, enter_item(table, "b-1", "EW", 60))
    b_confirm = sync(Client(), table, confirm_item(table, "b-2", side="NS", entry_key="b-1"))

    assert a.json()["state"] == "stored" and b.json()["state"] == "conflict"
    assert b.json()["message"] == "本桌另一部手机已先录入了这副牌的不同成绩：两份都已交裁判长处理。"
    assert b_confirm.json()["state"] == "conflict"
    result = Result.objects.get()
    assert (result.defender_points, result.status, result.version) == (40, "entered", 1)
    conflict = EntryConflict.objects.get()
    assert conflict.side == "EW" and conflict.record["result"]["defender_points"] == 60
    assert conflict.standing["defender_points"] == 40 and conflict.is_open
    assert ResultChange.objects.filter(action="conflict", result=result).count() == 1

    client.force_login(director)
    page = client.get(reverse("web:director", args=[table.round.stage.event.code]))
    text = page.content.decode()
    assert "录入冲突" in text and f"conflict-{conflict.pk}" in text
    assert "先到（已保存）" in text and "后到（未保存）" in text

    client.post(
        reverse("web:director_conflict", args=[table.round.stage.event.code, conflict.pk]),
        {"action": "take", "reason": "两方核对后按60分"},
    )
    result.refresh_from_db()
    conflict.refresh_from_db()
    assert (result.defender_points, result.status) == (60, Result.Status.CONFIRMED)
    assert conflict.resolution == "taken" and conflict.resolved_by == director
    resolve = ResultChange.objects.get(action="resolve")
    assert resolve.reason == "两方核对后按60分" and resolve.after["result"]["defender_points"] == 60
    assert f"conflict-{conflict.pk}" not in client.get(page.wsgi_request.path).content.decode()


def test_the_same_scorecard_from_two_phones_is_the_one_result(client, table):
    sync(client, table, enter_item(table, "a-1", "NS", 40))
    twin = sync(Client(), table, enter_item(table, "b-1", "EW", 40))

    assert twin.json()["state"] == "stored" and twin.json()["message"] == SAID
    assert Result.objects.count() == 1 and not EntryConflict.objects.exists()


def test_an_arrival_is_judged_as_the_form_is(client, table):
    """No trust in the phone: a wrong PIN is refused and counted per side, a scorecard
    the engine refuses is refused with its words, a closed round takes nothing."""
    wrong = sync(client, table, enter_item(table, "k-1", pin="000000"))
    assert wrong.status_code == 422 and "录入密码不对" in wrong.json()["message"]
    assert PinMiss.objects.filter(table=table, side="NS").count() == 1

    impossible = sync(client, table, enter_item(table, "k-2", points=37))
    assert impossible.status_code == 422 and "防家得分37不可能" in impossible.json()["message"]
    assert not Result.objects.exists()
    assert not WriteReplay.objects.exists()  # refusals are final, never replayed

    round_close(round=table.round)
    closed = sync(client, table, enter_item(table, "k-3"))
    assert closed.status_code == 404 and not Result.objects.exists()


def test_an_entry_the_deal_contradicts_is_answered_as_a_legal_one(table):
    """第二十八条之6: the answer to an arrival does not depend on the hidden deal — a
    disputed entry reads, byte for byte, as a legal one (id aside)."""
    board = board_of(table)
    other = Table.objects.get(round=table.round, number=3)  # another match: its own copy
    probe = undeclarable(board, table, builders.entry(board, 40))
    fields = {"trump": probe.trump, "declared_by": probe.declared_by}
    disputed = sync(Client(), table, enter_item(table, "x-2", "NS", **fields))
    legal = sync(Client(), other, enter_item(other, "x-1", "NS"))

    assert legal.status_code == disputed.status_code == 200
    assert disputed.json() | {"id": 0} == legal.json() | {"id": 0}
    assert Result.objects.get(table=table).status == Result.Status.DISPUTED
    assert EntryCheck.objects.filter(table=table, hidden=True).exists()


def test_the_table_page_is_installable_and_says_to_keep_it_open(client, table):
    page = client.get(reverse("web:table", args=[table.code])).content.decode()
    manifest = client.get(reverse("web:table_manifest", args=[table.code]))
    worker = client.get("/t/sw.js")

    assert reverse("web:table_manifest", args=[table.code]) in page
    assert "请保持本页打开，直到显示“已同步”" in page and "离线·已保存在本机" in page
    assert manifest.json()["start_url"] == reverse("web:table", args=[table.code])
    assert worker.status_code == 200 and worker["Content-Type"].startswith("text/javascript")
    assert "duidiao-tables" in worker.content.decode()
    board = client.get(reverse("web:table_board", args=[table.code, 1])).content.decode()
    assert 'id="offline-kept"' in board and reverse("web:table_sync", args=[table.code]) in board


def test_english_readers_get_the_offline_words_in_english(english, table):
    page = english.get(reverse("web:table", args=[table.code])).content.decode()
    answer = sync(english, table, enter_item(table, "e-1"))

    assert (
        "OFFLINE · saved on this phone" in page
        and "keep this page open until it shows SYNCED" in page
    )
    assert answer.json()["message"].startswith("Recorded")


def test_the_director_keeps_the_first_result_and_a_stranger_settles_nothing(
    client, table, director
):
    """Keeping the stored result changes nothing in it and is written in its trail; the
    second phone's conflicting entry was held to the same PIN check as any entry."""
    sync(client, table, enter_item(table, "a-1", "NS", 40))
    wrong = sync(Client(), table, enter_item(table, "b-0", "EW", 60, pin="000000"))
    assert wrong.status_code == 422 and not EntryConflict.objects.exists()
    sync(Client(), table, enter_item(table, "b-1", "EW", 60))
    conflict = EntryConflict.objects.get()
    url = reverse("web:director_conflict", args=[table.round.stage.event.code, conflict.pk])

    assert client.post(url, {"action": "keep"}).status_code == 302  # not logged in: login page
    conflict.refresh_from_db()
    assert conflict.is_open

    client.force_login(director)
    client.post(url, {"action": "keep"})
    conflict.refresh_from_db()
    result = Result.objects.get()
    assert conflict.resolution == "kept" and (result.defender_points, result.version) == (40, 1)
    assert ResultChange.objects.get(action="resolve").reason == "保留先到的成绩"
