"""The API's standings rows are written by a fast path (``StandingOut.to_representation``)
that must say exactly what DRF's own field-by-field walk says (the documented schema):
for a round robin and a Mitchell, as an official and as a player (exact ``Fraction``
totals and percentages, rounded once, half up)."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

import pytest

from api.standings import StandingOut
from scoring.selectors import standings_rows
from tests.builders import Play, boards_of

pytestmark = pytest.mark.django_db


def check(stage) -> None:
    out = StandingOut()
    for official in (True, False):
        lines = standings_rows(stage, official=official)
        assert lines
        for line in lines:
            assert out.to_representation(line) == out.generic(line)


def test_a_round_robins_rows_read_as_the_schema_says(half_played):
    stage, _match, _hidden = half_played
    check(stage)


def test_a_mitchells_rows_read_as_the_schema_says(make_pairs, make_stage, play: Play):
    stage = make_stage("mitchell", make_pairs(6), boards_per_round=1)
    for number in (1, 2):
        for table in stage.rounds.get(number=number).tables.order_by("number"):
            for board in boards_of(table):
                play.at_table(board, table, 10 + 15 * table.number + 5 * number)
    check(stage)
    assert any(line.percentage for line in standings_rows(stage, official=True))


def test_zeros_of_every_kind_read_as_the_schema_says(make_pairs, make_stage, play: Play):
    """A pair's 得分, 失分 and 场分 are zero on every row, written at once: stored (0.0000),
    exact (``Fraction(0)``), whole or negative zero, each as DRF writes it."""
    stage = make_stage("mitchell", make_pairs(6), boards_per_round=1)
    for table in stage.rounds.get(number=1).tables.order_by("number"):
        for board in boards_of(table):
            play.at_table(board, table, 10 + 15 * table.number)
    out = StandingOut()
    line = standings_rows(stage, official=True)[0]
    for zero in (Decimal("0.0000"), Decimal("0"), Decimal("-0"), Decimal("-0.00"), Fraction(0), 0):
        changed = replace(line, score_for=zero, adjustment=zero, percentage=zero)
        assert out.to_representation(changed) == out.generic(changed), zero
