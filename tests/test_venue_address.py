"""The venue server tells the director where phones open it (issue 25): `make run`
listens on every address (HOST=0.0.0.0); the home page, opened on the server itself,
shows each venue address with its QR code — the same modules as the printed table
cards' codes."""

from __future__ import annotations

import pytest

from duidiao import venue
from printing.layout import QR_QUIET, qr_modules

pytestmark = pytest.mark.django_db


@pytest.fixture
def venue_lan(monkeypatch):
    monkeypatch.setenv("HOST", "0.0.0.0")
    monkeypatch.setenv("PORT", "8000")
    monkeypatch.setattr(venue, "lan_addresses", lambda: ["192.168.1.20"])


def test_the_home_page_on_the_server_shows_the_address_and_its_qr_code(client, venue_lan):
    page = client.get("/", REMOTE_ADDR="127.0.0.1").content.decode()

    assert 'href="http://192.168.1.20:8000/"' in page
    assert 'src="/venue/0/qr.svg"' in page

    svg = client.get("/venue/0/qr.svg")
    assert svg["Content-Type"] == "image/svg+xml"
    side = len(qr_modules("http://192.168.1.20:8000/")) + 2 * QR_QUIET
    assert f'viewBox="0 0 {side} {side}"' in svg.content.decode()
    assert client.get("/venue/1/qr.svg").status_code == 404


def test_a_phone_is_not_shown_the_address_it_already_opened(client, venue_lan):
    assert "192.168.1.20" not in client.get("/", REMOTE_ADDR="192.168.1.31").content.decode()


def test_listening_on_loopback_only_there_is_no_venue_address():
    assert venue.venue_urls({"HOST": "127.0.0.1", "PORT": "8000"}) == []
    assert venue.venue_urls({"HOST": "10.0.0.5", "PORT": "80"}) == ["http://10.0.0.5/"]
