"""An event's officials made and managed by its director, never through the admin:
a new account, an existing login given a role, a password reset, a role taken back —
each audited, each refused to anyone but the event's director, nothing half-saved."""

from __future__ import annotations

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.models import AnonymousUser
from django.utils import translation

from tests import builders
from tournament.errors import EventError
from tournament.models import EventRole, OfficialChange
from tournament.services import (
    event_create,
    official_create,
    official_invite,
    official_password_reset,
    official_remove,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    return builders.event()


@pytest.fixture
def director(event):
    return builders.user("zhang", event=event, role="director")


def _kinds(event) -> list[tuple[str, str, str, str]]:
    return [
        (c.kind, c.username, c.role, c.changed_by.username if c.changed_by else "")
        for c in OfficialChange.objects.filter(event=event).order_by("id")
    ]


def test_a_new_referee_account_logs_in_with_the_password_shown_once(event, director):
    issued = official_create(
        event=event, acting_user=director, username="wang", role="referee", name="王裁判"
    )

    user = get_user_model().objects.get(username="wang")
    assert authenticate(username="wang", password=issued.password) == user
    assert (user.first_name, user.is_staff, user.is_superuser) == ("王裁判", False, False)
    assert user.password != issued.password  # only its hash is kept
    assert EventRole.objects.filter(event=event, user=user, role="referee").exists()
    assert _kinds(event) == [
        ("created", "wang", "referee", "zhang"),
        ("granted", "wang", "referee", "zhang"),
    ]


def test_a_taken_or_unusable_username_is_refused_and_nothing_saved(event, director):
    builders.user("li")
    with pytest.raises(EventError, match="已被使用.*taken"):
        official_create(event=event, acting_user=director, username="li", role="scorer")
    with pytest.raises(EventError, match="不可用"):
        official_create(event=event, acting_user=director, username="li si!", role="scorer")
    with pytest.raises(EventError, match="未知的职责"):
        official_create(event=event, acting_user=director, username="zhao", role="captain")

    assert not get_user_model().objects.filter(username__in=["li si!", "zhao"]).exists()
    assert not EventRole.objects.filter(event=event, user__username="li").exists()
    assert _kinds(event) == []


def test_an_existing_login_is_invited_once_per_role(event, director):
    builders.user("chen")

    official_invite(event=event, acting_user=director, username="chen", role="director")
    with pytest.raises(EventError, match="已是本赛事的裁判长"):
        official_invite(event=event, acting_user=director, username="chen", role="director")
    with translation.override("en"), pytest.raises(EventError) as refused:  # an English page
        official_invite(event=event, acting_user=director, username="chen", role="director")
    assert refused.value.message_zh == "chen 已是本赛事的裁判长"  # in Chinese all the same
    with pytest.raises(EventError, match="没有用户名"):
        official_invite(event=event, acting_user=director, username="nobody", role="scorer")

    assert EventRole.objects.filter(event=event, user__username="chen").count() == 1
    assert _kinds(event) == [("granted", "chen", "director", "zhang")]


def test_a_reset_password_replaces_the_old_one(event, director):
    scorer = builders.user("jilu", event=event, role="scorer")

    issued = official_password_reset(event=event, acting_user=director, user=scorer)

    assert authenticate(username="jilu", password=builders.PASSWORD) is None
    assert authenticate(username="jilu", password=issued.password) == scorer
    assert _kinds(event) == [("reset", "jilu", "", "zhang")]


def test_a_reset_is_refused_beyond_the_directors_word(event, director):
    """Not for an administrator, not for oneself, not for someone outside the event, and
    not for an official of another event this director does not direct: inviting a
    stranger's login must not hand over their account."""
    other = event_create(name="另一赛事", code="other")
    stranger = builders.user("other-director", event=other, role="director")
    official_invite(event=event, acting_user=director, username="other-director", role="scorer")
    admin = builders.superuser()
    EventRole.objects.create(event=event, user=admin, role="referee")
    outsider = builders.user("outsider")

    for user, words in [
        (stranger, "你不是那里的裁判长"),
        (admin, "管理员"),
        (director, "自己的密码"),
        (outsider, "不是本赛事的裁判人员"),
    ]:
        before = get_user_model().objects.get(pk=user.pk).password
        with pytest.raises(EventError, match=words):
            official_password_reset(event=event, acting_user=director, user=user)
        assert get_user_model().objects.get(pk=user.pk).password == before
    assert [k for k, *_ in _kinds(event)] == ["granted"]


def test_removing_takes_the_role_back_but_the_event_keeps_a_director(event, director):
    referee = builders.user("wang", event=event, role="referee")
    role = EventRole.objects.get(user=referee)

    official_remove(role=role, acting_user=director)
    with pytest.raises(EventError, match="唯一裁判长"):
        official_remove(role=EventRole.objects.get(user=director), acting_user=director)

    assert not EventRole.objects.filter(user=referee).exists()
    assert get_user_model().objects.filter(username="wang").exists()  # the account stays
    assert EventRole.objects.filter(user=director, role="director").exists()
    assert _kinds(event) == [("revoked", "wang", "referee", "zhang")]


@pytest.mark.parametrize("role", ["referee", "scorer", None])
def test_only_the_events_director_manages_its_officials(event, director, role):
    """The permission matrix at the service: a referee, a scorer, a director of another
    event and nobody logged in are each refused every action."""
    if role is None:
        other = event_create(name="另一赛事", code="other")
        actor = builders.user("elsewhere", event=other, role="director")
    else:
        actor = builders.user("official", event=event, role=role)
    target = builders.user("target", event=event, role="scorer")
    target_role = EventRole.objects.get(user=target)

    for acting_user in (actor, AnonymousUser()):
        actions = [
            lambda u=acting_user: official_create(
                event=event, acting_user=u, username="new", role="director"
            ),
            lambda u=acting_user: official_invite(
                event=event, acting_user=u, username="target", role="director"
            ),
            lambda u=acting_user: official_password_reset(event=event, acting_user=u, user=target),
            lambda u=acting_user: official_remove(role=target_role, acting_user=u),
        ]
        for action in actions:
            with pytest.raises(EventError, match="只有本赛事的裁判长"):
                action()

    assert not get_user_model().objects.filter(username="new").exists()
    assert EventRole.objects.filter(pk=target_role.pk).exists()
    assert authenticate(username="target", password=builders.PASSWORD) == target
    assert _kinds(event) == []


def test_a_superuser_directs_every_event(event):
    admin = builders.superuser()
    issued = official_create(event=event, acting_user=admin, username="wang", role="scorer")
    assert issued.username == "wang"
