"""Debian's Chromium driven by Playwright for Python, for the browser tests.

The browser is ``/usr/bin/chromium`` (``apt-get install chromium``); Playwright's own
browser downloads are never used. Pages open in a Chinese locale, as at the venue.
Screenshots are taken only when ``$SCREENSHOT_DIR`` names a folder to keep them in, for
review (``SCREENSHOT_DIR=test-output/screenshots make test``): a full-page screenshot costs
a few hundred milliseconds, and ``make test`` takes about a hundred of them.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 375, "height": 812}
# Where screenshots are kept for review, when asked for (test-output/ is ignored by git).
_KEEP = os.environ.get("SCREENSHOT_DIR")
SCREENSHOTS = Path(_KEEP) if _KEEP else None


def shot(page: Any, name: str, *, full_page: bool = True) -> None:
    """Keep a screenshot of ``page`` as ``name`` when ``$SCREENSHOT_DIR`` is set."""
    if SCREENSHOTS is not None:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=SCREENSHOTS / name, full_page=full_page)


@contextmanager
def chromium(monkeypatch: Any) -> Iterator[Any]:
    """A headless Chromium for one test. Playwright's sync API runs an event loop in
    this thread; the test itself still touches the database synchronously (fixtures,
    services), which is safe here."""
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright import sync_api  # a dev dependency: missing, it is an error, not a skip

    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def one_request_at_a_time(live_server: Any) -> Iterator[Any]:
    """The live server, one request at a time: its threads share the test database's
    single in-memory SQLite connection, which concurrent writes lock ("database table is
    locked", seen under load; a venue's server has a file with WAL and busy waits,
    docs/deploy.md)."""
    httpd = live_server.thread.httpd
    app = httpd.get_app()
    lock = threading.Lock()

    def serialised(environ: Any, start_response: Any) -> Any:
        with lock:
            return app(environ, start_response)

    httpd.set_app(serialised)
    try:
        yield live_server
    finally:
        httpd.set_app(app)


def page_of(live_server: Any, monkeypatch: Any, viewport: dict[str, int]) -> Iterator[Any]:
    """For a fixture to yield from: a page of ``viewport``'s size on the live server
    (``page.base`` is its address), which answers one request at a time."""
    with chromium(monkeypatch) as browser, one_request_at_a_time(live_server):
        context = browser.new_context(viewport=viewport, locale="zh-CN")
        page = context.new_page()
        page.base = live_server.url
        try:
            yield page
        finally:
            context.close()


def page_fits_the_phone(page: Any) -> bool:
    """Nothing pushes the page wider than the screen (wide tables scroll inside)."""
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def table_pages_kept(page: Any) -> None:
    """Wait until a table page has fetched the pages it keeps for offline use
    (``offline.js``'s precache). The test server answers those requests in threads that
    share the test's one in-memory SQLite connection: a form sent while they still read
    fails to commit ("SQL statements in progress"), which a real server, with a
    connection per thread, never does."""
    page.wait_for_function(
        "() => { const o = document.getElementById('offline');"
        " return !o || o.dataset.cached === '1' || !navigator.onLine; }"
    )
