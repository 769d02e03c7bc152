"""Writes of the boards app: deals, scorecards and releases (plain functions, each in
a transaction, nothing half-saved; errors are ``boards.errors.BoardError``)."""

from __future__ import annotations

from ..records import Entry
from .commitments import (
    BoardCheck,
    DealsCheck,
    deals_commit,
    deals_revealed,
    deals_verify,
    seed_material,
)
from .deals import (
    board_enter_deal,
    board_fill_deal,
    boards_await_deal,
    boards_generate,
    boards_generate_event,
    boards_import,
    deal_from_seed,
    deal_text_cards,
    new_seed,
    read_board_file,
)
from .release import board_release, board_withdraw_release, boards_release
from .results import (
    Actor,
    Prediction,
    box_card_prediction,
    first_play_table,
    result_check,
    result_confirm,
    result_correct,
    result_enter,
)

__all__ = [
    "BoardCheck",
    "DealsCheck",
    "board_fill_deal",
    "boards_await_deal",
    "deal_text_cards",
    "deals_commit",
    "deals_revealed",
    "deals_verify",
    "seed_material",
    "Actor",
    "Entry",
    "Prediction",
    "board_enter_deal",
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
]
