"""A table code on a phone (issue 14): it opens its table only while the director has
the round open, each side acts with its own PIN, wrong codes and PINs are limited per
client address, and nothing a table is told depends on the cards (issue 24)."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from boards.models import EntryCheck, PinMiss, Result
from duidiao.security import DEVICE_COOKIE
from tests._tables import pin_of, side_form, undeclarable
from tests.builders import boards_of, deal, entry
from tournament.models import Table
from tournament.services import round_close

from ._play import form

pytestmark = pytest.mark.django_db

CSRF = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]*"')


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

    assert page.status_code == entry.status_code == check.status_code == 404
    assert 'name="defender_points"' not in page.content.decode()
    assert not Result.objects.exists() and not EntryCheck.objects.exists()


def test_a_closed_rounds_code_enters_nothing(client, mitchell):
    table = Table.objects.get(round__stage=mitchell, round__number=1, number=1)
    round_close(round=table.round)
    board = boards_of(table)[0]

    response = client.post(
        board_url(table, board.number), form(board, 40, **side_form(table, "NS"))
    )

    assert response.status_code == 404
    assert not Result.objects.exists()


def test_unknown_future_and_closed_codes_answer_alike(client, mitchell):
    """Issue 24: a future round's code answered 403, a wrong one 404, and only the 404
    was counted — a guesser learnt which codes exist. Now: the same status, the same
    body, the same count."""
    closed = Table.objects.get(round__stage=mitchell, round__number=1, number=2)
    round_close(round=closed.round)
    future = Table.objects.get(round__stage=mitchell, round__number=3, number=1)
    codes = {"unknown": "ZZZZZZ", "future": future.code, "closed": closed.code}

    def seen(code: str, path: str) -> tuple:
        """The answer; the code itself (in the page's own address), CSRF and request id aside."""
        answer = client.get(f"/t/{code}/{path}")
        body = CSRF.sub(b"", answer.content).replace(code.encode(), b"CODE")
        # X-Request-ID names each request for the logs (issue 25): random, never the code's.
        headers = sorted((h, v) for h, v in answer.headers.items() if h != "X-Request-ID")
        return answer.status_code, body, tuple(headers)

    for path in ("", "b/1/"):
        answers = {seen(code, path) for code in codes.values()}
        assert len(answers) == 1 and next(iter(answers))[0] == 404


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


def test_probing_an_unplayed_board_from_the_table_tells_nothing_and_locks_nothing(client, mitchell):
    """Issue 24: the live check needs no deal, so a probe checks like any scorecard;
    anyone's checks never lock the board for the real table."""
    table = Table.objects.get(round__stage=mitchell, round__number=1, number=1)
    board = boards_of(table)[0]
    url = board_url(table, board.number, "table_check")

    answers = [client.post(url, probe_form(board, table)).content.decode() for _ in range(4)]

    assert all("不能亮" not in a and "没有" not in a and "不符" not in a for a in answers)
    assert len(set(answers)) == 1
    good = client.post(board_url(table, board.number), form(board, 40, **side_form(table, "NS")))
    assert good.status_code == 302 and Result.objects.get().status == "entered"


def test_a_disputed_entry_is_flagged_on_the_dashboard_with_the_engines_detail(
    client, mitchell, director
):
    table = Table.objects.get(round__stage=mitchell, round__number=1, number=1)
    board = boards_of(table)[0]
    answer = client.post(
        board_url(table, board.number), probe_form(board, table) | side_form(table, "NS")
    )
    assert answer.status_code == 302 and Result.objects.get().status == "disputed"

    client.force_login(director)
    page = client.get(reverse("web:director", args=[mitchell.event.code])).content.decode()

    assert "有争议（与牌不符）" in page and "不能亮" in page  # the detail: the director's


def test_guessing_table_codes_gets_429_after_a_few_misses(client, demo, settings):
    settings.TABLE_CODE_MISSES_PER_MINUTE = 5
    answers = [client.get(f"/t/ZZZZZ{c}/").status_code for c in "23456789"]

    assert answers[:5] == [404] * 5
    assert set(answers[5:]) == {429}
    real = Table.objects.filter(round__stage=demo.mitchell, round__number=1).first()
    assert client.get(reverse("web:table", args=[real.code])).status_code == 429


def test_one_phones_typos_at_a_shared_address_do_not_stop_the_next_phone(demo, settings):
    """Issue 24 ("key table throttles on the code and side, never on the address
    alone"): after 10 mistyped codes a minute from one address, every table code
    answered 429 to that address — at a venue all phones share one NAT address. Now
    misses count per address and device cookie."""
    settings.TABLE_CODE_MISSES_PER_MINUTE = 5
    venue = "192.0.2.10"
    clumsy, other = Client(REMOTE_ADDR=venue), Client(REMOTE_ADDR=venue)
    for phone in (clumsy, other):  # each has opened a page before: it carries its cookie
        assert phone.get(reverse("home")).cookies.get(DEVICE_COOKIE)
    real = Table.objects.filter(round__stage=demo.mitchell, round__number=1).first()

    typos = [clumsy.get(f"/t/ZZZZ{n:02d}/").status_code for n in range(20)]

    assert typos[:5] == [404] * 5 and set(typos[5:]) == {429}  # the clumsy phone waits
    assert other.get(reverse("web:table", args=[real.code])).status_code == 200


def test_a_guesser_without_the_device_cookie_is_still_throttled(demo, settings):
    """Dropping (or forging) the device cookie puts every try in the address's
    cookie-less bucket: the limit holds, and phones with their cookie are untouched."""
    settings.TABLE_CODE_MISSES_PER_MINUTE = 5
    venue = "192.0.2.10"
    phone = Client(REMOTE_ADDR=venue)
    phone.get(reverse("home"))
    real = Table.objects.filter(round__stage=demo.mitchell, round__number=1).first()

    answers = []
    for n in range(8):
        guesser = Client(REMOTE_ADDR=venue)  # a fresh client: no cookie, every time
        guesser.cookies[DEVICE_COOKIE] = "forged"
        answers.append(guesser.get(f"/t/ZZZZ{n:02d}/").status_code)

    assert answers[:5] == [404] * 5 and set(answers[5:]) == {429}
    assert Client(REMOTE_ADDR=venue).get(f"/t/{real.code}/").status_code == 429
    assert phone.get(f"/t/{real.code}/").status_code == 200


def test_guessing_a_pin_from_many_addresses_trips_the_per_side_counter(client, mitchell, director):
    """Issue 24: from 40 addresses the E–W PIN fell in 132 guesses (throttled only per
    address), 127 wrong PINs left no row, and the trail read like a real confirmation.
    Now wrong PINs count per table and side: after 5 that side's confirmation waits for
    the director — the right PIN included — and every wrong one is a row in the trail."""
    table = Table.objects.get(round__stage=mitchell, round__number=1, number=1)
    board = boards_of(table)[0]
    client.post(board_url(table, board.number), form(board, 40, **side_form(table, "NS")))
    result = Result.objects.get()
    right = pin_of(table, "EW")
    wrong = [f"{n:06d}" for n in range(100) if f"{n:06d}" != right][:40]
    confirm = board_url(table, board.number, "table_confirm")

    for n, pin in enumerate(wrong):
        client.post(confirm, {"side": "EW", "pin": pin, "version": 1}, REMOTE_ADDR=f"10.0.{n}.7")
    client.post(confirm, {**side_form(table, "EW"), "version": 1}, REMOTE_ADDR="10.9.9.9")

    result.refresh_from_db()
    assert result.status == "entered"  # not confirmed: the side waits for the director
    trail = result.changes.filter(action="wrong_pin")
    assert trail.count() == 40 and all("wrong PIN" in c.credential for c in trail)
    assert PinMiss.objects.filter(table=table, side="EW").count() == 40
    assert not result.changes.filter(action="confirm").exists()

    client.force_login(director)
    page = client.get(reverse("web:director", args=[mitchell.event.code])).content.decode()
    assert "东西密码输错40次" in page and "10.0.3.7" in page  # the attempts, for the director


def test_wrong_pins_at_one_table_do_not_stop_the_venues_address(client, mitchell):
    """Issue 24: ~10 wrong PINs from one address and every table code answered 429 to
    it for 60 s — at a venue every phone shares one NAT address."""
    first, second = Table.objects.filter(round__stage=mitchell, round__number=1)[:2]
    board = boards_of(first)[0]
    client.post(board_url(first, board.number), form(board, 40, **side_form(first, "NS")))
    confirm = board_url(first, board.number, "table_confirm")
    for n in range(12):
        answer = client.post(confirm, {"side": "EW", "pin": f"{n:06d}", "version": 1})
        assert answer.status_code != 429

    other = boards_of(second)[0]
    assert client.get(reverse("web:table", args=[second.code])).status_code == 200
    entered = client.post(
        board_url(second, other.number), form(other, 40, **side_form(second, "NS"))
    )
    assert entered.status_code == 302
    assert Result.objects.filter(table=second).exists()


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
