"""Short specs → `duidiao-board/1` records (interfaces.md) for the engine tests.

A test names only the cards that matter ("N holds SA SA SK, W is void in spades");
`deal` fills the rest of the 108 cards in so that every hand has 25 and the bottom 8,
honouring the voids. `board` wraps a deal into a record: by default the declarer
buries the bottom unchanged (so the declarer's 25 cards are the hand) and declared
trump with a level card of the trump suit that `board` puts in the hand if missing.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

SUITS = "HDSC"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SEATS = ("N", "E", "S", "W")
POINT_RANKS = {"5", "10", "K"}

# Every card name twice: the 108 cards of 第四十一条.
DECK: list[str] = [f"{s}{r}" for s in SUITS for r in RANKS for _ in range(2)] + [
    "LJ",
    "LJ",
    "BJ",
    "BJ",
]


def cards(spec: str | list[str] | None) -> list[str]:
    """'SA SA H10' → ['SA', 'SA', 'H10']; a list passes through."""
    if spec is None:
        return []
    if isinstance(spec, list):
        return list(spec)
    return spec.split()


def effective_suit(name: str, level: str, trump: str) -> str:
    """'T' for trumps (jokers, every level card, the trump suit), else the suit letter."""
    if name in ("BJ", "LJ") or name[1:] == level or name[0] == trump:
        return "T"
    return name[0]


def deal(
    hands: dict[str, str | list[str]] | None = None,
    bottom: str | list[str] | None = None,
    *,
    void: dict[str, str] | None = None,
    level: str = "7",
    trump: str = "H",
) -> tuple[dict[str, list[str]], list[str]]:
    """A whole deal: the given cards, the rest of the deck filled in.

    `void` maps a seat to effective suits it must get no filler card of ("S" spades as a
    side suit, "T" trumps). The bottom is filled first with plain low side cards.
    """
    hands = hands or {}
    void = void or {}
    out = {seat: cards(hands.get(seat)) for seat in SEATS}
    given_bottom = bottom is not None
    out_bottom = cards(bottom)
    left = Counter(DECK)
    for name in [c for h in out.values() for c in h] + out_bottom:
        if left[name] <= 0:
            raise ValueError(f"{name} given more than twice")
        left[name] -= 1
    pool = sorted(left.elements(), key=DECK.index)

    def allowed(name: str) -> list[str]:
        suit = effective_suit(name, level, trump)
        return [s for s in SEATS if len(out[s]) < 25 and suit not in void.get(s, "")]

    if not given_bottom:

        def bottom_key(name: str) -> tuple[int, int, int]:
            plain = effective_suit(name, level, trump) != "T" and name[1:] not in POINT_RANKS
            return (len(allowed(name)), 0 if plain else 1, DECK.index(name))

        for name in sorted(pool, key=bottom_key)[: 8 - len(out_bottom)]:
            out_bottom.append(name)
            pool.remove(name)
    pool.sort(key=lambda name: (len(allowed(name)), DECK.index(name)))
    for name in pool:
        seats = allowed(name)
        if not seats:
            raise ValueError(f"no seat can take {name} under voids {void}")
        seat = max(seats, key=lambda s: (25 - len(out[s]), -SEATS.index(s)))
        out[seat].append(name)
    for seat in SEATS:
        if len(out[seat]) != 25:
            raise ValueError(f"seat {seat} has {len(out[seat])} cards")
    return out, out_bottom


def trick(leader: str, attempted: str | None = None, **plays: str) -> dict[str, Any]:
    """trick('N', N='SA', W='S3', S='S4', E='S5')."""
    out: dict[str, Any] = {"leader": leader, "plays": {s: cards(plays[s]) for s in SEATS}}
    if attempted is not None:
        out["attempted"] = cards(attempted)
    return out


def board(
    *,
    level: str = "7",
    other_level: str | None = None,
    declarer: str = "N",
    trump: str = "H",
    declared_by: str | None | bool = True,
    hands: dict[str, str | list[str]] | None = None,
    bottom: str | list[str] | None = None,
    void: dict[str, str] | None = None,
    with_deal: bool = True,
    buried: str | list[str] | None | bool = True,
    exchanges: list[dict[str, str]] | None = None,
    tricks: list[dict[str, Any]] | None = None,
    partial: bool = False,
    result: dict[str, Any] | None = None,
    rules: str = "chifeng-2007",
    switches: dict[str, Any] | None = None,
    number: int = 1,
) -> dict[str, Any]:
    """A record at `level` (the declaring side's; the other side at `other_level`).

    `declared_by=True` means the declarer declared, holding a level card of the trump
    suit (added to the hand spec if missing); None means 翻主. `buried=True` buries the
    bottom as it came; False leaves the burying out.
    """
    side = "NS" if declarer in "NS" else "EW"
    other = "EW" if side == "NS" else "NS"
    record: dict[str, Any] = {
        "format": "duidiao-board/1",
        "rules": rules,
        "switches": switches or {},
        "board": number,
        "levels": {side: level, other: other_level or level},
        "declarer": declarer,
        "trump": trump,
        "declared_by": declarer if declared_by is True else declared_by or None,
    }
    if with_deal:
        spec = {seat: cards(h) for seat, h in (hands or {}).items()}
        shower = record["declared_by"]
        level_card = f"{trump}{level}"
        if shower is not None and level_card not in spec.get(shower, []):
            spec.setdefault(shower, []).append(level_card)
        dealt, dealt_bottom = deal(spec, bottom, void=void, level=level, trump=trump)
        record["hands"] = dealt
        record["bottom"] = dealt_bottom
        if buried is True:
            record["buried"] = list(dealt_bottom)
    if buried not in (True, False, None):
        record["buried"] = cards(buried)  # type: ignore[arg-type]
    if exchanges is not None:
        record["exchanges"] = exchanges
    if tricks is not None:
        record["tricks"] = tricks
    if partial:
        record["partial"] = True
    if result is not None:
        record["result"] = result
    elif tricks is None or partial:
        record["result"] = {"defender_points": 0, "dig": None}
    return record


def result_only(
    *,
    level: str = "7",
    other_level: str | None = None,
    declarer: str = "N",
    points: int = 0,
    dig: str | None = None,
    rules: str = "chifeng-2007",
    switches: dict[str, Any] | None = None,
    buried: str | None = None,
    exchanges: list[dict[str, str]] | None = None,
) -> dict[str, Any]:
    """A scorecard-only record: levels, declarer, trump and the entered result."""
    return board(
        level=level,
        other_level=other_level,
        declarer=declarer,
        with_deal=False,
        declared_by=None,
        buried=buried if buried is not None else None,
        exchanges=exchanges,
        result={"defender_points": points, "dig": dig},
        rules=rules,
        switches=switches,
    )


def codes(verdict: Any) -> list[str]:
    """The error codes of a verdict (a `Verdict` or its dict), in order."""
    data = verdict if isinstance(verdict, dict) else verdict.to_dict()
    return [e["code"] for e in data["errors"]]
