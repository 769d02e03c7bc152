"""Load demonstration data. Safe to run again: it only adds what is missing."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

DIRECTOR_USERNAME = "director"
DIRECTOR_PASSWORD = "duidiao"


class Command(BaseCommand):
    help = "载入演示数据（幂等）：裁判长账号 director / duidiao。"

    @transaction.atomic
    def handle(self, *args: Any, **options: Any) -> None:
        user_model = get_user_model()
        director, created = user_model.objects.get_or_create(
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
        else:
            changed = []
            if not (director.is_staff and director.is_superuser):
                director.is_staff = director.is_superuser = True
                changed.append("管理权限")
            if not director.check_password(DIRECTOR_PASSWORD):
                director.set_password(DIRECTOR_PASSWORD)
                changed.append("密码")
            if changed:
                director.save()
                self.stdout.write(
                    self.style.SUCCESS(
                        f"裁判长账号 {DIRECTOR_USERNAME} 已存在，已恢复：{'、'.join(changed)}"
                    )
                )
            else:
                self.stdout.write(f"裁判长账号 {DIRECTOR_USERNAME} 已存在，无需更改。")
        self.stdout.write("演示数据已就绪（赛事数据将在后续版本加入）。")
