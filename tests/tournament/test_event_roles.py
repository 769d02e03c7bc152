"""Roles per event (EventRole) and ``user_has_role``."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import IntegrityError

from tests import builders
from tournament.models import EventRole
from tournament.roles import user_event_roles, user_has_role
from tournament.services import event_create

pytestmark = pytest.mark.django_db


def test_a_role_holds_in_its_own_event_only(event, referee):
    other = event_create(name="另一赛事", code="other")

    assert user_has_role(referee, event, "referee")
    assert user_has_role(referee, event, "director", "referee")
    assert not user_has_role(referee, event, "director")
    assert not user_has_role(referee, other, "referee")
    assert user_has_role(referee, event)  # any role
    assert not user_has_role(referee, other)


def test_a_user_may_hold_several_roles(event, scorer):
    EventRole.objects.create(event=event, user=scorer, role="referee")

    assert user_event_roles(scorer, event) == {"scorer", "referee"}


def test_the_same_role_is_not_given_twice(event, referee):
    with pytest.raises(IntegrityError):
        EventRole.objects.create(event=event, user=referee, role="referee")


def test_a_superuser_holds_every_role(event, superuser):
    assert user_event_roles(superuser, event) == {"director", "referee", "scorer"}


def test_anonymous_and_inactive_users_hold_none(event):
    gone = builders.user("gone", event=event, role="director")
    gone.is_active = False
    gone.save(update_fields=["is_active"])

    assert not user_has_role(AnonymousUser(), event, "director")
    assert not user_has_role(gone, event, "director")
