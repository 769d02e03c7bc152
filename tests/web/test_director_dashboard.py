"""Logins and the director's dashboard: login required, the director's role checked."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests import builders
from tournament.models import Table

pytestmark = pytest.mark.django_db


def dashboard_url(demo) -> str:
    return reverse("web:director", args=[demo.event.code])


def test_the_login_page_is_in_chinese(client, db):
    response = client.get(reverse("web:login"))

    assert response.status_code == 200
    content = response.content.decode()
    assert "登录" in content and "用户名" in content and "密码" in content


def test_the_login_page_in_english(english, db):
    content = english.get(reverse("web:login")).content.decode()

    assert "Log in" in content and "Username" in content and "Password" in content


def test_a_director_logs_in_and_reaches_the_dashboard(client, demo, director):
    url = dashboard_url(demo)

    response = client.get(url)
    assert response.status_code == 302
    assert response.url.startswith(reverse("web:login"))

    response = client.post(
        reverse("web:login"), {"username": "director", "password": "secret-pw", "next": url}
    )
    assert response.status_code == 302 and response.url == url
    assert client.get(url).status_code == 200


def test_a_wrong_password_is_refused_in_chinese(client, director):
    response = client.post(reverse("web:login"), {"username": "director", "password": "nope"})

    assert response.status_code == 200
    assert "用户名或密码不正确" in response.content.decode()


def test_the_dashboard_lists_every_table_with_its_code(client, demo, director):
    client.force_login(director)

    response = client.get(dashboard_url(demo))

    assert response.status_code == 200
    content = response.content.decode()
    assert "裁判长工作台" in content
    assert 'id="round-dashboard"' in content
    for stage in demo.event.stages.all():
        assert stage.name in content
    tables = Table.objects.filter(round__stage__event=demo.event)
    assert tables.count() > 0
    for table in tables:
        assert reverse("web:table", args=[table.code]) in content


def test_a_referee_is_refused_the_dashboard(client, demo, referee):
    client.force_login(referee)

    response = client.get(dashboard_url(demo))

    assert response.status_code == 403
    assert "没有权限" in response.content.decode()


def test_a_login_without_a_role_is_refused_the_dashboard(client, demo, outsider):
    client.force_login(outsider)

    assert client.get(dashboard_url(demo)).status_code == 403


def test_a_director_of_another_event_is_refused(client, demo):
    from .conftest import build_event

    other = build_event(code="other-event")
    client.force_login(builders.user("elsewhere", event=other.event, role="director"))

    assert client.get(dashboard_url(demo)).status_code == 403
    assert client.get(reverse("web:director", args=["other-event"])).status_code == 200


def test_a_superuser_runs_every_event(client, demo, superuser):
    client.force_login(superuser)

    assert client.get(dashboard_url(demo)).status_code == 200


def test_the_dashboard_of_an_unknown_event_is_not_found(client, director):
    client.force_login(director)

    assert client.get(reverse("web:director", args=["no-such-event"])).status_code == 404


def test_the_dashboard_in_english(english, demo, director):
    english.force_login(director)

    content = english.get(dashboard_url(demo)).content.decode()

    assert "Director&#x27;s dashboard" in content or "Director's dashboard" in content
    assert "Entry code" in content


def test_logging_out_returns_home(client, director):
    client.force_login(director)

    response = client.post(reverse("web:logout"))

    assert response.status_code == 302 and response.url == reverse("home")
    assert "_auth_user_id" not in client.session


def test_the_footer_offers_login_or_logout(client, director):
    assert reverse("web:login") in client.get(reverse("home")).content.decode()

    client.force_login(director)
    content = client.get(reverse("home")).content.decode()

    assert "退出登录" in content and reverse("web:logout") in content
    assert reverse("web:director", args=["chifeng"]) in content
