"""Hand records, box cards, other tables' results and travellers stay hidden from
players until every table scheduled to play the board has a confirmed result, or a
director releases it (第二十八条之6: seeing them is seeing the other hands)."""

from __future__ import annotations

import pytest

from boards.models import Board
from boards.selectors import (
    FEW_BOARDS,
    board_hand_record,
    board_tables,
    board_visibility,
    board_visible_to,
    hidden_board_ids,
    visible_board_ids,
)
from boards.services import boards_generate, result_confirm, result_enter
from scoring.services import board_release, board_withdraw_release
from tests import builders
from tests._tables import ew, ns
from tournament.models import Match

pytestmark = pytest.mark.django_db


def play(board, table, confirm=True, declarer="N", **kwargs):
    result = result_enter(
        board=board,
        table=table,
        entry=builders.entry(board, declarer=declarer, **kwargs),
        actor=ns(table),
    )
    if confirm:
        result = result_confirm(result=result, actor=ew(table), version=result.version)
    return result


def test_a_board_is_hidden_until_both_rooms_have_confirmed(team):
    board = team.board(1)
    assert not board_visible_to(board)

    play(board, team.open)
    assert not board_visible_to(board)
    play(board, team.closed, confirm=False)
    visibility = board_visibility(board)
    assert not visibility.visible and visibility.pending_table_ids == (team.closed.pk,)
    assert "1桌" in visibility.reason_zh

    result = board.results.get(table=team.closed)
    result_confirm(result=result, actor=ew(team.closed), version=result.version)
    visibility = board_visibility(board)
    assert visibility.visible and visibility.complete and not visibility.released
    assert (visibility.scheduled, visibility.confirmed) == (2, 2)


def test_a_deal_shared_by_several_matches_waits_for_all_of_them(db):
    """Every match of a round plays the same deal: one match's finished copy would show
    the other matches' hands."""
    t = builders.team_round(matches=2)
    boards_generate(stage=t.stage)
    board = t.board(1)
    for open_, closed in t.tables[:1]:
        play(board, open_)
        play(board, closed)

    assert board_tables(board).count() == 4
    assert not board_visible_to(board)

    open2, closed2 = t.tables[1]
    play(board, open2)
    play(board, closed2)
    assert board_visible_to(board)


def test_a_match_that_is_not_needed_does_not_hold_the_board_back(db):
    t = builders.team_round(matches=2)
    boards_generate(stage=t.stage)
    board = t.board(1)
    play(board, t.tables[0][0])
    play(board, t.tables[0][1])

    Match.objects.filter(pk=t.matches[1].pk).update(status=Match.Status.NOT_NEEDED)

    assert board_visible_to(board)


def _by_the_rule(stage) -> set[int]:
    """The hidden boards board by board, table by table (``board_visibility``), after
    checking that ``hidden_board_ids`` finds the same asked of the whole stage (its
    results still to look at read through the stage's tables) and of one board at a
    time (read through the board's own results, as after a result)."""
    boards = Board.objects.filter(stage=stage)
    ruled = {b.pk for b in boards if not board_visibility(b).visible}
    one_by_one = set().union(*(hidden_board_ids(boards.filter(pk=b.pk)) for b in boards))
    # As the first read after a result asks it: in one statement (``few``).
    in_one = set().union(*(hidden_board_ids(boards.filter(pk=b.pk), few=True) for b in boards))
    assert hidden_board_ids(boards) == one_by_one == in_one == ruled
    return ruled


def test_the_counted_hidden_boards_are_those_of_the_rule_board_by_board(db, director):
    """``hidden_board_ids`` counts (results per board, the few not confirmed, those at
    a match not needed after all) instead of matching each table: the same boards as
    the rule asked board by board, through results entered, confirmed, disputed at a
    match that turned out not needed, and a release."""
    t = builders.team_round(matches=3, boards=6)
    boards_generate(stage=t.stage)
    one, two, three = t.board(1), t.board(2), t.board(3)
    assert len(_by_the_rule(t.stage)) > FEW_BOARDS  # the whole stage read the other way
    for open_, closed in t.tables[:2]:
        play(one, open_)
        play(one, closed)
        play(two, open_)
    play(two, t.tables[1][1], confirm=False)  # entered, not confirmed
    play(one, t.tables[2][0])  # the third match's copy: confirmed at one table …
    for table in (t.tables[0][0], t.tables[0][1], t.tables[1][0], t.tables[2][0]):
        play(three, table)  # all but the second match's closed room
    four = t.board(4)
    for open_, closed in t.tables:  # every table has a result, the last not confirmed
        play(four, open_)
        play(four, closed, confirm=closed != t.tables[2][1])
    assert four.pk in _by_the_rule(t.stage)
    assert hidden_board_ids(Board.objects.filter(stage=t.stage)) == _by_the_rule(t.stage)
    assert one.pk in _by_the_rule(t.stage)  # … the other still to play

    Match.objects.filter(pk=t.matches[2].pk).update(status=Match.Status.NOT_NEEDED)
    hidden = hidden_board_ids(Board.objects.filter(stage=t.stage))
    assert hidden == _by_the_rule(t.stage) and one.pk not in hidden and two.pk in hidden
    assert three.pk in hidden  # its result at the match not needed stands for no other

    board_release(board=two, user=director)
    hidden = hidden_board_ids(Board.objects.filter(stage=t.stage))
    assert hidden == _by_the_rule(t.stage) and two.pk not in hidden
    assert hidden_board_ids(Board.objects.filter(pk=three.pk)) == {three.pk}


def test_a_mitchell_board_waits_for_every_round_that_plays_it(pairs):
    board = pairs.board(1)
    tables = pairs.tables_playing(1)
    first = play(board, tables[0], levels=("A", "A"), declarer="E")
    play(board, tables[1], levels=("A", "A"), declarer="E")
    assert not board_visible_to(board)

    play(board, tables[2], levels=("A", "A"), declarer="E", points=90)
    assert board_visible_to(board)
    assert first.board.number == 1


def test_a_director_release_shows_the_board_early_and_can_be_withdrawn(team, director):
    board = team.board(1)

    board_release(board=board, user=director)

    board.refresh_from_db()
    visibility = board_visibility(board)
    assert visibility.visible and visibility.released and not visibility.complete
    assert board.released_by == director
    assert visibility.reason_zh == "裁判长已公布"

    board_withdraw_release(board=board)
    board.refresh_from_db()
    assert not board_visible_to(board)


def test_directors_always_see(team):
    assert board_visible_to(team.board(1), is_director=True)


def test_visible_boards_are_found_for_a_whole_stage_at_once(
    team, director, django_assert_max_num_queries
):
    b1, b2 = team.board(1), team.board(2)
    play(b1, team.open)
    play(b1, team.closed)
    board_release(board=b2, user=director)
    boards = list(Board.objects.filter(stage=team.stage))

    with django_assert_max_num_queries(4):  # counts, whatever the number of boards
        visible = visible_board_ids(boards)

    assert visible == {b1.pk, b2.pk}


def test_a_hand_record_shows_sorted_hands_and_statistics(team):
    board = team.board(1)
    play(board, team.open, levels=("A", "A"), declarer="N")

    record = board_hand_record(board, match=team.matches[0])

    assert record["level"] == "A" and record["trump"] == builders.fanzhu_trump(board)
    assert sorted(record["hands"]["N"]) == sorted(board.hands["N"])
    stats = record["statistics"]
    assert sum(stats[s]["cards"] for s in ("N", "E", "S", "W", "bottom")) == 108
    assert sum(stats[s]["points"] for s in ("N", "E", "S", "W", "bottom")) == 200
    assert sum(stats[s]["jokers"] for s in ("N", "E", "S", "W", "bottom")) == 4
    assert sum(stats[s]["level_cards"] for s in ("N", "E", "S", "W", "bottom")) == 8
