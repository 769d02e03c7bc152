"""``manage.py verify_deals <event code>``: check an event's generated deals against the
commitments published before play (docs/dealing.md) — for ``duidiao-deal/2`` hash the
document and the secret, then deal every board again from the secret and the public
value; for ``duidiao-deal/1`` hash the seed material and deal every board from its seed —
and compare with the deal stored.

Exit status (interfaces.md: 0 all equal, 1 any differs; 2 as its other commands, when
the input cannot be read): 0 every deal checked is equal; 1 any differs; 2 no such
event; 3 nothing to verify — no board of the event was dealt by the system (dealt at the
first table, 第四十三条, imported or typed in), so there are no seeds.

Before a stage is over its secrets are not shown; ``--force`` checks them all the same
(for a director on the server), printing no secret."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from boards.models import Board
from boards.services import deals_revealed, deals_verify
from tournament.models import Event

EXIT_DIFFERS, EXIT_NO_EVENT, EXIT_NOTHING_TO_VERIFY = 1, 2, 3


class Command(BaseCommand):
    help = "Deal an event's generated boards again from their commitments and compare (发牌核查)."
    # It reads deals and seeds only: the site's system checks would load every view (and
    # ReportLab and openpyxl with them) for nothing.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("event", help="the event's code")
        parser.add_argument(
            "--force", action="store_true", help="check stages not over yet (secrets not printed)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        event = Event.objects.filter(code=options["event"]).first()
        if event is None:
            self.stderr.write(f"没有赛事 {options['event']!r} / no event {options['event']!r}")
            raise SystemExit(EXIT_NO_EVENT)
        committed = any(stage.deal_commitments.exists() for stage in event.stages.all())
        if not committed:
            generated = Board.objects.filter(stage__event=event, source=Board.Source.GENERATED)
            self.stdout.write(
                "本赛事没有系统发的牌（首桌洗牌发牌、导入或手工录入），没有种子可核查"
                " / no board of this event was dealt by the system (dealt at the first table,"
                " imported or typed in): there are no seeds to verify"
                if not generated.exists()
                else "本赛事的牌没有发牌承诺 / this event's deals have no commitment"
            )
            raise SystemExit(EXIT_NOTHING_TO_VERIFY)
        failed = checked = 0
        for stage in event.stages.order_by("order"):
            if not stage.deal_commitments.exists():
                continue
            if not deals_revealed(stage) and not options["force"]:
                self.stdout.write(
                    f"{stage.name}: 阶段未结束，秘密值未公布 / not over, the secret is not shown"
                )
                continue
            for commitment in stage.deal_commitments.order_by("committed_at", "id"):
                check = deals_verify(commitment)
                checked += 1
                bad = [b for b in check.boards if not b.matches]
                self.stdout.write(
                    f"{stage.name} {commitment.scheme} {commitment.digest}: "
                    f"{'OK' if check.ok else 'FAILED'} "
                    f"({len(check.boards) - len(bad)}/{len(check.boards)} deals match)"
                )
                for _code, zh, en in check.problems:
                    self.stdout.write(f"  {zh} / {en}")
                for b in bad:
                    self.stdout.write(f"  round {b.round} board {b.number}: {b.problem}")
                failed += not check.ok
        if failed:
            self.stderr.write(f"{failed} of {checked} commitment(s) failed the check")
            raise SystemExit(EXIT_DIFFERS)
        self.stdout.write(f"{checked} commitment(s) checked")
