"""A director makes a referee from the workspace in the browser (issue 26, item 2: no
admin for officials), on a phone and on a desk: the new account's password is shown
once, and the referee logs in with it and reaches the event's rulings, not its
officials. Screenshots go to ``test-output/screenshots/`` for the directors' guide."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.urls import reverse

from tests import builders
from tournament.models import EventRole
from tournament.services import event_create

from ._browser import CHROMIUM, PHONE, chromium, page_fits_the_phone, shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESK = {"width": 1100, "height": 900}


@pytest.fixture
def browser(live_server, monkeypatch) -> Iterator:
    if not __import__("pathlib").Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is not installed")
    with chromium(monkeypatch) as launched:
        yield launched, live_server.url


def _log_in(page, base: str, username: str, password: str, then: str) -> None:
    page.goto(base + reverse("web:login") + "?next=" + then)
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.keyboard.press("Enter")
    page.wait_for_url(base + then)


def test_a_director_creates_a_referee_on_a_phone_and_a_desk(browser):
    chromium_, base = browser
    event = event_create(name="春季对调复式赛", code="spring")
    EventRole.objects.create(event=event, user=builders.user("caipan"), role="director")
    officials = reverse("web:setup_officials", args=["spring"])

    for viewport, username, name in [(PHONE, "wang", "王裁判"), (DESK, "li", "李裁判")]:
        context = chromium_.new_context(viewport=viewport, locale="zh-CN")
        page = context.new_page()
        _log_in(page, base, "caipan", builders.PASSWORD, officials)
        page.fill("#id_username", username)
        page.fill("#id_name", name)
        page.select_option("#id_role", "referee")
        page.get_by_role("button", name="建立新账号").click()
        password = page.locator("#issued code.password").inner_text().strip()
        assert len(password) == 12
        assert page.locator(".cards li", has_text=username).first.inner_text().count("裁判")
        if viewport is PHONE:
            assert page_fits_the_phone(page)
        shot(page, f"officials-new-referee-{viewport['width']}.png", full_page=False)
        context.close()

        if viewport is PHONE:
            # The referee logs in with the password shown; the officials page stays closed.
            context = chromium_.new_context(viewport=viewport, locale="zh-CN")
            page = context.new_page()
            _log_in(page, base, username, password, reverse("web:workspace"))
            assert page.goto(base + officials).status == 403
            context.close()

    referees = EventRole.objects.filter(event=event, role="referee")
    assert set(referees.values_list("user__username", flat=True)) == {"wang", "li"}
