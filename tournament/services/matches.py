"""Recording match results; in brackets a result flows forward by itself.

A bracket's matches keep their slot sources (``winner:M5``…); after every change the
pure ``advance`` recomputes who sits in every slot from the results, and the rows are
brought in line with it. A corrected result throws out every later result that no
longer follows (``record_result`` says which), and each change is kept in
``MatchChange``: who, when, before, after and why.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Max

from core.formats import FormatError
from core.formats.bracket import Result, advance, clear_result, record_result

from ..errors import EventError
from ..models import Entrant, Match, MatchChange, Stage, Table
from ..selectors import stage_bracket, stage_bracket_results, stage_seeds, unplayed_tiebreak
from . import _layout
from .versions import event_write

__all__ = [
    "bracket_sync",
    "match_add_tiebreak",
    "match_clear_result",
    "match_remove_tiebreak",
    "match_record_winner",
]

User = AbstractBaseUser


def _snapshot(match: Match) -> dict[str, Any]:
    def name(entrant: Entrant | None) -> str | None:
        return str(entrant) if entrant is not None else None

    return {
        "home": match.home_id,
        "home_name": name(match.home),
        "away": match.away_id,
        "away_name": name(match.away),
        "winner": match.winner_id,
        "winner_name": name(match.winner),
        "status": match.status,
    }


def _locked_matches(stage: Stage) -> list[Match]:
    """The stage's matches, locked against a concurrent change (PostgreSQL)."""
    return list(
        Match.objects.select_for_update(of=("self",))
        .filter(stage=stage)
        .select_related("home", "away", "winner")
        .order_by("number")
    )


def _apply(stage: Stage, rows: Sequence[Match], results: Mapping[int, Result]) -> None:
    """Bring the rows in line with ``advance`` on ``results``; tables follow the teams."""
    state = advance(stage_bracket(stage, rows), results)
    seeds = stage_seeds(stage)
    for row in rows:
        a, b = state.occupants[row.number]
        home = seeds.get(a) if a is not None else None
        away = seeds.get(b) if b is not None else None
        played = state.results.get(row.number)
        winner = seeds.get(played.winner) if played is not None else None
        if played is not None:
            status = Match.Status.FINISHED
        elif row.number in state.not_needed:
            status = Match.Status.NOT_NEEDED
        elif home is not None and away is not None:
            status = Match.Status.READY
        else:
            status = Match.Status.PENDING
        teams_changed = (row.home_id, row.away_id) != (
            home.pk if home else None,
            away.pk if away else None,
        )
        if (
            teams_changed
            or row.winner_id != (winner.pk if winner else None)
            or (row.status != status)
        ):
            row.home, row.away, row.winner, row.status = home, away, winner, status
            row.save(update_fields=["home", "away", "winner", "status"])
            if teams_changed:
                _layout.sync_match_tables(row)


@transaction.atomic
def bracket_sync(stage: Stage) -> None:
    """Recompute a bracket stage's slots from its stored results (after a draw or a
    qualification)."""
    rows = _locked_matches(stage)
    _apply(stage, rows, stage_bracket_results(stage, rows))


@event_write(lambda kw: kw["match"].stage.event_id)
@transaction.atomic
def match_record_winner(
    *,
    match: Match,
    winner: Entrant | None,
    changed_by: User | None = None,
    reason: str = "",
) -> Match:
    """Record (or correct) the winner of ``match``; ``None`` records a draw where the
    format allows one (round robins, 第二十五条).

    In a knockout or double elimination the winner and loser move on to the matches
    their slots feed, and a correction withdraws every later result that depended on
    the old one; each change gets a ``MatchChange`` row.
    """
    stage = match.stage
    if stage.is_bracket:
        return _bracket_record(stage, match.number, winner, changed_by, reason)
    match = (
        Match.objects.select_for_update(of=("self",))
        .select_related("home", "away", "winner")
        .get(pk=match.pk)
    )
    if match.home_id is None or match.away_id is None:
        raise EventError(
            f"第{match.number}场对阵尚未确定，不能登记成绩",
            f"match {match.number} has no two teams yet; no result can be entered",
            code="not_ready",
        )
    if winner is None and stage.kind == Stage.Kind.PAIRS_FINAL:
        raise EventError(
            "决赛必须分出胜负", "the final must have a winner", code="winner", article="第二十九条"
        )
    if winner is not None and winner.pk not in (match.home_id, match.away_id):
        raise EventError(
            f"{winner}不在第{match.number}场比赛中",
            f"{winner} does not play in match {match.number}",
            code="winner",
        )
    before = _snapshot(match)
    was_finished = match.status == Match.Status.FINISHED
    if was_finished and match.winner_id == (winner.pk if winner else None):
        return match
    match.winner = winner
    match.status = Match.Status.FINISHED
    match.save(update_fields=["winner", "status"])
    MatchChange.objects.create(
        match=match,
        kind=MatchChange.Kind.CORRECTED if was_finished else MatchChange.Kind.RECORDED,
        changed_by=changed_by,
        before=before,
        after=_snapshot(match),
        reason=reason,
    )
    return match


def _bracket_record(
    stage: Stage,
    number: int,
    winner: Entrant | None,
    changed_by: User | None,
    reason: str,
) -> Match:
    rows = _locked_matches(stage)
    by_number = {row.number: row for row in rows}
    match = by_number[number]
    if winner is None:
        raise EventError(
            "淘汰赛必须分出胜负；打平时加赛（第二十七条）",
            "a knockout match needs a winner; when level, play extra boards (article 27)",
            code="winner",
            article="第二十七条",
        )
    seed_of = {e.pk: s for s, e in stage_seeds(stage).items()}
    if winner.pk not in seed_of:
        raise EventError(f"{winner}不在本阶段", f"{winner} is not in this stage", code="winner")
    results = stage_bracket_results(stage, rows)
    old = results.get(number)
    if old is not None and old.winner == seed_of[winner.pk]:
        return match
    try:
        update = record_result(stage_bracket(stage, rows), results, number, seed_of[winner.pk])
    except FormatError as error:
        raise EventError.from_format(error) from error
    _record_changes(
        stage,
        rows,
        update.results,
        number,
        MatchChange.Kind.CORRECTED if old is not None else MatchChange.Kind.RECORDED,
        changed_by,
        reason,
    )
    return Match.objects.get(pk=match.pk)


def _record_changes(
    stage: Stage,
    rows: list[Match],
    results: Mapping[int, Result],
    number: int,
    kind: str,
    changed_by: User | None,
    reason: str,
) -> None:
    before = {row.number: _snapshot(row) for row in rows}
    _apply(stage, rows, results)
    changes = []
    for row in rows:
        after = _snapshot(row)
        if row.number == number:
            changes.append(
                MatchChange(
                    match=row,
                    kind=kind,
                    changed_by=changed_by,
                    before=before[row.number],
                    after=after,
                    reason=reason,
                )
            )
        elif before[row.number]["winner"] is not None and after["winner"] is None:
            changes.append(
                MatchChange(
                    match=row,
                    kind=MatchChange.Kind.RESET,
                    changed_by=changed_by,
                    before=before[row.number],
                    after=after,
                    reason=(
                        f"第{number}场成绩变更，本场成绩作废 / "
                        f"withdrawn: the result of M{number} changed"
                        + (f"（{reason}）" if reason else "")
                    ),
                )
            )
    MatchChange.objects.bulk_create(changes)


@event_write(lambda kw: kw["match"].stage.event_id)
@transaction.atomic
def match_clear_result(*, match: Match, changed_by: User | None = None, reason: str = "") -> Match:
    """Withdraw a result (a replay is ordered); in a bracket its dependants go too."""
    stage = match.stage
    if stage.is_bracket:
        rows = _locked_matches(stage)
        results = stage_bracket_results(stage, rows)
        if match.number not in results:
            return match
        update = clear_result(stage_bracket(stage, rows), results, match.number)
        _record_changes(
            stage, rows, update.results, match.number, MatchChange.Kind.CLEARED, changed_by, reason
        )
        return Match.objects.get(pk=match.pk)
    match = (
        Match.objects.select_for_update(of=("self",))
        .select_related("home", "away", "winner")
        .get(pk=match.pk)
    )
    if match.status != Match.Status.FINISHED:
        return match
    before = _snapshot(match)
    match.winner = None
    match.status = Match.Status.READY
    match.save(update_fields=["winner", "status"])
    MatchChange.objects.create(
        match=match,
        kind=MatchChange.Kind.CLEARED,
        changed_by=changed_by,
        before=before,
        after=_snapshot(match),
        reason=reason,
    )
    return match


@event_write(lambda kw: kw["match"].stage.event_id)
@transaction.atomic
def match_add_tiebreak(
    *, match: Match, boards: int | None = None, changed_by: User | None = None
) -> list[Table]:
    """A tie-break segment of extra boards for a match level after its boards (第二十七条).

    The segment is played like a session: the open room starts the first half from A,
    the closed room the second half from 7, then they change boards. Its board numbers
    follow the round's last board; matches of a round level at the same time share it.
    """
    stage = match.stage
    if stage.kind not in Stage.TEAM_KINDS:
        raise EventError(
            "只有团体赛可加赛", "only team matches get a tie-break segment", code="kind"
        )
    if match.home_id is None or match.away_id is None or match.status == Match.Status.FINISHED:
        raise EventError(
            f"第{match.number}场不需要加赛（对阵未定或已分胜负）",
            f"match {match.number} needs no tie-break (teams unknown or already decided)",
            code="not_level",
            article="第二十七条",
        )
    waiting = unplayed_tiebreak(match)
    if waiting:
        # A second click shows the segment that is laid out and adds nothing.
        return waiting
    options = stage.options
    boards = boards or options.tiebreak_boards
    if boards < 2 or boards % 2:
        raise EventError(
            f"加赛副数必须是正偶数（开闭室各打一半），现为{boards}",
            f"tie-break boards must be a positive even number (half per room), got {boards}",
            code="boards",
            article="第二十七条",
        )
    session = (match.tables.aggregate(n=Max("session"))["n"] or 0) + 1
    last = match.round.board_sets.aggregate(n=Max("last_board"))["n"] or 0
    sets = _layout.session_sets(
        stage, match.round, session, boards=boards, first_board=last + 1, tiebreak=True
    )
    first = match.tables.filter(session=1)
    numbers = {t.room: t.number for t in first}
    tables = list(
        _layout.lay_team_session(
            match,
            session,
            sets,
            open_number=numbers[Table.Room.OPEN],
            closed_number=numbers[Table.Room.CLOSED],
        )
    )
    snapshot = _snapshot(match)
    MatchChange.objects.create(
        match=match,
        kind=MatchChange.Kind.TIEBREAK_ADDED,
        changed_by=changed_by,
        before=snapshot,
        after=snapshot | {"tiebreak_session": session, "tiebreak_boards": boards},
    )
    return tables


@event_write(lambda kw: kw["match"].stage.event_id)
@transaction.atomic
def match_remove_tiebreak(
    *, match: Match, reason: str, changed_by: User | None = None
) -> list[Table]:
    """Take back a tie-break segment laid out by mistake, before any of its boards is
    played, with the reason kept in the match's record (第二十七条). Its boards go with
    it unless another match of the round plays them too."""
    if not reason.strip():
        raise EventError("须说明原因", "give the reason", code="reason", article="第二十七条")
    tables = unplayed_tiebreak(match)
    if not tables:
        raise EventError(
            f"第{match.number}场没有未打的加赛可撤销",
            f"match {match.number} has no unplayed tie-break segment to take back",
            code="no_tiebreak",
            article="第二十七条",
        )
    sets = {sp.board_set for t in tables for sp in t.set_plays.select_related("board_set")}
    session = tables[0].session
    for table in tables:
        table.delete()
    for board_set in sets:
        if not board_set.plays.exists():
            board_set.delete()
    snapshot = _snapshot(match)
    MatchChange.objects.create(
        match=match,
        kind=MatchChange.Kind.TIEBREAK_REMOVED,
        changed_by=changed_by,
        before=snapshot | {"tiebreak_session": session},
        after=snapshot,
        reason=reason.strip(),
    )
    return tables
