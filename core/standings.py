"""Match scores, standings and placings for every format (第二十四至二十九条).

What the articles decide once the boards are compared:

* A team match (第二十四条): the match score is the sum of board points less
  penalties; more wins. A match forfeited (第三十条) is 0 for the offender and a win
  for the opponent.
* A round robin (第二十五条): match points (场分) win 2, draw 1, loss 0; ranked by
  match points; two teams level: the winner of their match first; still level: a
  shared place; three or more level: a play-off (决赛轮) of extra boards — flagged here
  — or an order the director gives with a recorded reason. While matches remain the
  table is a running one: two level teams that have not met yet are said to be so,
  and a play-off is flagged only once the level teams have played all their matches.
* Groups (第二十六条): a round robin per group; the top N of each go on.
* Knockout and double elimination (第二十七条): the match score decides; a match level
  after its boards needs extra boards (加赛), and the tie-break boards decide.
* A Mitchell (第二十八条): matchpoints per board within a direction; totals and
  percentages per direction; an N–S champion and an E–W champion.
* The pairs final (第二十九条): 2 比赛分 per board to the better result in the same
  direction; N–S 1st against E–W 1st for champion and runner-up, the two 2nds for
  third and fourth, 5th–8th the same way.

Entrants are any hashable keys (database ids, names in tests). Every computation
takes ``adjustments`` (``core.adjustments``), the one way a ruling reaches a score.
Scores are exact ``Fraction``s; rounding is for printing and storing.

Pure Python, no Django.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Generic, TypeVar

from core.engine import Side

from .adjustments import (
    Adjustment,
    AdjustmentKind,
    adjustment_total,
    apply_override,
    forfeits,
    result_override,
)
from .comparison import compare_board
from .matchpoints import (
    Artificial,
    ArtificialScore,
    Score,
    artificial_score,
    pairs_final_points,
    score_board,
    top_for,
)
from .numbers import rounded
from .results import PlayResult

__all__ = [
    "BoardState",
    "ContestSeats",
    "CrossCell",
    "CrossTable",
    "MatchDecision",
    "DirectorOrder",
    "FinalPlace",
    "GroupTable",
    "LineKind",
    "MatchBoard",
    "ScoredMatch",
    "MitchellStandings",
    "PairRow",
    "PairTotal",
    "Played",
    "Qualifiers",
    "ScoredBoard",
    "ScoredTraveller",
    "StandingRow",
    "SwissRow",
    "Tie",
    "TravellerEntry",
    "TravellerLine",
    "cross_table",
    "final_places",
    "group_qualifiers",
    "group_tables",
    "mitchell_standings",
    "pair_totals",
    "rank_pairs",
    "rank_sections",
    "share",
    "round_robin_standings",
    "score_final_contest",
    "score_team_match",
    "score_traveller",
    "swiss_standings",
]

K = TypeVar("K", bound=Hashable)

WIN, DRAW, LOSS = 2, 1, 0  # 场分 (第二十五条之2)


# --- one match: team match, bracket match, pairs-final contest ----------------------------


@dataclass(frozen=True)
class Played:
    """A board's result at one table; ``table`` is the key rulings name it by."""

    table: Hashable
    play: PlayResult


@dataclass(frozen=True)
class MatchBoard:
    """One board of a match: its open-room and closed-room results, as far as played.

    ``tiebreak`` marks the extra boards of a level knockout match (第二十七条).
    ``tables`` are the open and closed tables' keys, so a ruling can take out a board
    a room has not played (boards cancelled for slow play, 第三十八条).
    """

    number: int
    open: Played | None = None
    closed: Played | None = None
    tiebreak: bool = False
    tables: tuple[Hashable | None, Hashable | None] = (None, None)


class BoardState(enum.StrEnum):
    SCORED = "scored"  # both rooms played and compared
    WAITING = "waiting"  # a room has not played it yet
    NOT_SCORED = "not_scored"  # a ruling took a result out (第三十三、三十八条)


@dataclass(frozen=True)
class ScoredBoard(Generic[K]):
    """Board points of one board of a match, and why (for the match page)."""

    number: int
    state: BoardState
    points: Mapping[K, int]
    tiebreak: bool = False
    step: int | None = None  # 第二十四条's step that decided (team matches)
    reason_zh: str = ""
    reason_en: str = ""
    adjustments: tuple[Adjustment, ...] = ()


class MatchDecision(enum.StrEnum):
    WAITING = "waiting"  # boards still to play
    WON = "won"  # a winner
    DRAWN = "drawn"  # level, and a draw stands (round robin)
    TIEBREAK = "tiebreak"  # level, and a winner is needed: extra boards (第二十七条)
    FORFEIT = "forfeit"  # decided by a forfeit (第三十条)


@dataclass(frozen=True)
class ScoredMatch(Generic[K]):
    """A scored match between ``home`` and ``away``."""

    home: K
    away: K
    boards: tuple[ScoredBoard[K], ...]
    board_points: Mapping[K, int]  # regular and tie-break boards
    tiebreak_points: Mapping[K, int]  # of which on tie-break boards
    adjustment: Mapping[K, Fraction]  # penalties (negative)
    score: Mapping[K, Fraction]  # board points + adjustment; 0 for a forfeiting side
    decision: MatchDecision
    winner: K | None
    match_points: Mapping[K, int]  # 2/1/0 once decided, else 0 each
    forfeited: tuple[K, ...] = ()
    adjustments: tuple[Adjustment, ...] = ()
    boards_scored: int = 0
    boards_expected: int = 0

    @property
    def decided(self) -> bool:
        return self.decision in (MatchDecision.WON, MatchDecision.DRAWN, MatchDecision.FORFEIT)

    @property
    def loser(self) -> K | None:
        if self.winner is None:
            return None
        return self.away if self.winner == self.home else self.home

    def opponent(self, entrant: K) -> K:
        return self.away if entrant == self.home else self.home


def _score_match(
    boards: Iterable[MatchBoard],
    *,
    home: K,
    away: K,
    compare: Callable[[PlayResult, PlayResult], tuple[int, int, int | None, str, str]],
    match: Hashable | None,
    adjustments: Sequence[Adjustment],
    needs_winner: bool,
) -> ScoredMatch[K]:
    """Board by board, then the total, the penalties, forfeits and the decision."""
    if home == away:
        raise ValueError("主客队相同 / home and away are the same entrant")
    scored: list[ScoredBoard[K]] = []
    points = {home: 0, away: 0}
    tiebreak_points = {home: 0, away: 0}
    waiting_regular = waiting_tiebreak = 0
    has_tiebreak = False
    count = 0
    for board in sorted(boards, key=lambda b: b.number):
        has_tiebreak |= board.tiebreak
        overrides: list[Adjustment] = []
        plays: list[PlayResult | None] = []
        waiting = False
        not_scored = False
        for played, table in zip((board.open, board.closed), board.tables, strict=True):
            if played is None:
                kind, found = (
                    (None, ())
                    if table is None
                    else result_override(adjustments, board.number, table)
                )
                if kind is AdjustmentKind.NOT_SCORED:  # cancelled before it was played
                    overrides += found
                    not_scored = True
                else:
                    waiting = True
                plays.append(None)
                continue
            kind, found = result_override(adjustments, board.number, played.table)
            overrides += found
            play = apply_override(played.play, kind)
            not_scored |= play is None
            plays.append(play)
        zero = {home: 0, away: 0}
        if not_scored:
            scored.append(
                ScoredBoard(
                    board.number,
                    BoardState.NOT_SCORED,
                    zero,
                    board.tiebreak,
                    reason_zh="裁判判定本副不计分",
                    reason_en="not scored by a ruling",
                    adjustments=tuple(overrides),
                )
            )
            count += 1
            continue
        open_play, closed_play = plays
        if waiting or open_play is None or closed_play is None:
            scored.append(ScoredBoard(board.number, BoardState.WAITING, zero, board.tiebreak))
            if board.tiebreak:
                waiting_tiebreak += 1
            else:
                waiting_regular += 1
            continue
        home_pts, away_pts, step, zh, en = compare(open_play, closed_play)
        count += 1
        got = {home: home_pts, away: away_pts}
        for team, value in got.items():
            points[team] += value
            if board.tiebreak:
                tiebreak_points[team] += value
        scored.append(
            ScoredBoard(
                board.number, BoardState.SCORED, got, board.tiebreak, step, zh, en, tuple(overrides)
            )
        )
    adjustment: dict[K, Fraction] = {}
    applied: list[Adjustment] = [a for b in scored for a in b.adjustments]
    for team in (home, away):
        total, found = adjustment_total(adjustments, team, match=match)
        adjustment[team] = total
        applied += found
    forfeiting = tuple(
        team
        for team in (home, away)
        if any(a.target == team for a in forfeits(adjustments, match=match))
    )
    applied += [a for a in forfeits(adjustments, match=match) if a.target in (home, away)]
    score = {team: points[team] + adjustment[team] for team in (home, away)}
    regular = {team: score[team] - tiebreak_points[team] for team in (home, away)}
    winner: K | None = None
    if forfeiting:
        for team in forfeiting:
            score[team] = Fraction(0)
        decision = MatchDecision.FORFEIT
        if len(forfeiting) == 1:
            winner = away if forfeiting[0] == home else home
    elif waiting_regular:
        decision = MatchDecision.WAITING
    elif regular[home] != regular[away]:
        decision = MatchDecision.WON
        winner = home if regular[home] > regular[away] else away
    elif not needs_winner:
        decision = MatchDecision.DRAWN
    elif not has_tiebreak:
        decision = MatchDecision.TIEBREAK
    elif waiting_tiebreak:
        decision = MatchDecision.WAITING
    elif score[home] != score[away]:
        decision = MatchDecision.WON
        winner = home if score[home] > score[away] else away
    else:
        decision = MatchDecision.TIEBREAK  # still level: another segment (第二十七条)
    if decision in (MatchDecision.WON, MatchDecision.FORFEIT):
        match_points = {team: WIN if team == winner else LOSS for team in (home, away)}
    elif decision is MatchDecision.DRAWN:
        match_points = {home: DRAW, away: DRAW}
    else:
        match_points = {home: 0, away: 0}
    return ScoredMatch(
        home=home,
        away=away,
        boards=tuple(scored),
        board_points=points,
        tiebreak_points=tiebreak_points,
        adjustment=adjustment,
        score=score,
        decision=decision,
        winner=winner,
        match_points=match_points,
        forfeited=forfeiting,
        adjustments=tuple(dict.fromkeys(applied)),
        boards_scored=count,
        boards_expected=len(scored),
    )


def score_team_match(
    boards: Iterable[MatchBoard],
    *,
    home: K,
    away: K,
    match: Hashable | None = None,
    adjustments: Sequence[Adjustment] = (),
    needs_winner: bool = False,
) -> ScoredMatch[K]:
    """Score a team match (第二十四条): home sits N–S in the open room, away in the closed.

    ``boards`` are every board the match is to play, each with what has been played of
    it so far. ``match`` is the key penalties and forfeits name the match by.
    ``needs_winner`` for knockout and double-elimination matches (第二十七条): a level
    match is then decided by its tie-break boards (``MatchBoard.tiebreak``), and is
    ``MatchDecision.TIEBREAK`` while it has none or they are level too. A round-robin match
    that ends level is a draw.
    """

    def compare(
        open_play: PlayResult, closed_play: PlayResult
    ) -> tuple[int, int, int | None, str, str]:
        # Compared once; the reason names the teams 主队/客队 (home/away): the page
        # shows who is who.
        c = compare_board(open_play, closed_play, open_ns="home", open_ew="away")
        zh = c.reason("zh", {"home": "主队", "away": "客队"})
        return c.points["home"], c.points["away"], c.step, zh, c.reason_en

    return _score_match(
        boards,
        home=home,
        away=away,
        compare=compare,
        match=match,
        adjustments=adjustments,
        needs_winner=needs_winner,
    )


# --- round robin (第二十五条) ------------------------------------------------------------


@dataclass(frozen=True)
class DirectorOrder(Generic[K]):
    """The director's order of teams the rules leave level, and why (第二十五条之4(三))."""

    entrants: tuple[K, ...]
    reason: str


class Tie(enum.StrEnum):
    """Why a row has the place it has among teams level on match points (第二十五条之4).

    The values are codes: the faces render them in Chinese or English."""

    NONE = "none"  # a place of its own by match points
    HEAD_TO_HEAD = "head_to_head"  # two level, their match decided: 之4(一)
    SHARED = "shared"  # two level, their match(es) level too: 并列, 之4(二)
    NOT_MET = "not_met"  # two level, their match not played yet: level for now
    LEVEL = "level"  # three or more level, matches still to play: level for now
    PLAYOFF = "playoff"  # three or more level, their matches all played: 之4(三)
    DIRECTOR = "director"  # ordered by the director with a recorded reason


@dataclass(frozen=True)
class StandingRow(Generic[K]):
    """One team's line in a round-robin table."""

    entrant: K
    place: int
    shared: bool
    tie: Tie
    played: int
    won: int
    drawn: int
    lost: int
    match_points: int
    score_for: Fraction
    score_against: Fraction
    note: str = ""  # the director's reason, when the director ordered a tie

    @property
    def flagged(self) -> bool:
        return self.tie is Tie.PLAYOFF

    @property
    def difference(self) -> Fraction:
        return self.score_for - self.score_against


def round_robin_standings(
    entrants: Sequence[K],
    matches: Iterable[ScoredMatch[K]],
    *,
    director_orders: Sequence[DirectorOrder[K]] = (),
    to_play: Iterable[tuple[K, K]] = (),
) -> tuple[StandingRow[K], ...]:
    """Rank a round robin (第二十五条) from its decided matches.

    Match points first. Two teams level: the one that won their match (in a double
    round robin, more match points between them) is placed first; still level: they
    share the place. Three or more level: flagged for a play-off, sharing the place
    until the director orders them (``director_orders``: a play-off's outcome or
    another recorded decision). A director's order applies only to teams the rules
    leave level, never against a decided head-to-head. Matches not yet decided do not
    count; the table is right as far as it goes.

    ``to_play``: the pairs of teams with a match of this round robin still to decide
    that ``matches`` does not hold (a match of a later round has no score yet); the
    undecided ones in ``matches`` count as still to play too. 第二十五条之3 ranks the
    teams 比赛结束 — when the round robin is over — and 之4 breaks the ties of those
    final places, so while matches remain a row says only what is true now:

    * two level teams whose match is decided: 之4(一) or (二) already holds between
      them (``HEAD_TO_HEAD``, ``SHARED``) — their match will not change;
    * two level teams that have not met (no decided match between them):
      ``NOT_MET`` — they share the place for now; their match will order them, so
      they are not told it was drawn;
    * three or more level while any of them has a match still to play: ``LEVEL`` — a
      shared place for now, since a match to come can still separate them; once all
      their matches are played the tie is real and 之4(三) applies: ``PLAYOFF``
      (flagged), or the director's order.
    """
    matches = list(matches)
    waiting: dict[K, int] = {}
    for home, away in [*to_play, *((m.home, m.away) for m in matches if not m.decided)]:
        for team in (home, away):
            waiting[team] = waiting.get(team, 0) + 1
    decided = [m for m in matches if m.decided]
    stats: dict[K, dict[str, int]] = {
        e: {"played": 0, "won": 0, "drawn": 0, "lost": 0, "mp": 0} for e in entrants
    }
    score_for: dict[K, Fraction] = {e: Fraction(0) for e in entrants}
    score_against: dict[K, Fraction] = {e: Fraction(0) for e in entrants}
    for m in decided:
        for team in (m.home, m.away):
            if team not in stats:
                raise ValueError(f"{team!r} 不在本循环赛 / is not in this round robin")
            s = stats[team]
            s["played"] += 1
            s["mp"] += m.match_points[team]
            if m.winner is None and m.decision is not MatchDecision.FORFEIT:
                s["drawn"] += 1
            elif m.winner == team:
                s["won"] += 1
            else:
                s["lost"] += 1
            score_for[team] += m.score[team]
            score_against[team] += m.score[m.opponent(team)]
    position = {e: i for i, e in enumerate(entrants)}
    by_points: dict[int, list[K]] = {}
    for e in entrants:
        by_points.setdefault(stats[e]["mp"], []).append(e)
    rows: list[StandingRow[K]] = []
    place = 1
    for mp in sorted(by_points, reverse=True):
        level = sorted(by_points[mp], key=position.__getitem__)
        for group, tie, note in _break_tie(level, decided, director_orders, waiting):
            for e in group:
                s = stats[e]
                rows.append(
                    StandingRow(
                        entrant=e,
                        place=place,
                        shared=len(group) > 1,
                        tie=tie,
                        played=s["played"],
                        won=s["won"],
                        drawn=s["drawn"],
                        lost=s["lost"],
                        match_points=s["mp"],
                        score_for=score_for[e],
                        score_against=score_against[e],
                        note=note,
                    )
                )
            place += len(group)
    return tuple(rows)


def _break_tie(
    level: list[K],
    matches: Sequence[ScoredMatch[K]],
    orders: Sequence[DirectorOrder[K]],
    waiting: Mapping[K, int],
) -> list[tuple[list[K], Tie, str]]:
    """Teams level on match points, in placing order: groups that share a place
    (第二十五条之4, as far as the matches played decide it; ``waiting``: each team's
    matches still to play)."""
    if len(level) == 1:
        return [(level, Tie.NONE, "")]
    if len(level) == 2:
        a, b = level
        between = [m for m in matches if {m.home, m.away} == {a, b}]
        if not between:  # not met yet: their match will order them (之4(一))
            return [(level, Tie.NOT_MET, "")]
        mp_a = sum(m.match_points[a] for m in between)
        mp_b = sum(m.match_points[b] for m in between)
        if mp_a != mp_b:
            first, second = (a, b) if mp_a > mp_b else (b, a)
            return [([first], Tie.HEAD_TO_HEAD, ""), ([second], Tie.HEAD_TO_HEAD, "")]
        unresolved = Tie.SHARED
    elif any(waiting.get(e) for e in level):  # a match to come may still separate them
        return [(level, Tie.LEVEL, "")]
    else:
        unresolved = Tie.PLAYOFF
    for order in orders:
        if set(level) <= set(order.entrants):
            ranked = sorted(level, key=order.entrants.index)
            return [([e], Tie.DIRECTOR, order.reason) for e in ranked]
    return [(level, unresolved, "")]


@dataclass(frozen=True)
class CrossCell:
    """One match in a cross-table cell, from the row team's side."""

    score_for: Fraction
    score_against: Fraction
    match_points: int
    decision: MatchDecision


@dataclass(frozen=True)
class CrossTable(Generic[K]):
    """The round-robin cross-table (交叉表): rows and columns in standings order."""

    entrants: tuple[K, ...]
    cells: Mapping[tuple[K, K], tuple[CrossCell, ...]]

    def cell(self, row: K, column: K) -> tuple[CrossCell, ...]:
        return self.cells.get((row, column), ())


def cross_table(rows: Sequence[StandingRow[K]], matches: Iterable[ScoredMatch[K]]) -> CrossTable[K]:
    """Every match of a round robin seen from each side; undecided ones are left out."""
    cells: dict[tuple[K, K], list[CrossCell]] = {}
    for m in matches:
        if not m.decided:
            continue
        for team in (m.home, m.away):
            other = m.opponent(team)
            cells.setdefault((team, other), []).append(
                CrossCell(m.score[team], m.score[other], m.match_points[team], m.decision)
            )
    return CrossTable(
        entrants=tuple(r.entrant for r in rows),
        cells={key: tuple(value) for key, value in cells.items()},
    )


# --- groups (第二十六条) -----------------------------------------------------------------


@dataclass(frozen=True)
class GroupTable(Generic[K]):
    label: str
    rows: tuple[StandingRow[K], ...]
    complete: bool  # every match of the group decided


def group_tables(
    groups: Mapping[str, Sequence[K]],
    matches: Mapping[str, Sequence[ScoredMatch[K]]],
    *,
    director_orders: Sequence[DirectorOrder[K]] = (),
    to_play: Mapping[str, Sequence[tuple[K, K]]] | None = None,
) -> tuple[GroupTable[K], ...]:
    """A round-robin table per group (第二十六条之1), groups in label order; ``to_play``:
    per group, the matches still to play that ``matches`` does not hold
    (``round_robin_standings``)."""
    tables = []
    for label in sorted(groups):
        group_matches = list(matches.get(label, ()))
        remaining = list((to_play or {}).get(label, ()))
        rows = round_robin_standings(
            groups[label], group_matches, director_orders=director_orders, to_play=remaining
        )
        complete = bool(group_matches) and all(m.decided for m in group_matches) and not remaining
        tables.append(GroupTable(label, rows, complete))
    return tuple(tables)


@dataclass(frozen=True)
class Qualifiers(Generic[K]):
    """Who goes on from each group, best first; ``undecided`` says why a group has none."""

    qualifiers: Mapping[str, tuple[K, ...]]
    undecided: Mapping[str, tuple[str, str]] = field(default_factory=dict)

    @property
    def ready(self) -> bool:
        return not self.undecided


def group_qualifiers(tables: Sequence[GroupTable[K]], per_group: int) -> Qualifiers[K]:
    """The top ``per_group`` of each finished group (第二十六条之3).

    A group is undecided while matches remain, or when the qualifying line runs through
    a shared or play-off place (the director's order, or a play-off, settles it).
    """
    qualifiers: dict[str, tuple[K, ...]] = {}
    undecided: dict[str, tuple[str, str]] = {}
    for table in tables:
        rows = table.rows
        if not table.complete:
            undecided[table.label] = (
                f"{table.label}组比赛尚未全部结束",
                f"group {table.label} has matches still to play",
            )
            continue
        if len(rows) > per_group and rows[per_group - 1].place == rows[per_group].place:
            undecided[table.label] = (
                f"{table.label}组第{rows[per_group].place}名并列，出线需加赛或由裁判长决定",
                f"group {table.label}: level at place {rows[per_group].place} across the "
                "qualifying line; a play-off or the director decides",
            )
            continue
        qualifiers[table.label] = tuple(r.entrant for r in rows[:per_group])
    return Qualifiers(qualifiers, undecided)


# --- pairs: a Mitchell (第二十八条) -------------------------------------------------------


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
            if chosen is not None:
                ns_score = artificial_score(chosen.ns, top)
                ew_score = artificial_score(chosen.ew, top)
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
        return cls(Fraction(rounded(Fraction(matchpoints))), top, boards)


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
    ranked: dict[Side, list[PairRow[K]]] = {Side.NS: [], Side.EW: []}
    for side in (Side.NS, Side.EW):
        pairs = [p for p, d in directions.items() if d is side]
        lines = []
        for pair in pairs:
            t = totals.get(pair, PairTotal())
            amount, applied = adjustment_total(adjustments, pair)
            total = t.matchpoints + amount
            lines.append((pair, t, amount, applied, total, share(total, t.top)))
        lines.sort(key=lambda line: -line[5])
        # Level shares sit side by side once sorted: a place is shared with a neighbour
        # (one pass, not every pair against every other).
        place = 0
        for i, (pair, t, amount, applied, total, key) in enumerate(lines):
            if i == 0 or lines[i - 1][5] != key:
                place = i + 1
            shared = (i > 0 and lines[i - 1][5] == key) or (
                i + 1 < len(lines) and lines[i + 1][5] == key
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


# --- the pairs final (第二十九条) ---------------------------------------------------------


@dataclass(frozen=True)
class ContestSeats:
    """Which seats of the two rooms a final contest compares, and the places at stake."""

    seats: Side  # NS: N–S 1st against E–W 1st; EW: the two 2nds
    places: tuple[int, int]  # (the winner's place, the loser's)


def score_final_contest(
    boards: Iterable[MatchBoard],
    *,
    open_pair: K,
    closed_pair: K,
    seats: Side,
    match: Hashable | None = None,
    adjustments: Sequence[Adjustment] = (),
) -> ScoredMatch[K]:
    """One contest of the pairs final (第二十九条之3): the pair in ``seats`` of the open
    room against the pair in the same seats of the closed room; each board compared in
    that direction gives the better result 2 比赛分, a tie 0 each. More wins; a contest
    level after its boards is flagged like a level knockout match (the article does
    not say; extra boards, 第二十七条's way, or the director decides).
    """
    name_zh = "南北" if seats is Side.NS else "东西"
    name_en = "N–S" if seats is Side.NS else "E–W"

    def compare(
        open_play: PlayResult, closed_play: PlayResult
    ) -> tuple[int, int, int | None, str, str]:
        points = pairs_final_points(open_play, closed_play)
        a, b = points.open[seats], points.closed[seats]
        if a > b:
            zh, en = (
                f"{name_zh}方向开室成绩较好，得 {a} 分",
                f"{name_en}: the open room did better, {a}",
            )
        elif b > a:
            zh, en = (
                f"{name_zh}方向闭室成绩较好，得 {b} 分",
                f"{name_en}: the closed room did better, {b}",
            )
        else:
            zh, en = f"{name_zh}方向成绩相同，各 0 分", f"{name_en}: equal results, 0 each"
        return a, b, None, zh, en

    return _score_match(
        boards,
        home=open_pair,
        away=closed_pair,
        compare=compare,
        match=match,
        adjustments=adjustments,
        needs_winner=True,
    )


@dataclass(frozen=True)
class FinalPlace(Generic[K]):
    entrant: K
    place: int
    decided: bool


def final_places(
    contests: Sequence[tuple[ContestSeats, ScoredMatch[K]]],
) -> tuple[FinalPlace[K], ...]:
    """Places from the final's contests (第二十九条之3、4): each contest's winner takes
    the better of its two places. An undecided contest leaves both pairs at the better
    place, not decided."""
    places: list[FinalPlace[K]] = []
    for seats, score in contests:
        win, lose = seats.places
        if score.winner is not None and score.decided:
            loser = score.opponent(score.winner)
            places += [FinalPlace(score.winner, win, True), FinalPlace(loser, lose, True)]
        else:
            places += [FinalPlace(score.home, win, False), FinalPlace(score.away, win, False)]
    return tuple(sorted(places, key=lambda p: p.place))


# --- Swiss teams (瑞士移位) ---------------------------------------------------------------


@dataclass(frozen=True)
class SwissRow(Generic[K]):
    """One team's line in a Swiss: match points and the tie-breaks in their order."""

    entrant: K
    place: int
    shared: bool
    played: int
    won: int
    drawn: int
    lost: int
    byes: int
    match_points: int
    opponents_points: int  # 对手场分: the match points of every team it has met
    net_levels: int  # 净跳级数: its jump levels less its opponents' on boards with a jump
    score_for: Fraction
    score_against: Fraction


def swiss_standings(
    entrants: Sequence[K],
    matches: Iterable[ScoredMatch[K]],
    *,
    byes: Mapping[K, int],
    net_levels: Mapping[K, int],
) -> tuple[SwissRow[K], ...]:
    """Rank a Swiss (瑞士移位): match points 2/1/0 (第二十五条之2, a bye counts as a won
    match), then opponents' match points, then net jump levels, then board points
    (the match scores, penalties included). Teams level on all four share a place,
    listed in seed order (``entrants`` is the seeding). Undecided matches do not count.
    """
    decided = [m for m in matches if m.decided]
    base = round_robin_standings(entrants, decided)
    rows = {r.entrant: r for r in base}
    mp = {e: rows[e].match_points + WIN * byes.get(e, 0) for e in entrants}
    opponents: dict[K, list[K]] = {e: [] for e in entrants}
    for m in decided:
        opponents[m.home].append(m.away)
        opponents[m.away].append(m.home)
    opp_points = {e: sum(mp[o] for o in opponents[e]) for e in entrants}
    seed = {e: i for i, e in enumerate(entrants)}

    def key(e: K) -> tuple[int, int, int, Fraction]:
        return (-mp[e], -opp_points[e], -net_levels.get(e, 0), -rows[e].score_for)

    ordered = sorted(entrants, key=lambda e: (key(e), seed[e]))
    keys = [key(e) for e in ordered]
    out: list[SwissRow[K]] = []
    for e, k in zip(ordered, keys, strict=True):
        r = rows[e]
        out.append(
            SwissRow(
                entrant=e,
                place=keys.index(k) + 1,
                shared=keys.count(k) > 1,
                played=r.played,
                won=r.won + byes.get(e, 0),
                drawn=r.drawn,
                lost=r.lost,
                byes=byes.get(e, 0),
                match_points=mp[e],
                opponents_points=opp_points[e],
                net_levels=net_levels.get(e, 0),
                score_for=r.score_for,
                score_against=r.score_against,
            )
        )
    return tuple(out)
