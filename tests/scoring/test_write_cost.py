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
from tournament.models import Stage

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
