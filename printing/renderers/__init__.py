"""PDF renderers: each takes plain data (``printing.data``) and a language and returns
``(filename, mimetype, bytes)``. Nothing here reads the database."""

from __future__ import annotations

from .boards import render_box_cards, render_hand_records, render_pin_cards
from .brackets import render_brackets
from .forms import (
    render_blank_hand_records,
    render_movement_overview,
    render_table_cards,
    render_traveller_records,
)
from .handouts import render_board_handouts, render_score_cards
from .movement import render_guide_cards, render_movement
from .rulings import render_ruling_slips
from .schedule import render_schedule
from .scoresheets import render_score_sheets, render_travellers
from .standings import render_results, render_standings

__all__ = [
    "render_blank_hand_records",
    "render_board_handouts",
    "render_box_cards",
    "render_movement_overview",
    "render_score_cards",
    "render_table_cards",
    "render_traveller_records",
    "render_brackets",
    "render_guide_cards",
    "render_hand_records",
    "render_movement",
    "render_pin_cards",
    "render_results",
    "render_ruling_slips",
    "render_schedule",
    "render_score_sheets",
    "render_standings",
    "render_travellers",
]
