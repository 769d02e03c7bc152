"""Writes of the boards app: deals and scorecards (plain functions, each in a
transaction, nothing half-saved; errors are ``boards.errors.BoardError``). A board's
release is ``scoring.services.release``: it changes what the scores show."""

from __future__ import annotations

from ..records import Entry
from .box_contradictions import (
    CONTRADICTED,
    box_card_chooser,
    box_card_contradiction,
    box_card_flag_contradiction,
)
from .box_rulings import box_card_rule
from .commitments import (
    DEALT_AT_ONCE,
    BoardCheck,
    DealsCheck,
    boards_generate,
    boards_generate_event,
    deals_commit,
    deals_enter_public_value,
    deals_revealed,
    deals_verify,
)
from .deals import (
    board_enter_deal,
    board_fill_deal,
    boards_await_deal,
    boards_import,
    deal_from_seed,
    deal_text_cards,
    read_board_file,
    read_board_upload,
)
from .offline import Arrival, conflict_resolve, outbox_confirm, outbox_enter
from .replays import MAX_KEY, replay_find, replay_keep
from .results import (
    Actor,
    Judgement,
    Prediction,
    box_card_prediction,
    box_card_ruling,
    first_play_table,
    first_play_tables,
    pin_misses,
    result_check,
    result_confirm,
    result_correct,
    result_enter,
    scorecard_judge,
)

__all__ = [
    "Arrival",
    "conflict_resolve",
    "outbox_confirm",
    "outbox_enter",
    "MAX_KEY",
    "replay_find",
    "replay_keep",
    "BoardCheck",
    "DealsCheck",
    "board_fill_deal",
    "boards_await_deal",
    "deal_text_cards",
    "DEALT_AT_ONCE",
    "deals_commit",
    "deals_enter_public_value",
    "deals_revealed",
    "deals_verify",
    "Actor",
    "Entry",
    "Judgement",
    "Prediction",
    "board_enter_deal",
    "boards_generate",
    "boards_generate_event",
    "boards_import",
    "CONTRADICTED",
    "box_card_chooser",
    "box_card_contradiction",
    "box_card_flag_contradiction",
    "box_card_prediction",
    "box_card_rule",
    "box_card_ruling",
    "deal_from_seed",
    "first_play_table",
    "first_play_tables",
    "pin_misses",
    "read_board_file",
    "read_board_upload",
    "result_check",
    "result_confirm",
    "result_correct",
    "result_enter",
    "scorecard_judge",
]
