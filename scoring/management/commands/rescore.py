"""``rescore EVENT``: rescore every board, match and standing of an event.

EVENT is the event's code (or its id). Runs the ``scoring.rescore_event`` task — in
this process by default, or through the Celery broker with ``--queue`` — and prints
what was rescored as JSON. Safe to run any time: rescoring is idempotent.
"""

from __future__ import annotations

import json
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.tasks import rescore_event_task
from tournament.models import Event


class Command(BaseCommand):
    help = "重新计算赛事的全部成绩与排名 / rescore every board, match and standing of an event"

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event", help="赛事代码或编号 / the event's code or id")
        parser.add_argument(
            "--queue",
            action="store_true",
            help="交给 Celery 后台执行 / send the task to the Celery broker instead",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        key = options["event"]
        event = Event.objects.filter(code=key).first()
        if event is None and str(key).isdigit():
            event = Event.objects.filter(pk=int(key)).first()
        if event is None:
            raise CommandError(f"没有赛事 {key!r} / no event {key!r}")
        if options["queue"]:
            task = rescore_event_task.delay(event.pk)
            self.stdout.write(json.dumps({"event": event.code, "task": task.id}))
            return
        started = time.perf_counter()
        summary = rescore_event_task.apply(args=[event.pk]).get()
        summary["seconds"] = round(time.perf_counter() - started, 3)
        self.stdout.write(json.dumps(summary, ensure_ascii=False))
