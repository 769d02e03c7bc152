"""Issue 24, item 3 ("throttles that never stop a room"): table-code misses count per
address and device cookie, so a guesser who kept cookies fetched a fresh device id
after each run of misses and guessed without end. Now an address is handed at most
``DEVICE_IDS_PER_ADDRESS`` new ids an hour; past that a browser there without its
cookie counts in the address's cookie-less bucket alone. A venue's phones behind one
NAT address each keep their own id and are never stopped."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from duidiao.security import DEVICE_COOKIE
from tournament.models import Table

pytestmark = pytest.mark.django_db

VENUE = "192.0.2.24"


@pytest.fixture(autouse=True)
def _fresh_counts():
    cache.clear()
    yield
    cache.clear()


def test_a_guesser_discarding_cookies_gets_a_bounded_number_of_guesses(demo, settings):
    """The attack: fetch a device id, miss until 429, throw the cookie away, again. With
    5 ids an hour and 5 misses a minute the guesser gets (5 + 1) × 5 tries, then 429
    for every code — and no phone that kept its cookie is stopped."""
    settings.TABLE_CODE_MISSES_PER_MINUTE = 5
    settings.DEVICE_IDS_PER_ADDRESS = 5
    honest = Client(REMOTE_ADDR=VENUE)
    honest.get(reverse("home"))  # the venue's phone, with its id (one of the five)
    real = Table.objects.filter(round__stage=demo.mitchell, round__number=1).first()

    guesses = 0
    for _ in range(40):  # far more fresh starts than the cap allows
        guesser = Client(REMOTE_ADDR=VENUE)
        guesser.get(reverse("home"))
        for n in range(20):
            if guesser.get(f"/t/ZZZ{guesses:03d}{n:02d}/").status_code == 429:
                break
            guesses += 1

    assert guesses == (5 - 1 + 1) * 5  # 4 ids left after the honest phone, plus no-cookie
    assert Client(REMOTE_ADDR=VENUE).get(reverse("home")).cookies.get(DEVICE_COOKIE) is None
    assert honest.get(reverse("web:table", args=[real.code])).status_code == 200


def test_sixty_phones_at_one_address_each_get_an_id_and_are_never_stopped(demo, settings):
    """With the default cap (200 an hour), 60 phones behind one NAT address each get
    their own id; a few of them mistyping a code stop only themselves."""
    assert settings.DEVICE_IDS_PER_ADDRESS >= 200
    settings.TABLE_CODE_MISSES_PER_MINUTE = 5
    phones = [Client(REMOTE_ADDR=VENUE) for _ in range(60)]
    for phone in phones:
        assert phone.get(reverse("home")).cookies.get(DEVICE_COOKIE)
    tables = list(Table.objects.filter(round__stage=demo.mitchell, round__number=1))
    for clumsy in phones[:3]:
        for n in range(10):
            clumsy.get(f"/t/ZZZZ{n:02d}/")

    opened = [
        phone.get(reverse("web:table", args=[tables[i % len(tables)].code])).status_code
        for i, phone in enumerate(phones[3:])
    ]

    assert set(opened) == {200}


def test_a_health_check_burns_no_device_id(client, settings):
    settings.DEVICE_IDS_PER_ADDRESS = 1
    for _ in range(5):
        assert client.get("/healthz").cookies.get(DEVICE_COOKIE) is None
    assert client.get(reverse("home")).cookies.get(DEVICE_COOKIE)


def test_reading_public_pages_mints_no_device_id(demo, settings):
    """Only where a table code is typed or tried is a device id minted: a phone reading
    the standings or the event burns none of its address's ids (and no round trip)."""
    settings.DEVICE_IDS_PER_ADDRESS = 1
    reader = Client(REMOTE_ADDR=VENUE)
    event, stage = demo.mitchell.event, demo.mitchell
    for url in (
        reverse("web:event", args=[event.code]),
        reverse("web:stage", args=[event.code, stage.order]),
        reverse("web:standings", args=[event.code, stage.order]),
    ):
        response = reader.get(url)
        assert (response.status_code, response.cookies.get(DEVICE_COOKIE)) == (200, None)
    assert reader.get(reverse("home")).cookies.get(DEVICE_COOKIE)  # the one id: not burnt
