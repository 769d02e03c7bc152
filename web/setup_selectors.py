"""Reads of the director's workspace: the events a login directs, the steps of one event
and how far each has got, the entrants as the workspace lists them."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Q

from boards.models import Board, DealCommitment
from boards.services import DealsCheck, deals_revealed, deals_verify
from scoring.models import ARTIFICIAL_CHOICES, DecisionRecord, Withdrawal
from scoring.services import OPPONENT_SCORES, entrant_playing, stage_source_undecided
from tournament.models import (
    BoardSet,
    Entrant,
    Event,
    EventRole,
    Round,
    ScheduleChange,
    Stage,
    StageEntry,
    Table,
)
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
    withdrawn = set(
        Withdrawal.objects.filter(event=event, taken_back_at__isnull=True).values_list(
            "entrant_id", flat=True
        )
    )
    rows = []
    for entrant in Entrant.objects.filter(event=event).order_by("-kind", "number"):
        view = views[entrant.pk]
        rows.append(
            {
                "entrant": entrant,
                "players": view.players,
                "stages": in_stages.get(entrant.pk, []),
                "withdrawn": entrant.pk in withdrawn,
            }
        )
    return rows


def withdraw_block(entrant: Entrant) -> dict[str, Any]:
    """What the entrant's page offers: withdrawing (before play: the field changes;
    after: the forfeits of 第三十条, with the choices the rules give), the withdrawal in
    force with its taking back, and the stages a late entrant may still join."""
    playing = entrant_playing(entrant)
    in_stages = Stage.objects.filter(entries__entrant=entrant)
    joinable = [
        stage
        for stage in entrant.event.stages.filter(source__isnull=True)
        .exclude(pk__in=in_stages.values("pk"))
        .order_by("order")
        if stage.entrant_kind == entrant.kind
        and not stage.rounds.filter(started_at__isnull=False).exists()
    ]
    return {
        "playing": playing,
        "movement": in_stages.filter(kind__in=Stage.MOVEMENT_KINDS).exists(),
        "withdrawal": Withdrawal.objects.filter(entrant=entrant)
        .order_by("-decided_at")
        .select_related("decided_by", "taken_back_by")
        .first(),
        "played_choices": Withdrawal.Played.choices,
        "opponent_choices": [(v, dict(ARTIFICIAL_CHOICES)[v]) for v in OPPONENT_SCORES],
        "joinable": joinable,
    }


def board_blocks(event: Event) -> list[dict[str, Any]]:
    """Per stage: how many boards its sets hold, how many are dealt and how, the boards
    waiting for their 牌型卡, its rounds (to name one on an import), its latest commitment
    and the commitments still waiting for their public value."""
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
                "awaiting_value": list(
                    stage.deal_commitments.filter(
                        scheme=DealCommitment.Scheme.V2, public_value_at__isnull=True
                    ).order_by("committed_at", "id")
                ),
            }
        )
    return out


def commitment_blocks(event: Event) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The public check of each stage's deals: the commitments with their times and
    public values, and once the stage is over each commitment checked again by the
    server — and, for ``duidiao-deal/2``, what the page's script needs to check it again
    in the reader's browser (the document, digest, secret, public value and the deals
    stored), returned second."""
    out: list[dict[str, Any]] = []
    browser: list[dict[str, Any]] = []
    for stage in event.stages.order_by("order"):
        commitments = list(stage.deal_commitments.order_by("committed_at", "id"))
        if not commitments:
            continue
        revealed = deals_revealed(stage)
        checks = []
        for c in commitments:
            # a commitment still waiting for its value keeps its secret: its deals are to come
            check = deals_verify(c) if revealed and not c.awaits_public_value else None
            checks.append({"commitment": c, "check": check})
            if check is not None and c.scheme == DealCommitment.Scheme.V2:
                browser.append(_browser_check(c, check))
        out.append({"stage": stage, "revealed": revealed, "checks": checks})
    return out, browser


def _browser_check(commitment: DealCommitment, check: DealsCheck) -> dict[str, Any]:
    where = {(b.round, b.number) for b in check.boards}
    boards = [
        {
            "round": b.round.number if b.round else 0,
            "number": b.number,
            "hands": b.hands,
            "bottom": b.bottom,
        }
        for b in Board.objects.filter(stage=commitment.stage).select_related("round")
        if ((b.round.number if b.round else 0), b.number) in where
    ]
    return {
        "id": commitment.pk,
        "document": commitment.material,
        "digest": commitment.digest,
        "secret": commitment.secret,
        "public_value": commitment.public_value,
        "public_value_at": (
            commitment.public_value_at.isoformat() if commitment.public_value_at else None
        ),
        "boards": boards,
    }


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
        # Not started: a stage (a play-off laid out by mistake) is taken back with a reason.
        block["removable"] = not stage.rounds.filter(started_at__isnull=False).exists()
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
                # A tie-break segment is a set marked so, not any second session: a match
                # laid out in two sessions is no tie-break, and may have no score yet.
                stage.matches.filter(
                    Q(score__decision="tiebreak") | Q(tables__set_plays__board_set__tiebreak=True)
                )
                .distinct()
                .select_related("home", "away", "score")
                .order_by("number")
            ):
                tables = unplayed_tiebreak(match)
                if tables:
                    waiting.append({"match": match, "tables": tables})
                elif getattr(getattr(match, "score", None), "decision", "") == "tiebreak":
                    level.append(match)
            block["level_matches"] = level
            block["tiebreaks"] = waiting
        out.append(block)
    return out


def round_seats(round_: Round) -> dict[str, Any]:
    """What a round's seats page shows: its tables (pairs) or matches (teams) as stored
    — after any override — the entrants it leaves out, and the stage's override record."""
    stage = round_.stage
    numbers = {
        e.entrant_id: (e.direction, e.pair_number)
        for e in StageEntry.objects.filter(stage=stage, pair_number__isnull=False)
    }
    tables = list(
        Table.objects.filter(round=round_)
        .select_related("ns", "ew", "match")
        .prefetch_related("set_plays__board_set")
        .order_by("session", "number", "room")
    )
    seated = {pk for t in tables for pk in (t.ns_id, t.ew_id) if pk}
    rows = []
    for t in tables:
        sets = [p.board_set for p in t.set_plays.all()]
        rows.append(
            {
                "table": t,
                "set": sets[0].number if sets and stage.kind in Stage.MOVEMENT_KINDS else 0,
                # (direction, pair number) of a movement's pairs, for "南北3" / "第3对"
                "ns_no": numbers.get(t.ns_id) if t.ns_id else None,
                "ew_no": numbers.get(t.ew_id) if t.ew_id else None,
                "boards": ", ".join(f"{s.first_board}–{s.last_board}" for s in sets),
            }
        )
    matches = []
    if stage.kind not in Stage.MOVEMENT_KINDS:
        by_match: dict[int, list[Table]] = {}
        for t in tables:
            if t.match_id is not None:
                by_match.setdefault(t.match_id, []).append(t)
        matches = [
            {"match": m, "tables": by_match.get(m.pk, [])}
            for m in round_.matches.select_related("home", "away").order_by("number")
        ]
    return {
        "table_rows": rows,
        "match_rows": matches,
        "pair_numbers": numbers,
        "sitting_out": list(
            stage.entries.exclude(entrant_id__in=seated)
            .select_related("entrant")
            .order_by("entrant__number")
        ),
        "played": Table.objects.filter(round=round_, results__isnull=False).exists(),
        "changes": list(
            ScheduleChange.objects.filter(round__stage=stage)
            .select_related("round", "changed_by")
            .order_by("-changed_at", "-id")
        ),
    }


def decision_records(event: Event) -> list[DecisionRecord]:
    """The event's record of withdrawals, field changes and decisions taken back."""
    return list(DecisionRecord.objects.filter(event=event).select_related("done_by")[:100])
