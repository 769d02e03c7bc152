"""Load demonstration data. Safe to run again: it only adds what is missing, and never
touches an account that exists (its password and rights stay as they are).

With ``DEBUG`` off (a production server) it refuses unless ``--allow-production`` is
given: the demo's director is a superuser with a published password.

The director's account, and a demo event (赤峰) with eight teams and sixteen pairs:
a 6-team round robin (第二十五条), an 8-team double elimination (第二十七条) and an
8-table pairs Mitchell (第二十八条); every stage's boards dealt, and the first two rounds
played and confirmed. Draws use fixed seeds so the demo is the same on every machine.

It lives in `scoring` because it uses every layer: events, boards and scoring.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from boards.demo import load_demo_boards
from boards.models import Board
from tournament.models import Entrant, Event, EventRole, Stage
from tournament.services import entrants_add, event_create, stage_create

DIRECTOR_USERNAME = "director"
DIRECTOR_PASSWORD = "duidiao"

DEMO_EVENT_CODE = "chifeng-demo"
DEMO_SEED = 2007  # the year of the rules; any fixed number keeps the demo repeatable

#: Eight teams named after Chifeng's districts and banners, club = where they come from.
TEAMS = [
    ("红山队", "红山区"),
    ("松山队", "松山区"),
    ("元宝山队", "元宝山区"),
    ("宁城队", "宁城县"),
    ("林西队", "林西县"),
    ("巴林队", "巴林左旗"),
    ("克什克腾队", "克什克腾旗"),
    ("翁牛特队", "翁牛特旗"),
]
SURNAMES = (
    "张王李刘陈杨赵黄周吴徐孙马朱胡郭何高林罗郑梁谢宋"
    "唐韩冯于董萧程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶阎"
)
GIVEN = [
    "伟",
    "芳",
    "娜",
    "敏",
    "静",
    "磊",
    "洋",
    "勇",
    "艳",
    "杰",
    "军",
    "涛",
    "明",
    "超",
    "霞",
    "平",
    "刚",
    "桂英",
    "建华",
    "玉兰",
    "志强",
    "秀英",
    "海燕",
    "国庆",
    "文",
    "丽",
    "斌",
    "红",
]


def demo_names(count: int) -> list[str]:
    """``count`` distinct, plausible names (张伟, 王芳, 李娜, …), the same every run."""
    names: list[str] = []
    i = 0
    while len(names) < count:
        name = SURNAMES[i % len(SURNAMES)] + GIVEN[i % len(GIVEN)]
        if name not in names:
            names.append(name)
        i += 1
    return names


class Command(BaseCommand):
    help = "载入演示数据（幂等）：裁判长账号 director / duidiao。"

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--structure-only",
            action="store_true",
            help="只建赛事结构，不发牌、不录成绩 / the event structure only, no boards or results",
        )
        parser.add_argument(
            "--allow-production",
            action="store_true",
            help="DEBUG 关闭时也加载（会建立公开密码的超级用户） / load even with DEBUG off "
            "(it creates a superuser whose password is published)",
        )

    @transaction.atomic
    def handle(self, *args: Any, **options: Any) -> None:
        if not django_settings.DEBUG and not options["allow_production"]:
            raise CommandError(
                "DEBUG 已关闭：这是生产环境，演示数据会建立公开密码的超级用户 "
                f"{DIRECTOR_USERNAME}/{DIRECTOR_PASSWORD}，已拒绝；确需加载请加 "
                "--allow-production。请用 manage.py create_director 建立裁判长账号。 / "
                "DEBUG is off: this is production, and the demo creates a superuser with a "
                "published password, so it refused; add --allow-production if you mean it. "
                "Make directors with manage.py create_director."
            )
        director, created = get_user_model().objects.get_or_create(
            username=DIRECTOR_USERNAME,
            defaults={"is_staff": True, "is_superuser": True},
        )
        if created:
            director.set_password(DIRECTOR_PASSWORD)
            director.save()
            self.stdout.write(
                self.style.SUCCESS(
                    f"已创建裁判长账号：用户名 {DIRECTOR_USERNAME}，密码 {DIRECTOR_PASSWORD}"
                )
            )
        else:  # someone's account now: its password and rights are theirs
            self.stdout.write(f"裁判长账号 {DIRECTOR_USERNAME} 已存在，未作更改。")
        event = self.load_event()
        # A superuser already runs every event; the role makes it explicit, and keeps the
        # account the demo's director if its superuser rights are ever taken away.
        EventRole.objects.get_or_create(event=event, user=director, role=EventRole.Role.DIRECTOR)
        if options["structure_only"]:
            self.stdout.write("演示赛事结构已就绪（未发牌）。")
            return
        before = Board.objects.filter(stage__event=event).count()
        load_demo_boards(event)
        added = Board.objects.filter(stage__event=event).count() - before
        if added:
            self.stdout.write(self.style.SUCCESS(f"已发牌 {added} 副，并录入前两轮成绩"))
        self.stdout.write("演示数据已就绪。")

    def load_event(self) -> Event:
        event = Event.objects.filter(code=DEMO_EVENT_CODE).first()
        if event is None:
            event = event_create(
                name="赤峰市对调复式赛（演示）",
                code=DEMO_EVENT_CODE,
                venue="赤峰市红山区",
                starts_on=datetime.date(2025, 8, 1),
                ends_on=datetime.date(2025, 8, 3),
                status=Event.Status.RUNNING,
            )
            self.stdout.write(self.style.SUCCESS(f"已创建演示赛事：{event.name}"))
        else:
            self.stdout.write(f"演示赛事 {event.name} 已存在。")
        names = demo_names(5 * len(TEAMS) + 32)
        if not event.entrants.filter(kind=Entrant.Kind.TEAM).exists():
            entrants_add(
                event=event,
                kind=Entrant.Kind.TEAM,
                entries=[
                    {
                        "name": team,
                        "club": club,
                        "players": names[5 * i : 5 * i + 5],
                        "seed": i + 1,
                    }
                    for i, (team, club) in enumerate(TEAMS)
                ],
            )
        if not event.entrants.filter(kind=Entrant.Kind.PAIR).exists():
            pair_names = names[5 * len(TEAMS) :]
            entrants_add(
                event=event,
                kind=Entrant.Kind.PAIR,
                entries=[
                    {"players": pair_names[2 * i : 2 * i + 2], "club": TEAMS[i % 8][1]}
                    for i in range(16)
                ],
            )
        teams = list(event.entrants.filter(kind=Entrant.Kind.TEAM).order_by("number"))
        pairs = list(event.entrants.filter(kind=Entrant.Kind.PAIR).order_by("number"))
        for kind, name, field, settings in (
            (Stage.Kind.ROUND_ROBIN, "团体循环赛", teams[:6], {}),
            (Stage.Kind.DOUBLE_ELIMINATION, "团体双败淘汰赛", teams, {}),
            (Stage.Kind.MITCHELL, "双人双冠军赛", pairs, {"boards_per_round": 4}),
        ):
            if event.stages.filter(name=name).exists():
                continue
            stage_create(
                event=event,
                kind=kind,
                name=name,
                entrants=field,
                settings=settings,
                draw_seed=DEMO_SEED,
            )
            self.stdout.write(self.style.SUCCESS(f"已创建比赛阶段：{name}"))
        return event
