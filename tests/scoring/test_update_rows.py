"""``update_rows`` writes a rescore's changed columns as Django would: each value made
a query parameter the way the field's ``get_db_prep_save`` makes it (scores to their
four places, 第二十八条's matchpoints as stored), only without that walk for the values a
rescore already gives in the column's own type."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import connection

from scoring.models import Standing
from scoring.services._rows import _array_text, _preparer

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


@pytest.mark.django_db
@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's array text")
@pytest.mark.parametrize("name", ["matchpoints", "total", "place", "shared", "boards", "id"])
def test_a_column_as_array_text_is_stored_as_the_list_would_be(name: str) -> None:
    """On PostgreSQL a column of numbers, flags and None goes as one array text: the
    database must read the same values from it as from the list psycopg adapts."""
    field = Standing._meta.get_field(name)
    prepare = _preparer(field)
    values = []
    for value in VALUES:
        try:
            values.append(prepare(value))
        except Exception:  # noqa: BLE001 -- refused the same way as by Django (above)
            continue
    if name == "shared":
        values = [v for v in values if v is None or type(v) is bool]
    else:
        values = [v for v in values if type(v) is not bool and not isinstance(v, str)]
    text = _array_text(values)
    assert isinstance(text, str), text
    cast = f"SELECT CAST(%s AS {field.db_type(connection)}[])"
    with connection.cursor() as cursor:
        cursor.execute(cast, [text])
        from_text = cursor.fetchone()[0]
        cursor.execute(cast, [values])
        from_list = cursor.fetchone()[0]
    assert from_text == from_list and len(from_text) == len(values) >= 3


def test_a_text_column_is_left_for_the_driver_to_quote() -> None:
    """A text may hold a comma, a brace or a quote: never written into array text."""
    values = ["NS", 'a,"b"}', None]
    assert _array_text(values) is values
    assert _array_text([1, Decimal("2.5"), None, True]) == "{1,2.5,NULL,t}"
