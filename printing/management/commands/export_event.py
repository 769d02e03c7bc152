"""``python manage.py export_event EVENT --out FILE``

Write the whole event (entrants, stages, boards with deals, results with their audit
trail, rulings with their versions, stored adjustments) as one JSON file
(``printing.transfer``): to back it up, archive it or move it to another server.
EVENT is the event's code (or id). A bad argument: one bilingual line on stderr, exit
status 2.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import CommandParser

from printing.transfer import event_export_bytes
from tournament.management.commands._json_command import JsonCommand
from tournament.models import Event


class Command(JsonCommand):
    help = "导出整个赛事为一个 JSON 文件 / export a whole event as one JSON file"

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event", help="赛事代码或编号 / event code or id")
        parser.add_argument("--out", required=True, help="输出文件 / output file")

    def handle(self, *args: Any, **options: Any) -> None:
        text = options["event"]
        event = Event.objects.filter(code=text).first()
        if event is None and text.isdigit():
            event = Event.objects.filter(pk=int(text)).first()
        if event is None:
            self.fail(f"找不到赛事 {text!r} / no event {text!r}")
        out = Path(options["out"])
        if not out.parent.is_dir():
            self.fail(f"输出目录不存在：{out.parent} / no such directory: {out.parent}")
        _filename, _mimetype, content = event_export_bytes(event)
        out.write_bytes(content)
        self.stdout.write(f"{out} ({len(content)} bytes)")
