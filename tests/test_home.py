from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse

# The home page is the event list, read from the database.
pytestmark = pytest.mark.django_db


def test_the_home_page_is_in_chinese_by_default(client):
    response = client.get(reverse("home"))

    assert response.status_code == 200
    content = response.content.decode()
    assert '<html lang="zh-hans">' in content
    assert "对调复式赛" in content
    assert "Duidiao duplicate tournaments" not in content


def test_the_home_page_is_in_english_after_choosing_english(client):
    response = client.post(reverse("set_language"), {"language": "en", "next": reverse("home")})
    assert response.status_code == 302
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"

    # The client keeps the cookie, so the choice is remembered on the next visit.
    content = client.get(reverse("home")).content.decode()

    assert '<html lang="en">' in content
    assert "Duidiao duplicate tournaments" in content
    assert "对调复式赛的编排" not in content
