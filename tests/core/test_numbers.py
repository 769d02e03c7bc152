"""``core.numbers``: the one way a score becomes text (issue 23, item 3)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from core.numbers import format_number


@pytest.mark.parametrize(
    "zero", [0, 0.0, Decimal("0.0000"), Decimal("-0.0000"), Fraction(0), Decimal("-0.001")]
)
def test_every_zero_reads_0_and_a_fixed_one_0_00(zero: Decimal | Fraction | float) -> None:
    """A zero however stored (a pair's 得分 and 失分, four places on the standing) reads
    ``0``, never ``-0`` or ``0.0000``; rounded to zero likewise; with ``fixed`` (a
    percentage column) ``0.00``."""
    assert format_number(zero) == "0"
    assert format_number(zero, fixed=True) == "0.00"


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Decimal("56.1250"), "56.13"),  # half up, not half even
        (Fraction(525, 8), "65.63"),  # 第二十八条's Neuberg percentage, exactly 65.625
        (Decimal("12.5000"), "12.5"),
        (Decimal("-0.5000"), "-0.5"),
        (Fraction(100, 3), "33.33"),
        (18, "18"),
    ],
)
def test_scores_read_half_up_without_trailing_zeros(
    value: Decimal | Fraction | int, text: str
) -> None:
    assert format_number(value) == text
