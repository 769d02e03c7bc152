"""Authentication that cannot be guessed without end (issue 14, item 6), and the
settings that keep a deployment honest (item 9).

Before: ``/login/`` and ``/admin/login/`` took any number of passwords; the token
endpoint's throttle was keyed on a client-sent ``X-Forwarded-For`` (a new address per
try escaped it); tokens never expired and survived logout."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from duidiao import security
from duidiao.security import client_address

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh(settings):
    cache.clear()
    settings.LOGIN_FAILURES_PER_ACCOUNT = 3
    settings.LOGIN_FAILURES_PER_ADDRESS = 6
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    yield
    cache.clear()


@pytest.fixture
def chief(db):
    return get_user_model().objects.create_user("chief", password="right-pw", is_staff=True)


def web_login(client: Client, password: str, username: str = "chief", **extra) -> int:
    return client.post("/login/", {"username": username, "password": password}, **extra).status_code


def admin_login(client: Client, password: str, username: str = "chief", **extra) -> int:
    data = {"username": username, "password": password, "next": "/admin/"}
    return client.post("/admin/login/", data, **extra).status_code


def token_login(client: APIClient, password: str, username: str = "chief", **extra) -> int:
    data = {"username": username, "password": password}
    return client.post("/api/auth/token/", data, format="json", **extra).status_code


@pytest.mark.parametrize("login", [web_login, admin_login])
def test_the_login_pages_answer_429_after_a_few_failures_for_one_account(client, chief, login):
    answers = [login(client, f"wrong-{n}") for n in range(4)]

    assert answers[:3] == [200, 200, 200] and answers[3] == 429
    assert login(client, "right-pw") == 429  # even the right password, for a while


@pytest.fixture
def clock(monkeypatch):
    """The login delays' clock, moved on by hand."""
    now = [1_000_000.0]
    monkeypatch.setattr(security, "now", lambda: now[0])
    return now


@pytest.mark.parametrize("login", [web_login, admin_login])
def test_the_right_password_after_wrong_ones_works_once_the_delay_is_over(
    client, chief, login, clock
):
    """Issue 24: five wrong passwords locked the director out for 900 s, even with the
    right one — anyone knowing the user name could do it. Now each failure past the
    first few doubles the wait, and the right password works once it is over."""
    waits = []
    for n in range(6):
        answer = client.post("/login/", {"username": "chief", "password": f"wrong-{n}"})
        if answer.status_code == 429:  # wait as told, then try again
            waits.append(int(answer["Retry-After"]))
            clock[0] += waits[-1]
            answer = client.post("/login/", {"username": "chief", "password": f"wrong-{n}"})
        assert answer.status_code == 200
    assert waits == [1, 2, 4]  # doubling after the free tries, never a lockout
    wait = int(client.post("/login/", {"username": "chief", "password": "x"})["Retry-After"])
    assert wait == 8
    clock[0] += wait

    assert login(client, "right-pw") == 302


def test_a_guesser_elsewhere_costs_the_director_seconds_not_the_account(chief, clock, settings):
    """Failures from other addresses slow the account only up to
    ``LOGIN_ACCOUNT_MAX_DELAY``; the director's own address has no failures."""
    guesser = Client(REMOTE_ADDR="203.0.113.66")
    for n in range(30):
        guesser.post("/login/", {"username": "chief", "password": f"wrong-{n}"})
        clock[0] += 1000  # the guesser waits out each delay

    director = Client(REMOTE_ADDR="198.51.100.1")
    answer = director.post("/login/", {"username": "chief", "password": "right-pw"})
    if answer.status_code == 429:
        assert int(answer["Retry-After"]) <= settings.LOGIN_ACCOUNT_MAX_DELAY
        clock[0] += int(answer["Retry-After"])
        answer = director.post("/login/", {"username": "chief", "password": "right-pw"})
    assert answer.status_code == 302


def test_the_token_endpoint_answers_429_after_a_few_failures_for_one_account(chief):
    client = APIClient()
    answers = [token_login(client, f"wrong-{n}") for n in range(4)]

    assert answers[:3] == [400, 400, 400] and answers[3] == 429


def test_one_address_trying_many_accounts_is_stopped_too(client, chief):
    answers = [web_login(client, "pw", username=f"user{n}") for n in range(7)]

    assert answers[:6] == [200] * 6 and answers[6] == 429


def test_a_forged_forwarded_for_does_not_make_a_new_address(chief, settings):
    """No trusted proxy configured: X-Forwarded-For is the client's word, not read."""
    settings.TRUSTED_PROXIES = []
    client = APIClient()
    answers = [
        token_login(client, "pw", username=f"user{n}", HTTP_X_FORWARDED_FOR=f"10.0.0.{n}")
        for n in range(7)
    ]

    assert answers[6] == 429


def test_behind_a_trusted_proxy_the_forwarded_address_counts(rf, settings):
    settings.TRUSTED_PROXIES = ["10.1.0.0/16"]
    proxied = rf.get("/", REMOTE_ADDR="10.1.2.3", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.9")
    direct = rf.get("/", REMOTE_ADDR="198.51.100.7", HTTP_X_FORWARDED_FOR="203.0.113.9")

    assert client_address(proxied) == "203.0.113.9"  # the hop the proxy saw, not the claim
    assert client_address(direct) == "198.51.100.7"


def test_a_token_expires(chief, settings):
    settings.API_TOKEN_DAYS = 30
    token = Token.objects.create(user=chief)
    Token.objects.filter(pk=token.pk).update(created=timezone.now() - timedelta(days=31))
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")

    response = client.get("/api/events/")

    assert response.status_code == 401 and "过期" in response.json()["detail"]
    assert not Token.objects.filter(key=token.key).exists()
    assert token_login(APIClient(), "right-pw") == 200  # a new one is issued
    assert Token.objects.get(user=chief).key != token.key


def test_logging_out_deletes_the_token(client, chief):
    token = Token.objects.create(user=chief)
    client.force_login(chief)

    client.post("/logout/")

    assert not Token.objects.filter(key=token.key).exists()
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert api.get("/api/events/").status_code == 401


def test_a_program_logs_out_and_its_token_is_gone(chief):
    token = Token.objects.create(user=chief)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")

    assert api.post("/api/auth/logout/").status_code == 204
    assert api.get("/api/events/").status_code == 401


# --- settings (item 9) --------------------------------------------------------------------------


def test_every_page_sends_a_content_security_policy(client):
    policy = client.get("/")["Content-Security-Policy"]

    scripts = next(d for d in policy.split(";") if d.strip().startswith("script-src"))
    assert scripts.strip() == "script-src 'self'"  # no inline script, no other origin
    assert "<script>" not in client.get("/").content.decode()  # no inline script to allow


@pytest.mark.parametrize("key", ["", "   "])
def test_it_refuses_to_start_with_debug_off_and_an_empty_key(key):
    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"} | {"DEBUG": "0"}

    refused = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        env=env | {"SECRET_KEY": key},
        capture_output=True,
    )

    assert refused.returncode != 0 and b"SECRET_KEY" in refused.stderr
