"""Knockout and double elimination in the database (第二十七条): the stored bracket is the
drawn one, results flow forward, and a corrected result resets what depended on it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from core.formats.double_elimination import double_elimination
from core.formats.knockout import knockout
from tournament.errors import EventError
from tournament.models import Match, MatchChange, Stage, Table
from tournament.selectors import stage_bracket, stage_bracket_state
from tournament.services import match_clear_result, match_record_winner, stage_create

pytestmark = pytest.mark.django_db


def play_out(stage: Stage, rng: random.Random, user=None) -> None:
    """Record a random winner for the next ready match until none is left."""
    while True:
        ready = stage.matches.filter(status=Match.Status.READY).order_by("number").first()
        if ready is None:
            return
        match_record_winner(
            match=ready, winner=rng.choice([ready.home, ready.away]), changed_by=user
        )


def losses(stage: Stage) -> Counter[int]:
    finished = stage.matches.filter(status=Match.Status.FINISHED)
    return Counter(m.away_id if m.winner_id == m.home_id else m.home_id for m in finished)


@pytest.mark.parametrize("teams", [2, 3, 5, 6, 8, 12])
def test_a_knockout_stage_stores_the_drawn_bracket(event, make_teams, teams):
    stage = stage_create(event=event, kind="knockout", entrants=make_teams(teams))

    assert stage_bracket(stage).to_dict() == knockout(teams).to_dict()


@pytest.mark.parametrize("teams", [3, 6, 8])
@pytest.mark.parametrize("reset", [False, True])
def test_a_double_elimination_stage_stores_the_drawn_bracket(event, make_teams, teams, reset):
    stage = stage_create(
        event=event,
        kind="double_elimination",
        entrants=make_teams(teams),
        settings={"bracket_reset": reset},
    )

    expected = double_elimination(teams, bracket_reset=reset).to_dict()
    assert stage_bracket(stage).to_dict() == expected


def test_top_seeds_get_the_byes_and_the_first_round_is_ready(event, make_teams):
    field = make_teams(6)
    stage = stage_create(event=event, kind="knockout", entrants=field)

    first_round = stage.matches.filter(round__number=1)
    playing = {e for m in first_round for e in (m.home, m.away)}
    assert field[0] not in playing and field[1] not in playing
    assert all(m.status == Match.Status.READY for m in first_round)
    later = stage.matches.exclude(round__number=1)
    assert {m.home_source for m in later if m.home_id} == {"seed:1", "seed:2"}


def test_a_knockout_is_played_out_through_the_database(event, make_teams, director):
    field = make_teams(8)
    stage = stage_create(event=event, kind="knockout", entrants=field)

    play_out(stage, random.Random(3), director)

    state = stage_bracket_state(stage)
    assert state.champion is not None and not state.ready
    counts = losses(stage)
    champion = field[state.champion - 1]
    assert champion.pk not in counts
    assert sorted(counts.values()) == [1] * 7


def test_a_double_elimination_is_played_out_through_the_database(event, make_teams):
    field = make_teams(8)
    stage = stage_create(event=event, kind="double_elimination", entrants=field)

    play_out(stage, random.Random(5))

    state = stage_bracket_state(stage)
    champion = field[state.champion - 1]
    counts = losses(stage)
    assert counts[champion.pk] <= 1
    assert sorted(c for pk, c in counts.items() if pk != champion.pk) == [2] * 7


def test_a_winner_fills_the_next_match_and_its_tables(event, make_teams):
    field = make_teams(4)
    stage = stage_create(event=event, kind="knockout", entrants=field)
    m1, m2, final = stage.matches.order_by("number")

    match_record_winner(match=m1, winner=m1.away)
    final.refresh_from_db()

    assert final.home == m1.away and final.away is None
    assert final.status == Match.Status.PENDING
    open_table = final.tables.get(session=1, room=Table.Room.OPEN)
    assert open_table.ns == m1.away
    assert open_table.seats.filter(player__isnull=False).count() == 2  # the home pair sits

    match_record_winner(match=m2, winner=m2.home)
    final.refresh_from_db()
    assert (final.home, final.away, final.status) == (m1.away, m2.home, Match.Status.READY)


def test_a_corrected_result_resets_its_dependants_with_an_audit_row(event, make_teams, director):
    field = make_teams(4)
    stage = stage_create(event=event, kind="knockout", entrants=field)
    m1, m2, final = stage.matches.order_by("number")
    match_record_winner(match=m1, winner=m1.home, changed_by=director)
    match_record_winner(match=m2, winner=m2.home, changed_by=director)
    final.refresh_from_db()
    match_record_winner(match=final, winner=final.home, changed_by=director)

    match_record_winner(match=m1, winner=m1.away, changed_by=director, reason="记分表核对有误")

    final.refresh_from_db()
    assert final.home == m1.away and final.winner is None
    assert final.status == Match.Status.READY
    corrected = MatchChange.objects.get(match=m1, kind=MatchChange.Kind.CORRECTED)
    assert corrected.changed_by == director and corrected.reason == "记分表核对有误"
    assert (corrected.before["winner"], corrected.after["winner"]) == (m1.home_id, m1.away_id)
    reset = MatchChange.objects.get(match=final, kind=MatchChange.Kind.RESET)
    assert reset.before["winner"] == m1.home_id and reset.after["winner"] is None
    assert "M1" in reset.reason
    assert final.tables.get(session=1, room=Table.Room.OPEN).ns == m1.away


def test_a_correction_in_double_elimination_withdraws_the_drop_as_well(event, make_teams):
    stage = stage_create(event=event, kind="double_elimination", entrants=make_teams(4))
    m1 = stage.matches.get(number=1)
    match_record_winner(match=m1, winner=m1.home)
    m2 = stage.matches.get(number=2)
    match_record_winner(match=m2, winner=m2.home)
    losers_first = stage.matches.get(home_source="loser:M1")
    match_record_winner(match=losers_first, winner=losers_first.home)

    match_clear_result(match=m1, reason="重赛")

    losers_first.refresh_from_db()
    assert losers_first.home is None and losers_first.winner is None
    assert MatchChange.objects.filter(match=losers_first, kind="reset").exists()
    assert MatchChange.objects.get(match=m1, kind=MatchChange.Kind.CLEARED).reason == "重赛"


def test_it_refuses_a_result_for_a_match_not_yet_drawn_and_saves_nothing(event, make_teams):
    field = make_teams(4)
    stage = stage_create(event=event, kind="knockout", entrants=field)
    final = stage.matches.get(number=3)

    with pytest.raises(EventError, match="has no two teams yet"):
        match_record_winner(match=final, winner=field[0])

    assert not MatchChange.objects.exists()
    assert not stage.matches.filter(winner__isnull=False).exists()


def test_a_knockout_match_cannot_end_level(event, make_teams):
    stage = stage_create(event=event, kind="knockout", entrants=make_teams(2))

    with pytest.raises(EventError, match="extra boards"):
        match_record_winner(match=stage.matches.get(), winner=None)
