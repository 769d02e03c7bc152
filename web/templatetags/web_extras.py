"""Small template helpers of the web pages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template

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
def pair_row(row: Any) -> str:
    """``{{ r|pair_row }}``: a pair's row of the standings (``pair_row_html``)."""
    return pair_row_html(row)
