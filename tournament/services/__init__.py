"""Writes of the event structure: plain functions ``<entity>_<action>(*, …)``.

Each runs in one transaction and either does everything or nothing; a refusal is an
``tournament.errors.EventError`` (a ``ValidationError``) in Chinese and English.
"""

from __future__ import annotations

from .events import (
    entrant_create,
    entrants_add,
    entrants_parse,
    event_create,
    player_get_or_create,
)
from .matches import (
    bracket_sync,
    match_add_tiebreak,
    match_clear_result,
    match_record_winner,
    match_remove_tiebreak,
)
from .officials import (
    IssuedPassword,
    official_create,
    official_invite,
    official_password_reset,
    official_remove,
)
from .overrides import OVERRIDE_KINDS, round_swap
from .pins import stage_pin
from .qualification import stage_qualify, stage_unqualify
from .rounds import round_close, round_start
from .setup import (
    entrant_update,
    entrant_withdraw,
    event_update,
    stage_delete,
    stage_playoff_create,
)
from .stages import (
    new_draw_seed,
    stage_create,
    stage_entrants,
    stage_field_change,
    stage_preview,
    swiss_round_create,
)
from .versions import event_changed, event_write, stage_changed

__all__ = [
    "OVERRIDE_KINDS",
    "bracket_sync",
    "entrant_create",
    "entrant_update",
    "entrant_withdraw",
    "event_changed",
    "event_write",
    "stage_changed",
    "event_update",
    "IssuedPassword",
    "official_create",
    "official_invite",
    "official_password_reset",
    "official_remove",
    "new_draw_seed",
    "entrants_add",
    "entrants_parse",
    "event_create",
    "match_add_tiebreak",
    "match_clear_result",
    "match_record_winner",
    "match_remove_tiebreak",
    "player_get_or_create",
    "round_close",
    "round_start",
    "round_swap",
    "stage_create",
    "stage_delete",
    "stage_entrants",
    "stage_field_change",
    "stage_pin",
    "stage_playoff_create",
    "stage_preview",
    "stage_qualify",
    "stage_unqualify",
    "swiss_round_create",
]
