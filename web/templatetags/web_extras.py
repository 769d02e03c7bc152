"""Small template helpers of the web pages."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django import template
from django.utils.safestring import SafeString

from core.numbers import format_number

from ..pages.shared import pair_row_html

register = template.Library()


@register.filter
def get(mapping: Mapping[Any, Any] | None, key: Any) -> Any:
    """``{{ scores|get:m.number }}``: a dict's value by a key held in a variable."""
    if not mapping:
        return None
    return mapping.get(key)


@register.filter
def score(value: Any) -> str:
    """``{{ row.total|score }}``: a score as every page and paper writes it
    (``core.numbers.format_number``: half up to two places, no trailing zeros)."""
    return format_number(value)


@register.filter
def pair_rows(rows: Iterable[Any]) -> SafeString:
    """``{{ rows|pair_rows }}``: a ranking's rows of the standings (``pair_row_html``),
    each on its line as a ``{% for %}`` over them wrote it: 240 turns of the template's
    loop were a fifth of a 120-table standings page's first read after a result."""
    return SafeString("".join(f"\n    {pair_row_html(row)}" for row in rows))
