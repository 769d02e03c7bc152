"""A team match laid out as article 24 says: rooms, boards, start levels, seats."""

from __future__ import annotations

import random

import pytest

from tournament.models import BoardSet, Match, Stage, StageEntry, Table
from tournament.services import match_add_tiebreak, stage_create

pytestmark = pytest.mark.django_db


def sets_played(table: Table) -> list[tuple[int, int, str]]:
    return [
        (p.board_set.first_board, p.board_set.last_board, p.board_set.start_level)
        for p in table.set_plays.select_related("board_set").order_by("order")
    ]


def seats(table: Table) -> dict[str, str]:
    return {s.seat: s.player.name for s in table.seats.select_related("player")}


@pytest.fixture
def team_match(event, make_teams) -> Match:
    red, pine = make_teams(2)
    stage = stage_create(event=event, kind="team_match", entrants=[red, pine], draw_seed=7)
    return stage.matches.get()


def test_home_and_away_are_drawn_by_lot_from_the_stored_seed(event, make_teams):
    red, pine = make_teams(2)
    stage = stage_create(event=event, kind="team_match", entrants=[red, pine], draw_seed=7)
    match = stage.matches.get()

    expected_home = [red, pine][random.Random(7).randrange(2)]
    assert stage.draw_seed == 7
    assert match.home == expected_home
    assert StageEntry.objects.get(stage=stage, position=1).entrant == expected_home


def test_a_seed_is_drawn_and_stored_when_none_is_given(event, make_teams):
    stage = stage_create(event=event, kind="team_match", entrants=make_teams(2))

    assert stage.draw_seed is not None


def test_open_room_plays_1_to_6_from_A_and_closed_room_7_to_12_from_7(team_match):
    open_table = team_match.tables.get(session=1, room=Table.Room.OPEN)
    closed_table = team_match.tables.get(session=1, room=Table.Room.CLOSED)

    assert (open_table.ns, open_table.ew) == (team_match.home, team_match.away)
    assert (closed_table.ns, closed_table.ew) == (team_match.away, team_match.home)
    # Each room starts its own six, then the boards change rooms (第二十四条之2).
    assert sets_played(open_table) == [(1, 6, "A"), (7, 12, "7")]
    assert sets_played(closed_table) == [(7, 12, "7"), (1, 6, "A")]


def test_session_two_plays_13_to_24_and_the_away_pairs_change_rooms(team_match):
    s1_open = team_match.tables.get(session=1, room=Table.Room.OPEN)
    s1_closed = team_match.tables.get(session=1, room=Table.Room.CLOSED)
    s2_open = team_match.tables.get(session=2, room=Table.Room.OPEN)
    s2_closed = team_match.tables.get(session=2, room=Table.Room.CLOSED)

    assert sets_played(s2_open) == [(13, 18, "A"), (19, 24, "7")]
    assert sets_played(s2_closed) == [(19, 24, "7"), (13, 18, "A")]
    # The home team stays put …
    assert {k: seats(s2_open)[k] for k in "NS"} == {k: seats(s1_open)[k] for k in "NS"}
    assert {k: seats(s2_closed)[k] for k in "EW"} == {k: seats(s1_closed)[k] for k in "EW"}
    # … the away team's open-room pair goes to the closed room, and the other way round.
    assert [seats(s2_closed)[k] for k in "NS"] == [seats(s1_open)[k] for k in "EW"]
    assert [seats(s2_open)[k] for k in "EW"] == [seats(s1_closed)[k] for k in "NS"]


def test_every_seat_of_both_rooms_is_filled_by_four_different_players_a_team(team_match):
    session_one = team_match.tables.filter(session=1)
    players = [name for t in session_one for name in seats(t).values()]

    assert len(players) == 8 and len(set(players)) == 8


def test_boards_per_session_and_sessions_are_configurable(event, make_teams):
    stage = stage_create(
        event=event,
        kind="team_match",
        entrants=make_teams(2),
        settings={"boards_per_session": 8, "sessions": 1},
    )
    open_table = Table.objects.get(round__stage=stage, room=Table.Room.OPEN)

    assert sets_played(open_table) == [(1, 4, "A"), (5, 8, "7")]
    assert not Table.objects.filter(round__stage=stage, session=2).exists()


def test_a_level_match_gets_a_tie_break_segment_after_its_boards(event, make_teams):
    stage = stage_create(event=event, kind="knockout", entrants=make_teams(2))
    match = stage.matches.get()

    match_add_tiebreak(match=match)

    segment = match.tables.filter(session=3)
    assert {t.room for t in segment} == {Table.Room.OPEN, Table.Room.CLOSED}
    assert sets_played(segment.get(room=Table.Room.OPEN)) == [(25, 26, "A"), (27, 28, "7")]
    assert BoardSet.objects.filter(stage=stage, tiebreak=True).count() == 2


def test_a_stage_kind_that_takes_teams_refuses_pairs(event, make_pairs):
    from tournament.errors import EventError

    with pytest.raises(EventError, match="takes teams"):
        stage_create(event=event, kind="team_match", entrants=make_pairs(2))
    assert not Stage.objects.exists()
