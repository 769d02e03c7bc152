"""``update_rows`` writes a rescore's changed columns as Django would: each value made
a query parameter the way the field's ``get_db_prep_save`` makes it (scores to their
four places, 第二十八条's matchpoints as stored), only without that walk for the values a
rescore already gives in the column's own type."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import connection

from scoring.models import Standing
from scoring.services._rows import _preparer

VALUES = [
    None,
    0,
    7,
    True,
    False,
    "NS",
    "",
    Decimal("0"),
    Decimal("56.1250"),
    Decimal("-0.5"),
    Decimal("1234.56785"),  # more places than the column: rounded as Django rounds it
    Decimal("12"),
    "12.5",  # not the column's own type: through the field
    12.0,
]


@pytest.mark.parametrize(
    "name", ["matchpoints", "total", "lines_sum", "place", "shared", "direction", "boards", "id"]
)
def test_each_value_is_the_parameter_django_would_make(name: str) -> None:
    field = Standing._meta.get_field(name)
    prepare = _preparer(field)
    for value in VALUES:
        try:
            expected = field.get_db_prep_save(value, connection)
        except Exception as error:  # noqa: BLE001 -- the same refusal either way
            with pytest.raises(type(error)):
                prepare(value)
            continue
        made = prepare(value)
        assert made == expected and type(made) is type(expected), (name, value, made, expected)
