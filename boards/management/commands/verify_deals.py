"""``manage.py verify_deals <event code>``: check an event's generated deals against the
commitments published before play — hash the seed material, deal every board again from
its seed and compare with the deal stored. Exits with status 1 on any mismatch.

Before a stage is over its seeds are secret; ``--force`` checks them all the same (for a
director on the server), printing no seed."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from boards.services import deals_revealed, deals_verify
from tournament.models import Event


class Command(BaseCommand):
    help = "Re-derive an event's generated deals from their seeds and compare (发牌核查)."
    # It reads deals and seeds only: the site's system checks would load every view (and
    # ReportLab and openpyxl with them) for nothing.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("event", help="the event's code")
        parser.add_argument(
            "--force", action="store_true", help="check stages not over yet (seeds not printed)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        event = Event.objects.filter(code=options["event"]).first()
        if event is None:
            raise CommandError(f"no event {options['event']!r}")
        failed = checked = 0
        for stage in event.stages.order_by("order"):
            revealed = deals_revealed(stage)
            if not revealed and not options["force"]:
                self.stdout.write(f"{stage.name}: 阶段未结束，种子未公布 / not over, seeds secret")
                continue
            for commitment in stage.deal_commitments.order_by("committed_at", "id"):
                check = deals_verify(commitment)
                checked += 1
                bad = [b for b in check.boards if not b.matches]
                state = "OK" if check.ok else "FAILED"
                self.stdout.write(
                    f"{stage.name} {commitment.digest}: {state} "
                    f"(digest {'matches' if check.digest_matches else 'DIFFERS'}, "
                    f"{len(check.boards) - len(bad)}/{len(check.boards)} deals match)"
                )
                for b in bad:
                    self.stdout.write(f"  round {b.round} board {b.number}: {b.problem}")
                failed += not check.ok
        if failed:
            raise CommandError(f"{failed} of {checked} commitment(s) failed the check")
        self.stdout.write(f"{checked} commitment(s) checked")
