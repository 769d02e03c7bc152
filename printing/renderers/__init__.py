"""PDF renderers: each takes plain data (``printing.data``) and a language and returns
``(filename, mimetype, bytes)``. Nothing here reads the database."""

from __future__ import annotations

from .boards import render_box_cards, render_hand_records
from .brackets import render_brackets
from .movement import render_guide_cards, render_movement
from .schedule import render_schedule
from .scoresheets import render_score_sheets, render_travellers

__all__ = [
    "render_box_cards",
    "render_brackets",
    "render_guide_cards",
    "render_hand_records",
    "render_movement",
    "render_schedule",
    "render_score_sheets",
    "render_travellers",
]
