"""Results in words, in the reader's language: a stored result as the pages show it
(the box card as played, the points, the engine's verdict), its short line, and a text
the engine or the services wrote in both languages.

Reads only, and imports no write side: the result-entry pages (``web.results``) and the
score pages (``web.pages``, ``web.scores``) both use these.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from boards.models import DIG_CHOICES, OUTCOME_CHOICES, SEAT_CHOICES, Result
from core.engine import Seat

__all__ = ["SUITS", "contract_text", "in_language", "in_words", "played", "result_view"]

SEATS = dict(SEAT_CHOICES)
OUTCOMES = dict(OUTCOME_CHOICES)
DIGS = dict(DIG_CHOICES)
SUITS = {"H": "♥", "D": "♦", "S": "♠", "C": "♣"}


def in_language(zh: str, en: str) -> str:
    """The text in the reader's language (the engine and services write both)."""
    return en if (get_language() or "").startswith("en") else zh


def levels_line(after_ns: str, after_ew: str) -> str:
    return _("南北%(ns)s，东西%(ew)s") % {"ns": after_ns, "ew": after_ew}


def result_view(result: Result) -> dict[str, Any]:
    """A stored result in words: the box card as played, the points, the engine's verdict."""
    words = in_words(
        outcome=result.outcome,
        declaring=Seat[result.declarer].side.value,
        broken=result.declarer_broken,
        after_ns=result.levels_after_ns,
        after_ew=result.levels_after_ew,
        jump_ns=result.jump_levels_ns,
        jump_ew=result.jump_levels_ew,
        next_declarer=result.next_declarer,
        game_won=result.game_won,
        points=result.defender_points,
        dig=result.dig,
        xiaosa_levels=result.xiaosa_levels,
    )
    words["contract"] = contract_text(result.box_card_values())
    words["xiaosa"] = "、".join(_joker(c) for c in result.xiaosa or [])
    words["result"] = result
    return words


def _joker(card: str) -> str:
    return {"BJ": _("大王"), "LJ": _("小王")}.get(card, card)


def contract_text(values: Mapping[str, str]) -> str:
    """``南北7 东西A · 打家北 · 主♥ · 亮主西`` (or 翻主)."""
    by = values.get("declared_by") or ""
    declared = _("亮主%(seat)s") % {"seat": SEATS.get(by, by)} if by else _("翻主")
    return _("南北%(ns)s 东西%(ew)s · 打家%(declarer)s · 主%(trump)s · %(declared)s") % {
        "ns": values["level_ns"],
        "ew": values["level_ew"],
        "declarer": SEATS.get(values["declarer"], values["declarer"]),
        "trump": SUITS.get(values["trump"], values["trump"]),
        "declared": declared,
    }


def in_words(
    *,
    outcome: str,
    declaring: str,
    broken: bool,
    after_ns: str,
    after_ew: str,
    jump_ns: int,
    jump_ew: int,
    next_declarer: str,
    game_won: bool,
    points: int | None,
    dig: str,
    xiaosa_levels: int,
) -> dict[str, Any]:
    sides = {"NS": _("南北"), "EW": _("东西")}
    rises = [
        _("%(side)s升%(n)d级") % {"side": sides[s], "n": n}
        for s, n in (("NS", jump_ns), ("EW", jump_ew))
        if n
    ]
    return {
        "outcome": outcome,
        "outcome_text": str(OUTCOMES.get(outcome, outcome)),
        "declaring": sides[declaring],
        "broken": broken,
        "levels_after": levels_line(after_ns, after_ew),
        "rises": "，".join(rises),
        "next_declarer": str(SEATS.get(next_declarer, next_declarer)),
        "game_won": game_won,
        "points": points,
        "dig": str(DIGS.get(dig, "")) if dig else "",
        "xiaosa_levels": xiaosa_levels,
    }


def played(result: Result | None) -> dict[str, Any] | None:
    """A result in words with its short line (北家打7 · 主♥ · 防家35分); None: not played."""
    if result is None:
        return None
    shown = result_view(result)
    shown["short"] = _("%(declarer)s家打%(level)s · 主%(trump)s · 防家%(points)d分") % {
        "declarer": shown["result"].get_declarer_display(),
        "level": result.level_ns if result.declarer in ("N", "S") else result.level_ew,
        "trump": SUITS.get(result.trump, result.trump),
        "points": result.defender_points,
    }
    return shown
