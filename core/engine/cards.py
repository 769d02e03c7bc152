"""Cards, seats and levels, and their notation (interfaces.md, "Card and seat notation").

A card is a small int, its *kind* (0…53): suits H, D, S, C take 13 kinds each
(rank 2 … A), then 小王 (52) and 大王 (53). Two decks hold two cards of every kind
(第四十一条), so hands are counts per kind. Ints keep the hot paths of the play
checker allocation-free; `card_name` and `parse_card` are the only places that know
the spelling.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import NewType

Card = NewType("Card", int)


class Suit(enum.IntEnum):
    """The four suits (第六条), numbered by their rank for 正主: 红心 > 方块 > 黑桃 > 梅花."""

    H = 0  # 红心
    D = 1  # 方块
    S = 2  # 黑桃
    C = 3  # 梅花

    @property
    def zh(self) -> str:
        return SUIT_ZH[self]


SUIT_ZH = {Suit.H: "红心", Suit.D: "方块", Suit.S: "黑桃", Suit.C: "梅花"}
# Messages name suits; a letter would read like a seat ("E holds S").
SUIT_EN = {Suit.H: "hearts", Suit.D: "diamonds", Suit.S: "spades", Suit.C: "clubs"}
# The symbols interfaces.md accepts in place of the suit letter (♥10, ♠A).
SUIT_SYMBOLS = {"♥": Suit.H, "♦": Suit.D, "♠": Suit.S, "♣": Suit.C}

LJ = Card(52)  # 小王
BJ = Card(53)  # 大王
KINDS = 54
DECK_SIZE = 108
HAND_SIZE = 25
BOTTOM_SIZE = 8

RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_RANK_INDEX = {name: i for i, name in enumerate(RANK_NAMES)}
_RANK_INDEX["T"] = _RANK_INDEX["10"]  # "`T` is accepted for 10" (interfaces.md); no "1" for A


class Seat(enum.IntEnum):
    """Seats in the order of play. Play goes counter-clockwise: N → W → S → E (rules.md)."""

    N = 0
    W = 1
    S = 2
    E = 3

    # Table look-ups (filled in below the classes): these are asked on every board.
    @property
    def next(self) -> Seat:
        """下家: the player on the right, who plays next."""
        return _NEXT[self]

    @property
    def partner(self) -> Seat:
        """对家."""
        return _PARTNER[self]

    @property
    def side(self) -> Side:
        """N and S (numbers 0 and 2) against W and E (1 and 3)."""
        return _SIDE[self]


def _play_order(first: Seat) -> tuple[Seat, Seat, Seat, Seat]:
    return (first, first.next, first.next.next, first.next.next.next)


class Side(enum.Enum):
    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS


_NEXT = (Seat.W, Seat.S, Seat.E, Seat.N)
_PARTNER = (Seat.S, Seat.E, Seat.N, Seat.W)
_SIDE = (Side.NS, Side.EW, Side.NS, Side.EW)
SEAT_NAMES = ("N", "E", "S", "W")  # the order a record lists them in
SEAT_ZH = {"N": "北", "E": "东", "S": "南", "W": "西"}  # 北家、东家… in Chinese messages
PLAY_ORDER = {s: _play_order(s) for s in Seat}  # a trick's four plays from its leader on
ORDER_NAMES = {s: tuple(o.name for o in order) for s, order in PLAY_ORDER.items()}
SEATS_BY_NAME: dict[str, Seat] = {s.name: s for s in Seat}

# Levels (级别, 第八条) as numbers A=1 … K=13, so that "rising n levels" is addition.
LEVEL_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
# Exactly the strings interfaces.md lists: no number 7, no "k", no "T", no "1", no "10 ".
_LEVEL_INDEX = {name: i + 1 for i, name in enumerate(LEVEL_NAMES)}


class NotationError(ValueError):
    """A card, level, seat or suit that is not spelled as interfaces.md says.

    It carries what was expected, not the value: the reader quotes the value itself
    (`errors.shown`), in Chinese and in English."""


def card(suit: Suit, rank_index: int) -> Card:
    """The card of `suit` with rank index 0 (two) … 12 (ace)."""
    return Card(suit * 13 + rank_index)


def level_rank_index(level: int) -> int:
    """The rank index of a level's card: level A (1) is the ace, level 2 the two, …"""
    return 12 if level == 1 else level - 2


def card_name(c: int) -> str:
    """Canonical spelling: `H10`, `SA`, `BJ`."""
    if c == BJ:
        return "BJ"
    if c == LJ:
        return "LJ"
    return "HDSC"[c // 13] + RANK_NAMES[c % 13]


def card_zh(c: int) -> str:
    """Chinese spelling for messages: 红心10, 大王."""
    if c == BJ:
        return "大王"
    if c == LJ:
        return "小王"
    return SUIT_ZH[Suit(c // 13)] + RANK_NAMES[c % 13]


def card_en(c: int) -> str:
    """English spelling for messages: ♥10, ♠Q, big joker (a suit letter reads like a seat)."""
    if c == BJ:
        return "big joker"
    if c == LJ:
        return "small joker"
    return "♥♦♠♣"[c // 13] + RANK_NAMES[c % 13]


def _spellings() -> dict[str, Card]:
    """Every spelling interfaces.md accepts, exactly as it spells them: the suit letter or
    symbol and the rank (`H10`, `HT`, `♥10`), `BJ`, `LJ`, `大王`, `小王`. Nothing else —
    not `h10`, not ` H10`, not `H1` for the ace (a typo for `H10` reads as an unknown card,
    not as a third ♥A) — so one look-up reads a card."""
    out: dict[str, Card] = {"BJ": BJ, "大王": BJ, "LJ": LJ, "小王": LJ}
    heads: dict[Suit, list[str]] = {s: [s.name] for s in Suit}
    for symbol, s in SUIT_SYMBOLS.items():
        heads[s].append(symbol)
    for s, names in heads.items():
        for head in names:
            for rank, i in _RANK_INDEX.items():
                out[head + rank] = card(s, i)
    return out


SPELLINGS = _spellings()


def parse_card(text: object) -> Card:
    """Read `H10`, `HT`, `♥10`, `BJ`, `大王`, … exactly as interfaces.md spells them."""
    found = SPELLINGS.get(text) if isinstance(text, str) else None
    if found is None:
        raise NotationError("card")
    return found


#: Suit markers of the fast hand grammar, typed by a person rather than written by a
#: program: symbols (white ones too), letters in either case and Chinese names (红桃 and
#: 方片, 草花 as spoken at the table besides the rules' 红心, 方块, 梅花).
_SUIT_MARKS: dict[str, Suit] = {
    **SUIT_SYMBOLS,
    "♡": Suit.H,
    "♢": Suit.D,
    "♤": Suit.S,
    "♧": Suit.C,
    **{s.name: s for s in Suit},
    **{SUIT_ZH[s]: s for s in Suit},
    "红桃": Suit.H,
    "方片": Suit.D,
    "草花": Suit.C,
}
_JOKER_MARKS: dict[str, Card] = {"大王": BJ, "小王": LJ, "BJ": BJ, "LJ": LJ}
_RANK_MARKS = _RANK_INDEX  # 10 also T (interfaces.md)
_SEPARATORS = frozenset(" \t\r\n,，、;；/")


def parse_hand_text(text: str) -> list[Card]:
    """Cards from a 牌型卡 typed fast, a suit then its ranks: ``♥AKQ10 ♠AA95 大王``.

    A suit is a symbol, a letter (H D S C) or its Chinese name (红心/红桃, 方块/方片,
    黑桃, 梅花/草花); its ranks follow until the next suit (``10`` or ``T`` for ten, a
    rank written twice is held twice); jokers are 大王/小王 or BJ/LJ anywhere. Raises
    NotationError naming the first thing it cannot read."""
    cards: list[Card] = []
    suit: Suit | None = None
    i, upper = 0, text.upper()
    while i < len(upper):
        if upper[i] in _SEPARATORS:
            i += 1
            continue
        for marks in (_JOKER_MARKS, _SUIT_MARKS):
            head = next((m for m in marks if upper.startswith(m, i)), None)
            if head is not None:
                break
        if head is not None and head in _JOKER_MARKS:
            cards.append(_JOKER_MARKS[head])
        elif head is not None:
            suit = _SUIT_MARKS[head]
        else:
            head = "10" if upper.startswith("10", i) else upper[i]
            if head not in _RANK_MARKS:
                raise NotationError(f"cannot read {text[i : i + 4]!r} (position {i + 1})")
            if suit is None:
                raise NotationError(f"a rank before any suit: {text[: i + 1]!r}")
            cards.append(card(suit, _RANK_MARKS[head]))
        i += len(head)
    return cards


def parse_cards(value: object) -> tuple[Card, ...] | None:
    """A list of canonically spelled cards, or None when any needs a closer look."""
    if not isinstance(value, list):
        return None
    try:
        return tuple(map(SPELLINGS.__getitem__, value))
    except (KeyError, TypeError):
        return None


def parse_level(text: object) -> int:
    """A level spelled as interfaces.md lists it: the string `A`, `2` … `10`, `J`, `Q` or `K`."""
    found = _LEVEL_INDEX.get(text) if isinstance(text, str) else None
    if found is None:
        raise NotationError("level")
    return found


def level_name(level: int) -> str:
    return LEVEL_NAMES[level - 1]


def parse_seat(text: object) -> Seat:
    """A seat as interfaces.md spells it: `N`, `E`, `S` or `W`."""
    found = SEATS_BY_NAME.get(text) if isinstance(text, str) else None
    if found is None:
        raise NotationError("seat")
    return found


_SUITS_BY_MARK: dict[str, Suit] = {**{s.name: s for s in Suit}, **SUIT_SYMBOLS}


def parse_suit(text: object) -> Suit:
    """A suit as a card spells it (interfaces.md): its letter `H` `D` `S` `C` or its symbol."""
    found = _SUITS_BY_MARK.get(text) if isinstance(text, str) else None
    if found is None:
        raise NotationError("suit")
    return found


def point_value(c: int) -> int:
    """分牌 (第七条): a 5 is worth 5, a 10 or K 10."""
    if c >= LJ:
        return 0
    r = c % 13
    return 5 if r == 3 else 10 if r in (8, 11) else 0


POINTS = tuple(point_value(c) for c in range(KINDS))
# 潇洒 takes back "10以下不是分牌的牌" (第十六条): rank indexes of 2, 3, 4, 6, 7, 8, 9.
XIAOSA_TAKES = frozenset({0, 1, 2, 4, 5, 6, 7})


def points_of(cards: Iterable[int]) -> int:
    return sum(POINTS[c] for c in cards)


def full_deck() -> list[Card]:
    """All 108 cards: two of each kind."""
    return [Card(c) for c in range(KINDS) for _ in range(2)]


def counts(cards: Iterable[int]) -> list[int]:
    """Cards as counts per kind, the form hands are kept in."""
    out = [0] * KINDS
    for c in cards:
        out[c] += 1
    return out
