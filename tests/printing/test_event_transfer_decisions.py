"""The event backup keeps the director's decisions: a withdrawal (退赛, 第三十条) with its
forfeits, one taken back, the decision record, the officials' changes, an early
qualification (第二十六条之3) and a box card ruling (第三十三条). Backup → restore into
an empty database gives the same standings, the same forfeits and the same records, and
a backup written before they were kept still restores."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.management import call_command
from django.utils import timezone

from boards.models import BoxCard, BoxCardRuling, EntryConflict, PinMiss, Result
from boards.records import result_record, result_snapshot
from printing.transfer import canonical_json, event_export, event_file_read, event_import
from scoring.models import (
    DecisionRecord,
    QualificationOverride,
    ScoreAdjustment,
    Standing,
    Withdrawal,
)
from scoring.services import swiss_round_next, withdrawal_record, withdrawal_take_back
from tests import builders
from tournament.models import Entrant, Event, OfficialChange, Player, Stage
from tournament.services import official_create, round_start


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path


@pytest.fixture
def decided(played: Event, director: Any, play: builders.Play) -> Event:
    """The played event, then a Swiss of its four teams: round 1 played, team 1
    withdraws (its round-robin matches left are forfeits, the Swiss pairs round 2
    without it), team 2's withdrawal recorded and taken back, Mitchell pair 1 withdraws
    after round 1 (its later boards forfeit, 50 % to its opponents); a referee's account made
    in the workspace; the knockout qualified early with a reason; a box card ruled on."""
    teams = list(Entrant.objects.filter(event=played, kind="team").order_by("number"))
    swiss = builders.stage(
        played,
        Stage.Kind.SWISS,
        teams,
        name="瑞士移位赛",
        dealt=True,
        rounds=3,
        boards_per_session=2,
        sessions=1,
    )
    first = swiss.rounds.get(number=1)
    round_start(round=first)
    for match in first.matches.all():
        builders.play_match(play, match, "home")
    with play.capture(execute=True):
        withdrawal_record(entrant=teams[0], reason="队员生病，全队退赛", decided_by=director)
        mistaken = withdrawal_record(entrant=teams[1], reason="点错了队", decided_by=director)
        withdrawal_take_back(withdrawal=mistaken, reason="误操作", taken_back_by=director)
        swiss_round_next(stage=swiss)
    pair = Entrant.objects.get(event=played, kind="pair", number=1)
    mitchell = played.stages.get(kind=Stage.Kind.MITCHELL)
    round_start(round=mitchell.rounds.get(number=1))
    with play.capture(execute=True):
        withdrawal_record(
            entrant=pair, reason="身体不适", opponent_score="average", decided_by=director
        )
    official_create(event=played, acting_user=director, username="ref2", role="referee")
    knockout = played.stages.get(kind=Stage.Kind.KNOCKOUT)
    QualificationOverride.objects.create(
        stage=knockout,
        reason="小组赛最后一场延期",
        undecided=[{"message_zh": "A组未完", "message_en": "group A unfinished"}],
        decided_by=director,
    )
    box = BoxCard.objects.filter(board__stage__event=played).order_by("pk").first()
    assert box is not None
    BoxCardRuling.objects.create(
        box_card=box,
        decision=BoxCardRuling.Decision.CHOSEN,
        trump="S",
        chooser="EW",
        reason="亮主者无级牌",
        decided_by=director,
    )
    result = Result.objects.filter(board__stage__event=played).order_by("pk").first()
    assert result is not None
    EntryConflict.objects.create(
        result=result,
        side="EW",
        key="outbox-1",
        record=result_record(result),
        standing=result_snapshot(result),
        resolution=EntryConflict.Resolution.KEPT,
        resolved_by=director,
        resolved_at=timezone.now(),
        reason="先到的成绩经双方确认",
    )
    PinMiss.objects.create(table=result.table, side="NS", board=result.board, address="10.0.0.7")
    PinMiss.objects.create(table=result.table, side="EW", result=result, board=result.board)
    return played


def export(event: Event) -> bytes:
    return canonical_json(event_export(Event.objects.get(pk=event.pk)))


def standings(event: Event) -> list[tuple[Any, ...]]:
    return sorted(
        (
            s.stage.order,
            s.entrant.kind,
            s.entrant.number,
            s.place,
            s.match_points,
            s.byes,
            s.played,
            s.total,
            s.score_for,
        )
        for s in Standing.objects.filter(stage__event=event).select_related("stage", "entrant")
    )


def forfeits(event: Event) -> list[tuple[Any, ...]]:
    """The withdrawals' forfeits: the match, or the Mitchell table and board, each
    forfeits, the side at fault and the opponents' score."""
    rows = ScoreAdjustment.objects.filter(stage__event=event, source__startswith="withdrawal:")
    return sorted(
        (
            a.stage.order,
            a.match.number if a.match else 0,
            a.table.number if a.table else 0,
            a.board.number if a.board else 0,
            str(a.target),
            a.kind,
            a.artificial_ns,
            a.artificial_ew,
            a.reason,
        )
        for a in rows.select_related("stage", "match", "table", "board", "target")
    )


def named(snapshot: dict[str, Any]) -> dict[str, Any]:
    """A result snapshot with its players by name (their ids are the database's)."""
    names = dict(Player.objects.values_list("pk", "name"))
    return snapshot | {"players": {s: names[p] for s, p in snapshot["players"].items()}}


def records(event: Event) -> dict[str, list[tuple[Any, ...]]]:
    """Every decision and audit record by what it says, not by its ids."""
    return {
        "withdrawals": [
            (
                w.entrant.number,
                w.played,
                w.opponent_score,
                w.reason,
                w.decided_by.username,
                w.decided_at,
                w.taken_back_at,
                w.taken_back_reason,
                len(w.kept["matches"]),
                len(w.kept["rounds"]),
                len(w.kept["results"]),
            )
            for w in Withdrawal.objects.filter(event=event).order_by("decided_at", "id")
        ],
        "decisions": [
            (d.kind, d.subject, d.reason, d.done_by.username, d.done_at, sorted(d.details))
            for d in DecisionRecord.objects.filter(event=event)
        ],
        "officials": [
            (o.kind, o.username, o.role, o.changed_by.username, o.changed_at)
            for o in OfficialChange.objects.filter(event=event)
        ],
        "qualification": [
            (q.stage.order, q.reason, q.undecided, q.decided_at)
            for q in QualificationOverride.objects.filter(stage__event=event)
        ],
        "conflicts": [
            (c.result.board.number, c.side, c.key, named(c.standing), c.resolution, c.at)
            for c in EntryConflict.objects.filter(result__board__stage__event=event)
        ],
        "pin_misses": [
            (m.table.number, m.side, m.board.number, m.result_id is not None, m.address, m.at)
            for m in PinMiss.objects.filter(table__round__stage__event=event)
        ],
        "box_card_rulings": [
            (r.box_card.board.number, r.decision, r.trump, r.chooser, r.reason, r.decided_at)
            for r in BoxCardRuling.objects.filter(box_card__board__stage__event=event)
        ],
    }


def test_the_file_names_the_decisions_by_keys_not_ids(decided):
    data = event_file_read(export(decided))

    gone, back, pair = data["withdrawals"]
    assert pair["entrant"] == "pair:1" and pair["opponent_score"] == "average"
    assert pair["kept"]["results"]  # its Mitchell results: [[table], [board]] by keys
    assert all(len(t) == 4 and len(b) == 3 for t, b in pair["kept"]["results"])
    assert (gone["ref"], gone["entrant"], gone["reason"]) == ("W1", "team:1", "队员生病，全队退赛")
    assert gone["taken_back_at"] is None and back["taken_back_reason"] == "误操作"
    assert all(isinstance(m, list) for m in gone["kept"]["matches"])  # [stage, number]
    adjustments = [a["source"] for s in data["stages"] for a in s["adjustments"]]
    assert "withdrawal:W1" in adjustments and "withdrawal:W2" not in adjustments
    kinds = [(d["kind"], d["details"].get("withdrawal")) for d in data["decision_records"]]
    assert ("withdrawn", "W1") in kinds and ("withdrawal_back", "W2") in kinds
    assert [o["username"] for o in data["official_changes"]] == ["ref2", "ref2"]
    assert "ref2" in data["users"]


# Outside a test transaction: PostgreSQL will not flush tables with deferred checks pending.
@pytest.mark.django_db(transaction=True)
def test_backup_restore_into_an_empty_database_keeps_standings_forfeits_and_records(decided):
    """第三十条: after the restore the withdrawn team still has its score and no bye in
    the Swiss, its opponents their forfeit wins; every record reads as it did."""
    before = export(decided)
    swiss = decided.stages.get(kind=Stage.Kind.SWISS)
    gone = Standing.objects.get(stage=swiss, entrant__number=1)
    assert (gone.match_points, gone.byes) == (2, 0)
    expected = (standings(decided), forfeits(decided), records(decided))
    assert expected[1] and all(expected[2].values())
    call_command("flush", interactive=False, verbosity=0)

    restored = event_import(event_file_read(before)).event

    assert export(restored) == before
    assert (standings(restored), forfeits(restored), records(restored)) == expected
    # the restored withdrawal is the one its forfeits name: taken back, they go
    team = Withdrawal.objects.get(event=restored, entrant__kind="team", taken_back_at=None)
    mine = ScoreAdjustment.objects.filter(source=team.source).count()
    assert 0 < mine < len(expected[1])
    withdrawal_take_back(withdrawal=team, reason="恢复后撤销")
    assert len(forfeits(restored)) == len(expected[1]) - mine


def test_a_backup_made_before_decisions_were_kept_still_restores(decided):
    """The keys added here may be absent (an older file): the event restores, with
    the forfeits the file holds and no decision records."""
    data = json.loads(export(decided))
    for name in ("withdrawals", "decision_records", "official_changes"):
        del data[name]
    for stage in data["stages"]:
        del stage["qualification_overrides"]
        for board in stage["boards"]:
            for box in board["box_cards"]:
                del box["rulings"]
            for result in board["results"]:
                del result["conflicts"]
        del stage["pin_misses"]

    copy = event_import(data, code="chifeng-old").event

    assert copy.stages.count() == decided.stages.count()
    assert not Withdrawal.objects.filter(event=copy).exists()
    assert not DecisionRecord.objects.filter(event=copy).exists()
    assert ScoreAdjustment.objects.filter(stage__event=copy, source__startswith="withdrawal:")
