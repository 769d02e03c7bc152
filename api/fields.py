"""Bounds shared by the API's inputs: ids and numbers fit the database's integer
columns (PostgreSQL refuses larger ones), so nothing typed into a URL or a query
reaches the database out of range."""

from __future__ import annotations

ID_MAX = 2**31 - 1
SMALL_MAX = 32767


class IdConverter:
    """``<id:pk>`` in a URL: 1 to 9 digits (anything longer is not found)."""

    regex = "[0-9]{1,9}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


class SmallConverter(IdConverter):
    regex = "[0-9]{1,4}"
