"""The order tells no more than the numbers (issue 23): until a board opens to players
(第二十八条之6), a player's ranking of a Mitchell or a Howell is made from the boards
shown only, by the same ranking scoring stores (第二十八条之7) — so a field with no
board shown reads every pair level at 0, sharing first place, in pair-number order,
on the API and the page alike; and any two results of a hidden board read the same.

Before, the numbers showed 0 for every pair but the places ran 1 … n in exactly the
order of the hidden percentages."""

from __future__ import annotations

import pytest

from api.standings import standings_data as api_standings
from scoring.selectors import standings_rows
from tests.builders import Play, boards_of
from web.pages.shared import standings_view

pytestmark = pytest.mark.django_db


def _player_faces(stage):
    """What a player reads: the read model's lines, the API's rows, the page's rows."""
    lines = [
        (r.entrant_id, r.place, r.shared, r.total) for r in standings_rows(stage, official=False)
    ]
    api = api_standings(stage, official=False)["rows"]
    page = [
        (r["row"].entrant_id, r["row"].place, r["total"])
        for r in standings_view(stage, {}, director=False)
    ]
    return lines, api, page


@pytest.mark.parametrize("kind, pairs", [("mitchell", 6), ("howell", 7)])
def test_no_board_shown_ranks_every_pair_level_in_number_order(
    kind, pairs, make_pairs, make_stage, play: Play
):
    stage = make_stage(kind, make_pairs(pairs), boards_per_round=1)
    results = []  # two rounds: each board played twice, none by every table yet
    with play.one_commit():
        for number in (1, 2):
            for table in stage.rounds.get(number=number).tables.order_by("number"):
                for board in boards_of(table):
                    results.append(play.at_table(board, table, 10 + 15 * table.number + 5 * number))

    official = standings_rows(stage, official=True)
    assert len({r.place for r in official}) > 1  # scoring ranks them apart

    lines, api, page = _player_faces(stage)
    directions: dict[str, list] = {}
    for line in standings_rows(stage, official=False):
        directions.setdefault(line.direction, []).append(line)
    for group in directions.values():
        assert all(r.place == 1 and r.shared and r.total == 0 for r in group)
        numbers = [r.entrant.number for r in group]
        assert numbers == sorted(numbers)  # pair-number order, not the hidden one
    assert [r["entrant"]["id"] for r in api] == [e for e, *_ in lines]
    assert [r["place"] for r in api] == [p for _e, p, *_ in lines]
    assert [(e, p) for e, p, _t in page] == [(e, p) for e, p, *_ in lines]

    # Any other results of the hidden boards read the same to a player.
    for n, result in enumerate(results):
        play.correct(result, 100 - 15 * n)
    assert standings_rows(stage, official=True) != official
    assert _player_faces(stage) == (lines, api, page)


def test_the_rankings_over_sessions_keep_level_pairs_in_number_order(
    make_pairs, make_stage, play: Play
):
    """多节累计 and a sectioned field's overall ranking add up the same running totals
    (第二十八条之7): with no board shown, a player reads every pair level, listed by
    number — not in the order of the stored places."""
    from scoring.sessions import cumulative_ranking, overall_ranking

    stage = make_stage("mitchell", make_pairs(6), boards_per_round=1)
    with play.one_commit():
        for number in (1, 2):
            for table in stage.rounds.get(number=number).tables.order_by("number"):
                for board in boards_of(table):
                    play.at_table(board, table, 10 + 15 * table.number + 5 * number)
    numbers = {e.pk: e.number for e in stage.event.entrants.all()}
    for ranked in (
        cumulative_ranking(stage.event, official=False),
        overall_ranking(stage, official=False),
    ):
        for direction in {r.direction for r in ranked}:
            group = [r for r in ranked if r.direction == direction]
            assert all(r.place == 1 and r.shared and r.total == 0 for r in group)
            shown = [numbers[r.entrant_id] for r in group]
            assert shown == sorted(shown)
