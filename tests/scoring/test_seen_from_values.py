"""A player's running totals are read from plain values (issue 23): the first standings
read after a result built every traveller line with its ``Board`` and decoded each deal
(28,000 ``json.loads`` for 14,000 results at 60 tables). The totals must read the same
as counting the shown boards' lines one by one, whether boards are hidden or not."""

from __future__ import annotations

import json
from collections import defaultdict
from fractions import Fraction

import pytest

from boards.models import Board
from boards.selectors import hidden_board_ids, visible_board_ids, visible_ids_of
from scoring.models import Standing, TravellerScore
from scoring.selectors import SeenPair, seen_percentages, standings_rows
from tests.builders import Play, boards_of

pytestmark = pytest.mark.django_db


def recount(stage) -> dict[int, SeenPair] | None:
    """The straightforward way: every line with its board, the shown ones added up."""
    lines = list(TravellerScore.objects.filter(stage=stage).select_related("board"))
    visible = visible_board_ids({line.board_id: line.board for line in lines}.values())
    if all(line.board_id in visible for line in lines):
        return None
    got: dict[int, list] = defaultdict(lambda: [Fraction(0), 0, 0])
    for line in lines:
        if line.board_id in visible:
            for pair, score in ((line.ns_id, line.ns_score), (line.ew_id, line.ew_score)):
                got[pair][0] += Fraction(score)
                got[pair][1] += line.top
                got[pair][2] += 1
    return {pair: SeenPair(mp, top, n) for pair, (mp, top, n) in got.items()}


@pytest.fixture
def mitchell(make_pairs, make_stage, play: Play):
    """A 4-table Mitchell, every round played but table 1's last round: the boards of
    that round's set at table 1 are hidden, the rest shown."""
    stage = make_stage("mitchell", make_pairs(8), boards_per_round=2)
    last = stage.rounds.order_by("-number").first()
    with play.one_commit():
        for round_ in stage.rounds.order_by("number"):
            for table in round_.tables.order_by("number"):
                if round_ == last and table.number == 1:
                    continue
                for board in boards_of(table):
                    play.at_table(board, table, 20 + 15 * ((board.number + table.number) % 7))
    return stage


def test_the_seen_totals_are_those_of_the_shown_boards_counted_one_by_one(mitchell, director):
    from scoring.services.release import board_release

    hidden = hidden_board_ids(Board.objects.filter(stage=mitchell))
    assert hidden  # table 1's last boards
    assert seen_percentages(mitchell) == recount(mitchell)
    assert any(pair.boards for pair in seen_percentages(mitchell).values())

    board_release(board=Board.objects.get(pk=min(hidden)), user=director)
    assert seen_percentages(mitchell) == recount(mitchell)


def test_every_board_shown_reads_the_stored_standings(mitchell, director):
    from scoring.services.release import board_release

    for board in Board.objects.filter(
        pk__in=hidden_board_ids(Board.objects.filter(stage=mitchell))
    ):
        board_release(board=board, user=director)

    assert seen_percentages(mitchell) is None and recount(mitchell) is None


def test_without_running_sums_every_line_is_added_up(mitchell):
    Standing.objects.filter(stage=mitchell).update(lines_sum=None)

    assert seen_percentages(mitchell) == recount(mitchell)


def test_the_values_path_finds_the_same_visible_boards(mitchell, director):
    from scoring.services.release import board_release

    boards = list(Board.objects.filter(stage=mitchell))
    board_release(board=boards[0], user=director)
    boards = list(Board.objects.filter(stage=mitchell))
    values = Board.objects.filter(stage=mitchell).values_list("id", "board_set_id", "released_at")

    assert visible_ids_of(values) == visible_board_ids(boards)
    assert visible_ids_of(values) == {b.pk for b in boards} - hidden_board_ids(
        Board.objects.filter(stage=mitchell)
    )


@pytest.mark.parametrize("shown", [False, True])
def test_a_players_standings_decode_no_deal(
    mitchell, director, shown, monkeypatch, django_assert_max_num_queries
):
    from scoring.services.release import board_release

    if shown:
        for board in Board.objects.filter(stage=mitchell):
            board_release(board=board, user=director)
    loads = []
    real = json.loads
    monkeypatch.setattr(json, "loads", lambda *a, **kw: loads.append(1) or real(*a, **kw))

    # hidden boards (4 counts), their lines, sums, standings, penalties (to rank the shown
    # totals)
    with django_assert_max_num_queries(8):
        rows = standings_rows(mitchell, official=False)

    assert rows and loads == []
