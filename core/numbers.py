"""The one way a score is written for people: pages, papers, spreadsheets' text.

Scores are stored exactly (``Fraction``) or to four places (``Decimal``); they are shown
rounded half up to two places with trailing zeros dropped: ``18``, ``12.5``, ``15.63``
(15.6250), ``-0.5``. Rounding half up on the exact decimal value, never on a float, so
the same score prints the same on every page and paper.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

__all__ = ["format_number", "rounded"]

#: 1, 0.1, 0.01, …: the quantum of each number of places, made once (a 120-table
#: Mitchell's standings round 2,400 numbers at every first read after a result).
_QUANTA = tuple(Decimal(1).scaleb(-places) for places in range(9))
#: 1, 10, 100, …: the scale of a ``Fraction`` rounded to each number of places.
_TENS = tuple(10**places for places in range(len(_QUANTA)))


def rounded(value: Decimal | Fraction | int | float | str, places: int = 2) -> Decimal:
    """``value`` to ``places`` decimals, half up on its exact value: the one rounding
    of a score, for the text of a page, a paper, the API's JSON, and for comparing
    pairs' totals as they are printed (56.125 % is 56.13 everywhere).

    A stored score (a ``Decimal``) and a running total (a ``Fraction``) are told apart
    first, by their own classes (an exact type matches at once): a 120-table Mitchell's
    first reads after a result round about 2,000 of them, and ``isinstance`` through
    the numeric ABCs, a ``Fraction``'s comparison with 0 and ``10 ** places`` cost more
    than the rounding."""
    if isinstance(value, Decimal):  # first: a Decimal is no ABC, a Fraction is
        exact = value
    elif isinstance(value, Fraction):
        # In whole numbers, so the exact value decides (no decimal division first).
        numerator, denominator = value.numerator, value.denominator
        scale = _TENS[places] if 0 <= places < len(_TENS) else 10**places
        whole, rest = divmod(abs(numerator) * scale, denominator)
        whole += 2 * rest >= denominator  # half up, away from zero
        return Decimal(whole if numerator >= 0 else -whole).scaleb(-places)
    else:  # an int exactly; a float or a text as it reads
        exact = Decimal(value) if type(value) is int else Decimal(str(value))
    quantum = _QUANTA[places] if 0 <= places < len(_QUANTA) else Decimal(1).scaleb(-places)
    return exact.quantize(quantum, rounding=ROUND_HALF_UP)


def format_number(
    value: Decimal | Fraction | int | float | str | None, places: int = 2, *, fixed: bool = False
) -> str:
    """``12``, ``12.5``, ``-0.5``, ``33.33``: at most ``places`` decimals, half up,
    no trailing zeros; ``""`` for None or an empty string. ``fixed``: always ``places``
    decimals (``52.50``, ``40.00``) — a percentage, read down a column against its
    neighbours, keeps its two places."""
    if value is None or (isinstance(value, str) and not value):
        return ""
    if not value and not fixed:
        return "0"  # any zero, however stored (a pair's 得分 and 失分 on every row)
    exact = rounded(value, places)
    if exact.is_zero():
        exact = abs(exact)  # never "-0.00"
    text = format(exact, "f")
    if fixed:
        return text
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
