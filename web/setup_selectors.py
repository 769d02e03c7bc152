"""Reads of the director's workspace: the events a login directs, the steps of one event
and how far each has got, the entrants as the workspace lists them."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Q

from boards.models import Board
from boards.services import deals_revealed, deals_verify
from scoring.services import stage_source_undecided
from tournament.models import BoardSet, Entrant, Event, EventRole, Round, Stage
from tournament.selectors import unplayed_tiebreak

from .selectors import entrant_views


def directed_events(user: Any) -> list[Event]:
    """The events this login directs (every event for a superuser), newest first."""
    events = Event.objects.order_by("-created_at")
    if not user.is_superuser:
        events = events.filter(roles__user=user, roles__role=EventRole.Role.DIRECTOR).distinct()
    return list(events)


def _board_count(stage_id: int) -> int:
    return sum(len(s.board_numbers) for s in BoardSet.objects.filter(stage_id=stage_id))


def event_steps(event: Event) -> dict[str, Any]:
    """Each step of the event in order and what it holds: the numbers on the workspace."""
    stages = []
    for stage in event.stages.order_by("order"):
        rounds = Round.objects.filter(stage=stage)
        stages.append(
            {
                "stage": stage,
                "entries": stage.entries.count(),
                "rounds": rounds.count(),
                "started": rounds.filter(started_at__isnull=False).count(),
                "closed": rounds.filter(closed_at__isnull=False).count(),
                "boards": _board_count(stage.pk),
                "dealt": Board.objects.filter(stage=stage).count(),
            }
        )
    counts = Entrant.objects.filter(event=event).aggregate(
        teams=Count("pk", filter=Q(kind=Entrant.Kind.TEAM)),
        pairs=Count("pk", filter=Q(kind=Entrant.Kind.PAIR)),
    )
    return {
        "officials": EventRole.objects.filter(event=event).count(),
        "teams": counts["teams"],
        "pairs": counts["pairs"],
        "stage_rows": stages,
    }


def entrant_rows(event: Event) -> list[dict[str, Any]]:
    """Teams, then pairs, by number: name, players (captain first marked) and stages."""
    views = entrant_views(event)
    in_stages: dict[int, list[str]] = {}
    for entrant_id, name in Entrant.objects.filter(
        event=event, stage_entries__isnull=False
    ).values_list("pk", "stage_entries__stage__name"):
        in_stages.setdefault(entrant_id, []).append(name)
    rows = []
    for entrant in Entrant.objects.filter(event=event).order_by("-kind", "number"):
        view = views[entrant.pk]
        rows.append(
            {
                "entrant": entrant,
                "players": view.players,
                "stages": in_stages.get(entrant.pk, []),
            }
        )
    return rows


def board_blocks(event: Event) -> list[dict[str, Any]]:
    """Per stage: how many boards its sets hold, how many are dealt and how, the boards
    waiting for their 牌型卡, its rounds (to name one on an import) and its commitment."""
    out = []
    for stage in event.stages.order_by("order"):
        dealt = Board.objects.filter(stage=stage)
        out.append(
            {
                "stage": stage,
                "total": _board_count(stage.pk),
                "dealt": dealt.count(),
                "by_source": [
                    (Board.Source(source).label, n)
                    for source, n in dealt.values_list("source")
                    .annotate(n=Count("pk"))
                    .values_list("source", "n")
                    .order_by("source")
                ],
                "awaiting": [
                    board
                    for board in dealt.filter(source=Board.Source.TABLE)
                    .select_related("round")
                    .annotate(entered=Count("results"))
                    .order_by("round__number", "number")
                    if not board.has_deal
                ],
                "rounds": list(stage.rounds.order_by("number")),
                "per_round": stage.kind != Stage.Kind.MITCHELL,
                "commitment": stage.deal_commitments.order_by("-committed_at", "-id").first(),
            }
        )
    return out


def commitment_blocks(event: Event) -> list[dict[str, Any]]:
    """The public check of each stage's deals: the commitments, and once the stage is
    over the seed material with every deal dealt again and compared."""
    out = []
    for stage in event.stages.order_by("order"):
        commitments = list(stage.deal_commitments.order_by("committed_at", "id"))
        if not commitments:
            continue
        revealed = deals_revealed(stage)
        out.append(
            {
                "stage": stage,
                "revealed": revealed,
                "checks": [
                    {"commitment": c, "check": deals_verify(c) if revealed else None}
                    for c in commitments
                ],
            }
        )
    return out


def decision_blocks(event: Event) -> list[dict[str, Any]]:
    """Per stage, what a director may decide there and what was decided."""
    out = []
    for stage in event.stages.order_by("order"):
        block: dict[str, Any] = {"stage": stage, "entries": []}
        if stage.kind in (Stage.Kind.ROUND_ROBIN, Stage.Kind.GROUP_ROUND_ROBIN):
            block["round_robin"] = True
            block["entries"] = list(
                stage.entries.select_related("entrant").order_by("group_label", "entrant__number")
            )
            block["tie_orders"] = list(stage.tie_orders.order_by("decided_at"))
            block["groups"] = sorted({e.group_label for e in block["entries"]})
        if stage.source_id is not None:
            block["qualify"] = True
            block["undecided"] = [zh for zh, _en in stage_source_undecided(stage)]
            block["overrides"] = list(stage.qualification_overrides.order_by("decided_at"))
            block["qualified"] = stage.entries.count()
        if stage.is_bracket:
            # Level after their boards: the scoring says a winner is needed (第二十七条).
            # A match whose segment is laid out and unplayed is offered its removal, not
            # another segment (a second click would add nothing).
            level, waiting = [], []
            for match in (
                stage.matches.filter(Q(score__decision="tiebreak") | Q(tables__session__gt=1))
                .distinct()
                .select_related("home", "away", "score")
                .order_by("number")
            ):
                tables = unplayed_tiebreak(match)
                if tables:
                    waiting.append({"match": match, "tables": tables})
                elif match.score.decision == "tiebreak":
                    level.append(match)
            block["level_matches"] = level
            block["tiebreaks"] = waiting
        out.append(block)
    return out
