"""A director's override of seats and pairings before a round is played.

ACBLscore, Compscore and Swiss Manager all let a director put a pair at another table
or change a round's pairing by hand; here it is one act for every format that lays
its rounds out in advance: two pairs (Mitchell, Howell) or two teams (round robin,
groups, Swiss, a team match) trade places from a round on — at that round and every
later one already laid out, so each follows the other's card. From round 1 it is a
change of the draw, and the two also trade their pair numbers (or Berger positions),
so every paper still reads "pair 3 at table 3".

Refused, with nothing saved, when a touched round has a result or is closed (what its
tables played is then a ruling or a correction), when the swap would have a pair play
a board set twice (第二十八条) or two teams meet more often than the format has them
meet (第二十五条), when two Mitchell pairs of different directions would trade (each
direction is its own ranking, 第二十八条之7), and for brackets (whose slots the
seeding and the results fill). Each override is a :class:`ScheduleChange`: who,
when, the tables or matches before and after, and the reason, which is required.
Standings, table codes, the movement sheet and every paper read the stored tables and
matches, so they follow.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from core.formats.overrides import repeated, swapped

from ..errors import EventError
from ..models import Entrant, Match, Round, ScheduleChange, SetPlay, Stage, StageEntry, Table
from . import _layout
from .versions import event_write

__all__ = ["OVERRIDE_KINDS", "round_swap"]

#: The formats whose rounds a director may change by hand.
OVERRIDE_KINDS = frozenset(
    {
        Stage.Kind.MITCHELL,
        Stage.Kind.HOWELL,
        Stage.Kind.ROUND_ROBIN,
        Stage.Kind.GROUP_ROUND_ROBIN,
        Stage.Kind.SWISS,
        Stage.Kind.TEAM_MATCH,
    }
)


@event_write(lambda kw: kw["round"].stage.event_id)
@transaction.atomic
def round_swap(
    *, round: Round, first: Entrant, second: Entrant, reason: str, changed_by: Any = None
) -> ScheduleChange:
    """``first`` and ``second`` trade places from ``round`` on (see the module)."""
    locked = Round.objects.select_for_update().select_related("stage").get(pk=round.pk)
    stage = locked.stage
    reason = reason.strip()
    if not reason:
        raise EventError("请写明调整原因", "give the reason for the change", code="reason")
    if stage.kind not in OVERRIDE_KINDS:
        raise EventError(
            f"{stage.get_kind_display()}的对阵由种子位置和比赛结果决定，不能手工调整；"
            "请撤销阶段后重新编排",
            "a bracket's matches follow its seeding and results and cannot be changed by "
            "hand; take the stage back and lay it out again",
            code="kind",
        )
    if first.pk == second.pk:
        raise EventError("请选择两个不同的参赛者", "choose two different entrants", code="same")
    entries = {e.entrant_id: e for e in StageEntry.objects.filter(stage=stage)}
    for entrant in (first, second):
        if entrant.pk not in entries:
            raise EventError(
                f"{entrant}不在{stage.name}中",
                f"{entrant} is not in {stage.name}",
                code="entrant",
            )
    rounds = list(stage.rounds.filter(number__gte=locked.number).order_by("number"))
    _check_unplayed(rounds)
    a, b = entries[first.pk], entries[second.pk]
    if stage.kind in Stage.MOVEMENT_KINDS:
        before, after = _swap_pairs(stage, rounds, a, b)
    else:
        before, after = _swap_teams(stage, rounds, a, b)
    if locked.number == 1:
        _swap_entries(stage, a, b)
    return ScheduleChange.objects.create(
        round=locked,
        first=first,
        second=second,
        changed_by=changed_by,
        before=before,
        after=after,
        reason=reason,
    )


def _check_unplayed(rounds: list[Round]) -> None:
    """Every touched round is still open to change: not closed, no result at a table."""
    for r in rounds:
        if r.closed_at is not None:
            raise EventError(
                f"第{r.number}轮已经结束，不能再调整座位或对阵",
                f"round {r.number} is closed: its seats and matches can no longer change",
                code="closed",
            )
        if Table.objects.filter(round=r, results__isnull=False).exists():
            raise EventError(
                f"第{r.number}轮已有成绩，不能再调整座位或对阵；请用判罚或更正处理",
                f"round {r.number} has results: its seats and matches can no longer change "
                "(use a ruling or a correction)",
                code="played",
            )


def _name(entry_id: int | None, names: dict[int, str]) -> str | None:
    return names.get(entry_id) if entry_id is not None else None


def _swap_pairs(
    stage: Stage, rounds: list[Round], a: StageEntry, b: StageEntry
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    if stage.kind == Stage.Kind.MITCHELL and a.direction != b.direction:
        raise EventError(
            "米切尔移位南北、东西分别排名，只能对调同一方向的两对",
            "a Mitchell ranks N–S and E–W apart: only two pairs of one direction can trade",
            code="direction",
            article="第二十八条",
        )
    first, second = a.entrant_id, b.entrant_id
    touched = [
        t
        for t in Table.objects.select_for_update()
        .filter(round__in=rounds)
        .select_related("round")
        .order_by("round__number", "number")
        if {t.ns_id, t.ew_id} & {first, second}
    ]
    new = {
        t.pk: (swapped(t.ns_id, first, second), swapped(t.ew_id, first, second)) for t in touched
    }
    plays = [
        (pair, set_number)
        for table_id, ns, ew, set_number in SetPlay.objects.filter(table__round__stage=stage)
        .values_list("table_id", "table__ns_id", "table__ew_id", "board_set__number")
        .order_by("table__round__number", "table__number")
        for pair in new.get(table_id, (ns, ew))
        if pair is not None
    ]
    entrants = Entrant.objects.in_bulk([first, second])
    for (pair, set_number), _count in repeated(plays)[:1]:
        if pair in (first, second):
            raise EventError(
                f"对调后{entrants[pair]}将两次打第{set_number}组牌（每对每副牌只打一次）",
                f"after the swap {entrants[pair]} would play set {set_number} twice "
                "(a pair plays each board once)",
                code="repeat",
                article="第二十八条",
            )
    names = {pk: str(e) for pk, e in entrants.items()}
    before, after = [], []
    for table in touched:
        ns, ew = new[table.pk]
        line = {"round": table.round.number, "table": table.number}
        before.append(line | {"ns": _name(table.ns_id, names), "ew": _name(table.ew_id, names)})
        after.append(line | {"ns": _name(ns, names), "ew": _name(ew, names)})
        table.ns_id, table.ew_id = ns, ew
    # Two writes per table, so the check "N–S is not E–W" holds after each one (an arrow
    # switch trades the two seats of one table).
    for table in touched:
        if {table.ns_id, table.ew_id} == {first, second}:
            Table.objects.filter(pk=table.pk).update(ns=None, ew=None)
    for table in touched:
        table.save(update_fields=["ns", "ew"])
        _layout.write_seats(table, _layout.pair_seats(table.ns, table.ew))
    return before, after


def _swap_teams(
    stage: Stage, rounds: list[Round], a: StageEntry, b: StageEntry
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    if a.group_label != b.group_label:
        raise EventError(
            f"两队不在同一小组（{a.group_label}组、{b.group_label}组），不能对调",
            f"the two teams are in different groups ({a.group_label}, {b.group_label})",
            code="group",
            article="第二十六条",
        )
    first, second = a.entrant_id, b.entrant_id
    matches = list(
        Match.objects.select_for_update(of=("self",))
        .filter(stage=stage)
        .select_related("round")
        .order_by("number")
    )
    in_rounds = {r.pk for r in rounds}
    touched = [
        m for m in matches if m.round_id in in_rounds and {m.home_id, m.away_id} & {first, second}
    ]
    new = {
        m.pk: (swapped(m.home_id, first, second), swapped(m.away_id, first, second))
        for m in touched
    }
    meetings = [
        frozenset(pair)
        for m in matches
        for pair in [new.get(m.pk, (m.home_id, m.away_id))]
        if None not in pair
    ]
    limit = 2 if stage.kind != Stage.Kind.SWISS and stage.options.double else 1
    entrants = Entrant.objects.in_bulk({t for m in touched for t in new[m.pk] if t} | {first})
    for two, count in repeated(meetings, limit)[:1]:
        x, y = (str(e) for e in Entrant.objects.filter(pk__in=two).order_by("number"))
        raise EventError(
            f"对调后{x}与{y}将相遇{count}次（本阶段每两队只相遇{limit}次）",
            f"after the swap {x} and {y} would meet {count} times "
            f"(teams meet {limit} time(s) in this stage)",
            code="repeat",
            article="第二十五条",
        )
    names = {pk: str(e) for pk, e in entrants.items()}
    before, after = [], []
    for match in touched:
        home, away = new[match.pk]
        line = {"round": match.round.number, "match": match.number}
        before.append(
            line | {"home": _name(match.home_id, names), "away": _name(match.away_id, names)}
        )
        after.append(line | {"home": _name(home, names), "away": _name(away, names)})
        match.home_id, match.away_id = home, away
        # The check "home is not away" holds between the two writes of a home/away switch.
        if {home, away} == {first, second}:
            Match.objects.filter(pk=match.pk).update(home=None, away=None)
        match.save(update_fields=["home", "away"])
        refreshed = Match.objects.select_related("home", "away").get(pk=match.pk)
        _layout.sync_match_tables(refreshed)
    return before, after


def _swap_entries(stage: Stage, a: StageEntry, b: StageEntry) -> None:
    """From round 1 the swap is a change of the draw: the two trade their places in it
    (pair number, direction, section, Berger position), so the papers' numbers still
    match the seats."""
    if stage.kind == Stage.Kind.SWISS:
        return  # a Swiss pairing override; the seeding stays what it was
    fields = ["pair_number", "direction", "group_label", "position"]
    values = [getattr(a, f) for f in fields]
    for f in fields:
        setattr(a, f, getattr(b, f))
    for f, v in zip(fields, values, strict=True):
        setattr(b, f, v)
    # Each number is unique in the stage: clear one, write the other, then the first.
    StageEntry.objects.filter(pk=a.pk).update(pair_number=None, position=None)
    b.save(update_fields=fields)
    a.save(update_fields=fields)
