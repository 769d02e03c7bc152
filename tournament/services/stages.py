"""Creating a stage of each format and writing down its schedule (第二十四至二十九条).

Who plays whom comes from ``core.formats``; these functions only store it:
rounds, matches with their slot sources, tables with rooms and seats, board sets with
their start levels. Lots are drawn with ``random.Random(draw_seed)`` and the seed is
stored on the stage, so a draw can be shown fair and repeated.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, TypeVar

from django.db import transaction
from django.db.models import Max

from core.formats import FormatError
from core.formats.bracket import play_rounds
from core.formats.double_elimination import double_elimination
from core.formats.groups import draw_groups, serpentine
from core.formats.howell import howell
from core.formats.knockout import knockout
from core.formats.mitchell import Section, sections
from core.formats.movement import Movement, set_start_level
from core.formats.qualification import group_qualifier_order
from core.formats.round_robin import berger_rounds
from core.formats.swiss import SwissRound, check_rounds, first_round

from ..errors import EventError, in_chinese
from ..models import (
    BoardSet,
    Entrant,
    Event,
    Match,
    Round,
    Seating,
    SetPlay,
    Stage,
    StageEntry,
    Table,
)
from ..selectors import source_text
from ..stage_options import StageOptions, validate_stage_settings
from . import _layout
from .matches import bracket_sync
from .versions import event_write

__all__ = [
    "stage_create",
    "stage_entrants",
    "stage_field_change",
    "stage_preview",
    "swiss_round_create",
]

T = TypeVar("T")

#: Which stage may feed which: groups → a bracket or a round-robin final, a Mitchell →
#: the pairs final.
CHAINS = {
    Stage.Kind.ROUND_ROBIN: {Stage.Kind.GROUP_ROUND_ROBIN},
    Stage.Kind.KNOCKOUT: {Stage.Kind.GROUP_ROUND_ROBIN},
    Stage.Kind.DOUBLE_ELIMINATION: {Stage.Kind.GROUP_ROUND_ROBIN},
    Stage.Kind.PAIRS_FINAL: {Stage.Kind.MITCHELL},
}


def new_draw_seed() -> int:
    """A fresh seed for a lot; stored, so the draw can be repeated and checked."""
    return secrets.randbits(31)


@event_write(lambda kw: kw["event"].pk)
@transaction.atomic
def stage_create(
    *,
    event: Event,
    kind: str,
    name: str = "",
    entrants: Sequence[Entrant] | None = None,
    settings: Mapping[str, Any] | None = None,
    source: Stage | None = None,
    draw_seed: int | None = None,
    order: int | None = None,
) -> Stage:
    """Create a stage of ``kind`` and its schedule; nothing is saved if anything is wrong.

    ``entrants`` in seed order (1 first) for every kind except those fed by ``source``
    (a knockout or double elimination after groups, the pairs final after a Mitchell),
    whose field arrives later through ``stage_qualify``. For a round robin the order
    gives the Berger numbers; for groups the ranking that serpentine seeding uses.
    ``draw_seed`` fixes the lot (team match home/away, group draw, Mitchell
    directions); left out, a fresh one is drawn and stored.
    """
    if kind not in Stage.Kind.values:
        raise EventError(f"未知的赛制 {kind!r}", f"unknown stage kind {kind!r}", code="kind")
    kind = Stage.Kind(kind)
    try:
        options = validate_stage_settings(kind, settings or {})
    except ValueError as error:
        zh, _, en = str(error).partition(" / ")
        raise EventError(zh, en or zh, code="settings") from error
    if source is not None:
        if source.event_id != event.pk:
            raise EventError(
                "来源阶段必须属于同一赛事",
                "the source stage must belong to the same event",
                code="source",
            )
        if source.kind not in CHAINS.get(kind, set()):
            raise EventError(
                f"{in_chinese(Stage.Kind(source.kind).label)}不能接{in_chinese(kind.label)}",
                f"a {kind} stage cannot follow a {source.kind} stage",
                code="source",
            )
        if entrants:
            raise EventError(
                "由来源阶段产生参赛者的阶段，请在来源阶段结束后办理出线",
                "a stage fed by a source stage gets its field through qualification",
                code="entrants",
            )
    entrants = list(entrants or [])
    _check_entrants(event, kind, entrants)
    if order is None:
        order = (event.stages.aggregate(n=Max("order"))["n"] or 0) + 1
    elif event.stages.filter(order=order).exists():
        raise EventError(f"阶段顺序{order}已被使用", f"stage order {order} is taken", code="order")
    needs_lot = kind in (Stage.Kind.TEAM_MATCH, *Stage.MOVEMENT_KINDS) or (
        kind == Stage.Kind.GROUP_ROUND_ROBIN and options.draw == "draw"
    )
    if needs_lot and draw_seed is None:
        draw_seed = new_draw_seed()
    stage = Stage.objects.create(
        event=event,
        order=order,
        kind=kind,
        name=name or str(kind.label),  # the text saved, not a lazy proxy
        settings=dict(settings or {}),
        source=source,
        draw_seed=draw_seed,
        status=Stage.Status.SCHEDULED,
    )
    try:
        SCHEDULERS[kind](stage, options, entrants)
    except FormatError as error:
        raise EventError.from_format(error) from error
    return stage


class _Undo(Exception):
    """Leaves the preview's savepoint, undoing everything written in it."""


def stage_preview(*, describe: Callable[[Stage], T], **arguments: Any) -> T:
    """What :func:`stage_create` would lay out, described by ``describe(stage)`` and then
    undone: the schedule, movement or bracket shown before it is fixed, by the very
    code that fixes it. Pass the same ``draw_seed`` to ``stage_create`` to fix the
    draw that was shown."""
    shown: list[T] = []
    try:
        with transaction.atomic():
            shown.append(describe(stage_create(**arguments)))
            raise _Undo
    except _Undo:
        pass
    return shown[0]


def _check_entrants(event: Event, kind: Stage.Kind, entrants: Sequence[Entrant]) -> None:
    wanted = Entrant.Kind.TEAM if kind in Stage.TEAM_KINDS else Entrant.Kind.PAIR
    if len({e.pk for e in entrants}) != len(entrants):
        raise EventError("参赛者重复", "an entrant is listed twice", code="entrants")
    for entrant in entrants:
        if entrant.event_id != event.pk:
            raise EventError(
                f"{entrant}不属于本赛事", f"{entrant} is not in this event", code="entrants"
            )
        if entrant.kind != wanted:
            raise EventError(
                f"此赛制需要{in_chinese(Entrant.Kind(wanted).label)}，{entrant}是{in_chinese(Entrant.Kind(entrant.kind).label)}",
                f"this format takes {wanted}s; {entrant} is a {entrant.kind}",
                code="entrants",
            )


# --- team formats -----------------------------------------------------------------------


def _schedule_team_match(stage: Stage, options: StageOptions, entrants: list[Entrant]) -> None:
    """Two teams, home and away by lot (第二十四条之1)."""
    if len(entrants) != 2:
        raise EventError(
            f"团体对抗赛需要2支队，现有{len(entrants)}支",
            f"a team match takes 2 teams, got {len(entrants)}",
            code="entrants",
            article="第二十四条",
        )
    home_index = random.Random(stage.draw_seed).randrange(2)
    home, away = entrants[home_index], entrants[1 - home_index]
    StageEntry.objects.bulk_create(
        [
            StageEntry(stage=stage, entrant=home, seed=1, position=1),
            StageEntry(stage=stage, entrant=away, seed=2, position=2),
        ]
    )
    round_ = Round.objects.create(stage=stage, number=1)
    match = Match.objects.create(
        stage=stage, round=round_, number=1, home=home, away=away, status=Match.Status.READY
    )
    _layout.lay_team_match(match, 1, boards=options.boards_per_session, sessions=options.sessions)


def _schedule_round_robin(stage: Stage, options: StageOptions, entrants: list[Entrant]) -> None:
    """Berger tables, team n is the n-th entrant (第二十五条)."""
    if options.carry_over and stage.source is None:
        raise EventError(
            "带分只适用于小组赛后的循环赛决赛",
            "carrying over applies only to a round-robin final after groups",
            code="settings",
            article="第二十六条",
        )
    if stage.source is not None:
        _schedule_final_round_robin(stage, options)
        return
    schedule = berger_rounds(len(entrants), double=options.double)
    StageEntry.objects.bulk_create(
        StageEntry(stage=stage, entrant=e, seed=i, position=i)
        for i, e in enumerate(entrants, start=1)
    )
    rounds = {r.number: Round.objects.create(stage=stage, number=r.number) for r in schedule.rounds}
    number = 1
    for r in schedule.rounds:
        for index, m in enumerate(r.matches, start=1):
            number = _team_match(
                stage,
                rounds[r.number],
                number,
                index,
                options,
                entrants[m.home - 1],
                entrants[m.away - 1],
            )


def _schedule_final_round_robin(stage: Stage, options: StageOptions) -> None:
    """A round-robin final after groups (第二十六条之3): the Berger table over the
    qualifiers' places (``group:A:1``…), teams placed at qualification. With
    ``carry_over`` (带分) two finalists from the same group do not meet again: their
    group match counts in the final, so it is left out of the schedule (and a round
    that empties is dropped)."""
    source = stage.source.options
    order = group_qualifier_order(source.groups, source.qualifiers_per_group)
    schedule = berger_rounds(len(order), double=options.double)
    number = 1
    round_number = 0
    for r in schedule.rounds:
        kept = [
            m
            for m in r.matches
            if not (options.carry_over and order[m.home - 1][0] == order[m.away - 1][0])
        ]
        if not kept:
            continue
        round_number += 1
        round_ = Round.objects.create(stage=stage, number=round_number)
        for index, m in enumerate(kept, start=1):
            match = Match.objects.create(
                stage=stage,
                round=round_,
                number=number,
                home_source=f"group:{order[m.home - 1][0]}:{order[m.home - 1][1]}",
                away_source=f"group:{order[m.away - 1][0]}:{order[m.away - 1][1]}",
                status=Match.Status.PENDING,
            )
            _layout.lay_team_match(
                match, index, boards=options.boards_per_session, sessions=options.sessions
            )
            number += 1
    stage.status = Stage.Status.PLANNED
    stage.save(update_fields=["status"])


def _team_match(
    stage: Stage,
    round_: Round,
    number: int,
    index: int,
    options: StageOptions,
    home: Entrant,
    away: Entrant,
    group_label: str = "",
) -> int:
    match = Match.objects.create(
        stage=stage,
        round=round_,
        number=number,
        home=home,
        away=away,
        group_label=group_label,
        status=Match.Status.READY,
    )
    _layout.lay_team_match(
        match, index, boards=options.boards_per_session, sessions=options.sessions
    )
    return number + 1


def _schedule_groups(stage: Stage, options: StageOptions, entrants: list[Entrant]) -> None:
    """Serpentine by ranking or a recorded draw, then a Berger round robin in each
    group; the rounds of all groups are played together (第二十六条)."""
    if options.draw == "draw":
        drawn = draw_groups(entrants, options.groups, stage.draw_seed, seeded=options.seeded)
    else:
        drawn = serpentine(entrants, options.groups)
    for group in drawn.groups:
        if len(group.members) <= options.qualifiers_per_group:
            raise EventError(
                f"{group.label}组只有{len(group.members)}支队，不能出线{options.qualifiers_per_group}支",
                f"group {group.label} has {len(group.members)} teams; "
                f"{options.qualifiers_per_group} cannot qualify from it",
                code="qualifiers",
                article="第二十六条",
            )
    rank = {e.pk: i for i, e in enumerate(entrants, start=1)}
    StageEntry.objects.bulk_create(
        StageEntry(stage=stage, entrant=e, seed=rank[e.pk], group_label=g.label, position=i)
        for g in drawn.groups
        for i, e in enumerate(g.members, start=1)
    )
    schedules = [(g, berger_rounds(len(g.members), double=options.double)) for g in drawn.groups]
    round_count = max(len(s) for _, s in schedules)
    number = 1
    for r in range(1, round_count + 1):
        round_ = Round.objects.create(stage=stage, number=r)
        index = 1
        for group, schedule in schedules:
            if r > len(schedule):
                continue
            for m in schedule.rounds[r - 1].matches:
                number = _team_match(
                    stage,
                    round_,
                    number,
                    index,
                    options,
                    group.members[m.home - 1],
                    group.members[m.away - 1],
                    group.label,
                )
                index += 1


def _schedule_bracket(stage: Stage, options: StageOptions, entrants: list[Entrant]) -> None:
    """Knockout or double elimination on standard seeding (第二十七条)."""
    group_order: tuple[tuple[str, int], ...] = ()
    if stage.source is not None:
        source_options = stage.source.options
        group_order = group_qualifier_order(
            source_options.groups, source_options.qualifiers_per_group
        )
        count = len(group_order)
    else:
        count = len(entrants)
        StageEntry.objects.bulk_create(
            StageEntry(stage=stage, entrant=e, seed=i) for i, e in enumerate(entrants, start=1)
        )
    if stage.kind == Stage.Kind.KNOCKOUT:
        bracket = knockout(count, places=options.places)
    else:
        bracket = double_elimination(count, bracket_reset=options.bracket_reset)
    play_round = play_rounds(bracket)
    rounds = {
        n: Round.objects.create(stage=stage, number=n) for n in sorted(set(play_round.values()))
    }
    index_in_round: dict[int, int] = {}
    for m in bracket.matches:
        r = play_round[m.id]
        index_in_round[r] = index_in_round.get(r, 0) + 1
        match = Match.objects.create(
            stage=stage,
            round=rounds[r],
            number=m.id,
            home_source=source_text(m.a, group_order=group_order),
            away_source=source_text(m.b, group_order=group_order),
            side=m.side.value,
            bracket_round=m.round,
            is_reset=m.reset,
            first_place=m.places[0] if m.places else None,
            loser_place=m.places[1] if m.places else None,
        )
        _layout.lay_team_match(
            match,
            index_in_round[r],
            boards=options.boards_per_session,
            sessions=options.sessions,
        )
    bracket_sync(stage)


def _schedule_swiss(stage: Stage, options: StageOptions, entrants: list[Entrant]) -> None:
    """Swiss teams (瑞士移位): the field in seed order and round 1 (top half against
    bottom half); each later round is paired when the one before it is complete
    (``scoring.services.swiss_round_next``)."""
    check_rounds(len(entrants), options.rounds)
    StageEntry.objects.bulk_create(
        StageEntry(stage=stage, entrant=e, seed=i, position=i)
        for i, e in enumerate(entrants, start=1)
    )
    _swiss_round(stage, options, first_round(entrants))


def _swiss_round(stage: Stage, options: StageOptions, pairing: SwissRound[Entrant]) -> Round:
    round_ = Round.objects.create(stage=stage, number=pairing.number)
    number = _layout.next_match_number(stage)
    for index, pair in enumerate(pairing.pairs, start=1):
        number = _team_match(stage, round_, number, index, options, pair.home, pair.away)
    return round_


@event_write(lambda kw: kw["stage"].event_id)
@transaction.atomic
def swiss_round_create(
    *, stage: Stage, pairing: SwissRound[Entrant], withdrawn: Collection[Entrant] = ()
) -> Round:
    """Write a Swiss round's pairings (its matches, tables and board sets), the round
    after the last one; the pairing itself is ``core.formats.swiss.pair_round``'s. It
    holds every team of the stage but the ``withdrawn`` ones (退赛, 第三十条)."""
    if stage.kind != Stage.Kind.SWISS:
        raise EventError(
            "只有瑞士移位赛按轮编排", "only a Swiss stage is paired round by round", code="kind"
        )
    last = stage.rounds.aggregate(n=Max("number"))["n"] or 0
    if pairing.number != last + 1 or pairing.number > stage.options.rounds:
        raise EventError(
            f"下一轮应为第{last + 1}轮（共{stage.options.rounds}轮），不能编排第{pairing.number}轮",
            f"the next round is round {last + 1} of {stage.options.rounds}; "
            f"round {pairing.number} cannot be paired",
            code="round",
        )
    field = set(stage.entries.values_list("entrant_id", flat=True)) - {e.pk for e in withdrawn}
    placed = [e.pk for p in pairing.pairs for e in (p.home, p.away)]
    placed += [pairing.bye.pk] if pairing.bye is not None else []
    if sorted(placed) != sorted(field):
        raise EventError(
            "编排必须恰好包含本阶段每支未退赛的队一次",
            "the pairing must hold every team of the stage still in exactly once",
            code="pairing",
        )
    return _swiss_round(stage, stage.options, pairing)


# --- pairs formats ----------------------------------------------------------------------


def _schedule_mitchell(stage: Stage, options: StageOptions, entrants: list[Entrant]) -> None:
    """Pairs seated into N–S and E–W and their first tables; N–S sit still, E–W move up,
    the sets move down (第二十八条). An odd section gets a phantom E–W pair, so one N–S
    pair sits out each round; a big field splits into sections of equal tables that
    play the same sets at the same time; ``rounds`` shortens the movement."""
    split = sections(
        len(entrants), options.sections, options.boards_per_round, rounds=options.rounds or None
    )
    slots = [
        (section, direction, count)
        for section in split
        for direction, count in (
            (StageEntry.Direction.NS, section.movement.table_count),
            (StageEntry.Direction.EW, section.pairs - section.movement.table_count),
        )
    ]
    seated = _seat_pairs(stage, options, entrants, slots)
    labelled = len(split) > 1
    StageEntry.objects.bulk_create(
        StageEntry(
            stage=stage,
            entrant=entrant,
            direction=direction,
            pair_number=number,
            group_label=section.label if labelled else "",
        )
        for section in split
        for direction in (StageEntry.Direction.NS, StageEntry.Direction.EW)
        for number, entrant in seated.get((section.label, direction), {}).items()
    )
    layout = [
        (
            section.offset,
            seated.get((section.label, StageEntry.Direction.NS), {}),
            seated.get((section.label, StageEntry.Direction.EW), {}),
            section.movement,
        )
        for section in split
    ]
    _lay_movement(stage, options, entrants, layout)


def _seat_pairs(
    stage: Stage,
    options: StageOptions,
    entrants: list[Entrant],
    slots: list[tuple[Section, str, int]],
) -> dict[tuple[str, str], dict[int, Entrant]]:
    """Give each pair a section, a direction and a number.

    ``draw``: by lot (the stage's seed). ``reseed``: in the order given (a later session,
    ranked by the cumulative standing), dealt serpentine over the sections' N–S and
    E–W so that the strong pairs spread evenly. Pairs held at N–S (a player who cannot
    move) take N–S seats first, where they never move.
    """
    by_number = {e.number: e for e in entrants}
    missing = [n for n in options.held_ns if n not in by_number]
    if missing:
        raise EventError(
            f"固定南北的参赛编号{missing}不在本阶段",
            f"the pairs held at N–S {missing} are not in this stage",
            code="held_ns",
        )
    ns_slots = sum(count for _, direction, count in slots if direction == StageEntry.Direction.NS)
    if len(options.held_ns) > ns_slots:
        raise EventError(
            f"固定南北的对数（{len(options.held_ns)}）超过南北座位数（{ns_slots}）",
            f"{len(options.held_ns)} pairs held at N–S, but only {ns_slots} N–S seats",
            code="held_ns",
            article="第二十八条",
        )
    order = list(entrants)
    if options.seating == "draw":
        random.Random(stage.draw_seed).shuffle(order)
    held = [by_number[n] for n in options.held_ns]
    rest = [e for e in order if e.number not in options.held_ns]
    seated: dict[tuple[str, str], dict[int, Entrant]] = {}
    room = {(section.label, direction): count for section, direction, count in slots}
    offset = {section.label: section.offset for section, _direction, _count in slots}

    def deal(pairs: list[Entrant], groups: list[tuple[str, str]]) -> None:
        # By lot the drawn order fills the seats in turn; reseeded, it snakes.
        snake = groups + groups[::-1] if options.seating == "reseed" else groups
        step = 0
        for entrant in pairs:
            while room[snake[step % len(snake)]] == 0:
                step += 1
            group = snake[step % len(snake)]
            seats = seated.setdefault(group, {})
            seats[offset[group[0]] + len(seats) + 1] = entrant
            room[group] -= 1
            if options.seating == "reseed":
                step += 1

    groups = [(section.label, direction) for section, direction, _count in slots]
    deal(held, [g for g in groups if g[1] == StageEntry.Direction.NS])
    deal(rest, groups)
    return seated


def _lay_movement(
    stage: Stage,
    options: StageOptions,
    entrants: list[Entrant],
    layout: Sequence[tuple[int, Mapping[int, Entrant], Mapping[int, Entrant], Movement]],
) -> None:
    """Write a pairs movement: its sets, rounds, tables, set plays and seats.

    ``layout``: per section, its table offset, the N–S and E–W pairs by number and its
    movement (every section's movement has the same rounds and sets). A table with an
    empty seat (轮空) is not written: nothing is played there, its pair sits out.
    Large fields (60 tables, 59 rounds) are written in a few bulk inserts.
    """
    b = options.boards_per_round
    first = layout[0][3]
    sets = {
        s: BoardSet.objects.create(
            stage=stage,
            number=s,
            first_board=b * (s - 1) + 1,
            last_board=b * s,
            start_level=set_start_level(s, b),
        )
        for s in range(1, first.set_count + 1)
    }
    rounds = Round.objects.bulk_create(Round(stage=stage, number=r.number) for r in first.rounds)
    plays = [
        (round_, offset + a.table, ns[offset + a.ns], ew[offset + a.ew], a.board_set)
        for offset, ns, ew, movement in layout
        for round_, mround in zip(rounds, movement.rounds, strict=True)
        for a in mround.tables
        if a.ns is not None and a.ew is not None
    ]
    tables = Table.objects.bulk_create(
        Table(round=round_, number=number, ns=ns_pair, ew=ew_pair, code=code)
        for (round_, number, ns_pair, ew_pair, _set), code in zip(
            plays, _layout.table_codes(len(plays)), strict=True
        )
    )
    SetPlay.objects.bulk_create(
        SetPlay(table=table, board_set=sets[play[4]], order=1)
        for table, play in zip(tables, plays, strict=True)
    )
    players = {e.pk: _layout.lineup(e)[:2] for e in entrants}
    Seating.objects.bulk_create(
        Seating(table=table, seat=position, player=player)
        for table, play in zip(tables, plays, strict=True)
        for position, player in _layout.seat_players(
            players[play[2].pk], players[play[3].pk]
        ).items()
    )


def _schedule_howell(stage: Stage, options: StageOptions, entrants: list[Entrant]) -> None:
    """A small field (4–10 pairs): every pair meets every pair, one ranking. Pair
    numbers by lot; pair 2T sits still at table 1 N–S (an odd field: its seat is
    empty and the pair it would meet sits out)."""
    movement = howell(len(entrants), options.boards_per_round, rounds=options.rounds or None)
    drawn = list(entrants)
    random.Random(stage.draw_seed).shuffle(drawn)
    numbered = dict(enumerate(drawn, start=1))
    StageEntry.objects.bulk_create(
        StageEntry(stage=stage, entrant=e, pair_number=n) for n, e in numbered.items()
    )
    _lay_movement(stage, options, entrants, [(0, numbered, numbered, movement)])


def _schedule_pairs_final(stage: Stage, options: StageOptions, entrants: list[Entrant]) -> None:
    """The final's round and boards; its tables come with qualification (第二十九条)."""
    if entrants:
        raise EventError(
            "决赛的参赛对由南北、东西排名产生，请用出线办理",
            "the final's pairs come from the N–S and E–W rankings: qualify them",
            code="entrants",
            article="第二十九条",
        )
    round_ = Round.objects.create(stage=stage, number=1)
    _layout.session_sets(
        stage,
        round_,
        1,
        boards=options.boards_per_session,
        first_board=1,
        tiebreak=False,
    )
    stage.status = Stage.Status.PLANNED
    stage.save(update_fields=["status"])


SCHEDULERS = {
    Stage.Kind.TEAM_MATCH: _schedule_team_match,
    Stage.Kind.ROUND_ROBIN: _schedule_round_robin,
    Stage.Kind.GROUP_ROUND_ROBIN: _schedule_groups,
    Stage.Kind.KNOCKOUT: _schedule_bracket,
    Stage.Kind.DOUBLE_ELIMINATION: _schedule_bracket,
    Stage.Kind.MITCHELL: _schedule_mitchell,
    Stage.Kind.HOWELL: _schedule_howell,
    Stage.Kind.PAIRS_FINAL: _schedule_pairs_final,
    Stage.Kind.SWISS: _schedule_swiss,
}


def stage_entrants(stage: Stage) -> list[Entrant]:
    """The stage's field in seed order (the order :func:`stage_create` was given)."""
    entries = stage.entries.select_related("entrant")
    ordered = sorted(
        entries, key=lambda e: (e.seed is None, e.seed or 0, e.entrant.number, e.entrant_id)
    )
    return [e.entrant for e in ordered]


@event_write(lambda kw: kw["stage"].event_id)
@transaction.atomic
def stage_field_change(
    *, stage: Stage, add: Sequence[Entrant] = (), remove: Sequence[Entrant] = ()
) -> Stage:
    """A late team or pair, or a no-show, before round 1: the field changes and the
    schedule, movement or bracket is laid out again in one step, with the stage's own
    settings and stored draw. Boards laid out for the old schedule go with it (they are
    dealt again). Refused once a round has started (a withdrawal then forfeits, 第三十条)
    and for a stage whose field comes by qualification."""
    if stage.rounds.filter(started_at__isnull=False).exists():
        raise EventError(
            f"{stage.name}已开始比赛，参赛名单不能再改；退赛按弃权处理（第三十条）",
            f"{stage.name} has started: its field is fixed; a withdrawal now forfeits",
            code="started",
            article="第三十条",
        )
    if stage.source_id is not None:
        raise EventError(
            f"{stage.name}的参赛者由出线产生，请先撤销出线",
            f"{stage.name} takes its field by qualification: remove the qualification first",
            code="source",
        )
    current = stage_entrants(stage)
    ids = {e.pk for e in current}
    for entrant in remove:
        if entrant.pk not in ids:
            raise EventError(
                f"{entrant}不在{stage.name}中", f"{entrant} is not in {stage.name}", code="entrants"
            )
    for entrant in add:
        if entrant.pk in ids:
            raise EventError(
                f"{entrant}已在{stage.name}中",
                f"{entrant} is already in {stage.name}",
                code="entrants",
            )
    gone = {e.pk for e in remove}
    entrants = [e for e in current if e.pk not in gone] + list(add)
    kind = Stage.Kind(stage.kind)
    _check_entrants(stage.event, kind, entrants)
    stage.boards.all().delete()  # type: ignore[attr-defined]
    stage.deal_commitments.all().delete()  # type: ignore[attr-defined]
    stage.matches.all().delete()
    stage.rounds.all().delete()
    BoardSet.objects.filter(stage=stage).delete()  # a Mitchell's sets travel: no round
    stage.entries.all().delete()
    stage.pins.filter(entrant_id__in=gone).delete()
    try:
        SCHEDULERS[kind](stage, stage.options, entrants)
    except FormatError as error:
        raise EventError.from_format(error) from error
    return stage
