"""The 对调 rules engine: pure Python, no Django.

It reads a recorded board exactly as the 2007 Chifeng competition rules say, rejects
what the rules forbid with a precise reason, and computes the outcome. Everything else
in the project (models, views, tasks, printing) calls it; nothing re-implements a rule.
"""

from __future__ import annotations

from .board import Verdict, check_board, check_deal
from .cards import (
    BJ,
    LJ,
    SEAT_NAMES,
    Card,
    Seat,
    Side,
    Suit,
    card_name,
    level_name,
    parse_card,
    parse_hand_text,
    parse_level,
    parse_seat,
)
from .errors import ErrorCode, RecordUnreadable, RuleError
from .outcome import Dig, HandOutcome, Outcome, score_hand
from .profiles import PROFILES, RuleProfile, resolve_profile
from .record import FORMAT
from .repeated import (
    REPEATED_KEYS,
    RepeatedKeysError,
    mark_repeated_keys,
    refuse_repeated_keys,
)

__all__ = [
    "BJ",
    "LJ",
    "PROFILES",
    "REPEATED_KEYS",
    "SEAT_NAMES",
    "Card",
    "Dig",
    "FORMAT",
    "ErrorCode",
    "HandOutcome",
    "Outcome",
    "RecordUnreadable",
    "RepeatedKeysError",
    "RuleError",
    "RuleProfile",
    "Seat",
    "Side",
    "Suit",
    "Verdict",
    "card_name",
    "check_board",
    "check_deal",
    "level_name",
    "mark_repeated_keys",
    "parse_card",
    "parse_hand_text",
    "parse_level",
    "parse_seat",
    "refuse_repeated_keys",
    "resolve_profile",
    "score_hand",
]
