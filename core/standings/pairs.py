"""Pairs, a Mitchell or a Howell (第二十八条): matchpoints per board within a direction
(Neuberg for a board played fewer times); totals and percentages per direction; an N–S
champion and an E–W champion (第二十八条之7).

Pure Python, no Django.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Generic

from core.engine import Side

from ..adjustments import (
    Adjustment,
    AdjustmentKind,
    adjustment_total,
    apply_override,
    forfeits,
    result_override,
)
from ..matchpoints import (
    Artificial,
    ArtificialScore,
    Score,
    artificial_score,
    score_board,
    top_for,
)
from ..numbers import rounded
from ..results import PlayResult
from .match import K


@dataclass(frozen=True)
class TravellerEntry(Generic[K]):
    """One line of a board's travelling score sheet (随牌计分表).

    ``play`` is the result, an artificial score for a table that could not play the
    board, or None while the table has not played it.
    """

    table: Hashable
    ns: K
    ew: K
    play: PlayResult | ArtificialScore | None


class LineKind(enum.StrEnum):
    PLAYED = "played"
    ARTIFICIAL = "artificial"  # 人为调整分
    FORFEIT = "forfeit"  # 第三十条
    NOT_SCORED = "not_scored"  # 第三十三、三十八条: artificial scores instead
    WAITING = "waiting"  # not played yet


@dataclass(frozen=True)
class TravellerLine(Generic[K]):
    table: Hashable
    ns: K
    ew: K
    kind: LineKind
    ns_score: Score | None
    ew_score: Score | None
    play: PlayResult | None = None  # as scored (after any override)
    adjustments: tuple[Adjustment, ...] = ()


@dataclass(frozen=True)
class ScoredTraveller(Generic[K]):
    board: int
    top: int  # 顶分 2(N − 1) for the N plays expected
    expected: int
    ranked: int  # results ranked against each other
    neuberg: bool  # the results were scaled from ``ranked`` to ``expected``
    lines: tuple[TravellerLine[K], ...]


def score_traveller(
    board: int,
    entries: Sequence[TravellerEntry[K]],
    *,
    expected: int | None = None,
    adjustments: Sequence[Adjustment] = (),
) -> ScoredTraveller[K]:
    """Matchpoints of one board (第二十八条): rankings within each direction, top
    2(N − 1) for the N plays the board should have had (``expected``, by default the
    number of lines); fewer results are scaled with Neuberg and tables that could not
    play get artificial scores, which are not scaled. Lines not played yet score
    nothing for now (the board's other results are already scaled to the full top, so
    running standings compare like with like).
    """
    n_expected = len(entries) if expected is None else expected
    top = top_for(n_expected)
    ranked: list[tuple[int, PlayResult]] = []
    pending: list[tuple[TravellerEntry[K], LineKind, PlayResult | None, tuple[Adjustment, ...]]]
    pending = []
    fixed: dict[int, tuple[Score, Score]] = {}
    for index, entry in enumerate(entries):
        # Most boards have no ruling: skip looking for one on every line.
        lost = forfeits(adjustments, table=entry.table) if adjustments else ()
        lost = tuple(a for a in lost if a.board in (None, board))
        if lost:
            offenders = {a.target for a in lost}
            chosen = next((a.artificial for a in lost if a.artificial is not None), None)
            plus = artificial_score(Artificial.AVERAGE_PLUS, top)
            ns_score: Score = 0 if entry.ns in offenders else plus
            ew_score: Score = 0 if entry.ew in offenders else plus
            if chosen is not None:  # the opponent's score the director chose; the offender 0
                ns_score = 0 if entry.ns in offenders else artificial_score(chosen.ns, top)
                ew_score = 0 if entry.ew in offenders else artificial_score(chosen.ew, top)
            fixed[index] = (ns_score, ew_score)
            pending.append((entry, LineKind.FORFEIT, None, lost))
            continue
        if isinstance(entry.play, ArtificialScore):
            fixed[index] = (
                artificial_score(entry.play.ns, top),
                artificial_score(entry.play.ew, top),
            )
            pending.append((entry, LineKind.ARTIFICIAL, None, ()))
            continue
        override, found = (
            result_override(adjustments, board, entry.table) if adjustments else (None, ())
        )
        if entry.play is None and override is not AdjustmentKind.NOT_SCORED:
            pending.append((entry, LineKind.WAITING, None, ()))
            continue
        play = None if entry.play is None else apply_override(entry.play, override)
        if play is None:
            chosen = next((a.artificial for a in found if a.artificial is not None), None)
            chosen = chosen or ArtificialScore(Artificial.AVERAGE, Artificial.AVERAGE)
            fixed[index] = (artificial_score(chosen.ns, top), artificial_score(chosen.ew, top))
            pending.append((entry, LineKind.NOT_SCORED, None, found))
            continue
        ranked.append((index, play))
        pending.append((entry, LineKind.PLAYED, play, found))
    if len(ranked) + len(fixed) > n_expected:
        raise ValueError(
            f"第{board}副应打{n_expected}次，却有{len(ranked) + len(fixed)}个成绩 / "
            f"board {board}: more results than the {n_expected} plays expected"
        )
    # The results are ranked among themselves and scaled from their number to the
    # expected plays; artificial and forfeit lines stay outside (score_board's way).
    scores = score_board([p for _, p in ranked], expected=n_expected) if ranked else None
    ns_of: dict[int, Score] = {}
    ew_of: dict[int, Score] = {}
    if scores is not None:
        for (index, _), ns_score, ew_score in zip(ranked, scores.ns, scores.ew, strict=True):
            ns_of[index], ew_of[index] = ns_score, ew_score
    lines: list[TravellerLine[K]] = []
    for index, (entry, line_kind, play, found) in enumerate(pending):
        if index in fixed:
            ns_score, ew_score = fixed[index]
            lines.append(
                TravellerLine(
                    entry.table, entry.ns, entry.ew, line_kind, ns_score, ew_score, None, found
                )
            )
        elif line_kind is LineKind.PLAYED:
            lines.append(
                TravellerLine(
                    entry.table,
                    entry.ns,
                    entry.ew,
                    line_kind,
                    ns_of[index],
                    ew_of[index],
                    play,
                    found,
                )
            )
        else:
            lines.append(TravellerLine(entry.table, entry.ns, entry.ew, line_kind, None, None))
    return ScoredTraveller(
        board=board,
        top=top,
        expected=n_expected,
        ranked=len(ranked),
        neuberg=bool(ranked) and len(ranked) != n_expected,
        lines=tuple(lines),
    )


@dataclass(frozen=True)
class PairRow(Generic[K]):
    """One pair's line in its direction's ranking (第二十八条)."""

    entrant: K
    direction: Side
    place: int
    shared: bool
    boards: int  # boards with a score so far
    matchpoints: Fraction  # before adjustments
    adjustment: Fraction  # penalties (negative)
    total: Fraction  # 累计比赛分
    top: int  # the most the scored boards could give
    adjustments: tuple[Adjustment, ...] = ()

    @property
    def percentage(self) -> Fraction | None:
        return self.total * 100 / self.top if self.top else None


@dataclass(frozen=True)
class PairTotal:
    """What a pair has so far: matchpoints, the tops of the boards scored, how many."""

    matchpoints: Fraction = Fraction(0)
    top: int = 0
    boards: int = 0

    @classmethod
    def as_printed(cls, matchpoints: Fraction | Decimal, top: int, boards: int) -> PairTotal:
        """A pair's sum of traveller lines as the sheet prints it, to the cent (half
        up, ``core.numbers.rounded``): two pairs that read level share the place
        rather than being split by a Neuberg rounding no one can see."""
        return cls(Fraction(rounded(matchpoints)), top, boards)


@dataclass(frozen=True)
class MitchellStandings(Generic[K]):
    """The N–S and the E–W ranking; each has its own champion (双冠军)."""

    ns: tuple[PairRow[K], ...]
    ew: tuple[PairRow[K], ...]

    def rows(self, side: Side) -> tuple[PairRow[K], ...]:
        return self.ns if side is Side.NS else self.ew

    def champions(self, side: Side) -> tuple[K, ...]:
        """The pair in first place (more than one only while first place is shared)."""
        return tuple(r.entrant for r in self.rows(side) if r.place == 1 and r.boards)

    def ranking(self, side: Side) -> tuple[K, ...]:
        return tuple(r.entrant for r in self.rows(side))


def pair_totals(travellers: Iterable[ScoredTraveller[K]]) -> dict[K, PairTotal]:
    """Each pair's matchpoints over the boards it has a score on."""
    totals: dict[K, list[Fraction | int]] = {}
    for traveller in travellers:
        for line in traveller.lines:
            for pair, score in ((line.ns, line.ns_score), (line.ew, line.ew_score)):
                if score is None:
                    continue
                t = totals.setdefault(pair, [Fraction(0), 0, 0])
                t[0] += score
                t[1] += traveller.top
                t[2] += 1
    return {
        pair: PairTotal(Fraction(mp), int(top), int(n)) for pair, (mp, top, n) in totals.items()
    }


def mitchell_standings(
    travellers: Iterable[ScoredTraveller[K]],
    *,
    directions: Mapping[K, Side],
    adjustments: Sequence[Adjustment] = (),
) -> MitchellStandings[K]:
    """Rank each direction by total matchpoints (第二十八条之7), level pairs sharing."""
    return rank_pairs(pair_totals(travellers), directions=directions, adjustments=adjustments)


def share(total: Fraction, top: int) -> Fraction:
    """A pair's matchpoints as a share of its tops, what pairs are ranked by; a pair
    with nothing scored yet ranks by its total (0, or its penalties)."""
    return total / top if top else total


def share_keys(lines: Sequence[tuple[Fraction, int]]) -> list[int]:
    """Each (total, top)'s :func:`share` as a whole number, in the same order and with
    the same ties: every share over one common denominator. Exact, like the shares
    themselves, and ordered and compared as plain integers: a 120-table Mitchell sorts
    and checks for ties 240 shares at every result, and ``Fraction`` comparisons were
    most of its ranking's time."""
    parts = [(total.numerator, total.denominator * (top or 1)) for total, top in lines]
    common = math.lcm(*(d for _n, d in parts)) if parts else 1
    return [n * (common // d) for n, d in parts]


def rank_pairs(
    totals: Mapping[K, PairTotal],
    *,
    directions: Mapping[K, Side],
    adjustments: Sequence[Adjustment] = (),
) -> MitchellStandings[K]:
    """Rank pairs from their totals; penalties in matchpoints come off the total.

    Every pair in ``directions`` is ranked, with 0 until it has a score. The order is
    by percentage of the boards each pair played (``share``): a pair that sat out a
    round (an odd field's 轮空) played fewer boards, and its sit-out boards neither
    count nor earn averages. Where every pair has the same top this is the order of
    the totals.
    """
    penalised = {a.target for a in adjustments if a.kind is AdjustmentKind.PENALTY}
    ranked: dict[Side, list[PairRow[K]]] = {Side.NS: [], Side.EW: []}
    for side in (Side.NS, Side.EW):
        pairs = [p for p, d in directions.items() if d is side]
        lines = []
        for pair in pairs:
            t = totals.get(pair, _NOTHING_YET)
            if pair in penalised:
                amount, applied = adjustment_total(adjustments, pair)
                total = t.matchpoints + amount
            else:  # no penalty: the total is the matchpoints (no sum of nothing to make)
                amount, applied, total = _NO_POINTS, (), t.matchpoints
            lines.append((pair, t, amount, applied, total))
        keys = share_keys([(total, t.top) for _p, t, _a, _ap, total in lines])
        order = sorted(range(len(lines)), key=lambda i: -keys[i])
        # Level shares sit side by side once sorted: a place is shared with a neighbour
        # (one pass, not every pair against every other).
        place = 0
        for at, i in enumerate(order):
            pair, t, amount, applied, total = lines[i]
            key = keys[i]
            if at == 0 or keys[order[at - 1]] != key:
                place = at + 1
            shared = (at > 0 and keys[order[at - 1]] == key) or (
                at + 1 < len(order) and keys[order[at + 1]] == key
            )
            ranked[side].append(
                PairRow(
                    entrant=pair,
                    direction=side,
                    place=place,
                    shared=shared,
                    boards=t.boards,
                    matchpoints=t.matchpoints,
                    adjustment=amount,
                    total=total,
                    top=t.top,
                    adjustments=applied,
                )
            )
    return MitchellStandings(ns=tuple(ranked[Side.NS]), ew=tuple(ranked[Side.EW]))


_NO_POINTS = Fraction(0)
_NOTHING_YET = PairTotal()


def rank_sections(
    entries: Iterable[tuple[K, Side, str]],
    totals: Mapping[K, PairTotal],
    adjustments: Sequence[Adjustment] = (),
) -> list[tuple[str, PairRow[K]]]:
    """Each section's N–S and E–W rankings (第二十八条之7) of ``entries`` (pair,
    direction, section label), as (section, row) in section order, N–S first. What
    scoring stores and what a player's view ranks afresh from the boards shown alike:
    the same totals give the same places on either side."""
    by_section: dict[str, dict[K, Side]] = {}
    for pair, side, label in entries:
        by_section.setdefault(label, {})[pair] = side
    ranked: list[tuple[str, PairRow[K]]] = []
    for label in sorted(by_section):
        standings = rank_pairs(totals, directions=by_section[label], adjustments=adjustments)
        ranked += [(label, row) for row in standings.ns + standings.ew]
    return ranked
