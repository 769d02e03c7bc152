"""Why a standings row has its place, rendered from the row's codes (第二十五条之4).

A row (``scoring.rows.StandingLine``) keeps codes: ``tie``, a value of
``core.standings.Tie``, and the director's recorded reason (``note``) when the
director ordered a tie. Every face — the stage page, ``/standings/``, the API, the PDFs
and the spreadsheets — renders them here, so each says the same thing: a short mark
beside the team (:func:`tie_mark`) and the sentence that explains it
(:func:`tie_reason`), in the language active (Chinese unless English is chosen), or
both (:func:`tie_reasons`) where a face serves every reader at once.

What each code says is true at the moment the table is read: while a round robin
still has matches to play, two level teams that have not met are "not met yet" and
three or more level share the place for now; "play-off needed" only once the level
teams have played all their matches (``core.standings.round_robin_standings``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from core.standings import Tie

from .models import TIE_CHOICES

__all__ = ["TIE_REASONS", "tie_mark", "tie_reason", "tie_reasons"]


class _Row(Protocol):
    tie: str
    shared: bool
    note: str
    played: int
    boards: int


#: The sentence for each code (第二十五条之4); a director's order shows the reason
#: recorded with it instead, when there is one.
TIE_REASONS = {
    Tie.HEAD_TO_HEAD.value: gettext_noop(
        "场分相同，按两队相遇那轮的胜负排列（第二十五条之4（一））"
    ),
    Tie.SHARED.value: gettext_noop("场分相同且相遇那轮也打平，并列排名（第二十五条之4（二））"),
    Tie.NOT_MET.value: gettext_noop("场分相同，两队尚未相遇，暂列同一名次（第二十五条之4（一））"),
    Tie.LEVEL.value: gettext_noop(
        "多队场分相同，还有比赛未赛，暂列同一名次；比赛结束时仍相同，须加赛或由裁判长决定"
        "（第二十五条之3、4）"
    ),
    Tie.PLAYOFF.value: gettext_noop(
        "多队场分相同：须加赛或由裁判长决定名次（第二十五条之4（三））"
    ),
    Tie.DIRECTOR.value: gettext_noop("多队场分相同，由裁判长决定名次"),
}
#: A shared place with no tie code: pairs level on matchpoints (第二十八条之7), Swiss
#: teams level on every tie-break, or (a bracket's places, a table before any match)
#: entrants level on what has been decided so far.
PAIRS_SHARED = gettext_noop("比赛分相同，并列")
SWISS_SHARED = gettext_noop("场分、对手场分、净跳级数和得分都相同，并列")
LEVEL_SHARED = gettext_noop("成绩相同，并列名次")

_MARKS = dict(TIE_CHOICES)


def tie_mark(row: _Row) -> str:
    """The short mark beside the entrant (需加赛决定, 尚未相遇…), or ""."""
    if row.tie in TIE_REASONS:
        return str(_MARKS[row.tie])
    return _("并列") if row.shared else ""


def tie_reason(row: _Row) -> str:
    """Why the row is placed as it is among entrants level with it, or ""."""
    if row.tie == Tie.DIRECTOR and row.note:
        return row.note
    if row.tie in TIE_REASONS:
        return _(TIE_REASONS[row.tie])
    if not row.shared:
        return ""
    if row.boards:  # a movement's pairs: ranked by matchpoints
        return _(PAIRS_SHARED)
    return _(SWISS_SHARED) if row.played else _(LEVEL_SHARED)


def tie_reasons(row: _Row) -> dict[str, str]:
    """The mark and the reason in Chinese and in English (``mark_zh``, ``reason_zh``,
    ``mark_en``, ``reason_en``): for a face that serves every reader the same bytes.
    They depend on the row's codes alone, so each set of codes is rendered once per
    process, not switching the language twice for every row of every first read."""
    return dict(_both(row.tie, row.shared, row.note, bool(row.played), bool(row.boards)))


@dataclass(frozen=True)
class _Codes:
    """What :func:`tie_mark` and :func:`tie_reason` read of a row."""

    tie: str
    shared: bool
    note: str
    played: bool
    boards: bool


@lru_cache(maxsize=256)
def _both(
    tie: str, shared: bool, note: str, played: bool, boards: bool
) -> tuple[tuple[str, str], ...]:
    codes = _Codes(tie, shared, note, played, boards)
    out: list[tuple[str, str]] = []
    for suffix, language in (("zh", "zh-hans"), ("en", "en")):
        with translation.override(language):
            out += [(f"mark_{suffix}", tie_mark(codes)), (f"reason_{suffix}", tie_reason(codes))]
    return tuple(out)
