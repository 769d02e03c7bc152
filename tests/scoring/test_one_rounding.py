"""One rounding (issue 23, item 3): scores are kept exact and rounded once, half up to
two places (``core.numbers.rounded``), where they become text — on the page, in the
API's JSON, on the printed standings and in the rankings over sessions alike.

Before, a Mitchell's percentage was rounded twice, half even (to four places when
stored, then to the cent), and the API's decimal fields rounded half even again: a
pair at exactly 65.625 % read 65.62 to officials and 65.63 where a player's view counted
it afresh."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from api.pairs import _rows as ranked_rows
from api.standings import standings_data as api_standings
from printing.selectors import standings_data as printed_standings
from scoring.selectors import board_traveller, standings_rows
from scoring.services import adjustment_override, adjustments_set
from scoring.sessions import cumulative_ranking
from tests.builders import board, mitchell, play_board, tables_for
from web.pages.shared import standings_view

pytestmark = pytest.mark.django_db


def test_a_neuberg_percentage_at_an_exact_half_cent_reads_65_63_on_every_face(
    play, make_pairs, make_stage
):
    """第二十八条: a board of a 5-table Mitchell (top 8) played 5 times, one table's
    result taken out by a ruling, is Neuberg-scaled from the 4 left (competition.md):
    the second best of them, raw 4 of 6, becomes (4 + 1)·5/4 − 1 = 5.25 of 8 — exactly
    65.625 %, which half up is 65.63."""
    stage = mitchell(make_pairs, make_stage, 5)
    results = play_board(play, stage, 1, [20, 40, 60, 80, 10])
    last = tables_for(stage, 1)[-1]
    with play.capture(execute=True):
        adjustments_set(
            source="ruling:7",
            adjustments=[
                adjustment_override(kind="not_scored", board=results[-1].board, table=last)
            ],
        )
    (line,) = [t for t in board_traveller(board(stage, 1)) if t.ns_score == Decimal("5.25")]
    pair = line.ns_id
    assert line.top == 8

    for official in (True, False):
        (row,) = [r for r in standings_rows(stage, official=official) if r.entrant_id == pair]
        assert row.percentage == Fraction(525, 8)  # exact: 5.25 × 100 / 8
        api = {r["entrant"]["id"]: r for r in api_standings(stage, official=official)["rows"]}
        assert api[pair]["percentage"] == "65.63"
        page = {r["row"].entrant_id: r for r in standings_view(stage, {}, director=official)}
        assert page[pair]["percentage"] == "65.63"
        ranked = cumulative_ranking(stage.event, official=official)
        entrants = {e.pk: e for e in stage.event.entrants.all()}
        (over,) = [r for r in ranked_rows(ranked, entrants) if r["entrant"]["id"] == pair]
        assert over["percentage"] == "65.63"

    (sheet,) = printed_standings(stage.event, stage=stage).stages
    printed = [p.percentage for t in sheet.tables for p in t.lines]
    assert "65.63" in printed and "65.62" not in printed
