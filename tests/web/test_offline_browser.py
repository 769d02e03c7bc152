"""Issue 29 in Chromium: a round entered with the venue's network gone.

Sixteen tables (``OFFLINE_TABLES`` tells another number; a phone, one browser context, each
— a service worker, its copies and the outbox are a context's own) open their codes while
the network is up; then every context goes offline — ``set_offline`` and, since that does
not stop a service worker's own requests, every request of the context aborted — for the
whole round. Each table enters its board on a page the service worker serves from its
copy; some confirm it there; some close the page and open it again. A second phone at
table 1 enters the same board differently. On reconnect, with no director action, within
30 s: exactly one result per table's board, the confirmations applied, one conflict for
the director, and each page showing what the server said; the same outboxes sent again
store nothing twice. The phones act at once, as at a venue: each step is started on every
page before the test waits for any of them.

Then the gap between online and reachable: a phone whose Wi-Fi is up (``navigator.onLine``)
while the server is out of reach keeps what it sends, and syncs once the server answers.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from boards.models import Board, EntryConflict, Result, ResultChange
from tests import builders
from tests._tables import pin_of
from tournament.models import Table
from tournament.services import round_start

from ._browser import CHROMIUM, PHONE, chromium, one_request_at_a_time, shot
from ._play import form

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]

# The round; benchmarks/offline.py times 16 and 60 phones against the real server.
TABLES = int(os.environ.get("OFFLINE_TABLES", "16"))
STATE = "#offline .sync-state"

WAITING_NONE = "() => document.getElementById('offline').dataset.state === 'synced'"
FILL = """([data]) => {
  const form = document.querySelector("form.table-scorecard");
  for (const [name, value] of Object.entries(data)) {
    const field = form.elements[name];
    if (field) { field.value = value; }
  }
  form.requestSubmit();
}"""
# The phone's outbox as if never sent: every item waiting again (a second tab, a backup).
UNSENT = """() => new Promise((resolve, reject) => {
  const opening = indexedDB.open("duidiao-outbox", 1);
  opening.onsuccess = () => {
    const db = opening.result;
    const tx = db.transaction("items", "readwrite");
    const items = tx.objectStore("items");
    const all = items.getAll();
    all.onsuccess = () => all.result.forEach((item) => items.put({...item, state: "waiting"}));
    tx.oncomplete = () => { db.close(); resolve(all.result.length); };
    tx.onerror = () => reject(tx.error);
  };
})"""


@pytest.fixture
def tables(transactional_db) -> list[Table]:
    """A team round, dealt and started: ``TABLES`` table codes."""
    team = builders.team_round(matches=TABLES // 2, boards=2, dealt=True)
    round_start(round=team.round)
    return list(Table.objects.filter(round=team.round).order_by("number"))


@pytest.fixture
def server(live_server) -> Iterator[Any]:
    """The live server, one request at a time (``one_request_at_a_time``): the phones'
    outboxes would get through anyway, by their backoff, only slower."""
    with one_request_at_a_time(live_server):
        yield live_server


@pytest.fixture
def browser(monkeypatch) -> Iterator[Any]:
    with chromium(monkeypatch) as browser:
        yield browser


def cut(context: Any) -> None:
    """The venue's network is gone, the service worker's requests included."""
    context.set_offline(True)
    context.route("**/*", lambda route: route.abort())


def restore(context: Any) -> None:
    context.unroute("**/*")
    context.set_offline(False)


def go(page: Any, path: str) -> None:
    """Start loading ``path`` on the page, not waiting for it: every phone's page loads
    while the next one is started (``page.goto`` would wait for each answer in turn)."""
    page.evaluate("url => { setTimeout(() => location.assign(url)); }", page.base + path)


def arrived(page: Any, path: str) -> None:
    """Once ``path`` has loaded (offline.js included: it is deferred)."""
    page.wait_for_url(f"**{path}", wait_until="load")


def opening(browser: Any, base: str, table: Table) -> tuple[Any, Any]:
    """A phone opening its table's code."""
    context = browser.new_context(viewport=PHONE, locale="zh-CN")
    page = context.new_page()
    page.base = base
    go(page, reverse("web:table", args=[table.code]))
    return context, page


def opened(phone: tuple[Any, Any], table: Table) -> tuple[Any, Any]:
    """Once its service worker controls the page and the table's pages are kept."""
    arrived(phone[1], reverse("web:table", args=[table.code]))
    phone[1].wait_for_function(
        "() => navigator.serviceWorker.controller && document.getElementById('offline')"
        ".dataset.cached === '1'"
    )
    return phone


def going(page: Any, table: Table, board: Board) -> None:
    """To the board's page (served by the service worker's copy)."""
    go(page, reverse("web:table_board", args=[table.code, board.number]))


def enter(page: Any, table: Table, board: Board, side: str, points: int) -> None:
    """The scorecard typed and sent, once the page (and offline.js) has loaded."""
    arrived(page, reverse("web:table_board", args=[table.code, board.number]))
    data = form(board, points) | {"side": side, "pin": pin_of(table, side)}
    page.evaluate(FILL, [data])


def kept(page: Any) -> None:
    page.wait_for_selector("#offline-kept:not([hidden])")


def test_tables_enter_a_round_offline_and_sync_on_reconnect(server, tables, browser):
    board = Board.objects.get(round=tables[0].round, number=1)
    t0 = time.monotonic()
    phones = [opening(browser, server.url, t) for t in tables]
    second = opening(browser, server.url, tables[0])  # another phone at table 1
    for phone, table in zip([*phones, second], [*tables, tables[0]], strict=True):
        opened(phone, table)
    print(f"opened: {time.monotonic() - t0:.1f} s")
    for context, _page in [*phones, second]:
        cut(context)

    entries = [(t, page, "NS", 40) for t, (_context, page) in zip(tables, phones, strict=True)]
    entries.append((tables[0], second[1], "EW", 60))
    for table, page, _side, _points in entries:
        going(page, table, board)
    for table, page, side, points in entries:
        enter(page, table, board, side, points)
    for _table, page, _side, _points in entries:
        kept(page)
    for i, (table, (context, page)) in enumerate(zip(tables, phones, strict=True)):
        if i % 4 == 1:  # the other side confirms on the same phone, still offline
            page.fill("form.offline-confirm:not([hidden]) input[name=pin]", pin_of(table, "EW"))
            page.click("form.offline-confirm:not([hidden]) button")
        if i % 4 == 2:  # closed, and opened again with no network: the outbox is kept
            page.close()
            page = context.new_page()
            page.base = server.url
            going(page, table, board)
            phones[i] = (context, page)
    for i, (table, (_context, page)) in enumerate(zip(tables, phones, strict=True)):
        if i % 4 == 2:
            arrived(page, reverse("web:table_board", args=[table.code, board.number]))
        kept(page)
        if i % 4 == 1:
            page.wait_for_selector(".kept-confirmed:not([hidden])")
        assert page.inner_text(STATE) == "离线·已保存在本机"
    print(f"entered: {time.monotonic() - t0:.1f} s")
    shot(phones[0][1], "offline-saved-375.png")
    assert not Result.objects.exists()  # nothing reached the server

    started = time.monotonic()
    for context, _page in [*phones, second]:
        restore(context)
    # The pages are watched, not the database: the live server is writing to it.
    for _context, page in [*phones, second]:
        left = max(0.1, 30 - (time.monotonic() - started))
        page.wait_for_function(WAITING_NONE, timeout=left * 1000)
    took = time.monotonic() - started
    print(f"reconnect → all stored: {took:.1f} s")

    results = Result.objects.filter(board=board)
    assert sorted(r.table_id for r in results) == [t.pk for t in tables], took
    assert took < 30
    confirmed = {t.pk for i, t in enumerate(tables) if i % 4 == 1}
    assert {r.table_id for r in results if r.status == Result.Status.CONFIRMED} == confirmed
    first = results.get(table=tables[0])  # whichever phone arrived first stands
    conflict = EntryConflict.objects.get()
    other = conflict.record["result"]["defender_points"]
    assert conflict.result == first and {first.defender_points, other} == {40, 60}
    page = phones[5][1]
    assert "第1副确认：第1副成绩已确认。" in page.inner_text("#offline .outbox-list")
    answers = [p.inner_text("#offline .outbox-list") for p in (phones[0][1], second[1])]
    assert sum("两份都已交裁判长处理" in a for a in answers) == 1
    shot(page, "offline-synced-375.png")

    # The same outboxes sent again — entries, a confirmation, the conflict: nothing twice.
    changes = ResultChange.objects.count()
    for page in (phones[0][1], phones[1][1], second[1]):
        assert page.evaluate(UNSENT) >= 1
        page.reload()
        page.wait_for_function(WAITING_NONE)
    assert Result.objects.filter(board=board).count() == len(tables)
    assert (EntryConflict.objects.count(), ResultChange.objects.count()) == (1, changes)


# --- online, and the server out of reach ---------------------------------------------------


@pytest.fixture
def table(transactional_db) -> Table:
    """One table of a dealt team round, started."""
    team = builders.team_round(matches=1, boards=2, dealt=True)
    round_start(round=team.round)
    return Table.objects.filter(round=team.round).order_by("number")[0]


@pytest.mark.parametrize("lost", ["aborted", "503"])
def test_an_entry_sent_while_the_server_is_out_of_reach_is_kept_and_synced(
    server, table, browser, lost
):
    """The venue's Wi-Fi is up — the phone is online (``navigator.onLine``) — but not its
    uplink: every request fails (``aborted``), or a proxy answers for the server (``503``).
    An entry sent then is kept on the phone (离线·已保存在本机), sent again with backoff
    while the server stays out of reach, and stored once when it answers. An answer of
    the server itself — a wrong PIN refused (第二十八条) — is shown as before, kept
    nowhere."""
    board = Board.objects.get(round=table.round, number=1)
    path = reverse("web:table_board", args=[table.code, board.number])
    sync = reverse("web:table_sync", args=[table.code])
    context = browser.new_context(viewport=PHONE, locale="zh-CN", base_url=server.url)
    page = context.new_page()
    page.goto(path)

    page.evaluate(FILL, [form(board, 40) | {"side": "NS", "pin": "99999999"}])
    page.wait_for_selector(".verdict.bad[role=alert]")  # the server's judgement, as before
    assert page.locator("#offline .outbox-list li").count() == 0

    tries: list[str] = []

    def out_of_reach(route: Any) -> None:
        tries.append(route.request.url)
        if lost == "aborted":
            route.abort("internetdisconnected")
        else:
            route.fulfill(status=503, body="Service Unavailable", content_type="text/plain")

    context.route("**/*", out_of_reach)
    page.evaluate(FILL, [form(board, 40) | {"side": "NS", "pin": pin_of(table, "NS")}])
    kept(page)
    assert page.inner_text(STATE) == "离线·已保存在本机"
    assert page.evaluate("navigator.onLine")
    deadline = time.monotonic() + 15
    while sum(url.endswith(sync) for url in tries) < 2:  # sent again, after a while
        assert time.monotonic() < deadline, tries
        page.wait_for_timeout(100)
    assert not Result.objects.exists()

    context.unroute("**/*")
    page.wait_for_function(WAITING_NONE, timeout=20_000)
    result = Result.objects.get()
    assert (result.board, result.table, result.defender_points) == (board, table, 40)
    assert "已记录，请对方核对" in page.inner_text("#offline .outbox-list")
