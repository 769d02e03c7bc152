"""The stored standings are made into lines by position (``_stored_lines``): the
columns read must stand in the order of :class:`StandingLine`'s fields, or a place
would be read as a flag and a total as a top."""

from __future__ import annotations

from dataclasses import fields

from scoring.rows import StandingLine
from scoring.selectors import _LINE_FIELDS


def test_the_columns_read_stand_in_the_order_of_the_lines_fields() -> None:
    names = [f.name for f in fields(StandingLine)]
    assert names == [
        "entrant",
        *_LINE_FIELDS,
        "percentage",
        "byes",
        "opponents_points",
        "net_levels",
    ]
