"""``create_director``: the first director account from one command, not a superuser
(issue 25, deploy.md; issue 26's "first director from one command")."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from tournament.models import EventRole
from tournament.roles import user_has_role
from web.setup_views import may_create_events

pytestmark = pytest.mark.django_db


def create(monkeypatch, *args: str, password: str = "chifeng-2007-venue") -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO(password + "\n"))
    out = io.StringIO()
    call_command("create_director", *args, "--password-stdin", stdout=out)
    return out.getvalue()


def test_a_director_who_may_create_events_but_is_no_superuser(monkeypatch, event):
    create(monkeypatch, "wang", "--event", event.code)

    wang = get_user_model().objects.get(username="wang")
    assert wang.check_password("chifeng-2007-venue")
    assert not wang.is_superuser and not wang.is_staff
    assert may_create_events(wang)
    assert user_has_role(wang, event, EventRole.Role.DIRECTOR)


def test_a_weak_password_is_refused(monkeypatch):
    with pytest.raises(CommandError):
        create(monkeypatch, "li", password="123")
    assert not get_user_model().objects.filter(username="li").exists()


def test_an_existing_account_keeps_its_password(monkeypatch, event):
    get_user_model().objects.create_user(username="zhao", password="zhao-own-pass-77")

    output = create(monkeypatch, "zhao", "--event", event.code, password="other-pass-2007x")

    zhao = get_user_model().objects.get(username="zhao")
    assert zhao.check_password("zhao-own-pass-77") and "password kept" in output
    assert user_has_role(zhao, event, EventRole.Role.DIRECTOR)
