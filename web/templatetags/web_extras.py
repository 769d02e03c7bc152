"""Small template helpers of the web pages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template

register = template.Library()


@register.filter
def get(mapping: Mapping[Any, Any] | None, key: Any) -> Any:
    """``{{ scores|get:m.number }}``: a dict's value by a key held in a variable."""
    if not mapping:
        return None
    return mapping.get(key)
