"""``load_demo_boards``: the demo event's deals and some plausible, confirmed results."""

from __future__ import annotations

import pytest

from boards.demo import load_demo_boards
from boards.models import Board, BoxCard, Result
from core.engine import check_board, check_deal
from tests import builders
from tournament.models import Event

pytestmark = [pytest.mark.django_db, pytest.mark.heavy]


def test_it_deals_and_plays_a_small_event_and_can_run_again(db):
    ev = builders.bare_event()
    team = builders.team_round(ev)
    builders.mitchell_stage(ev, order=2)

    summary = load_demo_boards(ev)

    assert summary.boards == Board.objects.filter(stage__event=ev).count() == 4 + 6
    results = Result.objects.filter(board__stage__event=ev)
    assert summary.results == results.count() > 0
    assert results.filter(status=Result.Status.ENTERED).count() == 2  # one per stage waits
    assert not BoxCard.objects.filter(flagged=True).exists()  # levels follow the results
    for result in results:
        assert check_board(result.to_record()).valid
    # the team round is played in full: both rooms, every board
    assert results.filter(board__stage=team.stage).count() == 8
    # the first table of each board plays it trick by trick
    assert all(b.filled_by.tricks for b in BoxCard.objects.filter(board__stage__event=ev))

    again = load_demo_boards(ev)
    assert (again.boards, again.results, again.confirmed) == (0, 0, 0)
    assert Result.objects.filter(board__stage__event=ev).count() == summary.results


@pytest.fixture(scope="module")
def demo_loaded(django_db_setup, django_db_blocker):
    """The database as ``load_demo`` leaves it (run here, or its copy from the module of
    this process that ran it: ``builders.played_demo``)."""
    yield from builders.played_demo(django_db_blocker, lambda: None)


def test_load_demo_deals_the_demo_event_and_plays_its_first_rounds(demo_loaded, db):
    ev = Event.objects.get(code="chifeng-demo")

    boards = Board.objects.filter(stage__event=ev)
    assert boards.count() > 0
    assert all(check_deal(board.deal) == () for board in boards)
    results = Result.objects.filter(board__stage__event=ev)
    assert results.filter(status=Result.Status.CONFIRMED).count() > 0
    # what load_demo did, load_demo_boards does not do again
    again = load_demo_boards(ev)
    assert (again.boards, again.results, again.confirmed) == (0, 0, 0)
