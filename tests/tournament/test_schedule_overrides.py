"""A director's override of seats and pairings before a round is played (issue 26, item 6).

Two pairs or teams trade places from a round on; refused once that round has a
result, when a pair would play a set twice (第二十八条), when teams would meet more
often than the format has them meet (第二十五条), and across a Mitchell's directions
(第二十八条之7). Every refusal leaves the schedule as it was.
"""

from __future__ import annotations

import pytest

from core.formats.swiss import SwissPair, SwissRound
from printing.selectors import movement_data
from tests import builders
from tournament.errors import EventError
from tournament.models import Match, ScheduleChange, StageEntry, Table
from tournament.services import round_swap, stage_create, swiss_round_create

pytestmark = pytest.mark.django_db


def _seats(stage):
    return list(
        Table.objects.filter(round__stage=stage)
        .order_by("round__number", "number", "room")
        .values_list("round__number", "number", "ns_id", "ew_id")
    )


def _entry(stage, direction, number):
    return StageEntry.objects.get(stage=stage, direction=direction, pair_number=number)


@pytest.fixture
def mitchell(event, make_pairs):
    return stage_create(event=event, kind="mitchell", entrants=make_pairs(10), draw_seed=28)


def test_two_ns_pairs_trade_tables_from_round_1_and_the_movement_sheet_follows(mitchell, director):
    a, b = _entry(mitchell, "NS", 1), _entry(mitchell, "NS", 3)
    first_round = mitchell.rounds.get(number=1)

    change = round_swap(
        round=first_round,
        first=a.entrant,
        second=b.entrant,
        reason="3号对需坐近出口",
        changed_by=director,
    )

    # Every round: table 1 now seats b's pair, table 3 a's; the pair numbers follow the
    # seats, so the sheet still reads "N–S 1 at table 1".
    for r in mitchell.rounds.all():
        at = {t.number: t.ns_id for t in Table.objects.filter(round=r)}
        assert at[1] == b.entrant_id and at[3] == a.entrant_id
    assert _entry(mitchell, "NS", 1).entrant_id == b.entrant_id
    sheet = movement_data(mitchell.event, stage=mitchell).stages[0]
    table_1 = next(row for row in sheet.rounds[0].rows if row.table == 1)
    assert table_1.ns is not None and table_1.ns.number == 1
    assert change.reason == "3号对需坐近出口" and change.changed_by == director
    assert {"round": 1, "table": 1}.items() <= change.before[0].items()
    seats = Table.objects.get(round=first_round, number=1).seats.get(seat="N")
    assert seats.player == b.entrant.memberships.order_by("order").first().player


def test_mitchell_directions_do_not_trade_第二十八条(mitchell):
    before = _seats(mitchell)
    with pytest.raises(EventError, match="同一方向") as refused:
        round_swap(
            round=mitchell.rounds.get(number=1),
            first=_entry(mitchell, "NS", 1).entrant,
            second=_entry(mitchell, "EW", 2).entrant,
            reason="x",
        )
    assert refused.value.article == "第二十八条"
    assert _seats(mitchell) == before and not ScheduleChange.objects.exists()


def test_a_later_round_swap_that_would_replay_a_set_is_refused_第二十八条(mitchell):
    before = _seats(mitchell)
    with pytest.raises(EventError, match="两次打第") as refused:
        round_swap(
            round=mitchell.rounds.get(number=2),
            first=_entry(mitchell, "NS", 1).entrant,
            second=_entry(mitchell, "NS", 2).entrant,
            reason="坐错桌",
        )
    assert "twice" in refused.value.message_en
    assert _seats(mitchell) == before


def test_a_howell_table_switches_directions_in_a_later_round(event, make_pairs):
    howell = stage_create(event=event, kind="howell", entrants=make_pairs(6), draw_seed=3)
    third = howell.rounds.get(number=3)
    table = Table.objects.get(round=third, number=2)
    ns, ew = table.ns_id, table.ew_id

    round_swap(round=third, first=table.ew, second=table.ns, reason="方向换位以平衡比较")

    table.refresh_from_db()
    assert (table.ns_id, table.ew_id) == (ew, ns)
    assert table.seats.get(seat="N").player in table.ns.players.all()
    # Pair numbers are a round-1 matter only: a later override keeps the draw.
    assert StageEntry.objects.get(stage=howell, entrant_id=ns).pair_number is not None


@pytest.fixture
def round_robin(make_teams, make_stage):
    return make_stage("round_robin", make_teams(4), boards_per_session=4)


def test_two_teams_trade_places_in_round_1_of_a_round_robin(round_robin, director):
    first_round = round_robin.rounds.get(number=1)
    match = Match.objects.filter(round=first_round).order_by("number").first()
    other = Match.objects.filter(round=first_round).exclude(pk=match.pk).get()
    home, partner = match.home, other.home

    round_swap(
        round=first_round, first=home, second=partner, reason="抽签号登记错", changed_by=director
    )

    match.refresh_from_db()
    other.refresh_from_db()
    assert match.home_id == partner.pk and other.home_id == home.pk
    open_room, closed_room = builders.rooms(match)
    assert (open_room.ns_id, closed_room.ew_id) == (partner.pk, partner.pk)
    # Every later round too, so each team still meets each other once (第二十五条).
    met = [frozenset((m.home_id, m.away_id)) for m in Match.objects.filter(stage=round_robin)]
    assert len(met) == len(set(met)) == 6


def test_a_round_robin_swap_that_would_repeat_a_match_is_refused_第二十五条(round_robin):
    # A and C did not meet in round 1, so from round 2 on A would take C's matches —
    # against A's round-1 opponent again.
    opening = Match.objects.filter(round__stage=round_robin, round__number=1).first()
    a, met = opening.home, opening.away
    c = next(e.entrant for e in round_robin.entries.all() if e.entrant_id not in (a.pk, met.pk))
    before = _seats(round_robin)
    with pytest.raises(EventError, match="相遇2次") as refused:
        round_swap(round=round_robin.rounds.get(number=2), first=a, second=c, reason="x")
    assert refused.value.article == "第二十五条"
    assert _seats(round_robin) == before


def test_refused_once_the_round_has_a_result_and_nothing_changes(round_robin, play):
    first_round = round_robin.rounds.get(number=1)
    match = Match.objects.filter(round=first_round).first()
    open_room, _closed = builders.rooms(match)
    play.by_director(builders.boards_of(open_room)[0], open_room)
    before = _seats(round_robin)

    with pytest.raises(EventError, match="已有成绩") as refused:
        round_swap(round=first_round, first=match.home, second=match.away, reason="x")

    assert "has results" in refused.value.message_en
    assert _seats(round_robin) == before and not ScheduleChange.objects.exists()


def test_a_reason_is_required_and_brackets_are_refused(event, make_teams, make_stage):
    teams = make_teams(4)
    knockout = make_stage("knockout", teams, boards_per_session=4)
    robin = make_stage("round_robin", teams, boards_per_session=4)
    with pytest.raises(EventError, match="原因"):
        round_swap(round=robin.rounds.first(), first=teams[0], second=teams[1], reason=" ")
    with pytest.raises(EventError, match="种子位置"):
        round_swap(round=knockout.rounds.first(), first=teams[0], second=teams[1], reason="x")


def test_a_swiss_pairing_is_changed_but_never_into_a_rematch(make_teams, make_stage):
    """Swiss teams never meet twice (FIDE C.04.1 b, as core.formats.swiss pairs them)."""
    a, b, c, d = make_teams(4)
    swiss = make_stage("swiss", [a, b, c, d], rounds=3, boards_per_session=4)
    first = swiss.rounds.get(number=1)  # top half against bottom half: a–c, b–d
    assert {frozenset((m.home_id, m.away_id)) for m in first.matches.all()} == {
        frozenset((a.pk, c.pk)),
        frozenset((b.pk, d.pk)),
    }

    round_swap(round=first, first=c, second=d, reason="裁判长调整首轮")

    assert {frozenset((m.home_id, m.away_id)) for m in first.matches.all()} == {
        frozenset((a.pk, d.pk)),
        frozenset((b.pk, c.pk)),
    }
    # The seeding stays: a Swiss override is a pairing change, not a new draw.
    assert StageEntry.objects.get(stage=swiss, entrant=c).position == 3
    second = swiss_round_create(
        stage=swiss, pairing=SwissRound(2, (SwissPair(a, b), SwissPair(c, d)))
    )
    with pytest.raises(EventError, match="相遇2次"):
        round_swap(round=second, first=b, second=d, reason="x")
