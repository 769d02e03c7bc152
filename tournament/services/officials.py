"""An event's officials from the director's workspace, never from the admin: make an
account, give an existing one a role, reset a password, take a role back.

Only the event's director acts (``tournament.roles``; a superuser holds every role), so
a referee or a scorer cannot give themselves more. Each action runs in one transaction
with its :class:`~tournament.models.OfficialChange` row: done and recorded, or neither.

A password is reset only where the director's word covers the whole account: an
account that is not staff, whose every role lies in events this director directs.
Otherwise a director of one event could invite a director of another and take over
their login.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.crypto import get_random_string

from ..errors import EventError, in_chinese
from ..models import Event, EventRole, OfficialChange
from ..roles import user_has_role

__all__ = [
    "IssuedPassword",
    "official_create",
    "official_invite",
    "official_password_reset",
    "official_remove",
]

#: A generated password: no 0/O, 1/l/I to misread when it is read out or copied by hand.
_PASSWORD_ALPHABET = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"
_PASSWORD_LENGTH = 12


@dataclass(frozen=True)
class IssuedPassword:
    """A password shown once to the director who asked for it; nowhere stored in clear."""

    username: str
    password: str


def _new_password() -> str:
    return get_random_string(_PASSWORD_LENGTH, _PASSWORD_ALPHABET)


def _check_director(event: Event, acting_user: Any) -> None:
    if not user_has_role(acting_user, event, EventRole.Role.DIRECTOR):
        raise EventError(
            "只有本赛事的裁判长可以管理裁判人员",
            "only the event's director manages its officials",
            code="forbidden",
        )


def _check_role(role: str) -> None:
    if role not in EventRole.Role.values:
        raise EventError(f"未知的职责 {role!r}", f"unknown role {role!r}", code="role")


def _record(event: Event, kind: str, user: Any, role: str, acting_user: Any) -> None:
    OfficialChange.objects.create(
        event=event,
        kind=kind,
        user=user,
        username=user.get_username(),
        role=role,
        changed_by=acting_user if getattr(acting_user, "pk", None) else None,
    )


def _grant(event: Event, user: Any, role: str, acting_user: Any) -> EventRole:
    if EventRole.objects.filter(event=event, user=user, role=role).exists():
        raise EventError(
            f"{user.get_username()} 已是本赛事的{in_chinese(EventRole.Role(role).label)}",
            f"{user.get_username()} already holds that role ({role}) in this event",
            code="exists",
        )
    granted = EventRole.objects.create(event=event, user=user, role=role)
    _record(event, OfficialChange.Kind.GRANTED, user, role, acting_user)
    return granted


@transaction.atomic
def official_invite(*, event: Event, acting_user: Any, username: str, role: str) -> EventRole:
    """Give an existing login a role in ``event`` (裁判长, 裁判, 记分员): someone who
    already has an account, from another event or from ``create_director``."""
    _check_director(event, acting_user)
    _check_role(role)
    user = get_user_model().objects.filter(username=username.strip()).first()
    if user is None:
        raise EventError(
            f"没有用户名为“{username}”的账号，请用“建立新账号”",
            f"no account named {username!r}: create a new account instead",
            code="user",
        )
    return _grant(event, user, role, acting_user)


@transaction.atomic
def official_create(
    *, event: Event, acting_user: Any, username: str, role: str, name: str = ""
) -> IssuedPassword:
    """Make a new login (not staff, no admin) with a role in ``event`` and a generated
    password, returned to be shown once and handed to the official."""
    _check_director(event, acting_user)
    _check_role(role)
    model = get_user_model()
    username = username.strip()
    if model.objects.filter(username=username).exists():
        raise EventError(
            f"用户名“{username}”已被使用；已有账号请用“添加已有账号”",
            f"the username {username!r} is taken: add the existing account instead",
            code="taken",
        )
    user = model(username=username, first_name=name.strip(), is_staff=False, is_superuser=False)
    try:
        user.full_clean(exclude=["password"])
    except ValidationError as error:
        raise EventError(
            f"用户名“{username}”不可用：只能用字母、数字和 @ . + - _",
            f"the username {username!r} cannot be used: letters, digits and @ . + - _ only",
            code="username",
        ) from error
    password = _new_password()
    user.set_password(password)
    user.save()
    _record(event, OfficialChange.Kind.CREATED, user, role, acting_user)
    _grant(event, user, role, acting_user)
    return IssuedPassword(username=username, password=password)


@transaction.atomic
def official_password_reset(*, event: Event, acting_user: Any, user: Any) -> IssuedPassword:
    """Give an official of ``event`` a new generated password (shown once); their old
    one, and every session opened with it, stop working."""
    _check_director(event, acting_user)
    if not EventRole.objects.filter(event=event, user=user).exists():
        raise EventError(
            f"{user.get_username()} 不是本赛事的裁判人员",
            f"{user.get_username()} is not an official of this event",
            code="not_official",
        )
    if user.pk == getattr(acting_user, "pk", None):
        raise EventError(
            "不能在这里重设自己的密码",
            "your own password is not reset here",
            code="self",
        )
    if user.is_staff or user.is_superuser:
        raise EventError(
            f"{user.get_username()} 是管理员账号，密码只能由管理员重设",
            f"{user.get_username()} is an administrator: only an administrator resets it",
            code="staff",
        )
    elsewhere = (
        EventRole.objects.filter(user=user)
        .exclude(event=event)
        .select_related("event")
        .order_by("event__code")
    )
    for other in elsewhere:
        if not user_has_role(acting_user, other.event, EventRole.Role.DIRECTOR):
            raise EventError(
                f"{user.get_username()} 也在赛事“{other.event.name}”任职，你不是那里的裁判长，"
                "不能重设其密码",
                f"{user.get_username()} is also an official of {other.event.code!r}, "
                "which you do not direct: you cannot reset the password",
                code="elsewhere",
            )
    password = _new_password()
    user.set_password(password)
    user.save(update_fields=["password"])
    _record(event, OfficialChange.Kind.RESET, user, "", acting_user)
    return IssuedPassword(username=user.get_username(), password=password)


@transaction.atomic
def official_remove(*, role: EventRole, acting_user: Any) -> None:
    """Take a role back. The account stays (it may serve other events) but reaches this
    event no more; the event always keeps a director."""
    event = role.event
    _check_director(event, acting_user)
    if (
        role.role == EventRole.Role.DIRECTOR
        and not EventRole.objects.filter(event=event, role=role.role).exclude(pk=role.pk).exists()
    ):
        raise EventError(
            "不能撤销本赛事唯一裁判长的职责",
            "the event's only director cannot be removed",
            code="last_director",
        )
    _record(event, OfficialChange.Kind.REVOKED, role.user, role.role, acting_user)
    role.delete()
