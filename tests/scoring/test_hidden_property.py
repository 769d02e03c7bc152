"""A player's view depends on no hidden result (第二十八条之6, issue 23): for random
results of the boards still hidden — a Mitchell's and a Howell's first two rounds, the
last board of a team match in a round robin, groups, a Swiss, a knockout and a double
elimination — the numbers, the order and the reasons a player reads on the read model,
the API, the page, the papers printed for players (PDF text) and their spreadsheets
are the same whatever those results are, while an official reads them as scored.
Hypothesis draws the results; each draw is entered as a correction of the last,
through the services, as a director would."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from api.standings import standings_data as api_standings
from boards.selectors import visible_board_ids
from scoring.selectors import cross_table_rows, match_lines, standings_rows
from tests.builders import Play, boards_of, rooms
from tests.printing._pdf import paper_text, sheet_rows
from tournament.models import Match, Stage
from tournament.services import round_start
from web.pages.shared import standings_view

pytestmark = [pytest.mark.django_db, pytest.mark.heavy]

#: Defenders' points a table may record (multiples of 5; 200 would need every point).
POINTS = st.integers(min_value=0, max_value=39).map(lambda n: 5 * n)
RUNS = settings(
    max_examples=4,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def player_view(stage) -> tuple:
    """Everything a player reads of the stage's scores, as plain values."""
    lines = tuple(
        (
            r.entrant_id,
            r.place,
            r.shared,
            r.tie,
            r.note,
            r.match_points,
            r.played,
            r.total,
            r.percentage,
        )
        for r in standings_rows(stage, official=False)
    )
    api = api_standings(stage, official=False)["rows"]
    page = [
        {k: v for k, v in r.items() if k != "row"} | {"place": r["row"].place}
        for r in standings_view(stage, {}, director=False)
    ]
    matches = tuple(sorted(match_lines(stage, official=False).items()))
    cross = None
    if stage.kind == "round_robin":
        cross = cross_table_rows(stage, official=False).table
    papers = [
        paper_text(stage.event, "standings", stage, False),
        sheet_rows(stage.event, "standings-xlsx", stage, False),
    ]
    if stage.kind not in Stage.MOVEMENT_KINDS:
        papers.append(paper_text(stage.event, "results", stage, False))
    return lines, api, page, matches, cross, papers


def official_view(stage) -> tuple:
    return tuple((r.entrant_id, r.place, r.total) for r in standings_rows(stage, official=True))


@pytest.mark.parametrize("kind, pairs", [("mitchell", 6), ("howell", 7)])
def test_a_movements_player_view_is_the_same_for_any_hidden_results(
    kind, pairs, make_pairs, make_stage, play: Play
):
    stage = make_stage(kind, make_pairs(pairs), boards_per_round=1)
    results = [
        play.at_table(board, table, 40)
        for number in (1, 2)  # each board played, none yet by every table
        for table in stage.rounds.get(number=number).tables.order_by("number")
        for board in boards_of(table)
    ]
    seen = player_view(stage)
    officials = {official_view(stage)}

    @RUNS
    @given(st.lists(POINTS, min_size=len(results), max_size=len(results)))
    # Besides hypothesis's draws (which may give every table of a board the same score:
    # the same ties as the 40s entered), one that surely changes what was scored: one
    # table's 光 (0) against the 40s of its board, which every other pair still ties.
    # (A different score at every table is not sure: each pair may win one board and
    # lose the other, every total back at the level 4 of the ties.)
    @example([0] + [40] * (len(results) - 1))
    def check(points: list[int]) -> None:
        for result, p in zip(results, points, strict=True):
            play.correct(result, p)
        officials.add(official_view(stage))
        assert player_view(stage) == seen

    check()
    assert len(officials) > 1  # the draws did change what was scored


SHORT = {"boards_per_session": 2, "sessions": 1}


def _one_board_hidden(make_teams, make_stage, play: Play, kind: str, settings: dict):
    """A team stage whose first round's first match has played every board and the
    second match all but the last: that last board is hidden from players on every
    copy (第二十八条之6), and so is the first match's result on it."""
    stage = make_stage(kind, make_teams(settings.pop("teams", 4)), **settings)
    first_round = stage.rounds.get(number=1)
    if kind == Stage.Kind.SWISS:
        round_start(round=first_round)
    first, second = Match.objects.filter(round=first_round).order_by("number")[:2]
    with play.one_commit():
        for match, upto in ((first, None), (second, -1)):
            open_room, closed_room = rooms(match)
            for board in boards_of(open_room)[:upto]:
                play.at_table(board, open_room, 60)
                play.at_table(board, closed_room, 95)
    open1, closed1 = rooms(first)
    hidden = boards_of(open1)[-1]
    assert hidden.pk not in visible_board_ids([hidden])
    in_rooms = [r for r in hidden.results.all() if r.table_id in (open1.pk, closed1.pk)]
    assert len(in_rooms) == 2
    return stage, in_rooms


@pytest.mark.parametrize(
    "kind, options",
    [
        (Stage.Kind.ROUND_ROBIN, {**SHORT}),
        (Stage.Kind.GROUP_ROUND_ROBIN, {**SHORT, "teams": 8, "groups": 2}),
        (Stage.Kind.SWISS, {**SHORT, "rounds": 2}),
        (Stage.Kind.KNOCKOUT, {**SHORT}),
        (Stage.Kind.DOUBLE_ELIMINATION, {**SHORT}),
    ],
)
def test_a_team_stages_player_view_is_the_same_for_any_hidden_results(
    kind, options, make_teams, make_stage, play: Play
):
    """第二十四至二十七条: whatever the two rooms recorded on the hidden board, a player
    reads the same tables, match cards, brackets and papers."""
    stage, in_rooms = _one_board_hidden(make_teams, make_stage, play, kind, dict(options))
    seen = player_view(stage)

    def scored() -> tuple:
        return tuple((r.home, r.away) for r in match_lines(stage, official=True).values())

    officials = {scored()}

    @RUNS
    @given(POINTS, POINTS)
    @example(195, 0)  # the rooms entered 60 and 95: this surely changes the match
    def check(open_points: int, closed_points: int) -> None:
        for result, p in zip(in_rooms, (open_points, closed_points), strict=True):
            play.correct(result, p)
        officials.add(scored())
        assert player_view(stage) == seen

    check()
    assert len(officials) > 1
