"""The one way a score is written for people: pages, papers, spreadsheets' text.

Scores are stored exactly (``Fraction``) or to four places (``Decimal``); they are shown
rounded half up to two places with trailing zeros dropped: ``18``, ``12.5``, ``15.63``
(15.6250), ``-0.5``. Rounding half up on the exact decimal value, never on a float, so
the same score prints the same on every page and paper.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

__all__ = ["format_number"]


def format_number(value: Decimal | Fraction | int | float | str | None, places: int = 2) -> str:
    """``12``, ``12.5``, ``-0.5``, ``33.33``: at most ``places`` decimals, half up,
    no trailing zeros; ``""`` for None or an empty string."""
    if value is None or value == "":
        return ""
    if isinstance(value, Fraction):
        exact = Decimal(value.numerator) / Decimal(value.denominator)
    elif isinstance(value, Decimal):
        exact = value
    else:
        exact = Decimal(str(value))
    text = format(exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
