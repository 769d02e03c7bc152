"""Setting an event up from the director's workspace: editing the event, correcting or
withdrawing an entrant, and taking back a stage — all before play (its officials:
``officials.py``).

"Before play" means before the director has started a round that the change touches
(``Round.started_at``): once a round has started, what its tables play is fixed and a
change goes through a ruling or a correction instead.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction

from ..errors import EventError, in_chinese
from ..models import Entrant, Event, Membership, Round, Stage
from .events import _captain_index, _player, check_entrant_size, check_event_fields
from .stages import stage_create, stage_field_change
from .versions import event_write

__all__ = [
    "entrant_update",
    "entrant_withdraw",
    "event_update",
    "stage_delete",
    "stage_playoff_create",
]


@transaction.atomic
def event_update(
    *,
    event: Event,
    name: str,
    venue: str = "",
    starts_on: datetime.date | None = None,
    ends_on: datetime.date | None = None,
    rules: str,
    switches: Mapping[str, object] | None = None,
    status: str | None = None,
) -> Event:
    """Change an event's name, dates, venue, rules and switches (the code stays: it is
    in every printed QR code). The rules cannot change once a round has started."""
    name = check_event_fields(
        name=name, rules=rules, switches=switches, starts_on=starts_on, ends_on=ends_on
    )
    changes_rules = (rules, dict(switches or {})) != (event.rules, dict(event.switches or {}))
    if changes_rules and _started(Round.objects.filter(stage__event=event)):
        raise EventError(
            "已有轮次开始比赛，不能再更改规则",
            "a round has started: the rules can no longer change",
            code="started",
        )
    event.name, event.venue = name, venue.strip()
    event.starts_on, event.ends_on = starts_on, ends_on
    event.rules, event.switches = rules, dict(switches or {})
    if status is not None:
        event.status = status
    event.save()
    return event


def _started(rounds: Any) -> bool:
    return bool(rounds.filter(started_at__isnull=False).exists())


# --- entrants ----------------------------------------------------------------------------


def _check_not_playing(entrant: Entrant, zh: str, en: str) -> None:
    if _started(Round.objects.filter(stage__entries__entrant=entrant)):
        raise EventError(
            f"{entrant}所在阶段已开始比赛，不能{zh}",
            f"{entrant}'s stage has started: it cannot be {en}",
            code="started",
        )


@event_write(lambda kw: kw["entrant"].event_id)
@transaction.atomic
def entrant_update(
    *,
    entrant: Entrant,
    name: str,
    players: Sequence[str],
    captain: str | None = None,
    seed: int | None = None,
    club: str = "",
) -> Entrant:
    """Correct a team's or pair's name, players, captain and prior ranking before play
    (the same checks as :func:`~tournament.services.entrants_add`)."""
    _check_not_playing(entrant, "修改", "changed")
    kind = Entrant.Kind(entrant.kind)
    name = name.strip()
    specs = [p.strip() for p in players if p.strip()]
    check_entrant_size(kind, len(specs))
    if kind == Entrant.Kind.TEAM and not name:
        raise EventError("队名不能为空", "a team needs a name", code="name")
    others = Entrant.objects.filter(event=entrant.event_id, kind=kind).exclude(pk=entrant.pk)
    if name and others.filter(name=name).exists():
        raise EventError(
            f"本赛事已有名为“{name}”的{in_chinese(kind.label)}",
            f"this event already has a {kind} named {name!r}",
            code="name_taken",
        )
    chosen = [_player(spec, club) for spec in specs]
    if len({p.pk for p in chosen}) != len(chosen):
        raise EventError("同一选手列了两次", "a player is listed twice", code="duplicate")
    elsewhere = set(
        Membership.objects.filter(entrant__event=entrant.event_id, entrant__kind=kind)
        .exclude(entrant=entrant)
        .values_list("player_id", flat=True)
    )
    for player in chosen:
        if player.pk in elsewhere:
            raise EventError(
                f"{player.name}已在本赛事另一{in_chinese(kind.label)}中",
                f"{player.name} already plays for another {kind} of this event",
                code="player_taken",
            )
    named = str(entrant)
    captain_index = _captain_index(captain or None, chosen, kind, named, named)
    entrant.name, entrant.seed = name, seed
    entrant.save(update_fields=["name", "seed"])
    entrant.memberships.all().delete()
    Membership.objects.bulk_create(
        Membership(
            entrant=entrant,
            player=player,
            order=i,
            role=Membership.Role.CAPTAIN if i - 1 == captain_index else Membership.Role.MEMBER,
        )
        for i, player in enumerate(chosen, start=1)
    )
    return entrant


@event_write(lambda kw: kw["entrant"].event_id)
@transaction.atomic
def entrant_withdraw(*, entrant: Entrant) -> list[Stage]:
    """Withdraw a team or pair before play (a no-show before round 1): it leaves the
    event and every stage it was drawn into is laid out again without it, in one step
    (:func:`~tournament.services.stage_field_change`). Returns the stages rebuilt. Once
    a round of its stage has started, a withdrawal forfeits instead (第三十条,
    ``scoring.services.withdrawal_record``)."""
    _check_not_playing(entrant, "直接退赛（请按弃权办理退赛）", "withdrawn before play")
    stages = list(Stage.objects.filter(entries__entrant=entrant).order_by("order"))
    for stage in stages:
        stage_field_change(stage=stage, remove=[entrant])
    entrant.delete()
    return stages


# --- stages ------------------------------------------------------------------------------


@event_write(lambda kw: kw["stage"].event_id)
@transaction.atomic
def stage_delete(*, stage: Stage) -> None:
    """Take back a stage and everything laid out for it (rounds, tables, boards) before
    its play starts: a correction of the draw or the settings is a new stage."""
    if _started(stage.rounds.all()):
        raise EventError(
            f"{stage.name}已开始比赛，不能撤销",
            f"{stage.name} has started and cannot be taken back",
            code="started",
        )
    if stage.next_stages.exists():
        raise EventError(
            f"{stage.name}是后续阶段的来源，请先撤销后续阶段",
            f"{stage.name} feeds a later stage: take that one back first",
            code="source",
        )
    stage.delete()


@transaction.atomic
def stage_playoff_create(
    *, stage: Stage, entrants: Sequence[Entrant], boards: int, name: str = ""
) -> Stage:
    """Play-off boards among teams level in a round robin (第二十五条之4), as a small
    stage of their own: two teams play a match, more play a round robin, one session of
    ``boards`` boards (half in each room). Its result then orders them (a tie order
    with the play-off as its reason)."""
    if stage.kind not in (Stage.Kind.ROUND_ROBIN, Stage.Kind.GROUP_ROUND_ROBIN):
        raise EventError(
            "只有循环赛的同分队可以加赛",
            "only teams level in a round robin play off",
            code="kind",
            article="第二十五条",
        )
    playing = set(stage.entries.values_list("entrant_id", flat=True))
    if len(entrants) < 2 or not {e.pk for e in entrants} <= playing:
        raise EventError(
            "加赛需要本阶段的至少两支队",
            "a play-off needs at least two teams of this stage",
            code="entrants",
            article="第二十五条",
        )
    kind = Stage.Kind.TEAM_MATCH if len(entrants) == 2 else Stage.Kind.ROUND_ROBIN
    name = name or f"{stage.name} 加赛"
    wanted = {e.pk for e in entrants}
    for laid in stage.event.stages.filter(kind=kind, name=name):
        if set(laid.entries.values_list("entrant_id", flat=True)) == wanted:
            return laid  # a second click shows the play-off laid out and adds nothing
    return stage_create(
        event=stage.event,
        kind=kind,
        name=name,
        entrants=entrants,
        settings={"boards_per_session": boards, "sessions": 1},
    )
