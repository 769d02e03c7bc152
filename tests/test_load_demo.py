from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

pytestmark = pytest.mark.django_db


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
