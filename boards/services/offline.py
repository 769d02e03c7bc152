"""A phone's outbox arriving (issue 29): entries and confirmations a table made while the
venue's network was down, kept on the phone with an idempotency key and sent, in order,
when it returns.

An arrival is judged exactly as the same write made online — the same services
(:func:`~boards.services.result_enter`, :func:`~boards.services.result_confirm`), the
same PIN, round and engine checks, nothing taken on the phone's word — and answered as a
table is answered (the same words whether the deal bears the entry out or not,
第二十八条之6). What is new is only what an outbox can do that a form cannot:

* **send the same thing again** — a reload, a second tab, a lost answer: the key's first
  answer comes back (``WriteReplay``) and nothing is stored twice;
* **arrive after another phone of the same table** entered the same board while both
  were offline: a different scorecard never overwrites the one stored first; it is kept
  as an :class:`~boards.models.EntryConflict` with both versions, in the result's trail,
  for the director (:func:`conflict_resolve`). The same scorecard twice is simply the
  stored result;
* **confirm an entry made offline** (``entry_key``): the confirmation names the entry it
  was given to check, so it never confirms another phone's different scorecard.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from tournament.models import Table
from tournament.services import stage_changed

from ..errors import BoardError
from ..models import Board, EntryConflict, Result, ResultChange, WriteReplay
from ..records import Entry, entry_record, result_record, result_snapshot
from .replays import replay_find, replay_keep, replay_scope
from .results import (
    Actor,
    _check_actor,
    _judge_logged,
    _refuse,
    _who,
    result_confirm,
    result_correct,
    result_enter,
)

__all__ = ["Arrival", "conflict_resolve", "outbox_confirm", "outbox_enter"]


@dataclass(frozen=True)
class Arrival:
    """What an outbox item's arrival decided, as the table is told it: ``stored`` (the
    result stands, with its id and version) or ``conflict`` (another phone's different
    scorecard was stored first; this one waits for the director). ``replayed``: the
    same key had been answered before and nothing was written now."""

    state: str
    result_id: int
    version: int
    board: int
    replayed: bool = False

    def body(self) -> dict[str, Any]:
        return {
            "state": self.state,
            "id": self.result_id,
            "version": self.version,
            "board": self.board,
        }


def _replayed(kept: WriteReplay) -> Arrival:
    body = kept.body
    return Arrival(
        state=str(body.get("state", "stored")),
        result_id=int(body.get("id", kept.result_id)),
        version=int(body.get("version", 0)),
        board=int(body.get("board", 0)),
        replayed=True,
    )


def _keep(actor: Actor, key: str, result: Result, arrival: Arrival) -> Arrival:
    """Keep the key's answer; if a twin of this arrival was answered a moment ago, that
    first answer is the answer."""
    kept = replay_keep(actor, key, result=result, status=200, body=arrival.body())
    if kept is not None and kept.body != arrival.body():
        return _replayed(kept)
    return arrival


def _scorecard(board: Board, entry: Entry) -> dict[str, Any]:
    """A scorecard as the engine reads it, without the deal: two entries are the same
    entry when these are equal."""
    record = entry_record(board, entry, with_deal=False)
    record.pop("players", None)
    return record


def _stored_scorecard(result: Result) -> dict[str, Any]:
    return _scorecard(result.board, Entry.from_record(result_record(result, with_deal=False)))


def outbox_enter(*, board: Board, table: Table, entry: Entry, actor: Actor, key: str) -> Arrival:
    """An entry from a phone's outbox. The first entry of the board at the table is
    entered (:func:`result_enter`, judged and answered as online); the same scorecard
    again is that result; a different one is judged the same way (a wrong PIN, a
    spelling or a box card the table holds is refused as it would be) and, if it
    passes, kept as a conflict beside the stored result, which stands."""
    kept = replay_find(actor, key)
    if kept is not None:
        return _replayed(kept)
    current = Result.objects.filter(board=board, table=table).first()
    if current is None:
        try:
            result = result_enter(board=board, table=table, entry=entry, actor=actor)
        except BoardError as error:
            if error.code != "already_entered":
                raise
            kept = replay_find(actor, key)
            if kept is not None:  # its twin was answered a moment ago
                return _replayed(kept)
            current = Result.objects.get(board=board, table=table)
        else:
            stored = Arrival("stored", result.pk, result.version, board.number)
            return _keep(actor, key, result, stored)
    return _arrived_second(current, board, table, entry, actor, key)


def _arrived_second(
    current: Result, board: Board, table: Table, entry: Entry, actor: Actor, key: str
) -> Arrival:
    _check_actor(actor, table, result=current)
    if _scorecard(board, entry) == _stored_scorecard(current):
        same = Arrival("stored", current.pk, current.version, board.number)
        return _keep(actor, key, current, same)
    judged = _judge_logged(
        board=board, table=table, entry=entry, actor=actor, result=current, kind="enter"
    )
    record = entry_record(board, entry, with_deal=False)
    with transaction.atomic():
        EntryConflict.objects.create(
            result=current,
            side=actor.side,
            key=key[:100],
            record=record,
            standing=result_snapshot(current),
            dispute=judged.dispute,
        )
        ResultChange.objects.create(
            result=current,
            action=ResultChange.Action.CONFLICT,
            **_who(actor),
            version=current.version,
            before=result_snapshot(current),
            after=record,
            reason="另一部手机的不同录入，交裁判长处理 / a different entry from another "
            "phone, for the director",
        )
        stage_changed(board.stage_id)  # the dashboard lists the open conflicts
    conflict = Arrival("conflict", current.pk, current.version, board.number)
    return _keep(actor, key, current, conflict)


def outbox_confirm(
    *,
    board: Board,
    table: Table,
    actor: Actor,
    key: str,
    version: int | None = None,
    entry_key: str = "",
) -> Arrival:
    """A confirmation from a phone's outbox: of the result the page showed (``version``),
    or of an entry made offline on the same phone (``entry_key``, the entry's own key).
    An entry that arrived second (a conflict) is not the stored result: its
    confirmation confirms nothing and is answered as the conflict it is."""
    kept = replay_find(actor, key)
    if kept is not None:
        return _replayed(kept)
    result = Result.objects.filter(board=board, table=table).first()
    if result is None:
        raise _refuse(
            "本桌这副牌还没有成绩可确认",
            "this table has no result of the board to confirm",
            code="not_entered",
        )
    if entry_key:
        entered = WriteReplay.objects.filter(
            key=entry_key,
            result=result,
            scope__in=[replay_scope(Actor.at_table(table, s)) for s in ("NS", "EW")],
        ).first()
        if entered is None or entered.body.get("state") != "stored":
            _check_actor(actor, table, result=result)
            conflict = Arrival("conflict", result.pk, result.version, board.number)
            return _keep(actor, key, result, conflict)
        version = int(entered.body.get("version", 0))
    fresh = result_confirm(result=result, actor=actor, version=version or 0)
    confirmed = Arrival("stored", fresh.pk, fresh.version, board.number)
    return _keep(actor, key, fresh, confirmed)


def conflict_resolve(
    *, conflict: EntryConflict, actor: Actor, take: bool, reason: str = ""
) -> Result:
    """The director settles a conflict: keep the result stored first, or take the
    scorecard that arrived second (a director's correction: judged against the deal,
    counts as confirmed). Either way the decision is in the result's trail."""
    if not actor.is_director:
        raise _refuse("只有裁判长能处理录入冲突", "only a director resolves entry conflicts")
    _check_actor(actor, conflict.result.table)
    with transaction.atomic():
        locked = EntryConflict.objects.select_for_update().get(pk=conflict.pk)
        if not locked.is_open:
            raise _refuse("这个冲突已处理", "this conflict is already resolved", "already_resolved")
        result = Result.objects.select_related("board", "table").get(pk=locked.result_id)
        note = reason.strip() or ("采用后到的录入" if take else "保留先到的成绩")
        if take:
            result = result_correct(
                result=result,
                entry=Entry.from_record(locked.record),
                actor=actor,
                version=result.version,
                reason=note,
            )
        ResultChange.objects.create(
            result=result,
            action=ResultChange.Action.RESOLVE,
            **_who(actor),
            version=result.version,
            before=locked.standing,
            after=locked.record,
            reason=note,
        )
        locked.resolution = (
            EntryConflict.Resolution.TAKEN if take else EntryConflict.Resolution.KEPT
        )
        locked.resolved_by, locked.resolved_at, locked.reason = actor.user, timezone.now(), note
        locked.save(update_fields=["resolution", "resolved_by", "resolved_at", "reason"])
        stage_changed(result.board.stage_id)  # it leaves the dashboard
    return result
