"""``python manage.py print_event EVENT KIND --out FILE [--lang en] [--stage STAGE]``

Render one paper (or spreadsheet) of an event, for scripts. EVENT is the event's code
(or id); KIND one of ``printing.services.KINDS``; STAGE limits it to one stage, by
its order number or name. Bad arguments: one bilingual line on stderr, exit status 2.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NoReturn

from django.core.management.base import CommandParser

from printing.errors import PrintingError
from printing.services import KINDS, render_kind
from tournament.management.commands._json_command import JsonCommand
from tournament.models import Event, Stage


class Command(JsonCommand):
    help = "打印赛事的表格与卡片 / print an event's papers: " + ", ".join(KINDS)

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> CommandParser:
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        usage = "print_event EVENT KIND --out FILE [--lang en] [--stage STAGE] [--players]"

        def error(message: str) -> NoReturn:
            self.fail(f"参数错误（用法：{usage}） / bad arguments: {message}")

        parser.error = error  # type: ignore[method-assign]
        return parser

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event", help="赛事代码或编号 / event code or id")
        parser.add_argument("kind", help="类别 / kind: " + ", ".join(KINDS))
        parser.add_argument("--out", required=True, help="输出文件 / output file")
        parser.add_argument("--lang", default="zh-hans", help="zh-hans（默认）或 en")
        parser.add_argument(
            "--stage", help="只打印一个阶段：顺序号或名称 / one stage: order or name"
        )
        parser.add_argument(
            "--players",
            action="store_true",
            help="成绩按选手所见（只含已公布的牌，第二十八条之6）/ scores as players see them",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        event = self._event(options["event"])
        stage = self._stage(event, options["stage"]) if options["stage"] else None
        out = Path(options["out"])
        if not out.parent.is_dir():
            self.fail(f"输出目录不存在：{out.parent} / no such directory: {out.parent}")
        try:
            filename, mimetype, content = render_kind(
                event=event,
                kind=options["kind"],
                language=options["lang"],
                stage=stage,
                official=not options["players"],
            )
        except PrintingError as error:
            self.fail(str(error))
        out.write_bytes(content)
        self.stdout.write(f"{out} ({mimetype}, {len(content)} bytes)")

    def _event(self, text: str) -> Event:
        event = Event.objects.filter(code=text).first()
        if event is None and text.isdigit():
            event = Event.objects.filter(pk=int(text)).first()
        if event is None:
            self.fail(f"找不到赛事 {text!r} / no event {text!r}")
        return event

    def _stage(self, event: Event, text: str) -> Stage:
        stages = event.stages.all()
        found = stages.filter(order=int(text)).first() if text.isdigit() else None
        found = found or stages.filter(name=text).first()
        if found is None:
            self.fail(f"赛事中没有阶段 {text!r} / the event has no stage {text!r}")
        return found
