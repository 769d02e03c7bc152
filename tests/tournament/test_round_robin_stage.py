"""A round robin stage stores exactly the Berger schedule (第二十五条)."""

from __future__ import annotations

import pytest

from core.formats.round_robin import berger_rounds
from tournament.errors import EventError
from tournament.models import Stage, Table
from tournament.services import match_record_winner, stage_create

pytestmark = pytest.mark.django_db


def stored_schedule(stage: Stage, numbers: dict[int, int]) -> list[list[tuple[int, int]]]:
    return [
        [(numbers[m.home_id], numbers[m.away_id]) for m in r.matches.order_by("number")]
        for r in stage.rounds.order_by("number")
    ]


@pytest.mark.parametrize(("teams", "double"), [(4, False), (6, False), (5, False), (4, True)])
def test_it_stores_the_berger_rounds(event, make_teams, teams, double):
    field = make_teams(teams)
    stage = stage_create(
        event=event, kind="round_robin", entrants=field, settings={"double": double}
    )
    numbers = {e.pk: i for i, e in enumerate(field, start=1)}

    expected = [[(m.home, m.away) for m in r.matches] for r in berger_rounds(teams, double=double)]
    assert stored_schedule(stage, numbers) == expected


def test_every_match_of_a_round_has_an_open_and_closed_table_per_session(event, make_teams):
    stage = stage_create(event=event, kind="round_robin", entrants=make_teams(6))

    first = stage.rounds.get(number=1)
    assert first.tables.count() == 3 * 2 * 2
    # match k of the round sits at tables 2k−1 (open) and 2k (closed)
    second_match = first.matches.order_by("number")[1]
    assert sorted(second_match.tables.filter(session=1).values_list("number", "room")) == [
        (3, Table.Room.OPEN),
        (4, Table.Room.CLOSED),
    ]
    # the matches of a round play the same boards
    assert first.board_sets.count() == 4


def test_a_draw_is_recorded_as_a_finished_match_without_winner(event, make_teams, director):
    stage = stage_create(event=event, kind="round_robin", entrants=make_teams(4))
    match = stage.matches.first()

    match_record_winner(match=match, winner=None, changed_by=director)

    match.refresh_from_db()
    assert match.status == "finished" and match.winner is None
    assert match.changes.get().changed_by == director


def test_it_refuses_a_round_robin_of_one_team(event, make_teams):
    with pytest.raises(EventError, match="at least 2 teams"):
        stage_create(event=event, kind="round_robin", entrants=make_teams(1))
    assert not Stage.objects.exists()


def test_it_refuses_an_odd_number_of_boards_per_session(event, make_teams):
    with pytest.raises(EventError, match="must be even"):
        stage_create(
            event=event,
            kind="round_robin",
            entrants=make_teams(4),
            settings={"boards_per_session": 11},
        )
