"""Writes of the boards app: deals, scorecards and releases (plain functions, each in
a transaction, nothing half-saved; errors are ``boards.errors.BoardError``)."""

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
from .release import board_release, board_withdraw_release, boards_release
from .results import (
    REFUSALS_PER_BOARD,
    Actor,
    Judgement,
    Prediction,
    board_locked_for,
    box_card_prediction,
    first_play_table,
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
    "board_release",
    "board_withdraw_release",
    "boards_generate",
    "boards_generate_event",
    "boards_import",
    "boards_release",
    "box_card_prediction",
    "deal_from_seed",
    "first_play_table",
    "new_seed",
    "read_board_file",
    "result_check",
    "result_confirm",
    "result_correct",
    "result_enter",
    "scorecard_judge",
]
