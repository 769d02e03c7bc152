"""Rows ↔ engine records: what a scorecard says, as a ``duidiao-board/1`` record.

The services never judge anything themselves: they turn a board's deal and a
scorecard :class:`Entry` into the record interfaces.md defines, hand it to
``core.engine.check_board`` and store what the verdict says. This module is that
translation, both ways, and nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from core.engine import (
    FORMAT,
    SEAT_NAMES,
    Side,
    Verdict,
    card_name,
    level_name,
    parse_card,
    parse_level,
)
from core.engine.cards import NotationError, parse_seat, parse_suit

if TYPE_CHECKING:
    from tournament.models import Player

    from .models import Board, BoxCard, Result

__all__ = [
    "Entry",
    "canonical_cards",
    "entry_record",
    "entry_snapshot",
    "result_fields",
    "result_record",
    "result_snapshot",
]


@dataclass(frozen=True)
class Entry:
    """What a scorecard says of one board at one table.

    ``levels`` are both sides' levels before the board (``{"NS": "7", "EW": "A"}``);
    ``declared_by`` is None for 翻主. Give ``defender_points`` (and ``dig``, and the
    潇洒 jokers when the burying is not recorded) for a result-only scorecard, or
    ``tricks`` for the whole play (then a typed result is checked against it).
    ``players`` overrides who sat where (default: the table's seats).
    Cards may be spelled any way interfaces.md accepts; they are stored canonically.
    """

    levels: Mapping[str, str]
    declarer: str
    trump: str
    declared_by: str | None = None
    defender_points: int | None = None
    dig: str | None = None
    xiaosa: Sequence[str] | None = None
    buried: Sequence[str] | None = None
    exchanges: Sequence[Mapping[str, Any]] | None = None
    tricks: Sequence[Mapping[str, Any]] | None = None
    players: Mapping[str, Player | None] | None = None

    @classmethod
    def from_record(cls, data: Mapping[str, Any], **overrides: Any) -> Entry:
        """The entry a ``duidiao-board/1`` record describes (its deal is ignored)."""
        result = data.get("result") or {}
        values: dict[str, Any] = {
            "levels": data.get("levels") or {},
            "declarer": data.get("declarer"),
            "trump": data.get("trump"),
            "declared_by": data.get("declared_by"),
            "defender_points": result.get("defender_points"),
            "dig": result.get("dig"),
            "xiaosa": result.get("xiaosa"),
            "buried": data.get("buried"),
            "exchanges": data.get("exchanges"),
            "tricks": data.get("tricks"),
        }
        values.update(overrides)
        return cls(**values)

    @classmethod
    def from_box_card(cls, box_card: BoxCard | Mapping[str, str], **result: Any) -> Entry:
        """A result played from a box card (a later table of 第四十三条)."""
        values = box_card.values() if not isinstance(box_card, Mapping) else box_card
        return cls(
            levels={"NS": values["level_ns"], "EW": values["level_ew"]},
            declarer=values["declarer"],
            trump=values["trump"],
            declared_by=values.get("declared_by") or None,
            **result,
        )

    def box_card_values(self) -> dict[str, str]:
        """The box card as played, spelled as stored (``level_ns``, …, ``declarer``).

        Unreadable values are passed through untouched; the engine reports them.
        """
        levels = self.levels if isinstance(self.levels, Mapping) else {}
        return {
            "level_ns": _level(levels.get("NS")),
            "level_ew": _level(levels.get("EW")),
            "trump": _spelled(parse_suit, self.trump),
            "declared_by": _spelled(parse_seat, self.declared_by) if self.declared_by else "",
            "declarer": _spelled(parse_seat, self.declarer),
        }


def _level(value: object) -> str:
    try:
        return level_name(parse_level(value))
    except NotationError:
        return str(value)


def _spelled(parse: Any, value: object) -> str:
    try:
        return str(parse(value).name)
    except NotationError:
        return str(value)


def canonical_cards(cards: Sequence[object]) -> list[str]:
    """``["♥10", "大王"]`` → ``["H10", "BJ"]``; raises NotationError for a non-card."""
    return [card_name(parse_card(c)) for c in cards]


def _canonical_exchanges(exchanges: Sequence[Mapping[str, Any]]) -> list[dict[str, str]]:
    return [
        {
            "kind": str(ex["kind"]),
            "seat": parse_seat(ex["seat"]).name,
            "gives": card_name(parse_card(ex["gives"])),
            "takes": card_name(parse_card(ex["takes"])),
        }
        for ex in exchanges
    ]


def _canonical_tricks(tricks: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for trick in tricks:
        item: dict[str, Any] = {
            "leader": parse_seat(trick["leader"]).name,
            "plays": {
                parse_seat(seat).name: canonical_cards(cards)
                for seat, cards in trick["plays"].items()
            },
        }
        if trick.get("attempted") is not None:
            item["attempted"] = canonical_cards(trick["attempted"])
        out.append(item)
    return out


def _record(
    board: Board, card: Entry | Result, levels: Any, *, with_deal: bool = True
) -> dict[str, Any]:
    """What a typed scorecard and a stored result write alike into an engine record:
    the event's rules, the box card, the deal (a board dealt at its first table is
    judged without its cards) and the play recorded."""
    from .models import PLAY_FIELDS

    event = board.stage.event
    record: dict[str, Any] = {
        "format": FORMAT,
        "rules": event.rules,
        "switches": dict(event.switches or {}),
        "board": board.number,
        "levels": levels,
        "declarer": card.declarer,
        "trump": card.trump,
        "declared_by": card.declared_by or None,
    }
    if with_deal and board.has_deal:
        record["hands"], record["bottom"] = board.hands, board.bottom
    for key in PLAY_FIELDS:
        value = getattr(card, key)
        if value is not None:
            record[key] = list(value)
    return record


def entry_record(board: Board, entry: Entry, *, with_deal: bool = True) -> dict[str, Any]:
    """The engine record of ``entry`` played on ``board``, under the event's rules
    (without the deal: what the scorecard alone allows)."""
    levels = dict(entry.levels) if isinstance(entry.levels, Mapping) else entry.levels
    record = _record(board, entry, levels, with_deal=with_deal)
    if entry.defender_points is not None:
        result: dict[str, Any] = {
            "defender_points": entry.defender_points,
            "dig": entry.dig or None,
        }
        if entry.xiaosa is not None:
            result["xiaosa"] = list(entry.xiaosa)
        record["result"] = result
    return record


def result_fields(entry: Entry, verdict: Verdict) -> dict[str, Any]:
    """The Result columns for a valid entry and its verdict (canonical spellings)."""
    hand = verdict.hand
    assert verdict.valid and hand is not None and verdict.defender_points is not None
    return {
        **entry.box_card_values(),
        "buried": canonical_cards(entry.buried) if entry.buried is not None else None,
        "exchanges": _canonical_exchanges(entry.exchanges) if entry.exchanges is not None else None,
        "tricks": _canonical_tricks(entry.tricks) if entry.tricks is not None else None,
        "defender_points": verdict.defender_points,
        "dig": verdict.dig.value if verdict.dig else "",
        "xiaosa": [card_name(c) for c in verdict.xiaosa],
        "rules": verdict.rules or "",
        "outcome": hand.outcome.value,
        "declarer_broken": hand.declarer_broken,
        "levels_after_ns": level_name(hand.levels_after[Side.NS]),
        "levels_after_ew": level_name(hand.levels_after[Side.EW]),
        "jump_levels_ns": hand.jump_levels[Side.NS],
        "jump_levels_ew": hand.jump_levels[Side.EW],
        "xiaosa_levels": hand.xiaosa_levels,
        "next_declarer": hand.next_declarer.name,
        "game_won": hand.game_won,
        "failed_throws": [
            {"trick": trick, "seat": seat.name} for trick, seat in verdict.failed_throws
        ],
    }


def result_record(result: Result, *, with_deal: bool = True) -> dict[str, Any]:
    """The ``duidiao-board/1`` record of a stored result (its deal unless told not to)."""
    levels = {"NS": result.level_ns, "EW": result.level_ew}
    record = _record(result.board, result, levels, with_deal=with_deal)
    record["result"] = {"defender_points": result.defender_points, "dig": result.dig or None}
    if result.buried is None and result.xiaosa:
        record["result"]["xiaosa"] = list(result.xiaosa)
    return record


def result_snapshot(result: Result) -> dict[str, Any]:
    """A result as the audit trail keeps it (JSON-ready): entry, verdict and status."""
    from .models import BOX_CARD_FIELDS, RESULT_SCORECARD_FIELDS

    data: dict[str, Any] = {name: getattr(result, name) for name in BOX_CARD_FIELDS}
    data["players"] = {seat: getattr(result, f"player_{seat.lower()}_id") for seat in SEAT_NAMES}
    for name in (*RESULT_SCORECARD_FIELDS[len(BOX_CARD_FIELDS) :], "status", "version"):
        data[name] = getattr(result, name)
    return data


def entry_snapshot(entry: Entry) -> dict[str, Any]:
    """An attempted entry as the audit trail keeps it (for a refused attempt)."""
    data: dict[str, Any] = dict(entry.box_card_values())
    for name in ("buried", "exchanges", "tricks", "xiaosa"):
        value = getattr(entry, name)
        data[name] = [dict(v) if isinstance(v, Mapping) else v for v in value] if value else value
    data["defender_points"] = entry.defender_points
    data["dig"] = entry.dig
    if entry.players is not None:
        data["players"] = {
            seat: (player.pk if player is not None else None)
            for seat, player in entry.players.items()
        }
    return data
