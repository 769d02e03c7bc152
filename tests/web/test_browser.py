"""Browser tests: Playwright for Python driving Debian's Chromium against a live server.

Without ``/usr/bin/chromium`` these tests are skipped (see ``_browser``). The phone is
375 × 812 with a Chinese locale, as at the venue.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests._tables import pin_of
from tournament.services import match_record_winner

from ._browser import CHROMIUM, PHONE, page_fits_the_phone, page_of, shot, table_pages_kept
from .conftest import stage_url

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
    yield from page_of(live_server, monkeypatch, PHONE)


def test_the_home_page_on_a_phone_shows_the_event_in_chinese(phone, demo):
    phone.goto(phone.base + reverse("home"))

    assert phone.locator("html").get_attribute("lang") == "zh-hans"
    assert phone.locator("h1").inner_text() == "赛事列表"
    link = phone.get_by_role("link", name="赤峰市对调复式赛")
    assert link.is_visible()
    assert page_fits_the_phone(phone)
    shot(phone, "home-375.png")

    link.click()
    phone.wait_for_url("**/e/chifeng/")
    assert phone.locator("h1").inner_text() == "赤峰市对调复式赛"
    assert page_fits_the_phone(phone)
    shot(phone, "event-375.png")


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
    shot(phone, "round-robin-375-en.png")


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
    shot(phone, "bracket-375.png", full_page=False)

    phone.locator("figure.bracket").evaluate("el => el.scrollLeft = el.scrollWidth")
    shot(phone, "bracket-375-final.png", full_page=False)


def test_a_pair_finds_its_next_table_from_the_movement(phone, demo):
    phone.goto(phone.base + stage_url(demo.mitchell))

    assert phone.get_by_role("heading", name="移位表").is_visible()
    assert phone.locator("table.movement").count() == demo.mitchell.rounds.count()
    assert page_fits_the_phone(phone)
    shot(phone, "mitchell-375.png", full_page=False)

    phone.locator(".pair-pick div").nth(1).get_by_role("link", name="2", exact=True).click()
    phone.wait_for_url("**/ew/2/")
    assert "东西2" in phone.locator("h1").inner_text()
    assert phone.locator("ol.itinerary > li").count() == demo.mitchell.rounds.count()
    assert page_fits_the_phone(phone)
    shot(phone, "mitchell-pair-375.png")


def test_a_table_code_typed_on_the_home_page_opens_the_table(phone, demo):
    table = demo.team_match.rounds.get().tables.get(session=1, room="open")

    phone.goto(phone.base + reverse("home"))
    phone.fill("#table-code", table.code.lower())
    phone.get_by_role("button", name="打开").click()
    phone.wait_for_url(f"**/t/{table.code}/")

    assert phone.locator("h1").inner_text().startswith(f"{table.number}号桌")
    assert phone.locator(".compass .seat").count() == 4
    assert page_fits_the_phone(phone)
    shot(phone, "table-375.png")


# --- result entry --------------------------------------------------------------------------


def test_at_a_phone_one_side_enters_a_board_and_the_other_confirms(phone, demo):
    from boards.models import Result
    from tests.builders import boards_of, deal, fanzhu_trump
    from tournament.models import Table

    deal(demo.team_match)
    table = Table.objects.get(round__stage=demo.team_match, session=1, room="open")
    board = boards_of(table)[0]
    suit = {"H": "♥ 红心", "D": "♦ 方块", "S": "♠ 黑桃", "C": "♣ 梅花"}[fanzhu_trump(board)]

    phone.goto(phone.base + reverse("web:table", args=[table.code]))
    table_pages_kept(phone)
    phone.get_by_role("link", name=f"第{board.number}副").first.click()
    phone.wait_for_url(f"**/t/{table.code}/b/{board.number}/")
    table_pages_kept(phone)
    phone.locator(".field-side label", has_text="南北").click()
    phone.fill("#id_pin", pin_of(table, "NS"))  # N–S's own PIN, from its own card
    phone.locator(".field-declarer label", has_text="南").click()
    phone.locator(".field-trump label", has_text=suit).click()
    phone.fill("#id_defender_points", "40")

    verdict = phone.locator("#verdict .verdict.ok")
    verdict.wait_for()
    assert "打后级别" in verdict.inner_text()
    assert page_fits_the_phone(phone)
    shot(phone, "table-entry-375.png")

    phone.fill("#id_defender_points", "37")  # the engine refuses it at once
    phone.locator("#verdict .verdict.bad").wait_for()
    assert "防家得分37不可能" in phone.locator("#verdict").inner_text()
    shot(phone, "table-entry-refused-375.png")
    phone.fill("#id_defender_points", "40")
    phone.locator("#verdict .verdict.ok").wait_for()

    phone.get_by_role("button", name="提交，请对方确认").click()
    phone.locator("#confirm").wait_for()
    assert "南北已录入" in phone.locator("#confirm").inner_text()
    assert page_fits_the_phone(phone)
    shot(phone, "table-confirm-375.png")

    phone.locator("#confirm input[name=pin]").fill(pin_of(table, "EW"))  # E–W's own
    phone.get_by_role("button", name="东西确认无误").click()
    phone.locator("#confirmed").wait_for()
    shot(phone, "table-confirmed-375.png")
    result = Result.objects.get(board=board, table=table)
    assert (result.status, result.entered_side, result.confirmed_side) == ("confirmed", "NS", "EW")
    assert result.defender_points == 40


@pytest.fixture
def desk(live_server, monkeypatch) -> Iterator:
    """A laptop-sized page (the director's desk), Chinese locale."""
    yield from page_of(live_server, monkeypatch, {"width": 1100, "height": 900})


def test_the_director_enters_a_scorecard_by_keyboard_only(desk, demo, director):
    from boards.models import Result
    from tests.builders import boards_of, deal, fanzhu_trump
    from tournament.models import Table

    deal(demo.team_match)
    table = Table.objects.get(round__stage=demo.team_match, session=1, room="open")
    first, second = boards_of(table)[:2]
    keys = desk.keyboard

    desk.goto(desk.base + reverse("web:login"))
    desk.locator("#id_username").focus()
    keys.type("director")
    keys.press("Tab")
    keys.type("secret-pw")
    keys.press("Enter")
    desk.wait_for_url(desk.base + reverse("home"))
    desk.goto(
        desk.base + reverse("web:director_scorecard", args=["chifeng", demo.team_match.order, 1])
    )

    # Table → board: the table's select has the cursor; type its number, Tab, the board, Enter.
    assert desk.evaluate("document.activeElement.id") == "pick-table"
    keys.type(str(table.number))
    keys.press("Tab")
    keys.type(str(first.number))
    keys.press("Enter")
    desk.wait_for_url(f"**board={first.number}")

    # The set's first board: levels known, the cursor waits on the declarer.
    assert desk.evaluate("document.activeElement.name") == "declarer"
    keys.type("S")  # S 南
    keys.press("Tab")
    keys.type(fanzhu_trump(first))
    keys.press("Tab")  # declared by: 翻主 as it stands
    keys.press("Tab")
    keys.type("40")
    verdict = desk.locator("#verdict .verdict.ok")
    verdict.wait_for()
    assert "打后级别" in verdict.inner_text()
    shot(desk, "director-scorecard.png")

    keys.press("Enter")
    desk.wait_for_url(f"**board={second.number}")
    assert "第1副已保存" in desk.locator(".messages").inner_text()
    result = Result.objects.get(board=first, table=table)
    assert (result.status, result.declarer, result.defender_points) == ("confirmed", "S", 40)
    # The next board's box card follows from board 1: the cursor waits on its trump.
    assert desk.evaluate("document.activeElement.name") == "trump"
    shot(desk, "director-scorecard-next.png")


def test_a_players_page_shows_a_new_result_without_a_reload(phone, demo, director, settings):
    from django.db import transaction

    from boards.models import Board
    from boards.services import Actor, result_enter
    from duidiao.celery import app as celery_app
    from scoring.models import MatchScore
    from tests.builders import deal, entry

    settings.WEB_REFRESH_SECONDS = 1
    celery_app.conf.task_always_eager = True
    stage = deal(demo.team_match)
    match = stage.matches.get()
    phone.goto(phone.base + stage_url(stage))
    score = phone.locator(f"#match-{match.number} .match-head .score")
    assert score.inner_text() == "– : –"
    phone.evaluate("window.reloaded = false")  # gone if the page reloads

    board = Board.objects.filter(stage=stage).order_by("number").first()
    for table in match.tables.filter(session=1).order_by("number"):
        with transaction.atomic():
            result_enter(
                board=board, table=table, entry=entry(board, 40), actor=Actor.director(director)
            )
    assert MatchScore.objects.filter(match=match).exists()

    # A locator's own polling: a string predicate would be eval'd, which the pages'
    # Content-Security-Policy forbids.
    expect(score).not_to_have_text("– : –", timeout=10_000)
    assert phone.evaluate("window.reloaded") is False
    shot(phone, "team-match-live-375.png")
