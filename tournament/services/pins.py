"""PINs (录入密码): one per team or pair per stage, made when first needed."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from ..models import Entrant, Stage, StagePin

__all__ = ["stage_pin"]


def stage_pin(stage: Stage, entrant: Entrant) -> str:
    """``entrant``'s PIN in ``stage`` (a fresh random one the first time it is asked:
    printing the PIN cards, or a side typing it at a table)."""
    found = StagePin.objects.filter(stage=stage, entrant=entrant).first()
    if found is not None:
        return found.pin
    try:
        with transaction.atomic():
            return StagePin.objects.create(stage=stage, entrant=entrant).pin
    except IntegrityError:  # made a moment ago by another request
        return StagePin.objects.get(stage=stage, entrant=entrant).pin
