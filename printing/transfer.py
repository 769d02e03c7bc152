"""A whole event as one JSON file, and back (备份、归档、迁移).

The file (``duidiao-event/1``) holds everything a person entered or decided in the
event: the event and its roles, players, teams and pairs, every stage with its field,
rounds, matches (with their change log), tables, seats, board sets and set plays, every
board with its deal and seed, its box cards and its results (each with its audit
trail), the stored score adjustments and tie orders, and the rulings with all their
versions. Scores, standings and travellers are not in it: they follow from the rest
and are rescored on import. Print jobs are not in it either.

Rows are named by natural keys, never by database ids: an entrant ``team:3``, a stage
by its order, a round by its number, a match ``[stage, number]``, a table ``[stage,
round, session, number]``, a board ``[stage, round or null, number]``; players
(``P1``…) and rulings (``R1``…) get references local to the file, in a fixed order;
users are their usernames. Ids inside stored JSON (audit snapshots, a ruling's scope,
a tie order) are translated the same way. Lists are in a fixed order and the JSON is
written canonically (sorted keys), so exporting, importing and exporting again gives
the same bytes.

Import rebuilds the rows as they were — timestamps, versions, who did what — in one
transaction, then rescores the event. A username unknown here becomes an inactive
account without a password (a superuser activates it); a player with the same name
and club as one here is that player (players are kept across events); a table code
already used on this server is replaced by a new one.
"""

from __future__ import annotations

import datetime as dt
import json
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from boards.models import RESULT_SCORECARD_FIELDS, Board, BoxCard, Result, ResultChange
from boards.records import Entry, result_fields, result_record
from core.engine import SEAT_NAMES, check_board, check_deal
from rulings.models import Ruling, RulingVersion
from scoring.models import MatchScore, ScoreAdjustment, TieOrder
from tournament.models import (
    BoardSet,
    Entrant,
    Event,
    EventRole,
    Match,
    MatchChange,
    Membership,
    Player,
    Round,
    Seating,
    SetPlay,
    Stage,
    StageEntry,
    Table,
    new_table_code,
)

from .errors import PrintingError

__all__ = [
    "FORMAT",
    "ImportSummary",
    "TransferError",
    "canonical_json",
    "event_export",
    "event_export_bytes",
    "event_file_read",
    "event_import",
]

FORMAT = "duidiao-event/1"
JSON = "application/json"

Progress = Callable[[int], None]
Key = list[Any]

SEATS = SEAT_NAMES


class TransferError(PrintingError):
    """An event file that cannot be read (``unreadable``), not shaped as an event file
    (``malformed``: a null, a wrong type, a missing key, nesting too deep), refused by
    the rules engine (``refused``) or not imported (``invalid``)."""


#: Deeper than any event file nests (an event file nests about 8 levels).
MAX_DEPTH = 32


def _too_deep(data: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether ``data`` nests deeper than ``limit`` (walked without recursion)."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > limit:
            return True
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
    return False


def canonical_json(data: Any) -> bytes:
    """The file's bytes: UTF-8, sorted keys, one indent, a final newline."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1)
    return (text + "\n").encode("utf-8")


def _time(value: dt.datetime | None) -> str | None:
    if value is None:
        return None
    return value.astimezone(dt.UTC).isoformat()


def _parse_time(value: str | None) -> dt.datetime | None:
    if value is None:
        return None
    moment = dt.datetime.fromisoformat(value)
    if moment.tzinfo is None:
        raise ValueError(f"a time without its zone: {value!r}")
    return moment


def _date(value: dt.date | None) -> str | None:
    return value.isoformat() if value is not None else None


def _decimal(value: Decimal | None) -> str | None:
    return str(value) if value is not None else None


def _tick(progress: Progress | None, percent: int) -> None:
    if progress is not None:
        progress(percent)


def _order(key: Key | None) -> tuple[Any, ...]:
    """A key as a sort key (a Mitchell board's round is null: first)."""
    return tuple(-1 if v is None else v for v in key or [])


# --- export -------------------------------------------------------------------------------------


class _Export:
    """Everything of one event, read in a few bulk queries, and the keys that name it."""

    def __init__(self, event: Event) -> None:
        self.event = event
        self.users: dict[int, str] = {}
        self.user_ids: set[int] = set()
        stages = list(event.stages.order_by("order", "id"))
        self.stages = stages
        self.stage_order = {s.pk: s.order for s in stages}
        self.entrants = list(Entrant.objects.filter(event=event).order_by("kind", "number"))
        self.entrant_key = {e.pk: f"{e.kind}:{e.number}" for e in self.entrants}
        self.rounds = {
            r.pk: r for r in Round.objects.filter(stage__event=event).order_by("stage", "number")
        }
        self.matches = {m.pk: m for m in Match.objects.filter(stage__event=event)}
        self.tables = {t.pk: t for t in Table.objects.filter(round__stage__event=event)}
        self.sets = {b.pk: b for b in BoardSet.objects.filter(stage__event=event)}
        self.boards = {b.pk: b for b in Board.objects.filter(stage__event=event)}
        self.results = {r.pk: r for r in Result.objects.filter(board__stage__event=event)}
        self.rulings = list(
            Ruling.objects.filter(event=event)
            .prefetch_related("cancelled_boards")
            .order_by("created_at", "id")
        )
        self.ruling_ref = {r.pk: f"R{i}" for i, r in enumerate(self.rulings, start=1)}
        self.players: dict[int, str] = {}
        self.player_rows: dict[int, Player] = {}

    # keys
    def round_no(self, round_id: int | None) -> int | None:
        return self.rounds[round_id].number if round_id is not None else None

    def match_local(self, match_id: int | None) -> int | None:
        return self.matches[match_id].number if match_id is not None else None

    def match_key(self, match_id: int | None) -> Key | None:
        if match_id is None or match_id not in self.matches:
            return None
        m = self.matches[match_id]
        return [self.stage_order[m.stage_id], m.number]

    def table_local(self, table_id: int | None) -> Key | None:
        if table_id is None or table_id not in self.tables:
            return None
        t = self.tables[table_id]
        return [self.round_no(t.round_id), t.session, t.number]

    def table_key(self, table_id: int | None) -> Key | None:
        local = self.table_local(table_id)
        if local is None or table_id is None:
            return None
        stage_id = self.rounds[self.tables[table_id].round_id].stage_id
        return [self.stage_order[stage_id], *local]

    def set_local(self, set_id: int) -> Key:
        bs = self.sets[set_id]
        return [self.round_no(bs.round_id), bs.number]

    def board_local(self, board_id: int | None) -> Key | None:
        if board_id is None or board_id not in self.boards:
            return None
        b = self.boards[board_id]
        return [self.round_no(b.round_id), b.number]

    def board_key(self, board_id: int | None) -> Key | None:
        local = self.board_local(board_id)
        if local is None or board_id is None:
            return None
        return [self.stage_order[self.boards[board_id].stage_id], *local]

    def entrant(self, entrant_id: int | None) -> str | None:
        return self.entrant_key.get(entrant_id) if entrant_id is not None else None

    def user(self, user_id: int | None) -> _UserRef | None:
        if user_id is None:
            return None
        self.user_ids.add(user_id)
        return _UserRef(user_id)  # the username once all are known

    def player(self, player_id: int | None) -> str | None:
        if player_id is None:
            return None
        return self.players.get(player_id)

    def _note_players(self, ids: Iterable[int | None]) -> None:
        for pk in ids:
            if pk is not None and pk not in self.players:
                self.players[pk] = f"P{len(self.players) + 1}"

    # the file
    def build(self, progress: Progress | None) -> dict[str, Any]:
        memberships = defaultdict(list)
        for m in Membership.objects.filter(entrant__event=self.event).order_by(
            "entrant_id", "order", "id"
        ):
            memberships[m.entrant_id].append(m)
        seats = defaultdict(list)
        for s in Seating.objects.filter(table__round__stage__event=self.event).order_by("seat"):
            seats[s.table_id].append(s)
        changes = defaultdict(list)
        for c in ResultChange.objects.filter(result__board__stage__event=self.event).order_by(
            "at", "id"
        ):
            changes[c.result_id].append(c)
        versions = defaultdict(list)
        for v in RulingVersion.objects.filter(ruling__event=self.event).order_by("number", "id"):
            versions[v.ruling_id].append(v)
        self._players_in_order(memberships, seats, changes, versions)
        _tick(progress, 20)
        out: dict[str, Any] = {
            "format": FORMAT,
            "event": self._event(),
            "roles": sorted(
                (
                    {"user": self.user(r.user_id), "role": r.role}
                    for r in EventRole.objects.filter(event=self.event)
                ),
                key=lambda r: (r["role"], r["user"] or 0),
            ),
            "entrants": [self._entrant(e, memberships[e.pk]) for e in self.entrants],
        }
        out["stages"] = []
        for i, stage in enumerate(self.stages):
            out["stages"].append(self._stage(stage, seats, changes))
            _tick(progress, 20 + 60 * (i + 1) // max(1, len(self.stages)))
        out["rulings"] = [self._ruling(r, versions[r.pk]) for r in self.rulings]
        out["players"] = [
            {"ref": ref, "name": self.player_rows[pk].name, "club": self.player_rows[pk].club}
            for pk, ref in self.players.items()
            if pk in self.player_rows
        ]
        names = dict(
            get_user_model()
            .objects.filter(pk__in=self.user_ids)
            .values_list("pk", get_user_model().USERNAME_FIELD)
        )
        out = _replace_users(out, names)
        out["roles"].sort(key=lambda r: (r["role"], r["user"] or ""))
        out["users"] = sorted(set(names.values()))
        _tick(progress, 95)
        return out

    def _players_in_order(
        self,
        memberships: Mapping[int, list[Membership]],
        seats: Mapping[int, list[Seating]],
        changes: Mapping[int, list[ResultChange]],
        versions: Mapping[int, list[RulingVersion]],
    ) -> None:
        """Number the players as they first appear in a walk of the file in its own
        order, so the references are the same whatever the database ids are."""
        for e in self.entrants:
            self._note_players(m.player_id for m in memberships[e.pk])
        tables = sorted(self.tables.values(), key=lambda t: _order(self.table_key(t.pk)))
        for t in tables:
            self._note_players(s.player_id for s in seats[t.pk])
        results = sorted(
            self.results.values(),
            key=lambda r: (
                _order(self.board_key(r.board_id)),
                _order(self.table_local(r.table_id)),
            ),
        )
        for r in results:
            self._note_players(getattr(r, f"player_{seat.lower()}_id") for seat in SEATS)
        for r in results:
            for c in changes[r.pk]:
                for snapshot in (c.before, c.after):
                    players = (snapshot or {}).get("players") or {}
                    self._note_players(players.get(seat) for seat in SEATS)
        for ruling in self.rulings:
            self._note_players([ruling.offender_player_id])
            for v in versions[ruling.pk]:
                self._note_players([(v.snapshot or {}).get("offender_player")])
        self.player_rows = Player.objects.in_bulk(list(self.players))
        # A snapshot may name a player since deleted: it has no reference.
        self.players = {
            pk: f"P{i}"
            for i, pk in enumerate((pk for pk in self.players if pk in self.player_rows), 1)
        }

    def _event(self) -> dict[str, Any]:
        e = self.event
        return {
            "code": e.code,
            "name": e.name,
            "venue": e.venue,
            "starts_on": _date(e.starts_on),
            "ends_on": _date(e.ends_on),
            "rules": e.rules,
            "switches": e.switches,
            "status": e.status,
            "created_at": _time(e.created_at),
        }

    def _entrant(self, e: Entrant, members: list[Membership]) -> dict[str, Any]:
        return {
            "key": self.entrant_key[e.pk],
            "kind": e.kind,
            "number": e.number,
            "name": e.name,
            "seed": e.seed,
            "members": [
                {"player": self.player(m.player_id), "role": m.role, "order": m.order}
                for m in members
            ],
        }

    def _stage(
        self,
        stage: Stage,
        seats: Mapping[int, list[Seating]],
        changes: Mapping[int, list[ResultChange]],
    ) -> dict[str, Any]:
        entries = StageEntry.objects.filter(stage=stage)
        sets_of = defaultdict(list)
        for play in SetPlay.objects.filter(table__round__stage=stage).order_by("order"):
            sets_of[play.table_id].append(play)
        match_changes = defaultdict(list)
        for c in MatchChange.objects.filter(match__stage=stage).order_by("changed_at", "id"):
            match_changes[c.match_id].append(c)
        boxes = defaultdict(list)
        for box in BoxCard.objects.filter(board__stage=stage):
            boxes[box.board_id].append(box)
        results = defaultdict(list)
        for r in self.results.values():
            if self.boards[r.board_id].stage_id == stage.pk:
                results[r.board_id].append(r)
        reviewed = {
            ms.match_id: ms for ms in MatchScore.objects.filter(stage=stage, needs_review=True)
        }

        order = _order
        matches = sorted(
            (m for m in self.matches.values() if m.stage_id == stage.pk), key=lambda m: m.number
        )
        tables = sorted(
            (t for t in self.tables.values() if self.rounds[t.round_id].stage_id == stage.pk),
            key=lambda t: order(self.table_local(t.pk)),
        )
        sets = sorted(
            (b for b in self.sets.values() if b.stage_id == stage.pk),
            key=lambda b: order(self.set_local(b.pk)),
        )
        boards = sorted(
            (b for b in self.boards.values() if b.stage_id == stage.pk),
            key=lambda b: order(self.board_local(b.pk)),
        )
        return {
            "order": stage.order,
            "kind": stage.kind,
            "name": stage.name,
            "settings": stage.settings,
            "source": self.stage_order.get(stage.source_id) if stage.source_id else None,
            "draw_seed": stage.draw_seed,
            "status": stage.status,
            "entries": sorted(
                (
                    {
                        "entrant": self.entrant(e.entrant_id),
                        "seed": e.seed,
                        "group": e.group_label,
                        "position": e.position,
                        "direction": e.direction,
                        "pair_number": e.pair_number,
                        "source": e.source,
                    }
                    for e in entries
                ),
                key=lambda e: str(e["entrant"]),
            ),
            "rounds": [
                {"number": r.number, "name": r.name}
                for r in sorted(
                    (r for r in self.rounds.values() if r.stage_id == stage.pk),
                    key=lambda r: r.number,
                )
            ],
            "matches": [self._match(m, match_changes[m.pk], reviewed.get(m.pk)) for m in matches],
            "tables": [
                {
                    "key": self.table_local(t.pk),
                    "room": t.room,
                    "match": self.match_local(t.match_id),
                    "ns": self.entrant(t.ns_id),
                    "ew": self.entrant(t.ew_id),
                    "code": t.code,
                    "seats": {s.seat: self.player(s.player_id) for s in seats[t.pk]},
                    "sets": [[*self.set_local(p.board_set_id), p.order] for p in sets_of[t.pk]],
                }
                for t in tables
            ],
            "board_sets": [
                {
                    "key": self.set_local(b.pk),
                    "first_board": b.first_board,
                    "last_board": b.last_board,
                    "start_level": b.start_level,
                    "tiebreak": b.tiebreak,
                }
                for b in sets
            ],
            "boards": [self._board(b, boxes[b.pk], results[b.pk], changes) for b in boards],
            "adjustments": [
                self._adjustment(a)
                for a in ScoreAdjustment.objects.filter(stage=stage).order_by("created_at", "id")
            ],
            "tie_orders": [
                {
                    "group": t.group_label,
                    "entrants": [self.entrant(pk) for pk in t.entrants],
                    "reason": t.reason,
                    "decided_by": self.user(t.decided_by_id),
                    "decided_at": _time(t.decided_at),
                }
                for t in TieOrder.objects.filter(stage=stage).order_by("decided_at", "id")
            ],
        }

    def _match(
        self, m: Match, changes: list[MatchChange], review: MatchScore | None
    ) -> dict[str, Any]:
        out = {
            "number": m.number,
            "round": self.round_no(m.round_id),
            "home": self.entrant(m.home_id),
            "away": self.entrant(m.away_id),
            "home_source": m.home_source,
            "away_source": m.away_source,
            "side": m.side,
            "bracket_round": m.bracket_round,
            "is_reset": m.is_reset,
            "group": m.group_label,
            "first_place": m.first_place,
            "loser_place": m.loser_place,
            "winner": self.entrant(m.winner_id),
            "status": m.status,
            "changes": [
                {
                    "kind": c.kind,
                    "by": self.user(c.changed_by_id),
                    "at": _time(c.changed_at),
                    "before": self._match_snapshot(c.before),
                    "after": self._match_snapshot(c.after),
                    "reason": c.reason,
                }
                for c in changes
            ],
        }
        if review is not None:
            # Scoring leaves a match alone that a correction upstream put other teams
            # into (its results belong to the old pairing): kept as the director left it.
            out["review"] = {
                name: _decimal(value) if isinstance(value, Decimal) else value
                for name, value in _review_fields(review).items()
            } | {
                "home": self.entrant(review.home_id),
                "away": self.entrant(review.away_id),
                "winner": self.entrant(review.winner_id),
            }
        return out

    def _match_snapshot(self, snapshot: Any) -> Any:
        if not isinstance(snapshot, dict):
            return snapshot
        out = dict(snapshot)
        for name in ("home", "away", "winner"):
            if isinstance(out.get(name), int):
                out[name] = self.entrant(out[name])
        return out

    def _board(
        self,
        b: Board,
        boxes: list[BoxCard],
        results: list[Result],
        changes: Mapping[int, list[ResultChange]],
    ) -> dict[str, Any]:
        def result_table(result_id: int | None) -> Key | None:
            if result_id is None or result_id not in self.results:
                return None
            return self.table_local(self.results[result_id].table_id)

        return {
            "key": self.board_local(b.pk),
            "set": self.set_local(b.board_set_id),
            "hands": b.hands,
            "bottom": b.bottom,
            "source": b.source,
            "seed": b.seed,
            "created_by": self.user(b.created_by_id),
            "created_at": _time(b.created_at),
            "released_at": _time(b.released_at),
            "released_by": self.user(b.released_by_id),
            "box_cards": [
                {
                    "match": self.match_local(box.match_id),
                    "level_ns": box.level_ns,
                    "level_ew": box.level_ew,
                    "trump": box.trump,
                    "declared_by": box.declared_by,
                    "declarer": box.declarer,
                    "filled_by": result_table(box.filled_by_id),
                    "filled_at": _time(box.filled_at),
                    "flags": box.flags,
                    "flagged": box.flagged,
                }
                for box in sorted(boxes, key=lambda x: self.match_local(x.match_id) or 0)
            ],
            "results": [
                self._result(r, changes[r.pk])
                for r in sorted(results, key=lambda r: _order(self.table_local(r.table_id)))
            ],
        }

    def _result(self, r: Result, changes: list[ResultChange]) -> dict[str, Any]:
        out: dict[str, Any] = {"table": self.table_local(r.table_id)}
        out["players"] = {
            seat: self.player(getattr(r, f"player_{seat.lower()}_id")) for seat in SEATS
        }
        for name in RESULT_FIELDS:
            out[name] = getattr(r, name)
        for name in ("entered_by", "confirmed_by"):
            out[name] = self.user(getattr(r, f"{name}_id"))
        for name in ("entered_at", "confirmed_at", "updated_at"):
            out[name] = _time(getattr(r, name))
        out["changes"] = [
            {
                "action": c.action,
                "role": c.role,
                "user": self.user(c.user_id),
                "side": c.side,
                "at": _time(c.at),
                "version": c.version,
                "before": self._result_snapshot(c.before),
                "after": self._result_snapshot(c.after),
                "reason": c.reason,
            }
            for c in changes
        ]
        return out

    def _result_snapshot(self, snapshot: Any) -> Any:
        if not isinstance(snapshot, dict) or not isinstance(snapshot.get("players"), dict):
            return snapshot
        out = dict(snapshot)
        out["players"] = {
            seat: self.player(pk) if isinstance(pk, int) else pk
            for seat, pk in snapshot["players"].items()
        }
        return out

    def _adjustment(self, a: ScoreAdjustment) -> dict[str, Any]:
        return {
            "kind": a.kind,
            "target": self.entrant(a.target_id),
            "amount": _decimal(a.amount),
            "match": self.match_local(a.match_id),
            "board": self.board_local(a.board_id),
            "table": self.table_local(a.table_id),
            "artificial_ns": a.artificial_ns,
            "artificial_ew": a.artificial_ew,
            "reason": a.reason,
            "source": self._source(a.source),
            "created_at": _time(a.created_at),
        }

    def _source(self, source: str) -> str:
        kind, _sep, rest = source.partition(":")
        if kind == "ruling" and rest.isdigit() and int(rest) in self.ruling_ref:
            return f"ruling:{self.ruling_ref[int(rest)]}"
        return source

    def _scope(self, scope: Any) -> Any:
        if not isinstance(scope, dict):
            return scope
        out = dict(scope)
        if isinstance(out.get("matches"), list):
            out["matches"] = [self.match_key(pk) for pk in out["matches"]]
        if isinstance(out.get("tables"), list):
            out["tables"] = [self.table_key(pk) for pk in out["tables"]]
        return out

    def _ruling_snapshot(self, snapshot: Any) -> Any:
        if not isinstance(snapshot, dict):
            return snapshot
        out = dict(snapshot)
        for name in ("offender_entrant", "second_entrant"):
            if isinstance(out.get(name), int):
                out[name] = self.entrant(out[name])
        if isinstance(out.get("offender_player"), int):
            out["offender_player"] = self.player(out["offender_player"])
        if isinstance(out.get("match"), int):
            out["match"] = self.match_key(out["match"])
        if isinstance(out.get("table"), int):
            out["table"] = self.table_key(out["table"])
        if "scope" in out:
            out["scope"] = self._scope(out["scope"])
        return out

    def _ruling(self, r: Ruling, versions: list[RulingVersion]) -> dict[str, Any]:
        return {
            "ref": self.ruling_ref[r.pk],
            "stage": self.stage_order[r.stage_id],
            "round": self.round_no(r.round_id),
            "match": self.match_key(r.match_id),
            "table": self.table_key(r.table_id),
            "board": self.board_key(r.board_id),
            "offender_entrant": self.entrant(r.offender_entrant_id),
            "offender_player": self.player(r.offender_player_id),
            "offender_side": r.offender_side,
            "second_entrant": self.entrant(r.second_entrant_id),
            "irregularity": r.irregularity,
            "article": r.article,
            "decision": r.decision,
            "amount": _decimal(r.amount),
            "erring_side": r.erring_side,
            "minutes_late": r.minutes_late,
            "damaged": r.damaged,
            "cancelled_boards": sorted(
                (self.board_key(b.pk) for b in r.cancelled_boards.all()), key=_order
            ),
            "corrected_points": r.corrected_points,
            "corrected_dig": r.corrected_dig,
            "result_before": r.result_before,
            "scope": self._scope(r.scope),
            "reason_zh": r.reason_zh,
            "reason_en": r.reason_en,
            "published": r.published,
            "status": r.status,
            "version": r.version,
            "referee": self.user(r.referee_id),
            "created_at": _time(r.created_at),
            "updated_at": _time(r.updated_at),
            "versions": [
                {
                    "number": v.number,
                    "action": v.action,
                    "by": self.user(v.by_id),
                    "at": _time(v.at),
                    "note": v.note,
                    "snapshot": self._ruling_snapshot(v.snapshot),
                }
                for v in versions
            ],
        }


#: The columns of a result copied as they are (the scorecard, the verdict, the status).
RESULT_FIELDS = (
    *RESULT_SCORECARD_FIELDS,
    "status",
    "version",
    "entered_side",
    "confirmed_side",
    "flags",
    "flagged",
)


def _review_fields(ms: MatchScore) -> dict[str, Any]:
    names = (
        "home_board_points",
        "away_board_points",
        "home_tiebreak_points",
        "away_tiebreak_points",
        "home_adjustment",
        "away_adjustment",
        "home_score",
        "away_score",
        "home_match_points",
        "away_match_points",
        "decision",
        "boards_scored",
        "boards_expected",
        "recorded_winner",
        "needs_review",
        "note_zh",
        "note_en",
    )
    return {name: getattr(ms, name) for name in names}


class _UserRef(int):
    """A user's id while the file is built, replaced by the username at the end."""


def _replace_users(data: Any, names: Mapping[int, str]) -> Any:
    """User placeholders → usernames (a user deleted meanwhile → null)."""
    if isinstance(data, _UserRef):
        return names.get(int(data))
    if isinstance(data, dict):
        return {k: _replace_users(v, names) for k, v in data.items()}
    if isinstance(data, list):
        return [_replace_users(v, names) for v in data]
    return data


def event_export(event: Event, *, progress: Progress | None = None) -> dict[str, Any]:
    """The whole event as JSON-ready data (see the module's docstring)."""
    return _Export(event).build(progress)


def event_export_bytes(
    event: Event, lang: str = "zh-hans", progress: Progress | None = None
) -> tuple[str, str, bytes]:
    """``(f"{code}-event.json", "application/json", bytes)``, as a print job stores it."""
    content = canonical_json(event_export(event, progress=progress))
    _tick(progress, 100)
    return f"{event.code}-event.json", JSON, content


# --- import -------------------------------------------------------------------------------------


def event_file_read(content: bytes | str) -> dict[str, Any]:
    """The data of an event file; :class:`TransferError` (``unreadable``) when it is
    not JSON, or not an event file of this format."""
    try:
        data = json.loads(content)
    except (UnicodeDecodeError, ValueError) as error:
        raise TransferError(
            f"无法读取：不是 JSON 文件（{error}）",
            f"unreadable: not a JSON file ({error})",
            code="unreadable",
        ) from error
    except RecursionError:
        data = None  # deeper than the parser goes
    if data is None or _too_deep(data):
        raise TransferError(
            f"无法读取：JSON 嵌套超过{MAX_DEPTH}层，不是赛事数据文件",
            f"unreadable: the JSON nests deeper than {MAX_DEPTH} levels; not an event file",
            code="unreadable",
        )
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        found = data.get("format") if isinstance(data, dict) else type(data).__name__
        raise TransferError(
            f"无法读取：不是赛事数据文件（应为 {FORMAT}，实为 {found!r}）",
            f"unreadable: not an event file (expected {FORMAT}, got {found!r})",
            code="unreadable",
        )
    return data


@dataclass
class ImportSummary:
    event: Event
    users_created: list[str] = field(default_factory=list)
    codes_replaced: int = 0
    players_reused: int = 0
    counts: dict[str, int] = field(default_factory=dict)

    def line_zh(self) -> str:
        n = self.counts
        return (
            f"已导入赛事“{self.event.name}”（{self.event.code}）："
            f"参赛队/对{n.get('entrants', 0)}个，牌{n.get('boards', 0)}副，"
            f"成绩{n.get('results', 0)}条，判罚{n.get('rulings', 0)}项"
        )

    def line_en(self) -> str:
        n = self.counts
        return (
            f"imported event {self.event.code!r}: {n.get('entrants', 0)} entrants, "
            f"{n.get('boards', 0)} boards, {n.get('results', 0)} results, "
            f"{n.get('rulings', 0)} rulings"
        )


class _Import:
    def __init__(self, data: dict[str, Any], code: str | None) -> None:
        self.data = data
        self.code = code
        self.where = "event"
        self.users: dict[str, Any] = {}
        self.players: dict[str, Player] = {}
        self.entrants: dict[str, Entrant] = {}
        self.stages: dict[int, Stage] = {}
        self.rounds: dict[tuple[int, int], Round] = {}
        self.matches: dict[tuple[int, int], Match] = {}
        self.tables: dict[tuple[int, ...], Table] = {}
        self.sets: dict[tuple[int, int | None, int], BoardSet] = {}
        self.boards: dict[tuple[int, int | None, int], Board] = {}
        self.results: dict[tuple[Any, ...], Result] = {}
        self.rulings: dict[str, Ruling] = {}
        self.summary: ImportSummary | None = None
        self.created_users: list[str] = []
        self.players_reused = 0

    # lookups (a missing key is a KeyError, reported as an invalid file)
    def user(self, name: str | None) -> Any:
        return self.users[name] if name is not None else None

    def player(self, ref: str | None) -> Player | None:
        return self.players[ref] if ref is not None else None

    def entrant(self, key: str | None) -> Entrant | None:
        return self.entrants[key] if key is not None else None

    def round(self, stage: int, number: int | None) -> Round | None:
        return self.rounds[(stage, number)] if number is not None else None

    def match(self, stage: int, number: int | None) -> Match | None:
        return self.matches[(stage, number)] if number is not None else None

    def table(self, stage: int, key: Key | None) -> Table | None:
        return self.tables[(stage, *key)] if key is not None else None

    def board(self, stage: int, key: Key | None) -> Board | None:
        return self.boards[(stage, key[0], key[1])] if key is not None else None

    def run(self, progress: Progress | None) -> ImportSummary:
        data = self.data
        self._users(data.get("users", []))
        self._players(data.get("players", []))
        event = self._event(data["event"])
        self.summary = summary = ImportSummary(event=event)
        summary.users_created = self.created_users
        summary.players_reused = self.players_reused
        self.where = "roles"
        for role in data.get("roles", []):
            EventRole.objects.create(event=event, user=self.user(role["user"]), role=role["role"])
        self._entrants(event, data["entrants"])
        _tick(progress, 10)
        stages = data["stages"]
        for s in stages:
            self.where = f"stage {s.get('order')}"
            self.stages[s["order"]] = Stage.objects.create(
                event=event,
                order=s["order"],
                kind=s["kind"],
                name=s["name"],
                settings=s["settings"],
                draw_seed=s["draw_seed"],
                status=s["status"],
            )
        for s in stages:
            if s.get("source") is not None:
                stage = self.stages[s["order"]]
                stage.source = self.stages[s["source"]]
                stage.save(update_fields=["source"])
        for i, s in enumerate(stages):
            self.where = f"stage {s['order']}"
            self._stage(self.stages[s["order"]], s)
            _tick(progress, 10 + 70 * (i + 1) // max(1, len(stages)))
        self._rulings(event, data.get("rulings", []))
        for s in stages:
            self.where = f"stage {s['order']} adjustments"
            self._adjustments(self.stages[s["order"]], s)
        summary.counts = {
            "entrants": len(self.entrants),
            "boards": len(self.boards),
            "results": len(self.results),
            "rulings": len(self.rulings),
        }
        return summary

    def _users(self, names: list[str]) -> None:
        self.where = "users"
        model = get_user_model()
        field_name = model.USERNAME_FIELD
        found = {
            getattr(u, field_name): u for u in model.objects.filter(**{f"{field_name}__in": names})
        }
        for name in names:
            if name not in found:
                user = model(**{field_name: name}, is_active=False)
                user.set_unusable_password()
                user.save()
                found[name] = user
                self.created_users.append(name)
        self.users = found

    def _players(self, rows: list[dict[str, Any]]) -> None:
        self.where = "players"
        existing: dict[tuple[str, str], list[Player]] = defaultdict(list)
        wanted = {(p["name"], p["club"]) for p in rows}
        for player in Player.objects.filter(name__in={n for n, _c in wanted}).order_by("id"):
            existing[(player.name, player.club)].append(player)
        for row in rows:
            same = existing[(row["name"], row["club"])]
            if same:
                self.players[row["ref"]] = same.pop(0)
                self.players_reused += 1
            else:
                self.players[row["ref"]] = Player.objects.create(name=row["name"], club=row["club"])

    def _event(self, e: dict[str, Any]) -> Event:
        self.where = "event"
        code = self.code or e["code"]
        if Event.objects.filter(code=code).exists():
            raise TransferError(
                f"赛事代码“{code}”已存在；请用 --code 指定新代码",
                f"an event {code!r} exists already; give a new code with --code",
                code="invalid",
            )
        event = Event(
            code=code,
            name=e["name"],
            venue=e["venue"],
            starts_on=dt.date.fromisoformat(e["starts_on"]) if e["starts_on"] else None,
            ends_on=dt.date.fromisoformat(e["ends_on"]) if e["ends_on"] else None,
            rules=e["rules"],
            switches=e["switches"],
            status=e["status"],
        )
        event.full_clean()
        event.save()
        event.created_at = _parse_time(e["created_at"])
        Event.objects.filter(pk=event.pk).update(created_at=event.created_at)
        return event

    def _entrants(self, event: Event, rows: list[dict[str, Any]]) -> None:
        self.where = "entrants"
        created = Entrant.objects.bulk_create(
            Entrant(event=event, kind=r["kind"], number=r["number"], name=r["name"], seed=r["seed"])
            for r in rows
        )
        members = []
        for row, entrant in zip(rows, created, strict=True):
            self.entrants[f"{entrant.kind}:{entrant.number}"] = entrant
            for m in row["members"]:
                members.append(
                    Membership(
                        entrant=entrant,
                        player=self.player(m["player"]),
                        role=m["role"],
                        order=m["order"],
                    )
                )
        Membership.objects.bulk_create(members)

    def _table_code(self, wanted: set[str]) -> dict[str, str]:
        """Codes of the file → codes here (a code used on this server is replaced)."""
        taken = set(Table.objects.filter(code__in=wanted).values_list("code", flat=True))
        out = {code: code for code in wanted if code not in taken}
        used = set(out.values())
        for code in sorted(taken):
            new = new_table_code()
            while new in used or Table.objects.filter(code=new).exists():
                new = new_table_code()
            used.add(new)
            out[code] = new
        if self.summary is not None:
            self.summary.codes_replaced += len(taken)
        return out

    def _stage(self, stage: Stage, s: dict[str, Any]) -> None:
        o = stage.order
        StageEntry.objects.bulk_create(
            StageEntry(
                stage=stage,
                entrant=self.entrant(e["entrant"]),
                seed=e["seed"],
                group_label=e["group"],
                position=e["position"],
                direction=e["direction"],
                pair_number=e["pair_number"],
                source=e["source"],
            )
            for e in s["entries"]
        )
        for r in Round.objects.bulk_create(
            Round(stage=stage, number=r["number"], name=r["name"]) for r in s["rounds"]
        ):
            self.rounds[(o, r.number)] = r
        matches = Match.objects.bulk_create(
            Match(
                stage=stage,
                round=self.round(o, m["round"]),
                number=m["number"],
                home=self.entrant(m["home"]),
                away=self.entrant(m["away"]),
                home_source=m["home_source"],
                away_source=m["away_source"],
                side=m["side"],
                bracket_round=m["bracket_round"],
                is_reset=m["is_reset"],
                group_label=m["group"],
                first_place=m["first_place"],
                loser_place=m.get("loser_place"),  # absent from files made before placing
                winner=self.entrant(m["winner"]),
                status=m["status"],
            )
            for m in s["matches"]
        )
        changes: list[tuple[MatchChange, str | None]] = []
        for row, match in zip(s["matches"], matches, strict=True):
            self.matches[(o, match.number)] = match
            for c in row["changes"]:
                change = MatchChange(
                    match=match,
                    kind=c["kind"],
                    changed_by=self.user(c["by"]),
                    before=self._match_snapshot(c["before"]),
                    after=self._match_snapshot(c["after"]),
                    reason=c["reason"],
                )
                changes.append((change, c["at"]))
        _restore_times(MatchChange, changes, "changed_at")
        for b in BoardSet.objects.bulk_create(
            BoardSet(
                stage=stage,
                round=self.round(o, b["key"][0]),
                number=b["key"][1],
                first_board=b["first_board"],
                last_board=b["last_board"],
                start_level=b["start_level"],
                tiebreak=b["tiebreak"],
            )
            for b in s["board_sets"]
        ):
            self.sets[(o, b.round.number if b.round else None, b.number)] = b
        codes = self._table_code({t["code"] for t in s["tables"]})
        tables = Table.objects.bulk_create(
            Table(
                round=self.round(o, t["key"][0]),
                session=t["key"][1],
                number=t["key"][2],
                room=t["room"],
                match=self.match(o, t["match"]),
                ns=self.entrant(t["ns"]),
                ew=self.entrant(t["ew"]),
                code=codes[t["code"]],
            )
            for t in s["tables"]
        )
        seats, plays = [], []
        for row, table in zip(s["tables"], tables, strict=True):
            self.tables[(o, *row["key"])] = table
            for seat, ref in row["seats"].items():
                seats.append(Seating(table=table, seat=seat, player=self.player(ref)))
            for round_no, number, order in row["sets"]:
                plays.append(
                    SetPlay(table=table, board_set=self.sets[(o, round_no, number)], order=order)
                )
        Seating.objects.bulk_create(seats)
        SetPlay.objects.bulk_create(plays)
        self._boards(stage, s["boards"])
        for m in s["matches"]:
            if m.get("review") is not None:
                review = dict(m["review"])
                MatchScore.objects.create(
                    stage=stage,
                    match=self.match(o, m["number"]),
                    home=self.entrant(review.pop("home")),
                    away=self.entrant(review.pop("away")),
                    winner=self.entrant(review.pop("winner")),
                    **review,
                )

    def _refused(self, stage: Stage, number: Any, errors: Iterable[Any]) -> TransferError:
        found = [e.to_dict() if hasattr(e, "to_dict") else e for e in errors]
        zh = "；".join(str(e.get("message_zh", "")) for e in found)
        en = "; ".join(str(e.get("message_en", "")) for e in found)
        return TransferError(
            f"规则引擎不接受：阶段{stage.order}第{number}副：{zh}",
            f"refused by the rules engine: stage {stage.order}, board {number}: {en}",
            code="refused",
        )

    def _judge_deal(self, stage: Stage, b: dict[str, Any]) -> None:
        """Every deal through ``check_deal`` (108 cards, two of each, 25 a seat and 8 in
        the bottom; 第十、十四、四十一条), as a deal entered here would be."""
        if not isinstance(b["hands"], dict) or not isinstance(b["bottom"], list):
            raise TypeError(f"board {b['key']}: hands must be an object and bottom a list")
        errors = check_deal({"hands": b["hands"], "bottom": b["bottom"]}, board=b["key"][1])
        if errors:
            raise self._refused(stage, b["key"][1], errors)

    def _judge_result(self, stage: Stage, result: Result, row: dict[str, Any]) -> None:
        """Every result through the engine: refused when the scorecard breaks a rule, or
        when the verdict the file carries is not the engine's (points, outcome, levels)."""
        record = result_record(result)
        verdict = check_board(record)
        number = result.board.number
        if not verdict.valid:
            raise self._refused(stage, number, verdict.errors)
        judged = result_fields(Entry.from_record(record), verdict)
        differ = [
            name
            for name in RESULT_SCORECARD_FIELDS
            if name in judged and name != "rules" and judged[name] != row[name]
        ]
        if differ:
            raise self._refused(
                stage,
                number,
                [
                    {
                        "message_zh": f"文件中的{'、'.join(differ)}与规则引擎的裁决不同",
                        "message_en": f"the file's {', '.join(differ)} differ from the "
                        "engine's verdict",
                    }
                ],
            )

    def _boards(self, stage: Stage, rows: list[dict[str, Any]]) -> None:
        o = stage.order
        for b in rows:
            self._judge_deal(stage, b)
        boards = Board.objects.bulk_create(
            Board(
                stage=stage,
                round=self.round(o, b["key"][0]),
                board_set=self.sets[(o, b["set"][0], b["set"][1])],
                number=b["key"][1],
                hands=b["hands"],
                bottom=b["bottom"],
                source=b["source"],
                seed=b["seed"],
                created_by=self.user(b["created_by"]),
                released_at=_parse_time(b["released_at"]),
                released_by=self.user(b["released_by"]),
            )
            for b in rows
        )
        for board, row in zip(boards, rows, strict=True):
            board.created_at = _parse_time(row["created_at"])
            self.boards[(o, row["key"][0], row["key"][1])] = board
        Board.objects.bulk_update(boards, ["created_at"])
        results: list[Result] = []
        result_rows: list[dict[str, Any]] = []
        for board, row in zip(boards, rows, strict=True):
            for r in row["results"]:
                fields = {name: r[name] for name in RESULT_FIELDS}
                results.append(
                    Result(
                        board=board,
                        table=self.table(o, r["table"]),
                        **{
                            f"player_{seat.lower()}": self.player(r["players"][seat])
                            for seat in SEATS
                        },
                        **fields,
                        entered_by=self.user(r["entered_by"]),
                        confirmed_by=self.user(r["confirmed_by"]),
                        confirmed_at=_parse_time(r["confirmed_at"]),
                    )
                )
                self._judge_result(stage, results[-1], r)
                result_rows.append(r)
        results = Result.objects.bulk_create(results)
        for result, r in zip(results, result_rows, strict=True):
            result.entered_at = _parse_time(r["entered_at"])
            result.updated_at = _parse_time(r["updated_at"])
            self.results[(o, result.board_id, *r["table"])] = result
        Result.objects.bulk_update(results, ["entered_at", "updated_at"])
        changes: list[tuple[ResultChange, str | None]] = []
        for result, r in zip(results, result_rows, strict=True):
            for c in r["changes"]:
                changes.append(
                    (
                        ResultChange(
                            result=result,
                            action=c["action"],
                            role=c["role"],
                            user=self.user(c["user"]),
                            side=c["side"],
                            version=c["version"],
                            before=self._result_snapshot(c["before"]),
                            after=self._result_snapshot(c["after"]),
                            reason=c["reason"],
                        ),
                        c["at"],
                    )
                )
        _restore_times(ResultChange, changes, "at")
        boxes: list[tuple[BoxCard, str | None]] = []
        for board, row in zip(boards, rows, strict=True):
            for box in row["box_cards"]:
                filled = box["filled_by"]
                boxes.append(
                    (
                        BoxCard(
                            board=board,
                            match=self.match(o, box["match"]),
                            level_ns=box["level_ns"],
                            level_ew=box["level_ew"],
                            trump=box["trump"],
                            declared_by=box["declared_by"],
                            declarer=box["declarer"],
                            filled_by=self.results[(o, board.pk, *filled)] if filled else None,
                            flags=box["flags"],
                            flagged=box["flagged"],
                        ),
                        box["filled_at"],
                    )
                )
        _restore_times(BoxCard, boxes, "filled_at")

    def _adjustments(self, stage: Stage, s: dict[str, Any]) -> None:
        o = stage.order
        rows: list[tuple[ScoreAdjustment, str | None]] = []
        for a in s.get("adjustments", []):
            rows.append(
                (
                    ScoreAdjustment(
                        stage=stage,
                        kind=a["kind"],
                        target=self.entrant(a["target"]),
                        amount=Decimal(a["amount"]),
                        match=self.match(o, a["match"]),
                        board=self.board(o, a["board"]),
                        table=self.table(o, a["table"]),
                        artificial_ns=a["artificial_ns"],
                        artificial_ew=a["artificial_ew"],
                        reason=a["reason"],
                        source=self._source(a["source"]),
                    ),
                    a["created_at"],
                )
            )
        _restore_times(ScoreAdjustment, rows, "created_at")
        orders: list[tuple[TieOrder, str | None]] = []
        for t in s.get("tie_orders", []):
            orders.append(
                (
                    TieOrder(
                        stage=stage,
                        group_label=t["group"],
                        entrants=[self._entrant_id(k) for k in t["entrants"]],
                        reason=t["reason"],
                        decided_by=self.user(t["decided_by"]),
                    ),
                    t["decided_at"],
                )
            )
        _restore_times(TieOrder, orders, "decided_at")

    def _entrant_id(self, key: str | None) -> int | None:
        entrant = self.entrant(key)
        return entrant.pk if entrant is not None else None

    def _source(self, source: str) -> str:
        kind, _sep, rest = source.partition(":")
        if kind == "ruling" and rest in self.rulings:
            return f"ruling:{self.rulings[rest].pk}"
        return source

    def _match_key(self, key: Key | None) -> int | None:
        if key is None:
            return None
        match = self.match(key[0], key[1])
        return match.pk if match is not None else None

    def _table_key(self, key: Key | None) -> int | None:
        if key is None:
            return None
        table = self.table(key[0], key[1:])
        return table.pk if table is not None else None

    def _match_snapshot(self, snapshot: Any) -> Any:
        if not isinstance(snapshot, dict):
            return snapshot
        out = dict(snapshot)
        for name in ("home", "away", "winner"):
            if isinstance(out.get(name), str):
                out[name] = self._entrant_id(out[name])
        return out

    def _result_snapshot(self, snapshot: Any) -> Any:
        if not isinstance(snapshot, dict) or not isinstance(snapshot.get("players"), dict):
            return snapshot
        out = dict(snapshot)
        out["players"] = {
            seat: self.players[ref].pk if isinstance(ref, str) else ref
            for seat, ref in snapshot["players"].items()
        }
        return out

    def _scope(self, scope: Any) -> Any:
        if not isinstance(scope, dict):
            return scope
        out = dict(scope)
        if isinstance(out.get("matches"), list):
            out["matches"] = [self._match_key(k) for k in out["matches"]]
        if isinstance(out.get("tables"), list):
            out["tables"] = [self._table_key(k) for k in out["tables"]]
        return out

    def _ruling_snapshot(self, snapshot: Any) -> Any:
        if not isinstance(snapshot, dict):
            return snapshot
        out = dict(snapshot)
        for name in ("offender_entrant", "second_entrant"):
            if isinstance(out.get(name), str):
                out[name] = self._entrant_id(out[name])
        if isinstance(out.get("offender_player"), str):
            out["offender_player"] = self.players[out["offender_player"]].pk
        if isinstance(out.get("match"), list):
            out["match"] = self._match_key(out["match"])
        if isinstance(out.get("table"), list):
            out["table"] = self._table_key(out["table"])
        if "scope" in out:
            out["scope"] = self._scope(out["scope"])
        return out

    def _rulings(self, event: Event, rows: list[dict[str, Any]]) -> None:
        versions: list[tuple[RulingVersion, str | None]] = []
        for r in rows:
            self.where = f"ruling {r.get('ref')}"
            o = r["stage"]
            board = r["board"]
            ruling = Ruling.objects.create(
                event=event,
                stage=self.stages[o],
                round=self.round(o, r["round"]),
                match=self.match(*r["match"]) if r["match"] else None,
                table=self.table(r["table"][0], r["table"][1:]) if r["table"] else None,
                board=self.board(board[0], board[1:]) if board else None,
                offender_entrant=self.entrant(r["offender_entrant"]),
                offender_player=self.player(r["offender_player"]),
                offender_side=r["offender_side"],
                second_entrant=self.entrant(r["second_entrant"]),
                irregularity=r["irregularity"],
                article=r["article"],
                decision=r["decision"],
                amount=Decimal(r["amount"]),
                erring_side=r["erring_side"],
                minutes_late=r["minutes_late"],
                damaged=r["damaged"],
                corrected_points=r["corrected_points"],
                corrected_dig=r["corrected_dig"],
                result_before=r["result_before"],
                scope=self._scope(r["scope"]),
                reason_zh=r["reason_zh"],
                reason_en=r["reason_en"],
                published=r["published"],
                status=r["status"],
                version=r["version"],
                referee=self.user(r["referee"]),
            )
            Ruling.objects.filter(pk=ruling.pk).update(
                created_at=_parse_time(r["created_at"]), updated_at=_parse_time(r["updated_at"])
            )
            ruling.cancelled_boards.set(self.board(k[0], k[1:]) for k in r["cancelled_boards"])
            self.rulings[r["ref"]] = ruling
            for v in r["versions"]:
                versions.append(
                    (
                        RulingVersion(
                            ruling=ruling,
                            number=v["number"],
                            action=v["action"],
                            by=self.user(v["by"]),
                            note=v["note"],
                            snapshot=self._ruling_snapshot(v["snapshot"]),
                        ),
                        v["at"],
                    )
                )
        _restore_times(RulingVersion, versions, "at")


def _restore_times(model: Any, rows: list[tuple[Any, str | None]], name: str) -> None:
    """Create ``rows`` in order (their ids keep the file's order), then put back the
    time each was made, which ``auto_now_add`` overwrote."""
    if not rows:
        return
    objects = model.objects.bulk_create([obj for obj, _at in rows])
    for obj, (_row, at) in zip(objects, rows, strict=True):
        setattr(obj, name, _parse_time(at))
    model.objects.bulk_update(objects, [name], batch_size=500)


def event_import(
    data: dict[str, Any], *, code: str | None = None, progress: Progress | None = None
) -> ImportSummary:
    """Rebuild the event of ``data`` (read with :func:`event_file_read`), under ``code``
    if given, in one transaction, and rescore it. Raises :class:`TransferError`
    (``invalid``) when the file does not fit together; nothing is then saved."""
    from scoring.services import rescore_event

    importer = _Import(data, code)
    try:
        with transaction.atomic():
            summary = importer.run(progress)
            _tick(progress, 85)
            rescore_event(summary.event.pk)
    except TransferError:
        raise
    except (KeyError, IndexError) as error:  # a reference or a row's key missing
        raise TransferError(
            f"文件内容无效（{importer.where}）：缺少或无法识别 {error}",
            f"invalid file ({importer.where}): missing or unreadable {error}",
            code="invalid",
        ) from error
    except (TypeError, ValueError, AttributeError, RecursionError) as error:  # nulls, types
        raise TransferError(
            f"文件格式不对（{importer.where}）：值为空或类型不对（{error}）",
            f"malformed file ({importer.where}): a null or a wrong type ({error})",
            code="malformed",
        ) from error
    except (IntegrityError, ValidationError) as error:
        message = " ".join(str(error).split())
        raise TransferError(
            f"文件内容无效（{importer.where}）：{message}",
            f"invalid file ({importer.where}): {message}",
            code="invalid",
        ) from error
    _tick(progress, 100)
    return summary
