"""One result costs the same at any size (issue 23): a director's correction — the
engine's verdict, the save and its audit row, the box cards, the rescore of its board's
traveller on commit and the pairs' running sums (第二十八条之7) — asks the database the
same number of questions in a bigger Mitchell as in a small one. A query that reads
every board or result of the stage on a single change would not break this (it is one
query), but one that goes board by board or table by table would."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.models import Standing
from tests.builders import Play, play_board
from tournament.models import Stage, StageEntry

pytestmark = pytest.mark.django_db


def _correction_queries(play: Play, pairs: list, make_stage, tables: int) -> int:
    """Every board of a ``tables``-table Mitchell (one board a round) played, then one
    result corrected twice: the queries of the second correction, end to end (its
    rescore included)."""
    stage = make_stage(Stage.Kind.MITCHELL, pairs[: 2 * tables], boards_per_round=1)
    entered = []
    for number in range(1, stage.boards.count() + 1):
        points = [(20 + 15 * (number + t)) % 165 for t in range(tables)]
        entered += play_board(play, stage, number, points)
    result = entered[-1]
    play.correct(result, 0)
    before = list(Standing.objects.filter(stage=stage).values_list("entrant_id", "matchpoints"))
    with CaptureQueriesContext(connection) as queries:
        play.correct(result, 150)
    after = list(Standing.objects.filter(stage=stage).values_list("entrant_id", "matchpoints"))
    assert after != before  # a real change, rescored on commit: not a no-op
    return len(queries)


def test_a_correction_asks_as_many_queries_at_six_tables_as_at_three(
    play: Play, make_pairs, make_stage
):
    pairs = make_pairs(12)
    small = _correction_queries(play, pairs, make_stage, 3)
    bigger = _correction_queries(play, pairs, make_stage, 6)
    assert bigger == small > 20, (small, bigger)  # the rescore counted too


def test_a_correction_reads_its_boards_lines_by_board_alone(play: Play, make_pairs, make_stage):
    """One result's rescore reads the old traveller lines of its board (第二十八条之7's
    matchpoints of that board alone), and the players' view the lines of the hidden
    boards. Asked with the stage beside the boards, SQLite on a migrated database (no
    statistics, as ``make run`` leaves it; the stage's index made first) took the
    stage's index and read every line of the stage: 57,000 at 120 tables, 4 ms of
    each correction. By board alone only the (board, table) index fits."""
    pairs = make_pairs(8)
    stage = make_stage(Stage.Kind.MITCHELL, pairs, boards_per_round=1)
    entered = []
    for number in range(1, stage.boards.count() + 1):
        entered += play_board(play, stage, number, [40 + 5 * t for t in range(4)])
    with CaptureQueriesContext(connection) as queries:
        play.correct(entered[-1], 150)
    by_board = [
        q["sql"].split(" WHERE ", 1)[1]
        for q in queries.captured_queries
        if q["sql"].startswith("SELECT")
        and 'FROM "scoring_travellerscore" WHERE' in q["sql"]
        and '"scoring_travellerscore"."board_id" IN' in q["sql"]
    ]
    assert by_board  # the board's old lines were read
    assert not any("stage_id" in where for where in by_board), by_board


def _counts_schedule(queries: CaptureQueriesContext) -> bool:
    """Whether ``queries`` counted a stage's whole schedule (``_count_full_plays``)."""
    return any('COUNT("tournament_setplay"."id")' in q["sql"] for q in queries.captured_queries)


def test_a_correction_does_not_count_the_whole_schedule_again(play: Play, make_pairs, make_stage):
    """How many times a board should have been played (第二十八条: a short board is
    Neuberg-scaled to it) needs every set's plays — 57,000 at 120 tables, the costliest
    question of a correction — but only a new layout changes it: a correction reads it
    as the last rescore of the same layout counted it."""
    stage = make_stage(Stage.Kind.MITCHELL, make_pairs(8), boards_per_round=1)
    entered = []
    for number in range(1, stage.boards.count() + 1):
        entered += play_board(play, stage, number, [40 + 5 * t for t in range(4)])
    before = list(Standing.objects.filter(stage=stage).values_list("entrant_id", "matchpoints"))
    with CaptureQueriesContext(connection) as queries:
        play.correct(entered[-1], 0)  # its board's best N–S score becomes its worst
    assert not _counts_schedule(queries)
    after = list(Standing.objects.filter(stage=stage).values_list("entrant_id", "matchpoints"))
    assert after != before  # rescored all the same


def test_the_full_plays_are_counted_again_for_a_new_layout(event, make_pairs, director):
    """A director's swap (第二十八条: before the round is played) or a field laid out
    again before round 1 is a new layout: its plays are counted afresh; so is every
    whole-stage rescore (the reconciler's after a fault)."""
    from scoring.services.pairs import _count_full_plays, _full_plays
    from tournament.services import round_swap, stage_create, stage_field_change

    pairs = make_pairs(12)
    stage = stage_create(event=event, kind="mitchell", entrants=pairs[:10], draw_seed=28)

    def counted(**kwargs: bool) -> tuple[dict[str, int], bool]:
        with CaptureQueriesContext(connection) as queries:
            full = _full_plays(stage, **kwargs)
        return full, _counts_schedule(queries)

    first = counted()
    assert first[1] and first[0] == {"": 5}  # 5 tables, 5 rounds: every set 5 times
    assert counted() == (first[0], False)
    assert counted(fresh=True) == (first[0], True)
    ns = {e.pair_number: e.entrant for e in StageEntry.objects.filter(stage=stage, direction="NS")}
    round_swap(
        round=stage.rounds.get(number=1),
        first=ns[1],
        second=ns[3],
        reason="靠近出口",
        changed_by=director,
    )
    assert counted()[1]
    stage_field_change(stage=stage, add=pairs[10:])  # 6 tables now
    assert stage.rounds.get(number=1).tables.count() == 6
    assert counted() == (_count_full_plays(stage), True)
