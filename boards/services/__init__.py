"""Writes of the boards app: deals and scorecards (plain functions, each in a
transaction, nothing half-saved; errors are ``boards.errors.BoardError``). A board's
release is ``scoring.services.release``: it changes what the scores show."""

from __future__ import annotations

from ..records import Entry
from .deals import (
    board_enter_deal,
    boards_generate,
    boards_generate_event,
    boards_import,
    deal_from_seed,
    new_seed,
    read_board_file,
)
from .results import (
    REFUSALS_PER_BOARD,
    Actor,
    Judgement,
    Prediction,
    board_locked_for,
    box_card_prediction,
    first_play_table,
    first_play_tables,
    result_check,
    result_confirm,
    result_correct,
    result_enter,
    scorecard_judge,
)

__all__ = [
    "REFUSALS_PER_BOARD",
    "Actor",
    "Entry",
    "Judgement",
    "Prediction",
    "board_enter_deal",
    "board_locked_for",
    "boards_generate",
    "boards_generate_event",
    "boards_import",
    "box_card_prediction",
    "deal_from_seed",
    "first_play_table",
    "first_play_tables",
    "new_seed",
    "read_board_file",
    "result_check",
    "result_confirm",
    "result_correct",
    "result_enter",
    "scorecard_judge",
]
