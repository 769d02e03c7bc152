"""Chinese first (issue 7): Simplified Chinese by default, English only by the switch."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_a_browser_asking_for_english_still_gets_chinese_first() -> None:
    response = Client().get("/", HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
    assert response.status_code == 200
    assert '<html lang="zh-hans"' in response.content.decode()


def test_the_switch_chooses_english_and_is_remembered() -> None:
    client = Client()
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="zh-CN")
    assert '<html lang="en"' in response.content.decode()
