"""Every public and table page on a 360 px phone (issue 19): nothing wider than the
screen — wide tables fold into cards or scroll inside their own frame with the first
column kept in view — and the referee's form as easy to use as the table entry.
Screenshots of each page, ``phone-360-*.png``, are kept in ``$SCREENSHOT_DIR`` when set."""

from __future__ import annotations

import pytest
from django.conf import settings as django_settings
from django.test import Client
from django.urls import reverse

from rulings.models import Ruling

from ._browser import page_fits_the_phone, page_of, shot
from ._full import play_event

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}


@pytest.fixture
def small_phone(live_server, monkeypatch):
    yield from page_of(live_server, monkeypatch, PHONE)


def too_wide(page) -> list[str]:
    """The elements that stick out past the right edge (for the failure message)."""
    return page.evaluate(
        """() => [...document.querySelectorAll('body *')]
            .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)
            .filter(e => !e.closest('.scroll-x, .bracket, .tabs'))
            .slice(0, 5).map(e => e.tagName + '.' + e.className)"""
    )


def visit(page, path: str, name: str, lang: str = "zh") -> list[tuple[str, str, list[str]]]:
    """Open ``path``, keep a screenshot; the page's name and what sticks out if it does
    not fit."""
    response = page.goto(page.base + path)
    assert response is not None and response.status == 200, (name, path)
    fits = page_fits_the_phone(page)
    shot(page, f"phone-360-{name}-{lang}.png")
    return [] if fits else [(f"{name}-{lang}", path, too_wide(page))]


def test_every_player_page_fits_a_360_px_phone(small_phone, demo, director, referee, eager):
    pages = play_event(demo, eager, director, referee)
    pages["ruling"] = reverse("rulings:detail", args=[demo.event.code, Ruling.objects.get().pk])
    wide = [w for name, path in pages.items() for w in visit(small_phone, path, name)]
    small_phone.context.add_cookies(
        [{"name": django_settings.LANGUAGE_COOKIE_NAME, "value": "en", "url": small_phone.base}]
    )
    wide += [w for name, path in pages.items() for w in visit(small_phone, path, name, "en")]
    assert not wide


def test_the_referees_form_fits_a_phone_with_big_controls(small_phone, demo, director, referee):
    """The ruling form at a table: every control at least as tall as the table entry's
    (2.6 rem), the page no wider than the phone."""
    table = demo.round_robin.matches.order_by("number").first().tables.order_by("number").first()
    client = Client()
    client.force_login(referee)
    small_phone.context.add_cookies(
        [
            {
                "name": django_settings.SESSION_COOKIE_NAME,
                "value": client.cookies[django_settings.SESSION_COOKIE_NAME].value,
                "url": small_phone.base,
            }
        ]
    )
    form = reverse("rulings:new", args=[demo.event.code, table.pk])
    assert not visit(small_phone, form, "ruling-form")
    controls = ", ".join(
        f".ruling-form {kind}" for kind in ("select", "input[type=number]", "textarea", "button")
    )
    heights = small_phone.evaluate(
        """(selector) => [...document.querySelectorAll(selector)]
                 .filter(e => e.offsetParent !== null)
                 .map(e => [e.name || e.tagName, e.getBoundingClientRect().height])""",
        controls,
    )
    assert heights and all(h >= 40 for _name, h in heights), heights
    assert not visit(
        small_phone, reverse("rulings:list", args=[demo.event.code]), "ruling-list-official"
    )
