"""Reading rulings: who sees which, warnings counted, a ruling's history, and what the
referee's form offers at a table."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import Q, QuerySet

from boards.models import Board
from boards.selectors import visible_board_ids
from core.articles import Decision, Status
from tournament.models import Entrant, Event, Seating, SetPlay, StageEntry, Table
from tournament.roles import person_name

from .models import DECISION_CHOICES, STATUS_CHOICES, Ruling
from .services import can_rule

__all__ = [
    "entrant_labels",
    "event_rulings",
    "named",
    "pair_numbers_of",
    "OffenderChoice",
    "offender_choices",
    "ruling_history",
    "rulings_for_event",
    "rulings_for_table",
    "table_boards",
    "warning_counts",
]

_RELATED = (
    "stage",
    "round",
    "match",
    "table",
    "board",
    "offender_entrant",
    "offender_player",
    "second_entrant",
    "referee",
)


def pair_numbers_of(stage_ids: Iterable[int | None]) -> dict[tuple[int, int], tuple[str, int]]:
    """(stage id, entrant id) → (direction, pair number) of every pair numbered in those
    stages' movements (a Mitchell's 东西1): the number its guide card, the stage page and
    the papers give it, not its entry number in the event."""
    ids = {pk for pk in stage_ids if pk is not None}
    numbered = StageEntry.objects.filter(stage_id__in=ids, pair_number__isnull=False)
    return {
        (stage, entrant): (direction, number)
        for stage, entrant, direction, number in numbered.values_list(
            "stage_id", "entrant_id", "direction", "pair_number"
        )
    }


def entrant_labels(stage_id: int | None, entrants: Iterable[Entrant | None]) -> dict[int, str]:
    """How a ruling in stage ``stage_id`` names each entrant: a pair numbered in the
    stage's movement by its direction, number and players (东西1 巳南、巳北), as the
    players read it everywhere else; any other by its own name (红山队, 对6)."""
    present = {e.pk: e for e in entrants if e is not None}
    numbers = pair_numbers_of([stage_id])
    players: dict[int, list[str]] = {}
    for entrant, name in (
        Entrant.objects.filter(pk__in=present)
        .filter(memberships__isnull=False)
        .order_by("memberships__order")
        .values_list("pk", "memberships__player__name")
    ):
        players.setdefault(entrant, []).append(name)
    out = {}
    for pk, entrant in present.items():
        number = numbers.get((stage_id, pk)) if stage_id is not None else None
        if number is None:
            out[pk] = str(entrant)
            continue
        direction, pair = number
        side = str(StageEntry.Direction(direction).label) if direction else ""
        out[pk] = f"{side}{pair} {entrant.name or '、'.join(players.get(pk, []))}".rstrip()
    return out


def named(rulings: Iterable[Ruling]) -> list[Ruling]:
    """The rulings with ``offender_name`` and ``second_name`` set: their entrants as
    :func:`entrant_labels` names them in each ruling's stage."""
    rows = list(rulings)
    by_stage: dict[int | None, list[Entrant | None]] = {}
    for r in rows:
        by_stage.setdefault(r.stage_id, []).extend([r.offender_entrant, r.second_entrant])
    labels = {stage: entrant_labels(stage, entrants) for stage, entrants in by_stage.items()}
    for r in rows:
        names = labels[r.stage_id]
        r.offender_name = names.get(r.offender_entrant_id, "")  # type: ignore[attr-defined]
        r.second_name = names.get(r.second_entrant_id, "")  # type: ignore[attr-defined]
    return rows


def event_rulings(event: Event) -> QuerySet[Ruling]:
    """Every ruling of the event, with what a list or a slip shows read at once (for
    officials: the printed slips, the rulings page)."""
    return Ruling.objects.filter(event=event).select_related(*_RELATED)


def rulings_for_event(event: Event, user: Any) -> QuerySet[Ruling]:
    """Every ruling of the event for its directors and referees; the published ones
    for everybody else."""
    rows = event_rulings(event)
    if not can_rule(user, event):
        rows = rows.filter(published=True)
    return rows.order_by("-created_at", "-id")


def rulings_for_table(table: Table, *, players: bool = False) -> QuerySet[Ruling]:
    """The rulings that concern the match played at ``table`` (both rooms and every
    session of a team match), or that Mitchell table, published or not. For its
    ``players``: a ruling made at another table on a board this table may not see yet
    is left out — it would tell the board before they play it (第二十八条之6)."""
    where = Q(table=table)
    if table.match_id is not None:
        other = Q(match_id=table.match_id) & ~Q(table=table)
        if players:
            rooms = Ruling.objects.filter(other, board__isnull=False).select_related("board")
            hidden = {r.board_id for r in rooms} - visible_board_ids({r.board for r in rooms})
            other &= ~Q(board_id__in=hidden)
        where |= other
    return Ruling.objects.filter(where).select_related(*_RELATED).order_by("-created_at", "-id")


def warning_counts(event: Event) -> dict[str, Counter[int]]:
    """Warnings in force, counted per offending entrant and per player, so a referee
    sees a repeated offender (屡教不改, 第三十七条)."""
    rows = Ruling.objects.filter(event=event, decision=Decision.WARNING.value).exclude(
        status=Status.WITHDRAWN.value
    )
    return {
        "entrants": Counter(
            e for e in rows.values_list("offender_entrant_id", flat=True) if e is not None
        ),
        "players": Counter(
            p for p in rows.values_list("offender_player_id", flat=True) if p is not None
        ),
    }


def ruling_history(ruling: Ruling) -> list[dict[str, Any]]:
    """Every version of ``ruling``, oldest first, with who acted and what the ruling
    said then (decision, amount, status, labelled in the current language)."""
    decisions = dict(DECISION_CHOICES)
    statuses = dict(STATUS_CHOICES)
    rows = []
    for version in ruling.versions.select_related("by").order_by("number"):
        snap = version.snapshot
        amount = Decimal(snap.get("amount") or 0)
        rows.append(
            {
                "version": version,
                "by": person_name(version.by),
                "decision": decisions.get(snap.get("decision", ""), snap.get("decision", "")),
                "amount": amount if amount else None,
                "status": statuses.get(snap.get("status", ""), snap.get("status", "")),
            }
        )
    return rows


def table_boards(table: Table) -> QuerySet[Board]:
    """The boards ``table`` is scheduled to play."""
    sets = SetPlay.objects.filter(table=table).values("board_set_id")
    return Board.objects.filter(board_set_id__in=sets).order_by("number")


@dataclass(frozen=True)
class OffenderChoice:
    value: str  # "side:NS", "player:12", "entrant:5"
    label: str
    warnings: int


def offender_choices(table: Table, counts: dict[str, Counter[int]]) -> list[OffenderChoice]:
    """Whom a ruling at ``table`` can name: the two sides, the players seated, and any
    other entrant of the stage (a fouled board's offender sat at another table, 第三十九条)."""
    out: list[OffenderChoice] = []
    stage = table.round.stage
    here = {table.ns_id, table.ew_id}
    others = list(
        Entrant.objects.filter(stage_entries__stage=stage)
        .exclude(pk__in=[pk for pk in here if pk is not None])
        .order_by("number")
    )
    names = entrant_labels(stage.pk, [table.ns, table.ew, *others])
    numbered = pair_numbers_of([stage.pk])  # a Mitchell pair's name says its side already
    for side, entrant in (("NS", table.ns), ("EW", table.ew)):
        if entrant is not None:
            label = names[entrant.pk]
            if (stage.pk, entrant.pk) not in numbered:
                label = f"{StageEntry.Direction(side).label} · {label}"
            out.append(OffenderChoice(f"side:{side}", label, counts["entrants"][entrant.pk]))
    for seat in Seating.objects.filter(table=table, player__isnull=False).select_related("player"):
        player = seat.player
        assert player is not None
        label = f"{seat.get_seat_display()} · {player.name}"
        out.append(OffenderChoice(f"player:{player.pk}", label, counts["players"][player.pk]))
    for entrant in others:
        out.append(
            OffenderChoice(
                f"entrant:{entrant.pk}", names[entrant.pk], counts["entrants"][entrant.pk]
            )
        )
    return out
