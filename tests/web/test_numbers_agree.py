"""One number formatter: a score prints the same on every page and paper (issue 12).

15.6250 matchpoints once printed as 15.62 on the stage page (a float formatted with
``.2f``) and as 15.63 on ``/standings/`` and in the PDF."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from django.template import Context, Template

from core.numbers import format_number
from printing.data import number_text
from web.scores import number


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Decimal("15.6250"), "15.63"),
        (Fraction(125, 8), "15.63"),
        (Decimal("12.5000"), "12.5"),
        (18, "18"),
        (Decimal("-0.5"), "-0.5"),
        (Decimal("-0.001"), "0"),
        (Fraction(100, 3), "33.33"),
        (Decimal("2.675"), "2.68"),
        (None, ""),
    ],
)
def test_a_score_is_rounded_half_up_to_two_places_without_trailing_zeros(value, text):
    assert format_number(value) == text


@pytest.mark.parametrize("value", [Decimal("15.6250"), Fraction(125, 8), Decimal("2.675")])
def test_every_face_writes_a_score_the_same(value):
    filtered = Template("{% load web_extras %}{{ v|score }}").render(Context({"v": value}))
    assert number(value) == number_text(value) == filtered == format_number(value)


@pytest.mark.parametrize(
    ("percentage", "text"),
    [(Decimal("50"), "50.00"), (Decimal("60.9375"), "60.94"), (Fraction(1123, 20), "56.15")],
)
def test_a_percentage_keeps_two_places_on_the_page_as_on_the_paper(percentage, text):
    """第二十八条之7: pairs are ranked by percentage, read down a column: the stage page, a
    player's page and the papers all print it with two places (50.00, not 50 beside
    60.94)."""
    from printing.data import number_text
    from scoring.rows import EntrantTag, StandingLine
    from web.pages.shared import standing_row

    zero = Decimal(0)
    line = StandingLine(
        entrant=EntrantTag(id=1, kind="pair", number=1, name=""),
        place=1,
        shared=False,
        group_label="",
        direction="NS",
        tie="",
        flagged=False,
        note="",
        played=0,
        won=0,
        drawn=0,
        lost=0,
        match_points=0,
        score_for=zero,
        score_against=zero,
        boards=7,
        matchpoints=zero,
        adjustment=zero,
        total=zero,
        top=84,
        percentage=percentage,
        byes=0,
        opponents_points=0,
        net_levels=0,
    )
    assert standing_row(line, {})["percentage"] == text
    assert number_text(percentage, fixed=True) == text
