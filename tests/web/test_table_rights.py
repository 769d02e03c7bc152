"""A table code on a phone (issue 14): it opens its table only while the director has
the round open, each side acts with its own PIN, wrong codes and PINs are limited per
client address, and a refusal that depends on the deal tells nothing of the cards."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse

from boards.models import EntryCheck, Result
from tests._tables import side_form, undeclarable
from tests.builders import boards_of, deal, entry
from tournament.models import Table
from tournament.services import round_close

from ._play import form

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_counts():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def mitchell(demo):
    deal(demo.mitchell)
    return demo.mitchell


def probe_form(board, table: Table) -> dict:
    """A scorecard asking whether a seat could declare a suit, which the deal says no to."""
    probe = undeclarable(board, table, entry(board, 40))
    return form(board, 40) | {"trump": probe.trump, "declared_by": probe.declared_by}


def board_url(table: Table, number: int, what: str = "table_board") -> str:
    return reverse(f"web:{what}", args=[table.code, number])


def test_a_later_rounds_code_on_the_guide_card_does_nothing_before_its_round(client, mitchell):
    """The guide card stays with the N–S pair and prints every round's code."""
    later = Table.objects.get(round__stage=mitchell, round__number=3, number=1)
    board = boards_of(later)[0]

    page = client.get(reverse("web:table", args=[later.code]))
    entry = client.post(board_url(later, board.number), form(board, 40, **side_form(later, "NS")))
    check = client.post(board_url(later, board.number, "table_check"), form(board, 40))

    assert page.status_code == entry.status_code == check.status_code == 403
    assert "尚未开始" in page.content.decode()
    assert 'name="defender_points"' not in page.content.decode()
    assert not Result.objects.exists() and not EntryCheck.objects.exists()


def test_a_closed_rounds_code_enters_nothing(client, mitchell):
    table = Table.objects.get(round__stage=mitchell, round__number=1, number=1)
    round_close(round=table.round)
    board = boards_of(table)[0]

    response = client.post(
        board_url(table, board.number), form(board, 40, **side_form(table, "NS"))
    )

    assert response.status_code == 403 and "已经结束" in response.content.decode()
    assert not Result.objects.exists()


def test_one_code_cannot_confirm_its_own_entry_as_the_other_side(client, mitchell):
    table = Table.objects.get(round__stage=mitchell, round__number=1, number=1)
    board = boards_of(table)[0]
    client.post(board_url(table, board.number), form(board, 40, **side_form(table, "NS")))

    ns_pin = side_form(table, "NS")["pin"]
    client.post(
        board_url(table, board.number, "table_confirm"),
        {"side": "EW", "pin": ns_pin, "version": 1},
    )
    assert Result.objects.get().status == "entered"

    client.post(
        board_url(table, board.number, "table_confirm"), {**side_form(table, "EW"), "version": 1}
    )
    result = Result.objects.get()
    assert result.status == "confirmed"
    confirm = result.changes.get(action="confirm")
    assert confirm.side == "EW" and f"pair {table.ew.number}" in confirm.credential


def test_the_confirm_form_asks_the_other_sides_pin(client, mitchell):
    table = Table.objects.get(round__stage=mitchell, round__number=1, number=1)
    board = boards_of(table)[0]
    client.post(board_url(table, board.number), form(board, 40, **side_form(table, "NS")))

    page = client.get(board_url(table, board.number)).content.decode()

    assert 'name="pin"' in page and "东西方录入密码" in page


def test_probing_an_unplayed_board_from_the_table_gets_the_neutral_message(client, mitchell):
    table = Table.objects.get(round__stage=mitchell, round__number=1, number=1)
    board = boards_of(table)[0]
    url = board_url(table, board.number, "table_check")

    answers = [client.post(url, probe_form(board, table)).content.decode() for _ in range(4)]

    assert all("与本副牌的实际牌型不符" in a for a in answers[:3])
    assert all("不能亮" not in a and "没有" not in a for a in answers[:3])
    assert "已锁定" in answers[3]
    good = client.post(board_url(table, board.number), form(board, 40, **side_form(table, "NS")))
    assert good.status_code == 422 and not Result.objects.exists()


def test_a_locked_board_is_flagged_on_the_dashboard(client, mitchell, director):
    table = Table.objects.get(round__stage=mitchell, round__number=1, number=1)
    board = boards_of(table)[0]
    for _ in range(3):
        client.post(board_url(table, board.number, "table_check"), probe_form(board, table))

    client.force_login(director)
    page = client.get(reverse("web:director", args=[mitchell.event.code])).content.decode()

    assert "录入已锁定（与牌不符）" in page
    assert "录入已锁定（与牌不符）" in page and "不能亮" in page  # the detail: the director's


def test_guessing_table_codes_gets_429_after_a_few_misses(client, demo, settings):
    settings.TABLE_CODE_MISSES_PER_MINUTE = 5
    answers = [client.get(f"/t/ZZZZZ{c}/").status_code for c in "23456789"]

    assert answers[:5] == [404] * 5
    assert set(answers[5:]) == {429}
    real = Table.objects.filter(round__stage=demo.mitchell, round__number=1).first()
    assert client.get(reverse("web:table", args=[real.code])).status_code == 429


def test_guessing_pins_counts_as_guessing(client, mitchell, settings):
    settings.TABLE_CODE_MISSES_PER_MINUTE = 3
    table = Table.objects.get(round__stage=mitchell, round__number=1, number=1)
    board = boards_of(table)[0]
    wrong = [f"{n:04d}" for n in range(10) if f"{n:04d}" != table.ns.pin][:4]

    answers = [
        client.post(board_url(table, board.number), form(board, 40, side="NS", pin=pin)).status_code
        for pin in wrong
    ]

    assert answers[:3] == [422] * 3 and answers[3] == 429
    assert not Result.objects.exists()


def test_the_dashboard_starts_and_closes_a_round(client, mitchell, director):
    table = Table.objects.get(round__stage=mitchell, round__number=2, number=1)
    client.force_login(director)
    url = reverse("web:round_toggle", args=[mitchell.event.code, table.round.pk])

    client.post(url, {"action": "start"})
    table.round.refresh_from_db()
    assert table.round.is_open
    client.logout()
    assert client.get(reverse("web:table", args=[table.code])).status_code == 200

    client.force_login(director)
    client.post(url, {"action": "close"})
    table.round.refresh_from_db()
    assert not table.round.is_open and table.round.closed_at is not None
