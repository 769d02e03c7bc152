"""``create_director USERNAME [--event CODE …] [--password-stdin]``: a director (裁判长)
account without superuser rights — the first one of a new installation, or another.

The account may create events (the ``tournament.add_event`` permission; creating one
makes it that event's director) and is given the director's role (``EventRole``) in
each ``--event`` named. It never becomes staff or superuser, so the admin stays closed
to it. The password is asked twice on the terminal, or read from the first line of
standard input with ``--password-stdin`` (scripts), and checked by the password
validators. An existing account is never changed except for the roles asked: its
password stays its own.
"""

from __future__ import annotations

import getpass
import sys
from typing import Any

from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.models import Permission
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from tournament.models import Event, EventRole


class Command(BaseCommand):
    help = (
        "建立裁判长账号（非超级用户），可创建赛事并任指定赛事的裁判长 / create a director "
        "account (not a superuser) that may create events and directs the events named"
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username")
        parser.add_argument(
            "--event",
            action="append",
            default=[],
            metavar="CODE",
            help="任该赛事的裁判长（可重复） / director of this event (repeatable)",
        )
        parser.add_argument(
            "--password-stdin",
            action="store_true",
            help="从标准输入第一行读密码 / read the password from standard input's first line",
        )

    def _password(self, options: dict[str, Any], user: Any) -> str:
        if options["password_stdin"]:
            password = sys.stdin.readline().rstrip("\n")
        else:
            password = getpass.getpass("密码 / Password: ")
            if password != getpass.getpass("再输一次 / Password (again): "):
                raise CommandError("两次输入的密码不一致 / the passwords differ")
        try:
            password_validation.validate_password(password, user)
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        return password

    @transaction.atomic
    def handle(self, *args: Any, **options: Any) -> None:
        events = []
        for code in options["event"]:
            event = Event.objects.filter(code=code).first()
            if event is None:
                raise CommandError(f"没有赛事 {code} / no event {code}")
            events.append(event)
        model = get_user_model()
        user = model.objects.filter(username=options["username"]).first()
        if user is None:
            user = model(username=options["username"], is_staff=False, is_superuser=False)
            user.set_password(self._password(options, user))
            user.save()
            self.stdout.write(self.style.SUCCESS(f"已创建裁判长账号 {user.username} / created"))
        else:
            self.stdout.write(f"账号 {user.username} 已存在，密码未改 / exists, password kept")
        user.user_permissions.add(
            Permission.objects.get(content_type__app_label="tournament", codename="add_event")
        )
        for event in events:
            EventRole.objects.get_or_create(event=event, user=user, role=EventRole.Role.DIRECTOR)
            self.stdout.write(f"{event.code}：裁判长 / director")
