"""What players look at first (issue 27), in one browser: on 360 and 390 px phones, in
Chinese and English, the column that ranks (场分, 得分率/比赛分, a traveller's 南北分/东西分,
the cross-table's place and total) of every standings and traveller page is in view
without scrolling — the cell itself, not only the page — and no name wraps a character
a line; a pair's own page shows where to go now, its place and a board against the
field; the venue screen shows a new result within 10 s, keeps its last state with a
quiet marker while the network is down, and recovers by itself."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.urls import reverse

from scoring.cache import local_clear
from scoring.models import TravellerScore
from scoring.services import board_release
from tests.builders import Play, deal
from tournament.links import entrant_page_path
from tournament.models import Table

from ._browser import CHROMIUM, page_of, shot

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]

PHONES = ({"width": 360, "height": 740}, {"width": 390, "height": 844})


@pytest.fixture
def page(live_server, monkeypatch, settings):
    settings.WEB_SCREEN_REFRESH_SECONDS = 1
    settings.WEB_SCREEN_ROTATE_SECONDS = 2
    yield from page_of(live_server, monkeypatch, PHONES[0])


#: The ranking cells (the header and the first rows of each table) past the screen's
#: right edge, and how many were looked at.
RANKING_OUT = """() => {
  const cells = [...document.querySelectorAll('table')].flatMap(t =>
    [...t.querySelectorAll('th.rank-score, td.rank-score')].slice(0, 8));
  const seen = cells.filter(c => c.getClientRects().length);
  return [seen.length, seen.filter(c => c.getBoundingClientRect().right > window.innerWidth + 0.5)
    .map(c => c.closest('table').className + ': ' + c.textContent.trim())];
}"""

#: Names squeezed into a column so narrow that they wrap a character a line.
NAMES_WRAPPED = """() =>
  [...document.querySelectorAll('th.name, td.pair-in small, td.opponent small')]
  .filter(e => e.textContent.trim().length > 2 && e.getClientRects().length)
  .filter(e => e.getBoundingClientRect().width < 2.2 * parseFloat(getComputedStyle(e).fontSize))
  .map(e => e.textContent.trim())"""


def test_ranking_columns_in_view_the_players_page_and_the_venue_screen(page, demo, director, eager):
    # A round robin's first round all but one table; a Mitchell's first round, one of
    # its boards released (its traveller open to players, 第二十八条之6).
    rr = deal(demo.round_robin)
    tables = list(
        Table.objects.filter(round__stage=rr, round__number=1).order_by("match__number", "room")
    )
    last = tables.pop()
    Play(director, eager).tables(tables, lambda t, b: 40 if t.room == "open" else 120)
    mitchell = deal(demo.mitchell)
    Play(director, eager).tables(
        list(Table.objects.filter(round__stage=mitchell, round__number=1)),
        lambda t, b: 20 + 5 * ((t.number + b.number) % 5),
    )
    pair = mitchell.entries.get(direction="NS", pair_number=1).entrant
    board = TravellerScore.objects.filter(ns=pair).order_by("board__number").first().board
    with eager(execute=True):
        board_release(board=board, user=director)
    local_clear()
    code = demo.event.code
    pages = {
        "round-robin": reverse("web:stage", args=[code, rr.order]),
        "round-robin-standings": reverse("web:standings", args=[code, rr.order]),
        "mitchell": reverse("web:stage", args=[code, mitchell.order]),
        "mitchell-standings": reverse("web:standings", args=[code, mitchell.order]),
        "traveller": reverse("web:board", args=[code, mitchell.order, board.number]),
        "pairs-ranking": reverse("web:pairs_ranking", args=[code]),
        "player": entrant_page_path(pair),
    }
    out, wrapped, counted = [], [], {}
    for lang in ("zh", "en"):
        if lang == "en":
            page.context.add_cookies(
                [{"name": django_settings.LANGUAGE_COOKIE_NAME, "value": "en", "url": page.base}]
            )
        for phone in PHONES:
            page.set_viewport_size(phone)
            for name, path in pages.items():
                assert page.goto(page.base + path).status == 200, path
                seen, past = page.evaluate(RANKING_OUT)
                counted[name] = seen
                out += [(lang, phone["width"], name, cell) for cell in past]
                wrapped += [(lang, phone["width"], name, n) for n in page.evaluate(NAMES_WRAPPED)]
        shot(page, f"phone-{lang}-player.png")
    assert all(counted.values()), counted  # every page kind has ranking cells to look at
    assert not out and not wrapped, (out, wrapped)

    # The pair's own page (English now): where to go, its place, the board against the field.
    page.goto(page.base + pages["player"])
    table = Table.objects.get(round__stage=mitchell, round__number=1, ns=pair)
    assert f"Table {table.number}" in page.locator("#next").inner_text()
    assert page.locator(f"#stage-{mitchell.order} .rank").inner_text().strip()
    row = page.locator(".player-boards tr", has=page.locator('a[href$="#traveller"]'))
    assert row.count() == 1 and "/" in row.locator("td.rank-score").inner_text()

    # The venue screen: a new result shows within 10 s.
    page.set_viewport_size({"width": 1280, "height": 720})
    # The page's own clock, flowing as the real one until the test runs it ahead.
    page.clock.install()
    page.goto(page.base + reverse("web:screen", args=[code]))
    before = page.locator("[data-screen]").text_content()
    Play(director, eager).tables([last], lambda t, b: 120)
    page.wait_for_function(
        "(old) => document.querySelector('[data-screen]').textContent !== old",
        arg=before,
        timeout=10_000,
    )
    # The panels take turns.
    first = page.locator(".screen-panel:not([hidden])").get_attribute("data-panel")
    page.wait_for_function(
        "(first) => document.querySelector('.screen-panel:not([hidden])').dataset.panel !== first",
        arg=first,
        timeout=5_000,
    )
    # The network drops: the last state stays up, quietly marked; it comes back alone.
    # (The state is read once the drop is marked: a poll sent just before it may still
    # bring a later version — with a real worker the rescore lands a moment after.)
    page.context.set_offline(True)
    page.wait_for_selector(".screen-status.offline", timeout=5_000)
    shown = page.locator("[data-screen]").text_content()
    page.clock.run_for(60_000)  # a minute offline: every poll fails, the panels turn on
    assert page.locator("[data-screen]").text_content() == shown
    assert page.locator(".screen-panel").count() >= 2
    shot(page, "venue-screen-offline.png", full_page=False)
    page.context.set_offline(False)
    page.wait_for_selector(".screen-status:not(.offline)", state="attached", timeout=5_000)
    assert page.locator(".screen-status").inner_text() == ""
