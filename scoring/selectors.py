"""Reads of the stored scores, for pages, printing and qualification.

Everything here reads rows the scoring services wrote (``scoring.models``); nothing is
computed from results on a page view. Ordering is the ranking's order.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from typing import Any

from boards.models import Board
from boards.selectors import FEW_BOARDS, hidden_board_ids, visible_ids_of
from core.engine import Side
from core.formats.bracket import advance, bracket_places
from core.numbers import rounded
from core.standings import (
    GroupTable,
    MatchDecision,
    PairTotal,
    Qualifiers,
    StandingRow,
    Tie,
    rank_sections,
)
from core.standings import cross_table as build_cross_table
from core.standings import group_qualifiers as pure_group_qualifiers
from tournament.models import Entrant, Match, Stage
from tournament.selectors import stage_bracket, stage_bracket_results, stage_seeds

from .cache import carried_part, per_version
from .models import SCORE, BoardScore, MatchScore, Standing, TravellerScore, percentage_of
from .rows import BracketRows, CrossTableRows, EntrantTag, MatchLine, MatchSeen, StandingLine
from .services.team_formats import carried_matches
from .services.teams import seen_pure

__all__ = [
    "SeenMatch",
    "SeenPair",
    "board_traveller",
    "bracket_matches_seen",
    "bracket_rows",
    "cross_table_rows",
    "match_lines",
    "matches_seen",
    "seen_match_scores",
    "seen_percentages",
    "seen_team_standings",
    "match_board_scores",
    "pair_scorecard",
    "qualification_standings",
    "stage_group_qualifiers",
    "stage_hidden_boards",
    "stage_standings",
    "standings_rows",
]

#: The places a stored score has (``SCORE``): what a player's counted total is rounded to.
_STORED = SCORE["decimal_places"]


def stage_standings(stage: Stage, *, group_label: str | None = None) -> list[Standing]:
    """A stage's standings in ranking order: per group (round robin: one group ""), per
    direction (a Mitchell: N–S then E–W), or the final's places."""
    rows = Standing.objects.filter(stage=stage).select_related("entrant")
    if group_label is not None:
        rows = rows.filter(group_label=group_label)
    return list(rows.order_by("group_label", "-direction", "place", "entrant__number"))


def stage_hidden_boards(stage: Stage) -> frozenset[int]:
    """The boards of ``stage`` players may not see yet (第二十八条之6; the rule of
    ``boards.selectors.board_visibility``), asked once per version of the stage
    (``scoring.cache.per_version``) however many faces are built for it: the API's
    standings and the page each asked it (12 ms at 60 tables on SQLite). Every change of
    what is hidden (a result confirmed or corrected, a board released or withdrawn) is a
    change of what the stage shows, so it starts a new version.

    After a change that named its boards (a result's rescore, a release) only those are
    looked at again, the others carried from the version before (``scoring.cache
    .carried_part``): a 120-table Mitchell's 57,600 scheduled (board, table) pairs are not
    joined to their results after every result. The whole question is asked afresh at
    least every ``STANDINGS_TTL`` seconds, so nothing carried outlives what a cached
    page would."""
    boards = Board.objects.filter(stage_id=stage.pk)

    def again(hidden: frozenset[int], changed: frozenset[int]) -> frozenset[int]:
        few = len(changed) <= FEW_BOARDS
        return (hidden - changed) | hidden_board_ids(boards.filter(pk__in=changed), few=few)

    hidden: frozenset[int] = carried_part(
        stage.pk, "hidden", lambda: frozenset(hidden_board_ids(boards)), again
    )
    return hidden


def match_board_scores(match: Match) -> list[BoardScore]:
    """A match board by board, both rooms' results beside the points (第二十四条)."""
    return list(
        BoardScore.objects.filter(match=match)
        .select_related("open_result", "closed_result")
        .order_by("number")
    )


@dataclass(frozen=True)
class SeenMatch:
    """A match's score as a reader who may not see every board sees it: the points of
    the boards shown (and the adjustments), and how many scored boards are hidden."""

    home: Fraction
    away: Fraction
    hidden: int


def seen_match_scores(stage: Stage, *, match_id: int | None = None) -> dict[int, SeenMatch]:
    """Match id → its score counting only the boards players may see (第二十八条之6): a
    total that counts a hidden board tells its result (34:29 beside boards that sum to
    34:25). Officials read the stored ``MatchScore``. ``match_id``: that match only."""
    boards = BoardScore.objects.filter(match__stage=stage)
    scores = MatchScore.objects.filter(stage=stage)
    if match_id is not None:
        boards, scores = boards.filter(match_id=match_id), scores.filter(match_id=match_id)
    # Plain values: no BoardScore or Board built, no deal decoded (issue 23).
    rows = list(boards.values_list("match_id", "board_id", "state", "home_points", "away_points"))
    hidden_boards = stage_hidden_boards(stage) if rows else frozenset()
    seen: dict[int, list[Fraction]] = defaultdict(lambda: [Fraction(0), Fraction(0)])
    hidden: dict[int, int] = defaultdict(int)
    for match_id, board_id, state, home_points, away_points in rows:
        if board_id in hidden_boards:
            hidden[match_id] += state == "scored"
            continue
        seen[match_id][0] += home_points
        seen[match_id][1] += away_points
    out = {}
    for match_id, home_adjustment, away_adjustment in scores.values_list(
        "match_id", "home_adjustment", "away_adjustment"
    ):
        home, away = seen[match_id]
        out[match_id] = SeenMatch(
            home=home + Fraction(home_adjustment),
            away=away + Fraction(away_adjustment),
            hidden=hidden[match_id],
        )
    return out


def seen_team_standings(stage: Stage, *, group_label: str | None = None) -> list[Standing]:
    """A round robin's table (or a team match's, or a Swiss's) as players may read it
    (第二十八条之6): a match with a board still hidden counts as not decided, with the
    points of the boards shown — places, match points, totals and a Swiss's tie-breaks
    tell nothing of the hidden board. The stored rows (what officials read) when
    nothing is hidden. Rows are not saved."""
    from .services.team_formats import swiss_table_rows
    from .services.teams import TABLE_KINDS, team_table_rows

    if stage.kind not in (*TABLE_KINDS, Stage.Kind.SWISS):
        return stage_standings(stage, group_label=group_label)
    seen = seen_match_scores(stage)
    if not any(s.hidden for s in seen.values()):
        return stage_standings(stage, group_label=group_label)

    table_rows = swiss_table_rows if stage.kind == Stage.Kind.SWISS else team_table_rows
    entrants = Entrant.objects.filter(event_id=stage.event_id).in_bulk()
    rows = [
        Standing(entrant=entrants[entrant_id], **fields)
        for entrant_id, fields in table_rows(stage, seen).items()
        if group_label is None or fields["group_label"] == group_label
    ]
    return sorted(rows, key=lambda r: (r.group_label, r.place, r.entrant.number))


@dataclass(frozen=True)
class SeenPair:
    """A pair's running total in a movement as players may read it: the matchpoints,
    the tops and the number of the boards shown only."""

    matchpoints: Fraction = Fraction(0)
    top: int = 0
    boards: int = 0


def seen_percentages(stage: Stage) -> dict[int, SeenPair] | None:
    """A Mitchell's or a Howell's running totals counting only the boards players may
    see (第二十八条之6), by entrant id. None when every scored board is shown (the stored
    standings are then what a player may read).

    Read from plain values, never from model objects or decoded deals, at the same cost
    whether boards are hidden or not: which boards are hidden is asked of the database
    (``boards.selectors.hidden_board_ids``); only the hidden boards' traveller lines are
    read, and taken off the running sums the standings keep (``Standing.lines_sum``,
    ``top``, ``boards``). Where a standing has no running sum yet, every line is read
    and the shown ones added up. Which boards are hidden is asked once per version
    (:func:`stage_hidden_boards`)."""
    hidden = stage_hidden_boards(stage)
    lines = TravellerScore.objects.filter(stage=stage)
    if not hidden:
        return None
    # The hidden boards' lines by board alone (the (board, table) index; they are this
    # stage's boards): with the stage beside it SQLite read every line of the stage
    # through the stage's index (57,000 at 120 tables) for one board's 120.
    taken = list(TravellerScore.objects.filter(board_id__in=hidden).values_list(*_LINE_VALUES))
    if not taken:
        return None
    stored = list(
        Standing.objects.filter(stage=stage).values_list("entrant_id", "lines_sum", "top", "boards")
    )
    if not stored or any(lines_sum is None for _e, lines_sum, _t, _b in stored):
        everything = lines.values_list(*_LINE_VALUES)
        return _seen_sums({}, [line for line in everything if line[0] not in hidden], 1)
    sums = {e: [Fraction(mp), int(top), int(n)] for e, mp, top, n in stored}
    return _seen_sums(sums, taken, -1)


#: A traveller line as the players' running totals read it.
_LINE_VALUES = ("board_id", "ns_id", "ew_id", "ns_score", "ew_score", "top")


def _seen_sums(
    sums: dict[int, list[Any]], lines: Iterable[tuple[Any, ...]], sign: int
) -> dict[int, SeenPair]:
    """``sums`` (per pair: matchpoints, tops, boards) with each of ``lines`` added
    (``sign`` 1) or taken off (-1); the pairs left with no board are left out."""
    scores: dict[int, list[Decimal]] = defaultdict(list)
    for _board_id, ns_id, ew_id, ns_score, ew_score, top in lines:
        for entrant_id, score in ((ns_id, ns_score), (ew_id, ew_score)):
            if entrant_id is not None:
                got = sums.setdefault(entrant_id, [Fraction(0), 0, 0])
                scores[entrant_id].append(score)
                got[1] += sign * top
                got[2] += sign
    for entrant_id, parts in scores.items():  # exact: Decimal sums, one Fraction each
        sums[entrant_id][0] += sign * Fraction(sum(parts, Decimal(0)))
    return {e: SeenPair(Fraction(mp), int(top), int(n)) for e, (mp, top, n) in sums.items() if n}


def board_traveller(board: Board) -> list[TravellerScore]:
    """A Mitchell board's traveller (随牌计分表) with its matchpoints, in table order."""
    return list(
        TravellerScore.objects.filter(board=board)
        .select_related("result", "ns", "ew", "table__round")
        .order_by("table__round__number", "table__number")
    )


def pair_scorecard(stage: Stage, entrant: Entrant) -> list[TravellerScore]:
    """A pair's own scorecard in a Mitchell: every board it has a score on."""
    from django.db.models import Q

    return list(
        TravellerScore.objects.filter(Q(ns=entrant) | Q(ew=entrant), stage=stage)
        .select_related("board", "table__round", "result", "ns", "ew")
        .order_by("table__round__number", "board__number")
    )


def _row(s: Standing | StandingLine) -> StandingRow[int]:
    return StandingRow(
        entrant=s.entrant_id,
        place=s.place,
        shared=s.shared,
        tie=Tie(s.tie or Tie.NONE.value),
        played=s.played,
        won=s.won,
        drawn=s.drawn,
        lost=s.lost,
        match_points=s.match_points,
        score_for=Fraction(s.score_for),
        score_against=Fraction(s.score_against),
        note=s.note,
    )


# --- the read model (``scoring.rows``) ------------------------------------------------------


def standings_rows(
    stage: Stage, *, official: bool, group_label: str | None = None
) -> tuple[StandingLine, ...]:
    """A stage's standings as ``official`` or a player reads them, in ranking order (per
    group, per direction, or the final's places). For a player a round robin's table
    counts a match with a hidden board as not decided, and a Mitchell's or a Howell's
    running totals, percentages *and places* count only the boards shown
    (第二十八条之6, 第二十五条): pairs are ranked afresh from those totals, so the order
    tells no more than the numbers beside it. Every face renders these same rows, and
    the faces built for one version of the stage (the API's JSON, the page in each
    language) in one process read them once (``scoring.cache.per_version``, not shared
    between processes: 240 pairs' lines cost 4.8 ms to read and build at 120 tables,
    and 2.4 ms to pickle for the shared cache)."""
    reader = "official" if official else "player"
    rows: tuple[StandingLine, ...] = per_version(
        stage.pk,
        f"rows:{reader}:{group_label!r}",
        lambda: _standings_rows(stage, official=official, group_label=group_label),
        shared=False,
    )
    return rows


def _standings_rows(
    stage: Stage, *, official: bool, group_label: str | None
) -> tuple[StandingLine, ...]:
    if official:
        return _stored_lines(stage, group_label)
    if stage.kind in Stage.MOVEMENT_KINDS:
        seen = seen_percentages(stage)
        if seen is None:  # every scored board shown: the stored rows are what players read
            return _stored_lines(stage, group_label)
        return _seen_pairs_lines(stage, seen, group_label)
    if stage.is_bracket:
        rows = _seen_bracket_places(stage)
    else:
        rows = seen_team_standings(stage, group_label=group_label)
    return tuple(_standing_line(s) for s in rows)


def _seen_bracket_places(stage: Stage) -> list[Standing]:
    """A bracket's places (第二十七条) as players may read them: settled by the matches
    they may see decided, the one advance of ``bracket_rows`` (a match with a hidden
    board sends nobody on, so it settles no place either). The stored rows when no
    match is hidden. Rows are not saved."""
    seen = bracket_rows(stage, official=False)
    if not any(line.hidden for line in seen.lines.values()):
        return stage_standings(stage)
    places = {
        seen.seeds[seed]: spot
        for seed, spot in bracket_places(seen.bracket, seen.state).items()
        if seed in seen.seeds
    }
    entrants = Entrant.objects.in_bulk(places)
    rows = [
        Standing(stage=stage, entrant=entrants[e], place=place, shared=shared)
        for e, (place, shared) in places.items()
    ]
    return sorted(rows, key=lambda r: (r.place, r.entrant.number))


def _seen_pairs_lines(
    stage: Stage, seen: dict[int, SeenPair], group_label: str | None
) -> tuple[StandingLine, ...]:
    """A movement's rankings from the boards shown only, by the one ranking scoring
    stores (``core.standings.rank_sections``: per section, per direction, totals as
    printed, the penalties off), in the stored rows' order of sections and directions."""
    from .services._rows import adjustments_of

    stored = {s.entrant_id: s for s in _stored_lines(stage, None)}
    entries = [
        (e, Side[s.direction] if s.direction else Side.NS, s.group_label) for e, s in stored.items()
    ]
    totals = {
        e: PairTotal.as_printed(p.matchpoints, p.top, p.boards) for e, p in seen.items() if p.boards
    }
    lines = []
    for section, row in rank_sections(entries, totals, adjustments_of(stage)):
        if group_label is not None and section != group_label:
            continue
        lines.append(
            replace(
                stored[row.entrant],
                place=row.place,
                shared=row.shared,
                boards=row.boards,
                matchpoints=row.matchpoints,
                total=row.total,
                top=row.top,
                percentage=row.percentage,
            )
        )
    order = {"NS": 0, "EW": 1, "": 0}
    return tuple(
        sorted(
            lines,
            key=lambda r: (r.group_label, order[r.direction], r.place, r.entrant.number),
        )
    )


#: What a stored standing gives its line, in :class:`StandingLine`'s order after the
#: entrant (whose id, kind, number and name come first).
_LINE_FIELDS = (
    "place",
    "shared",
    "group_label",
    "direction",
    "tie",
    "flagged",
    "note",
    "played",
    "won",
    "drawn",
    "lost",
    "match_points",
    "score_for",
    "score_against",
    "boards",
    "matchpoints",
    "adjustment",
    "total",
    "top",
)


_TOTAL, _TOP = _LINE_FIELDS.index("total"), _LINE_FIELDS.index("top")


def _stored_lines(stage: Stage, group_label: str | None) -> tuple[StandingLine, ...]:
    """The stored standings (what officials read) as lines, in the order of
    :func:`stage_standings`, from plain values: no ``Standing`` or ``Entrant`` built for
    every entrant of the field at each first read after a result (issue 23)."""
    rows = Standing.objects.filter(stage=stage)
    if group_label is not None:
        rows = rows.filter(group_label=group_label)
    values = rows.order_by("group_label", "-direction", "place", "entrant__number").values_list(
        "entrant_id",
        "entrant__kind",
        "entrant__number",
        "entrant__name",
        *_LINE_FIELDS,
        "byes",
        "opponents_points",
        "net_levels",
    )
    # Made by position, in the order the two names share (240 lines, at every first
    # read after a result of a 120-table Mitchell): no mapping built and unpacked per line.
    return tuple(
        StandingLine(
            EntrantTag(entrant_id, kind, number, name),
            *line,
            percentage_of(line[_TOTAL], line[_TOP]),
            byes,
            opponents,
            net,
        )
        for entrant_id, kind, number, name, *line, byes, opponents, net in values
    )


def _standing_line(s: Standing) -> StandingLine:
    e = s.entrant
    return StandingLine(
        entrant=EntrantTag(id=e.pk, kind=e.kind, number=e.number, name=e.name),
        place=s.place,
        shared=s.shared,
        group_label=s.group_label,
        direction=s.direction,
        tie=s.tie,
        flagged=s.flagged,
        note=s.note,
        played=s.played,
        won=s.won,
        drawn=s.drawn,
        lost=s.lost,
        match_points=s.match_points,
        score_for=s.score_for,
        score_against=s.score_against,
        boards=s.boards,
        matchpoints=s.matchpoints,
        adjustment=s.adjustment,
        total=s.total,
        top=s.top,
        percentage=s.percentage,
        byes=s.byes,
        opponents_points=s.opponents_points,
        net_levels=s.net_levels,
    )


def match_lines(
    stage: Stage, *, official: bool, match: Match | None = None
) -> dict[int, MatchLine]:
    """Match id → its score as ``official`` or a player reads it (``match``: that one
    only). For a player, a match with a scored board still hidden shows the shown
    boards' points and is not decided yet (第二十八条之6)."""
    scores = MatchScore.objects.filter(stage=stage).select_related("match")
    if match is not None:
        scores = scores.filter(match=match)
    match_id = match.pk if match is not None else None
    seen = {} if official else seen_match_scores(stage, match_id=match_id)
    out = {}
    for s in scores:
        line = MatchLine(
            match_id=s.match_id,
            number=s.match.number,
            home_id=s.home_id,
            away_id=s.away_id,
            home=s.home_score,
            away=s.away_score,
            home_board_points=s.home_board_points,
            away_board_points=s.away_board_points,
            home_adjustment=s.home_adjustment,
            away_adjustment=s.away_adjustment,
            home_match_points=s.home_match_points,
            away_match_points=s.away_match_points,
            decision=s.decision,
            winner_id=s.winner_id,
            boards_scored=s.boards_scored,
            boards_expected=s.boards_expected,
            needs_review=s.needs_review,
            note_zh=s.note_zh,
            note_en=s.note_en,
            hidden=0,
        )
        shown = seen.get(s.match_id)
        if shown is not None and shown.hidden:
            home, away = rounded(shown.home, _STORED), rounded(shown.away, _STORED)
            line = replace(
                line,
                home=home,
                away=away,
                home_board_points=int(home - s.home_adjustment),
                away_board_points=int(away - s.away_adjustment),
                home_match_points=0,
                away_match_points=0,
                decision=MatchDecision.WAITING.value,
                winner_id=None,
                boards_scored=s.boards_scored - shown.hidden,
                hidden=shown.hidden,
            )
        out[s.match_id] = line
    return out


def cross_table_rows(stage: Stage, *, official: bool, group_label: str = "") -> CrossTableRows:
    """The round-robin cross-table (交叉表) of a stage or one of its groups, by entrant id
    in standings order (第二十五条), with the group's standings lines. For a reader who
    is not an official a cell counts only the boards shown, and a match with a hidden
    board is not decided yet (第二十八条之6)."""
    seen = None if official else seen_match_scores(stage)
    lines = standings_rows(stage, official=official, group_label=group_label)
    matches = [
        seen_pure(m, seen)
        for m in MatchScore.objects.filter(
            stage=stage, match__group_label=group_label, needs_review=False
        )
    ]
    if not group_label:  # a final's group matches carried over (带分, 第二十六条之3)
        matches += carried_matches(stage)
    return CrossTableRows(table=build_cross_table([_row(s) for s in lines], matches), lines=lines)


def bracket_rows(
    stage: Stage, *, official: bool, lines: dict[int, MatchLine] | None = None
) -> BracketRows:
    """A knockout or double-elimination stage's bracket as ``official`` or a player
    reads it: the stored winners, less (for a player) the matches with a scored board
    still hidden (第二十八条之6), advanced through the bracket — so the match is 未完 and
    its winner's next slot still says where it comes from, as on the phone. ``lines``:
    the stage's :func:`match_lines` for this reader, when the caller has read them."""
    rows = list(stage.matches.order_by("number"))
    if lines is None:
        lines = match_lines(stage, official=official)
    by_number = {line.number: line for line in lines.values()}
    results = {
        number: result
        for number, result in stage_bracket_results(stage, rows).items()
        if number not in by_number or not by_number[number].hidden
    }
    bracket = stage_bracket(stage, rows)
    seeds = {seed: entrant.pk for seed, entrant in stage_seeds(stage).items()}
    state = advance(bracket, results)
    return BracketRows(bracket=bracket, state=state, seeds=seeds, lines=by_number)


def matches_seen(
    stage: Stage, *, official: bool, lines: dict[int, MatchLine] | None = None
) -> dict[int, MatchSeen]:
    """Match number → its teams, winner and status as ``official`` or a player reads them
    (:class:`~scoring.rows.MatchSeen`), for every face that shows a match by itself:
    the schedule, the bracket, a match's page. A bracket's slots and winners come from
    :func:`bracket_rows` (for a player a match with a board hidden sends nobody on);
    any other match keeps its teams, and for a player loses its winner and its
    "finished" while a board of it is hidden. ``lines``: as for :func:`bracket_rows`."""
    if lines is None:
        lines = match_lines(stage, official=official)
    if stage.is_bracket:
        return bracket_matches_seen(bracket_rows(stage, official=official, lines=lines))
    by_number = {line.number: line for line in lines.values()}
    out = {}
    for number, home, away, winner, status in stage.matches.values_list(
        "number", "home_id", "away_id", "winner_id", "status"
    ):
        line = by_number.get(number)
        if line is not None and line.hidden:
            winner = None
            if status == Match.Status.FINISHED:
                status = Match.Status.READY.value
        out[number] = MatchSeen(home_id=home, away_id=away, winner_id=winner, status=status)
    return out


def bracket_matches_seen(seen: BracketRows) -> dict[int, MatchSeen]:
    """:func:`matches_seen` of a bracket already read (:func:`bracket_rows`)."""
    state = seen.state
    out = {}
    for number in (m.id for m in seen.bracket.matches):
        home, away = state.occupants.get(number, (None, None))
        if number in state.decided:
            status = Match.Status.FINISHED
        elif number in state.not_needed:
            status = Match.Status.NOT_NEEDED
        elif number in state.ready:
            status = Match.Status.READY
        else:
            status = Match.Status.PENDING
        out[number] = MatchSeen(
            home_id=seen.entrant(home),
            away_id=seen.entrant(away),
            winner_id=seen.winner(number),
            status=status.value,
        )
    return out


def stage_group_qualifiers(stage: Stage) -> Qualifiers[int]:
    """Who goes on from each group (第二十六条之3), by entrant id; a group is undecided
    while matches remain or its qualifying line runs through a tie."""
    finished: dict[str, bool] = defaultdict(lambda: True)
    for label, status in stage.matches.values_list("group_label", "status"):
        finished[label] &= status == Match.Status.FINISHED
    by_group: dict[str, list[StandingRow[int]]] = {
        label: [] for label in stage.entries.values_list("group_label", flat=True)
    }
    for s in stage_standings(stage):
        by_group.setdefault(s.group_label, []).append(_row(s))
    tables = [
        GroupTable(label, tuple(rows), finished[label]) for label, rows in sorted(by_group.items())
    ]
    return pure_group_qualifiers(tables, stage.options.qualifiers_per_group)


def qualification_standings(stage: Stage) -> dict[str, list[Entrant]]:
    """What ``tournament.services.stage_qualify`` takes from this stage: each group's
    teams best first (groups), or the N–S and E–W rankings (a Mitchell)."""
    out: dict[str, list[Entrant]] = defaultdict(list)
    for s in stage_standings(stage):
        out[s.direction or s.group_label].append(s.entrant)
    return dict(out)


# --- one entrant: its places round by round, its own boards ---------------------------------


@dataclass(frozen=True)
class RoundPlace:
    """An entrant's place once a round's results are in (its trend on its own page)."""

    round: int
    place: int
    shared: bool


def places_by_round(stage: Stage, *, official: bool) -> dict[int, list[RoundPlace]]:
    """Entrant id → its place after each round with a result, as ``official`` or a player
    reads it: a Mitchell's or a Howell's pairs ranked by the one ranking scoring stores
    (``rank_sections``, per section and direction) from the traveller lines of the rounds
    so far; a round robin's (or a group's) teams by ``round_robin_standings`` from the
    matches of the rounds so far (第二十五条). For a player only the boards shown count,
    as in :func:`standings_rows` (第二十八条之6). Other formats: no trend (empty)."""
    rounds = list(stage.rounds.order_by("number").values_list("number", flat=True))
    if stage.kind in Stage.MOVEMENT_KINDS:
        return _pairs_places_by_round(stage, rounds, official=official)
    from .services.teams import TABLE_KINDS

    if stage.kind in TABLE_KINDS:
        return _team_places_by_round(stage, rounds, official=official)
    return {}


def _pairs_places_by_round(
    stage: Stage, rounds: list[int], *, official: bool
) -> dict[int, list[RoundPlace]]:
    from .services._rows import adjustments_of

    hidden = set() if official else set(hidden_board_ids(Board.objects.filter(stage=stage)))
    by_round: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
    for round_number, *line in TravellerScore.objects.filter(stage=stage).values_list(
        "table__round__number", *_LINE_VALUES
    ):
        if line[0] not in hidden:
            by_round[round_number].append(tuple(line))
    entries = [
        (e, Side[d] if d else Side.NS, label)
        for e, d, label in stage.entries.values_list("entrant_id", "direction", "group_label")
    ]
    adjustments = adjustments_of(stage)
    sums: dict[int, list[Any]] = {}
    out: dict[int, list[RoundPlace]] = defaultdict(list)
    for number in rounds:
        if not by_round.get(number):
            continue
        seen = _seen_sums(sums, by_round[number], 1)
        totals = {e: PairTotal.as_printed(p.matchpoints, p.top, p.boards) for e, p in seen.items()}
        for _section, row in rank_sections(entries, totals, adjustments):
            if row.entrant in seen:
                out[row.entrant].append(RoundPlace(number, row.place, row.shared))
    return dict(out)


def _team_places_by_round(
    stage: Stage, rounds: list[int], *, official: bool
) -> dict[int, list[RoundPlace]]:
    from core.standings import round_robin_standings

    seen = None if official else seen_match_scores(stage)
    groups: dict[str, list[int]] = defaultdict(list)
    for label, entrant_id in stage.entries.order_by(
        "group_label", "position", "seed", "id"
    ).values_list("group_label", "entrant_id"):
        groups[label].append(entrant_id)
    scored = [
        (row.match.round.number, row.match.group_label, seen_pure(row, seen))
        for row in MatchScore.objects.filter(stage=stage, needs_review=False).select_related(
            "match__round"
        )
    ]
    pairings = list(
        stage.matches.filter(home__isnull=False, away__isnull=False)
        .exclude(status=Match.Status.NOT_NEEDED)
        .values_list("round__number", "group_label", "home_id", "away_id")
    )
    played_rounds = sorted({r for r, _label, _m in scored})
    out: dict[int, list[RoundPlace]] = defaultdict(list)
    for number in (r for r in rounds if r in played_rounds):
        for label, entrants in groups.items():
            matches = [m for r, g, m in scored if g == label and r <= number]
            later = [(h, a) for r, g, h, a in pairings if g == label and r > number]
            for row in round_robin_standings(entrants, matches, to_play=later):
                out[row.entrant].append(RoundPlace(number, row.place, row.shared))
    return dict(out)


def entrant_pair_boards(
    stage: Stage, entrant_id: int, *, official: bool
) -> list[tuple[TravellerScore, bool]]:
    """A pair's own traveller lines in a Mitchell or a Howell, each with whether its
    reader may see the board's score against the field yet (第二十八条之6: every table
    scheduled to play it confirmed, or the director released it; officials see all)."""
    from django.db.models import Q

    lines = list(
        TravellerScore.objects.filter(Q(ns_id=entrant_id) | Q(ew_id=entrant_id), stage=stage)
        .select_related("board__round", "table__round", "result")
        .defer("board__hands", "board__bottom")
        .order_by("table__round__number", "board__number")
    )
    visible = set() if official else set(visible_ids_of(_board_keys(line.board for line in lines)))
    return [(line, official or line.board_id in visible) for line in lines]


def entrant_team_boards(
    stage: Stage, entrant_id: int, *, official: bool
) -> list[tuple[BoardScore, bool]]:
    """A team's boards in its matches of a stage (both rooms' results and the board
    points), each with whether its reader may see the board yet (第二十八条之6)."""
    from django.db.models import Q

    rows = list(
        BoardScore.objects.filter(
            Q(match__home_id=entrant_id) | Q(match__away_id=entrant_id), match__stage=stage
        )
        .select_related("match__round", "board__round", "open_result", "closed_result")
        .defer("board__hands", "board__bottom")
        .order_by("match__round__number", "match__number", "number")
    )
    boards = (row.board for row in rows if row.board is not None)
    visible = set() if official else set(visible_ids_of(_board_keys(boards)))
    return [
        (row, official or (row.board_id is not None and row.board_id in visible)) for row in rows
    ]


def _board_keys(boards: Iterable[Board]) -> list[tuple[int, int | None, Any]]:
    """What ``boards.selectors.visible_ids_of`` asks of each board, without decoding it."""
    return list({b.pk: (b.pk, b.board_set_id, b.released_at) for b in boards}.values())
