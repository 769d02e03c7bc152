from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _debug_on(settings):
    """As ``make run`` runs it (pytest-django turns DEBUG off; elsewhere the suite passes
    ``allow_production=True``)."""
    settings.DEBUG = True


def run_load_demo(**options: object) -> str:
    out = StringIO()
    call_command("load_demo", stdout=out, **options)
    return out.getvalue()


def test_it_creates_the_demo_director():
    output = run_load_demo(structure_only=True)

    director = get_user_model().objects.get(username="director")
    assert director.is_staff and director.is_superuser
    assert director.check_password("duidiao")
    assert "已创建" in output


def test_it_can_run_twice_without_duplicating():
    run_load_demo(structure_only=True)
    output = run_load_demo(structure_only=True)

    assert get_user_model().objects.filter(username="director").count() == 1
    assert "已存在" in output


def test_the_demo_director_holds_the_director_role_of_the_demo_event():
    from tournament.models import EventRole

    run_load_demo(structure_only=True)
    run_load_demo(structure_only=True)

    role = EventRole.objects.get(user__username="director")
    assert (role.event.code, role.role) == ("chifeng-demo", "director")


def test_it_never_resets_the_password_of_an_existing_account():
    """Issue 25: run on a server where someone set the director's password, it must not
    put the published one back (nor make the account a superuser again)."""
    account = get_user_model().objects.create_user(username="director", password="their-own-9x")

    output = run_load_demo(structure_only=True)

    account.refresh_from_db()
    assert account.check_password("their-own-9x") and not account.check_password("duidiao")
    assert not account.is_superuser
    assert "未作更改" in output


def test_with_debug_off_it_refuses_unless_asked(settings):
    from django.core.management.base import CommandError

    settings.DEBUG = False
    with pytest.raises(CommandError, match="allow-production"):
        run_load_demo(structure_only=True)
    assert not get_user_model().objects.filter(username="director").exists()

    run_load_demo(structure_only=True, allow_production=True)
    assert get_user_model().objects.filter(username="director").exists()


def test_the_modules_that_share_the_played_demo_are_run_together():
    """tests/conftest.py hands ``PLAYED_DEMO``'s modules to one process: a module that
    reads ``builders.played_demo`` and is not listed would run ``load_demo`` again in
    whichever process it landed on; a listed one that no longer reads it would be held
    back for nothing."""
    from pathlib import Path

    from tests.conftest import PLAYED_DEMO

    root = Path(__file__).resolve().parent.parent
    readers = {
        path.relative_to(root).as_posix()
        for path in (root / "tests").rglob("test_*.py")
        if path != Path(__file__).resolve()
        and "builders.played_demo(" in path.read_text(encoding="utf-8")
    }
    assert readers == set(PLAYED_DEMO)
