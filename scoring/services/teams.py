"""Team formats in the database: board points per match, match scores and winners,
round-robin and group tables (第二十四至二十七条).

A match's boards are the boards of the sets its tables play; each board is compared
between the match's open-room and closed-room results (confirmed ones only). The score
decides the match: its winner (or a draw) is recorded through
``tournament.services.match_record_winner``, so a bracket moves on by itself.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from django.db.models import Q
from django.utils import timezone

from boards.models import Board
from core.standings import (
    DirectorOrder,
    MatchBoard,
    MatchDecision,
    Played,
    ScoredMatch,
    round_robin_standings,
    score_team_match,
)
from tournament.models import Entrant, Match, SetPlay, Stage, StageEntry, Table
from tournament.services import match_clear_result, match_record_winner

from ..models import BoardScore, MatchScore, Standing, TieOrder
from ._rows import adjustments_of, confirmed_results, decimal, play_of, sync_rows

if TYPE_CHECKING:  # the selectors read these services: no import at run time
    from ..selectors import SeenMatch

__all__ = [
    "bracket_rescore",
    "match_rescore",
    "matches_rescore",
    "team_standings_rescore",
]

#: Stages whose standings are a round-robin table (a team match is one of two teams).
TABLE_KINDS = (Stage.Kind.TEAM_MATCH, Stage.Kind.ROUND_ROBIN, Stage.Kind.GROUP_ROUND_ROBIN)

REASON = "计分自动登记 / recorded by scoring from the confirmed board results"


Layout = tuple[dict[int, bool], dict[int, str], dict[tuple[int, str], int]]
Scored = tuple[ScoredMatch[int], dict[int, dict[str, Any]]]


def _layouts(matches: Sequence[Match]) -> dict[int, Layout]:
    """Per match: its board numbers (→ tie-break or not), its tables' rooms, and each
    board's table in each room (a ruling may cancel a board a room has not played)."""
    layouts: dict[int, Layout] = {m.pk: ({}, {}, {}) for m in matches}
    plays = SetPlay.objects.filter(table__match__in=[m.pk for m in matches]).values_list(
        "table__match_id",
        "table_id",
        "table__room",
        "board_set__first_board",
        "board_set__last_board",
        "board_set__tiebreak",
    )
    for match_id, table_id, room, first, last, tiebreak in plays:
        numbers, rooms, room_table = layouts[match_id]
        rooms[table_id] = room
        for number in range(first, last + 1):
            numbers[number] = tiebreak
            room_table[number, room] = table_id
    return layouts


def score_matches(stage: Stage, matches: Sequence[Match]) -> dict[int, Scored]:
    """The pure scores of ``matches`` (of ``stage``) from their confirmed results, and
    per board number the rows behind each (board id, open and closed result ids).
    Matches without two teams are left out. Read together — a round's 50 matches in a
    few queries, not a few each."""
    matches = [m for m in matches if m.home_id is not None and m.away_id is not None]
    if not matches:
        return {}
    layouts = _layouts(matches)
    board_ids: dict[tuple[int | None, int], int] = {
        (round_id, number): pk
        for round_id, number, pk in Board.objects.filter(
            stage=stage, round_id__in={m.round_id for m in matches}
        ).values_list("round_id", "number", "id")
    }
    match_of_table = {t: m for m, layout in layouts.items() for t in layout[1]}
    results: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for row in confirmed_results(table_id__in=list(match_of_table)):
        results[match_of_table[row["table_id"]]].append(row)
    ids = [m.pk for m in matches]
    adjustments = adjustments_of(stage, Q(match_id__in=ids) | Q(table__match_id__in=ids))
    out: dict[int, Scored] = {}
    for match in matches:
        numbers, rooms, room_table = layouts[match.pk]
        own = {n: board_ids[match.round_id, n] for n in numbers if (match.round_id, n) in board_ids}
        number_of = {board_id: number for number, board_id in own.items()}
        meta: dict[int, dict[str, Any]] = {
            n: {"board_id": own.get(n), "open_result_id": None, "closed_result_id": None}
            for n in numbers
        }
        played: dict[tuple[int, str], Played] = {}
        for row in results[match.pk]:
            number = number_of.get(row["board_id"])
            room = rooms.get(row["table_id"])
            if number is None or room not in (Table.Room.OPEN, Table.Room.CLOSED):
                continue
            played[number, room] = Played(row["table_id"], play_of(row))
            meta[number][f"{room}_result_id"] = row["id"]
        boards = [
            MatchBoard(
                number,
                played.get((number, Table.Room.OPEN)),
                played.get((number, Table.Room.CLOSED)),
                tiebreak=tiebreak,
                tables=(
                    room_table.get((number, Table.Room.OPEN)),
                    room_table.get((number, Table.Room.CLOSED)),
                ),
            )
            for number, tiebreak in sorted(numbers.items())
        ]
        score = score_team_match(
            boards,
            home=match.home_id,
            away=match.away_id,
            match=match.pk,
            adjustments=[
                a
                for a in adjustments
                if a.match == match.pk or match_of_table.get(a.table) == match.pk
            ],
            needs_winner=stage.is_bracket,
        )
        out[match.pk] = (score, meta)
    return out


def save_match_scores(
    items: Sequence[tuple[Match, ScoredMatch[int], dict[int, dict[str, Any]]]],
    existing: Mapping[int, MatchScore] | None = None,
) -> dict[int, MatchScore]:
    """Write the matches' BoardScore rows and their MatchScore rows, only what changed
    (``existing``: the MatchScore rows already read, by match id). Returns the rows."""
    if not items:
        return {}
    ids = [match.pk for match, _score, _meta in items]
    boards: dict[tuple[int, int], dict[str, Any]] = {}
    scores: dict[int, dict[str, Any]] = {}
    for match, score, meta in items:
        for b in score.boards:
            boards[match.pk, b.number] = {
                "board_id": meta[b.number]["board_id"],
                "tiebreak": b.tiebreak,
                "open_result_id": meta[b.number]["open_result_id"],
                "closed_result_id": meta[b.number]["closed_result_id"],
                "state": b.state.value,
                "home_points": b.points[score.home],
                "away_points": b.points[score.away],
                "step": b.step,
                "reason_zh": b.reason_zh,
                "reason_en": b.reason_en,
            }
        scores[match.pk] = {
            "stage_id": match.stage_id,
            "home_id": score.home,
            "away_id": score.away,
            "home_board_points": score.board_points[score.home],
            "away_board_points": score.board_points[score.away],
            "home_tiebreak_points": score.tiebreak_points[score.home],
            "away_tiebreak_points": score.tiebreak_points[score.away],
            "home_adjustment": decimal(score.adjustment[score.home]),
            "away_adjustment": decimal(score.adjustment[score.away]),
            "home_score": decimal(score.score[score.home]),
            "away_score": decimal(score.score[score.away]),
            "home_match_points": score.match_points[score.home],
            "away_match_points": score.match_points[score.away],
            "decision": score.decision.value,
            "winner_id": score.winner,
            "boards_scored": score.boards_scored,
            "boards_expected": score.boards_expected,
            "needs_review": False,
            "note_zh": "",
            "note_en": "",
            "updated_at": None,  # set below on the rows that change
        }
    sync_rows(
        BoardScore, BoardScore.objects.filter(match_id__in=ids), boards, ("match_id", "number")
    )
    if existing is None:
        existing = {row.match_id: row for row in MatchScore.objects.filter(match_id__in=ids)}
    now = timezone.now()
    for match_id, values in scores.items():
        row = existing.get(match_id)
        differs = row is None or any(
            getattr(row, name) != value for name, value in values.items() if name != "updated_at"
        )
        values["updated_at"] = now if differs or row is None else row.updated_at
    rows = [existing[i] for i in ids if i in existing]
    sync_rows(MatchScore, rows, scores, ("match_id",), delete_missing=False)
    return {row.match_id: row for row in MatchScore.objects.filter(match_id__in=ids)}


def save_match_score(
    match: Match, score: ScoredMatch[int], meta: dict[int, dict[str, Any]]
) -> MatchScore:
    """Write one match's BoardScore rows and its MatchScore row (only what changed)."""
    return save_match_scores([(match, score, meta)])[match.pk]


def _teams_moved(row: MatchScore | None, match: Match) -> bool:
    """A bracket correction upstream put other teams into a match that has results."""
    return row is not None and (row.home_id, row.away_id) != (match.home_id, match.away_id)


def matches_rescore(stage: Stage, matches: Sequence[Match]) -> list[int]:
    """Score ``matches`` of ``stage`` and record their decisions; returns the ids of
    those whose winner or status changed (in a bracket: the later matches then need a
    look, so there they come one at a time — :func:`match_rescore`).

    A match with no confirmed result and no forfeit is left alone (nothing to say, and
    a winner a director recorded by hand stays). A winner that scoring recorded is
    withdrawn again when a correction leaves the match undecided.
    """
    existing = {
        row.match_id: row for row in MatchScore.objects.filter(match__in=[m.pk for m in matches])
    }
    fresh = []
    for match in matches:
        row = existing.get(match.pk)
        if _teams_moved(row, match) and row is not None:
            if row.boards_scored and not row.needs_review:
                row.needs_review = True
                row.note_zh = (
                    "前序比赛成绩更正后，本场对阵已变；本场已有的成绩属于原对阵，请裁判长处理"
                )
                row.note_en = (
                    "a correction upstream changed this match's teams; its results were "
                    "played by the previous teams — the director decides"
                )
                row.save(update_fields=["needs_review", "note_zh", "note_en", "updated_at"])
                continue
            if row.boards_scored:
                continue
            row.delete()  # nothing was played: score the new teams afresh
            del existing[match.pk]
        fresh.append(match)
    scored = score_matches(stage, fresh)
    items = []
    for match in fresh:
        if match.pk not in scored:
            continue
        score, meta = scored[match.pk]
        played = any(m["open_result_id"] or m["closed_result_id"] for m in meta.values())
        if match.pk not in existing and not played and not score.adjustments:
            continue
        items.append((match, score, meta))
    rows = save_match_scores(items, existing)
    return [
        match.pk
        for match, score, _meta in items
        # Outside a bracket a recorded winner moves no other match: each is as read.
        if record_decision(match, rows[match.pk], score, fresh=not stage.is_bracket)
    ]


def match_rescore(match: Match) -> bool:
    """Score ``match`` and record its decision; True when the match's winner or status
    changed (see :func:`matches_rescore`)."""
    return bool(matches_rescore(match.stage, [match]))


def record_decision(
    match: Match, row: MatchScore, score: ScoredMatch[int], *, fresh: bool = False
) -> bool:
    """Record the scored decision on the match (its winner, or a draw where the format
    has draws); withdraw a winner scoring recorded that no longer follows. ``fresh``:
    ``match`` was just read under the stage's lock, no need to read it again."""
    if not fresh:
        match.refresh_from_db(fields=["winner", "status", "home", "away"])
    before = (match.winner_id, match.status)
    recorded = False
    needs_winner = match.stage.is_bracket or match.stage.kind == Stage.Kind.PAIRS_FINAL
    if score.decided and not (needs_winner and score.winner is None):
        if match.status != Match.Status.FINISHED or match.winner_id != score.winner:
            winner = Entrant.objects.get(pk=score.winner) if score.winner is not None else None
            match_record_winner(match=match, winner=winner, reason=REASON)
            recorded = True
        if not row.recorded_winner:
            row.recorded_winner = True
            row.save(update_fields=["recorded_winner", "updated_at"])
    elif row.recorded_winner:
        if match.status == Match.Status.FINISHED:
            match_clear_result(match=match, reason=REASON)
            recorded = True
        row.recorded_winner = False
        row.save(update_fields=["recorded_winner", "updated_at"])
    if recorded:
        match.refresh_from_db(fields=["winner", "status"])
        if match.stage.is_bracket:
            from .withdrawals import withdrawals_follow

            withdrawals_follow(match.stage)  # a withdrawn team's next match: a walkover
    return (match.winner_id, match.status) != before


def bracket_rescore(stage: Stage, *, after: int = 0) -> list[int]:
    """Rescore the bracket's matches numbered above ``after``, in playing order (a
    match's slots are fed only by earlier ones, so one pass follows every move).
    Returns the ids of the matches looked at."""
    touched = []
    for match in stage.matches.filter(number__gt=after).order_by("number"):
        if match.home_id is None or match.away_id is None:
            MatchScore.objects.filter(match=match, boards_scored=0).delete()
            continue
        match_rescore(match)
        touched.append(match.pk)
    return touched


# --- round-robin and group tables -------------------------------------------------------


def _pure(row: MatchScore) -> ScoredMatch[int]:
    """A stored match score as the standings read it (its boards are not needed)."""
    home, away = row.home_id, row.away_id
    return ScoredMatch(
        home=home,
        away=away,
        boards=(),
        board_points={home: row.home_board_points, away: row.away_board_points},
        tiebreak_points={home: row.home_tiebreak_points, away: row.away_tiebreak_points},
        adjustment={home: Fraction(row.home_adjustment), away: Fraction(row.away_adjustment)},
        score={home: Fraction(row.home_score), away: Fraction(row.away_score)},
        decision=MatchDecision(row.decision),
        winner=row.winner_id,
        match_points={home: row.home_match_points, away: row.away_match_points},
    )


def team_standings_rescore(stage: Stage) -> int:
    """The round-robin table of ``stage`` (per group for a group round robin), from its
    stored match scores and the director's tie orders. Returns rows written."""
    if stage.kind not in TABLE_KINDS:
        return 0
    wanted = team_table_rows(stage)
    return sync_rows(Standing, Standing.objects.filter(stage=stage), wanted, ("entrant_id",))


def seen_pure(row: MatchScore, seen: Mapping[int, SeenMatch] | None) -> ScoredMatch[int]:
    """A stored match score as a reader counts it. With ``seen`` (each match as a player
    may count it, 第二十八条之6) a match with a board still hidden is not decided and
    scores the shown boards only: a table that counted it would tell that board."""
    pure = _pure(row)
    shown = seen.get(row.match_id) if seen is not None else None
    if shown is None or not shown.hidden:
        return pure
    home, away = row.home_id, row.away_id
    return replace(
        pure,
        score={home: shown.home, away: shown.away},
        decision=MatchDecision.WAITING,
        winner=None,
        match_points={home: 0, away: 0},
    )


def team_table_rows(
    stage: Stage, seen: Mapping[int, SeenMatch] | None = None
) -> dict[int, dict[str, Any]]:
    """The rows of a round-robin table by entrant (what :func:`team_standings_rescore`
    stores); with ``seen``, as a player reads it (:func:`seen_pure`)."""
    groups: dict[str, list[int]] = defaultdict(list)
    for label, entrant_id in (
        StageEntry.objects.filter(stage=stage)
        .order_by("group_label", "position", "seed", "id")
        .values_list("group_label", "entrant_id")
    ):
        groups[label].append(entrant_id)
    matches: dict[str, list[ScoredMatch[int]]] = defaultdict(list)
    scored: set[int] = set()
    for row in MatchScore.objects.filter(stage=stage, needs_review=False).select_related("match"):
        matches[row.match.group_label].append(seen_pure(row, seen))
        scored.add(row.match_id)
    # Every match of the schedule exists from the start: those with no score yet (or
    # one the director must review) are still to play (第二十五条之3: ranked 比赛结束).
    to_play: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for match_id, label, home, away in (
        Match.objects.filter(stage=stage, home__isnull=False, away__isnull=False)
        .exclude(status=Match.Status.NOT_NEEDED)
        .values_list("pk", "group_label", "home_id", "away_id")
    ):
        if match_id not in scored:
            to_play[label].append((home, away))
    from .team_formats import carried_matches  # 带分: a final after groups

    matches[""] += carried_matches(stage)
    orders: dict[str, list[DirectorOrder[int]]] = defaultdict(list)
    live = TieOrder.objects.filter(stage=stage, withdrawn_at__isnull=True)
    for order in live.order_by("-decided_at", "-id"):
        orders[order.group_label].append(
            DirectorOrder(tuple(int(e) for e in order.entrants), order.reason)
        )
    wanted: dict[int, dict[str, Any]] = {}
    for label, entrants in groups.items():
        rows = round_robin_standings(
            entrants, matches[label], director_orders=orders[label], to_play=to_play[label]
        )
        for r in rows:
            wanted[r.entrant] = {
                "stage_id": stage.pk,
                "group_label": label,
                "direction": "",
                "place": r.place,
                "shared": r.shared,
                "tie": r.tie.value,
                "flagged": r.flagged,
                "note": r.note,
                "played": r.played,
                "won": r.won,
                "drawn": r.drawn,
                "lost": r.lost,
                "match_points": r.match_points,
                "score_for": decimal(r.score_for),
                "score_against": decimal(r.score_against),
                "adjustment": decimal(r.adjustment),
            }
    return wanted
