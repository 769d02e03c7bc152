"""Qualifying from one stage into the next: groups → bracket, Mitchell → pairs final.

The ranking itself (who finished where) is the scoring app's business; here it is an
input, ``standings``: the entrants of each group (or each direction) best first. This
function checks that they really played there and writes the next stage's field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.db import transaction

from core.formats import FormatError
from core.formats.pairs_final import pairs_final
from core.formats.qualification import group_qualifier_order

from ..errors import EventError
from ..models import Entrant, Match, Seating, SetPlay, Stage, StageEntry, Table
from . import _layout
from .matches import bracket_sync
from .versions import event_write

__all__ = ["stage_qualify", "stage_unqualify"]


@event_write(lambda kw: kw["stage"].event_id)
@transaction.atomic
def stage_qualify(*, stage: Stage, standings: Mapping[str, Sequence[Entrant]]) -> list[StageEntry]:
    """Fill ``stage`` from the ranking of its source stage.

    * A knockout or double elimination after groups: ``standings`` maps each group
      label to its teams in finishing order; the top ``qualifiers_per_group`` take the
      seeds their ``group:A:1`` slots stand for (第二十六条之3).
    * The pairs final: ``{"NS": […], "EW": […]}``, the Mitchell rankings (第二十九条); the
      stage's ``places`` (4, or 8 for 5th–8th) says how many pairs of each go on.

    Qualifying again replaces the field, as long as no result has been recorded.
    """
    if stage.matches.filter(winner__isnull=False).exists():
        raise EventError(
            "本阶段已有成绩，不能重新办理出线",
            "this stage already has results; its field cannot be replaced",
            code="has_results",
        )
    try:
        if stage.is_bracket and stage.source is not None:
            return _qualify_bracket(stage, standings)
        if stage.kind == Stage.Kind.ROUND_ROBIN and stage.source is not None:
            return _qualify_round_robin(stage, standings)
        if stage.kind == Stage.Kind.PAIRS_FINAL:
            return _qualify_final(stage, standings)
    except FormatError as error:
        raise EventError.from_format(error) from error
    raise EventError(
        "此阶段不由出线产生参赛者",
        "this stage does not take its field by qualification",
        code="kind",
    )


def _qualify_bracket(stage: Stage, standings: Mapping[str, Sequence[Entrant]]) -> list[StageEntry]:
    created = _group_entries(stage, standings)
    bracket_sync(stage)
    return created


def _qualify_round_robin(
    stage: Stage, standings: Mapping[str, Sequence[Entrant]]
) -> list[StageEntry]:
    """The round-robin final after groups: the qualifiers take the Berger numbers their
    ``group:A:1`` places stand for, and sit down at the schedule's tables."""
    created = _group_entries(stage, standings)
    by_place = {e.source: e.entrant for e in created}
    for match in stage.matches.all():
        match.home = by_place[match.home_source]
        match.away = by_place[match.away_source]
        match.status = Match.Status.READY
        match.save(update_fields=["home", "away", "status"])
        _layout.sync_match_tables(match)
    stage.status = Stage.Status.SCHEDULED
    stage.save(update_fields=["status"])
    return created


def _group_entries(stage: Stage, standings: Mapping[str, Sequence[Entrant]]) -> list[StageEntry]:
    """The field of a stage after groups: seed n is the n-th ``group_qualifier_order``
    place (第二十六条之3); replaces any earlier field."""
    source = stage.source
    options = source.options
    group_of = {e.entrant_id: e.group_label for e in StageEntry.objects.filter(stage=source)}
    entries = []
    for seed, (label, place) in enumerate(
        group_qualifier_order(options.groups, options.qualifiers_per_group), start=1
    ):
        ranked = list(standings.get(label, ()))
        if len(ranked) < place:
            raise EventError(
                f"{label}组名次不全：需要前{options.qualifiers_per_group}名",
                f"group {label}: the top {options.qualifiers_per_group} are needed",
                code="standings",
                article="第二十六条",
            )
        entrant = ranked[place - 1]
        if group_of.get(entrant.pk) != label:
            raise EventError(
                f"{entrant}不在{label}组",
                f"{entrant} did not play in group {label}",
                code="standings",
                article="第二十六条",
            )
        entries.append(
            StageEntry(stage=stage, entrant=entrant, seed=seed, source=f"group:{label}:{place}")
        )
    stage.entries.all().delete()
    for entry in entries:
        entry.position = entry.seed if stage.kind == Stage.Kind.ROUND_ROBIN else None
    return StageEntry.objects.bulk_create(entries)


def _qualify_final(stage: Stage, standings: Mapping[str, Sequence[Entrant]]) -> list[StageEntry]:
    options = stage.options
    ns_ranking = list(standings.get("NS", ()))
    ew_ranking = list(standings.get("EW", ()))
    final = pairs_final(
        ns_ranking, ew_ranking, boards=options.boards_per_session, places=options.places
    )
    if stage.source is not None:
        direction = {
            e.entrant_id: e.direction for e in StageEntry.objects.filter(stage=stage.source)
        }
        for key, ranking in (("NS", ns_ranking), ("EW", ew_ranking)):
            for entrant in ranking[: options.places // 2]:
                if direction.get(entrant.pk) != key:
                    raise EventError(
                        f"{entrant}不是预赛{'南北' if key == 'NS' else '东西'}组的",
                        f"{entrant} did not play {key} in the qualifying Mitchell",
                        code="standings",
                        article="第二十九条",
                    )
    round_ = stage.rounds.get(number=1)
    round_.tables.all().delete()
    stage.matches.all().delete()
    stage.entries.all().delete()
    open_set, closed_set = _layout.session_sets(
        stage, round_, 1, boards=options.boards_per_session, first_board=1, tiebreak=False
    )
    ranking_source = {}
    for i, entrant in enumerate(ns_ranking[: options.places // 2], start=1):
        ranking_source[entrant.pk] = f"ns:{i}"
    for i, entrant in enumerate(ew_ranking[: options.places // 2], start=1):
        ranking_source[entrant.pk] = f"ew:{i}"
    entries = []
    number = 1
    for group in final.groups:
        for seat, order in (
            (group.open, (open_set, closed_set)),
            (group.closed, (closed_set, open_set)),
        ):
            table = Table.objects.create(
                round=round_,
                number=seat.table,
                room=seat.room.value,
                ns=seat.ns,
                ew=seat.ew,
                code=_layout.table_codes(1)[0],
            )
            SetPlay.objects.bulk_create(
                SetPlay(table=table, board_set=s, order=i) for i, s in enumerate(order, start=1)
            )
            Seating.objects.bulk_create(
                Seating(table=table, seat=position, player=player)
                for position, player in _layout.pair_seats(seat.ns, seat.ew).items()
            )
            for pair, direction in (
                (seat.ns, StageEntry.Direction.NS),
                (seat.ew, StageEntry.Direction.EW),
            ):
                entries.append(
                    StageEntry(
                        stage=stage,
                        entrant=pair,
                        direction=direction,
                        pair_number=seat.table,
                        source=ranking_source[pair.pk],
                    )
                )
        for contest in group.contests:
            Match.objects.create(
                stage=stage,
                round=round_,
                number=number,
                home=contest.open_pair,
                away=contest.closed_pair,
                home_source=ranking_source[contest.open_pair.pk],
                away_source=ranking_source[contest.closed_pair.pk],
                first_place=contest.places[0],
                status=Match.Status.READY,
            )
            number += 1
    created = StageEntry.objects.bulk_create(entries)
    stage.status = Stage.Status.SCHEDULED
    stage.save(update_fields=["status"])
    return created


@event_write(lambda kw: kw["stage"].event_id)
@transaction.atomic
def stage_unqualify(*, stage: Stage) -> int:
    """Take a qualification back before the stage is played: its field goes and its
    matches wait for their slots again (``group:A:1``…; the pairs final's contests and
    tables go, to be laid out by the next qualification). Returns how many entries
    went. Refused once a round of it has started or a match has a result."""
    if stage.source_id is None:
        raise EventError(
            "此阶段不由出线产生参赛者",
            "this stage does not take its field by qualification",
            code="kind",
        )
    if (
        stage.rounds.filter(started_at__isnull=False).exists()
        or stage.matches.filter(winner__isnull=False).exists()
    ):
        raise EventError(
            f"{stage.name}已开始比赛，不能撤销出线",
            f"{stage.name} has started: its qualification cannot be removed",
            code="started",
            article="第二十六条",
        )
    gone = stage.entries.count()
    if stage.kind == Stage.Kind.PAIRS_FINAL:
        Table.objects.filter(round__stage=stage).delete()
        stage.matches.all().delete()
        stage.entries.all().delete()
    else:
        stage.entries.all().delete()
        if stage.is_bracket:
            bracket_sync(stage)
        else:
            for match in stage.matches.all():
                match.home, match.away, match.status = None, None, Match.Status.PENDING
                match.save(update_fields=["home", "away", "status"])
                _layout.sync_match_tables(match)
    return gone
