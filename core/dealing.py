"""The dealing scheme ``duidiao-deal/2`` (发牌方案): a deal anyone can repeat by hand.

docs/dealing.md is the specification; this module is its reference implementation and
``web/static/web/deals-verify.js`` the second, independent one (the browser's). Both
follow the same six steps, byte for byte:

1. The pack in its documented order: ``H2 H2 H3 H3 … HA HA``, then diamonds, spades,
   clubs the same way, then ``LJ LJ BJ BJ`` — 108 cards, two of each
   (``core.engine.cards.full_deck``; interfaces.md's card names).
2. The master key: ``K = HMAC-SHA256(key = the 32 secret bytes, message = the public
   value's UTF-8 bytes)``. The secret is drawn by the server when the commitment is made;
   the public value becomes known only afterwards (a beacon round, a value typed at the
   draw), so no one — the server included — can choose the deals.
3. Per board, a byte stream: blocks ``HMAC-SHA256(K, b"board" ‖ stage ‖ round ‖ number ‖
   counter)`` for counter = 0, 1, 2, …, each integer a 4-byte big-endian unsigned
   number (stage = the stage's order in the event, round = the round's number or 0 when
   boards pass between rounds, number = the board number), read byte by byte.
4. A number below ``n`` (n ≤ 108) by rejection sampling: take the next byte ``b``;
   if ``b < 256 - 256 % n`` the number is ``b % n``, otherwise drop it and take the
   next — no modulo bias.
5. Fisher–Yates: for ``i`` from 107 down to 1, ``j`` = a number below ``i + 1``, swap
   cards ``i`` and ``j``.
6. Dealt from position 0: 25 cards to N, 25 to W, 25 to S, 25 to E (the order play goes
   round, 第十条), the last 8 are the bottom (底牌) in that order, top first. Hands are
   written sorted in the pack's order (the order within a hand means nothing).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator

from .engine.cards import BOTTOM_SIZE, DECK_SIZE, HAND_SIZE, card_name, full_deck

__all__ = [
    "DEAL_ORDER",
    "SCHEME",
    "SECRET_BYTES",
    "board_stream",
    "deal_v2",
    "master_key",
    "secret_bytes",
    "secret_digest",
    "uniform_below",
]

SCHEME = "duidiao-deal/2"
SECRET_BYTES = 32
#: The seats the shuffled pack is dealt to, 25 cards each, before the bottom.
DEAL_ORDER = ("N", "W", "S", "E")


def secret_bytes(secret_hex: str) -> bytes:
    """The 32 bytes a secret's 64 lowercase hex digits spell."""
    raw = bytes.fromhex(secret_hex)
    if len(raw) != SECRET_BYTES or raw.hex() != secret_hex:
        raise ValueError("a duidiao-deal/2 secret is 64 lowercase hex digits")
    return raw


def secret_digest(secret_hex: str) -> str:
    """What the commitment publishes of the secret: SHA-256 of its 64 hex digits as ASCII
    text — ``printf %s SECRET | sha256sum`` gives the same."""
    return hashlib.sha256(secret_hex.encode("ascii")).hexdigest()


def master_key(secret_hex: str, public_value: str) -> bytes:
    """Step 2: HMAC-SHA256 keyed by the secret over the public value's UTF-8 bytes."""
    return hmac.new(secret_bytes(secret_hex), public_value.encode("utf-8"), "sha256").digest()


def board_stream(key: bytes, stage: int, round_number: int, number: int) -> Iterator[int]:
    """Step 3: the bytes of one board's counter stream."""
    prefix = b"board" + b"".join(x.to_bytes(4, "big") for x in (stage, round_number, number))
    counter = 0
    while True:
        yield from hmac.new(key, prefix + counter.to_bytes(4, "big"), "sha256").digest()
        counter += 1


def uniform_below(n: int, stream: Iterator[int]) -> int:
    """Step 4: a number in ``range(n)``, every one equally likely (1 ≤ n ≤ 256)."""
    limit = 256 - 256 % n
    for b in stream:
        if b < limit:
            return b % n
    raise AssertionError("the stream is endless")  # pragma: no cover


def deal_v2(
    secret_hex: str, public_value: str, *, stage: int, round_number: int, number: int
) -> tuple[dict[str, list[str]], list[str]]:
    """One board's deal under ``duidiao-deal/2``: (hands N/E/S/W sorted, bottom top first)."""
    stream = board_stream(master_key(secret_hex, public_value), stage, round_number, number)
    pack = full_deck()
    for i in range(DECK_SIZE - 1, 0, -1):
        j = uniform_below(i + 1, stream)
        pack[i], pack[j] = pack[j], pack[i]
    hands = {
        seat: [card_name(c) for c in sorted(pack[k * HAND_SIZE : (k + 1) * HAND_SIZE])]
        for k, seat in enumerate(DEAL_ORDER)
    }
    bottom = [card_name(c) for c in pack[4 * HAND_SIZE : 4 * HAND_SIZE + BOTTOM_SIZE]]
    return {seat: hands[seat] for seat in ("N", "E", "S", "W")}, bottom
