"""Browser tests: Playwright for Python driving Debian's Chromium against a live server.

The browser is ``/usr/bin/chromium`` (``apt-get install chromium``); Playwright's own
browser downloads are never used. Without it these tests are skipped. The phone is
375 × 812 with a Chinese locale, as at the venue. Screenshots go to
``$SCREENSHOT_DIR`` (default ``/tmp/duidiao-screenshots``) for review.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.urls import reverse

from tournament.services import match_record_winner

from .conftest import stage_url

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
SCREENSHOTS = Path(os.environ.get("SCREENSHOT_DIR", "/tmp/duidiao-screenshots"))

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(),
        reason=f"{CHROMIUM} is not installed (apt-get install chromium); browser tests skipped",
    ),
]


@pytest.fixture
def phone(live_server, monkeypatch) -> Iterator:
    """A page in a headless Chromium sized like a phone, Chinese locale."""
    # Playwright's sync API runs an event loop in this thread; the test itself still
    # touches the database synchronously (fixtures, services), which is safe here.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright import sync_api  # a dev dependency: missing, it is an error, not a skip

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport=PHONE, locale="zh-CN")
        page = context.new_page()
        page.base = live_server.url
        try:
            yield page
        finally:
            context.close()
            browser.close()


def page_fits_the_phone(page) -> bool:
    """Nothing pushes the page wider than the screen (wide tables scroll inside)."""
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_the_home_page_on_a_phone_shows_the_event_in_chinese(phone, demo):
    phone.goto(phone.base + reverse("home"))

    assert phone.locator("html").get_attribute("lang") == "zh-hans"
    assert phone.locator("h1").inner_text() == "赛事列表"
    link = phone.get_by_role("link", name="赤峰市对调复式赛")
    assert link.is_visible()
    assert page_fits_the_phone(phone)
    phone.screenshot(path=SCREENSHOTS / "home-375.png", full_page=True)

    link.click()
    phone.wait_for_url("**/e/chifeng/")
    assert phone.locator("h1").inner_text() == "赤峰市对调复式赛"
    assert page_fits_the_phone(phone)
    phone.screenshot(path=SCREENSHOTS / "event-375.png", full_page=True)


def test_switching_to_english_is_remembered_on_the_next_page(phone, demo):
    phone.goto(phone.base + reverse("web:event", args=["chifeng"]))
    assert phone.get_by_role("heading", name="比赛阶段").is_visible()

    phone.select_option("#lang-select", "en")
    phone.get_by_role("button", name="切换").click()
    phone.wait_for_load_state()

    assert phone.locator("html").get_attribute("lang") == "en"
    assert phone.get_by_role("heading", name="Stages").is_visible()

    phone.get_by_role("link", name="团体循环赛").first.click()
    phone.wait_for_url("**/s/1/")
    assert phone.locator("html").get_attribute("lang") == "en"
    assert phone.get_by_role("heading", name="Cross-table").is_visible()
    assert page_fits_the_phone(phone)
    phone.screenshot(path=SCREENSHOTS / "round-robin-375-en.png", full_page=True)


def test_the_bracket_picture_renders_with_a_box_per_match(phone, demo):
    stage = demo.double_elimination
    first = stage.matches.get(number=1)
    match_record_winner(match=first, winner=first.home)

    phone.goto(phone.base + stage_url(stage))

    svg = phone.locator("svg.bracket-svg")
    assert svg.is_visible()
    assert phone.locator("svg.bracket-svg g.box").count() == stage.matches.count()
    assert phone.locator("svg.bracket-svg path.feed").count() > 0
    box = svg.bounding_box()
    assert box is not None and box["width"] > PHONE["width"]  # wider than the phone…
    assert page_fits_the_phone(phone)  # …but it scrolls inside its frame
    moved_on = stage.matches.get(home_source="winner:M1").number
    moved_box = phone.locator(f'svg.bracket-svg g[data-match="{moved_on}"]')
    assert "红山队" in moved_box.text_content()
    phone.screenshot(path=SCREENSHOTS / "bracket-375.png")

    phone.locator("figure.bracket").evaluate("el => el.scrollLeft = el.scrollWidth")
    phone.screenshot(path=SCREENSHOTS / "bracket-375-final.png")


def test_a_pair_finds_its_next_table_from_the_movement(phone, demo):
    phone.goto(phone.base + stage_url(demo.mitchell))

    assert phone.get_by_role("heading", name="移位表").is_visible()
    assert phone.locator("table.movement").count() == demo.mitchell.rounds.count()
    assert page_fits_the_phone(phone)
    phone.screenshot(path=SCREENSHOTS / "mitchell-375.png")

    phone.locator(".pair-pick div").nth(1).get_by_role("link", name="2", exact=True).click()
    phone.wait_for_url("**/ew/2/")
    assert "东西2" in phone.locator("h1").inner_text()
    assert phone.locator("ol.itinerary > li").count() == demo.mitchell.rounds.count()
    assert page_fits_the_phone(phone)
    phone.screenshot(path=SCREENSHOTS / "mitchell-pair-375.png", full_page=True)


def test_a_table_code_typed_on_the_home_page_opens_the_table(phone, demo):
    table = demo.team_match.rounds.get().tables.get(session=1, room="open")

    phone.goto(phone.base + reverse("home"))
    phone.fill("#table-code", table.code.lower())
    phone.get_by_role("button", name="打开").click()
    phone.wait_for_url(f"**/t/{table.code}/")

    assert phone.locator("h1").inner_text().startswith(f"{table.number}号桌")
    assert phone.locator(".compass .seat").count() == 4
    assert page_fits_the_phone(phone)
    phone.screenshot(path=SCREENSHOTS / "table-375.png", full_page=True)
