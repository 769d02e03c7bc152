"""Scoring in the database: confirmed results → board points, match scores and
winners, travellers and matchpoints, standings (plain functions; see each module).

* ``rescore`` — what a result touches, marked in the outbox and rescored on commit; the
  reconciler for marks left behind; stages and events in full.
* ``teams`` — team matches, brackets, round-robin and group tables.
* ``team_formats`` — carry-over into a round-robin final, bracket places, Swiss teams.
* ``pairs`` — Mitchell travellers and rankings, the pairs final.
* ``release`` — a board shown to players early (第二十八条之6).
* ``adjustments`` — the stored adjustments hook for rulings; the director's tie orders.
* ``withdrawals`` — a team or pair withdrawing after play started (第三十条's forfeits).
"""

from __future__ import annotations

from .adjustments import (
    adjustment_forfeit,
    adjustment_override,
    adjustment_penalty,
    adjustments_set,
    match_score_reset,
    side_entrant,
    tie_order_set,
    tie_order_withdraw,
)
from .qualify import (
    stage_qualification_remove,
    stage_qualify_from_source,
    stage_source_undecided,
    stage_take_back,
)
from .release import board_release, board_withdraw_release, boards_release
from .rescore import (
    heal_stage,
    match_changed,
    queue_rescore,
    queue_targets,
    reconcile,
    rescore_dirty,
    rescore_event,
    rescore_result,
    rescore_stage,
    rescore_targets,
    result_changed,
)
from .sessions import pairs_session_create
from .team_formats import swiss_round_next
from .withdrawals import (
    OPPONENT_SCORES,
    entrant_leave,
    entrant_playing,
    stage_entrant_add,
    withdrawal_record,
    withdrawal_take_back,
    withdrawals_follow,
)

__all__ = [
    "OPPONENT_SCORES",
    "entrant_leave",
    "entrant_playing",
    "stage_entrant_add",
    "stage_qualification_remove",
    "stage_take_back",
    "withdrawal_record",
    "withdrawal_take_back",
    "withdrawals_follow",
    "adjustment_forfeit",
    "adjustment_override",
    "adjustment_penalty",
    "adjustments_set",
    "board_release",
    "board_withdraw_release",
    "boards_release",
    "heal_stage",
    "match_changed",
    "match_score_reset",
    "pairs_session_create",
    "queue_rescore",
    "queue_targets",
    "reconcile",
    "rescore_dirty",
    "rescore_event",
    "rescore_result",
    "rescore_stage",
    "rescore_targets",
    "result_changed",
    "side_entrant",
    "swiss_round_next",
    "stage_qualify_from_source",
    "stage_source_undecided",
    "tie_order_withdraw",
    "tie_order_set",
]
