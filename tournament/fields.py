"""Model fields shared by the apps' models."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models

__all__ = ["by_user"]


def by_user(verbose_name: Any) -> models.ForeignKey[Any, Any]:
    """Who did something (entered, released, decided, printed): the record outlives the
    account (set to null when the user is deleted) and users get no reverse accessor."""
    return models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=verbose_name,
    )
