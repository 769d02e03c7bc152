"""The dead ends of a director's day (issue 26) walked in one real browser, at phone
(360 px) and desktop (1280 px) sizes, each check one that failed before its fix:

* a second 加赛 click (a stale page, a double tap) shows the segment laid out instead of
  adding another (第二十七条);
* the event form keeps its dates after a save;
* a set's first board on the director's scorecard starts blank (no 北 · ♥);
* the printing page offers only papers of the stages the event has;
* a draft event's unknown page is the bilingual 404, not Django's debug page;
* and the override of issue 26 item 6: two teams trade places in round 1 with a reason,
  while a swap that would repeat a match is refused in both languages.

The data is made by the services on an empty database; one Chromium serves every
check. ``UPDATE_GUIDE_SCREENSHOTS=1`` also writes the guide's phone-size pictures of
the movement library and the seats page into docs/img/ (tests never touch docs else).
"""

from __future__ import annotations

import os
from contextlib import nullcontext
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from boards.services import boards_generate
from tests import builders
from tournament.models import Event, EventRole, Match, MatchChange, ScheduleChange, Table

from ._browser import CHROMIUM, chromium, page_fits_the_phone, shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 760}
DESKTOP = {"width": 1280, "height": 900}
GUIDE_IMG = Path(__file__).resolve().parents[2] / "docs" / "img"
GUIDE = os.environ.get("UPDATE_GUIDE_SCREENSHOTS") == "1"


def _guide_shot(page, name: str, top: str) -> None:
    """A phone-size picture for the directors' guide (the screen from ``top`` down),
    written into docs/img/ only when asked for."""
    page.locator(top).evaluate("e => e.scrollIntoView()")
    shot(page, name, full_page=False)
    if GUIDE:
        page.screenshot(path=GUIDE_IMG / name)


@pytest.fixture
def day(db, eager):
    """A running team event (a knockout with a level semi-final, a round robin) and a
    draft event, with their director signed in."""
    director = builders.user("caipan")
    event = builders.event(code="day", status=Event.Status.RUNNING)
    EventRole.objects.create(event=event, user=director, role=EventRole.Role.DIRECTOR)
    teams = builders.teams(event, 4)
    knockout = builders.stage(
        event, "knockout", teams, draw_seed=1, boards_per_session=4, sessions=1
    )
    robin = builders.stage(
        event, "round_robin", teams, name="团体循环赛", draw_seed=1, boards_per_session=4
    )
    boards_generate(stage=knockout)
    boards_generate(stage=robin)
    semi = Match.objects.filter(stage=knockout, home__isnull=False).order_by("number").first()
    play = builders.Play(director, lambda execute=True: nullcontext())
    builders.play_match(play, semi, "draw")  # level: the decisions page offers 加赛
    draft = builders.event(code="draft-day", name="筹备中的赛事")
    EventRole.objects.create(event=draft, user=director, role=EventRole.Role.DIRECTOR)
    client = Client()
    client.force_login(director)
    return event, knockout, robin, semi, client.cookies["sessionid"].value


def test_a_directors_day_has_no_dead_end_on_phone_or_desktop(
    live_server, monkeypatch, settings, day
):
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is not installed")
    event, knockout, robin, semi, session = day
    base = live_server.url
    with chromium(monkeypatch) as browser:
        pages = {}
        for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
            context = browser.new_context(viewport=viewport, locale="zh-CN")
            context.add_cookies([{"name": "sessionid", "value": session, "url": base}])
            pages[name] = context.new_page()
        phone, desk = pages["phone"], pages["desktop"]

        # 加赛: both screens hold the decisions page; the phone adds the segment, then
        # the desktop's stale button is pressed — it shows the segment, adds none.
        decisions = base + reverse("web:setup_decisions", args=[event.code])
        for page in (phone, desk):
            page.goto(decisions)
        for page in (phone, desk):
            page.get_by_role("button", name="加赛（牌桌与牌副一步完成）").click()
            page.wait_for_load_state()
            assert page.get_by_role("button", name="撤销加赛").is_visible()
        assert sorted(set(semi.tables.values_list("session", flat=True))) == [1, 2]
        assert MatchChange.objects.filter(match=semi, kind="tb_added").count() == 1

        for page, viewport in ((phone, PHONE), (desk, DESKTOP)):
            # The event form keeps its dates through a save.
            page.goto(base + reverse("web:setup_event", args=[event.code]))
            assert page.input_value("#id_starts_on") == "2025-08-01"
            page.get_by_role("button", name="保存").click()
            page.wait_for_load_state()
            page.goto(base + reverse("web:setup_event", args=[event.code]))
            assert page.input_value("#id_starts_on") == "2025-08-01"
            assert page.input_value("#id_ends_on") == "2025-08-02"

            # A set's first board starts blank on the director's scorecard.
            table = Table.objects.filter(round__stage=robin, round__number=1, room="open").first()
            card = reverse("web:director_scorecard", args=[event.code, robin.order, 1])
            page.goto(f"{base}{card}?table={table.pk}&board=1")
            assert page.input_value("select[name=declarer]") == ""
            assert page.input_value("select[name=trump]") == ""

            # Printing offers team papers only: this event has no Mitchell.
            page.goto(base + reverse("printing:page", args=[event.code]))
            printing = page.content()
            assert "米切尔移位表" not in printing and "随牌计分表" not in printing

            # A draft event's unknown page: the bilingual 404, with DEBUG on as `make run`
            # serves it (Django's debug page listed the site's addresses instead).
            settings.DEBUG = True
            missing = page.goto(base + "/e/draft-day/s/9/")
            settings.DEBUG = False
            assert missing is not None and missing.status == 404
            assert page.get_by_text("找不到页面").first.is_visible()
            assert "Not found" in page.content() and "Traceback" not in page.content()
            if viewport is PHONE:
                assert page_fits_the_phone(page)

        # The override: on the phone, two teams of round 1 trade places with a reason.
        first_round = robin.rounds.get(number=1)
        m1 = Match.objects.filter(round=first_round).order_by("number").first()
        m2 = Match.objects.filter(round=first_round).order_by("number").last()
        traded = m2.home_id
        seats = base + reverse("web:round_seats", args=[event.code, first_round.pk])
        phone.goto(seats)
        phone.select_option("#swap-form select[name=first]", str(m1.home_id))
        phone.select_option("#swap-form select[name=second]", str(m2.home_id))
        phone.fill("#swap-form input[name=reason]", "抽签号登记错")
        phone.get_by_role("button", name="对调", exact=True).click()
        phone.wait_for_load_state()
        assert phone.locator("#schedule-changes").get_by_text("抽签号登记错").is_visible()
        m1.refresh_from_db()
        assert m1.home_id == traded and ScheduleChange.objects.count() == 1
        assert phone.locator("#round-seats").get_by_text(str(m1.home)).first.is_visible()
        assert page_fits_the_phone(phone)
        _guide_shot(phone, "director-round-seats.png", "h1")

        # On the desktop, a later swap that would repeat a match is refused, bilingual.
        second = robin.rounds.get(number=2)
        opening = Match.objects.filter(round=first_round).first()
        other = next(
            e.entrant_id
            for e in robin.entries.all()
            if e.entrant_id not in (opening.home_id, opening.away_id)
        )
        desk.goto(base + reverse("web:round_seats", args=[event.code, second.pk]))
        desk.select_option("#swap-form select[name=first]", str(opening.home_id))
        desk.select_option("#swap-form select[name=second]", str(other))
        desk.fill("#swap-form input[name=reason]", "试")
        desk.get_by_role("button", name="对调", exact=True).click()
        desk.wait_for_load_state()
        refusal = desk.locator("#seats-error").inner_text()
        assert "相遇2次" in refusal and "would meet 2 times" in refusal
        assert ScheduleChange.objects.count() == 1

        # The movement library, for the guide: a Howell of 6 pairs on the phone.
        phone.goto(base + reverse("web:movements") + "?kind=howell&size=6")
        assert phone.get_by_text("每两对比较1–3次，理想2次").is_visible()
        _guide_shot(phone, "director-movement-library.png", "#library-form")
