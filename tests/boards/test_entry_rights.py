"""Who may enter at a table, and what a refusal tells it (issue 14, items 1–2).

The table-terminal rule: one side enters and the opponents accept the result
themselves — so each side acts with its own pair's or team's PIN, and a table code
opens its table only while the director has the round open. Nothing a table is told
depends on the hidden deal (第二十八条之6, issue 24): the live check needs no deal, and
an entry the deal contradicts is kept as disputed for the director, answered as any
other entry is."""

from __future__ import annotations

import pytest

from boards.errors import BoardError
from boards.models import EntryCheck, Result, ResultChange
from boards.services import (
    Actor,
    result_check,
    result_confirm,
    result_correct,
    result_enter,
)
from tests import builders
from tests._tables import ew, ns, pin_of, undeclarable
from tournament.services import round_close, round_start

pytestmark = pytest.mark.django_db


def refused(call, **kwargs) -> BoardError:
    with pytest.raises(BoardError) as caught:
        call(**kwargs)
    return caught.value


# --- item 1: entry rights ---------------------------------------------------------------------


def test_a_code_enters_nothing_before_the_director_starts_its_round(team):
    board = team.board(1)
    actor = Actor.at_table(team.open, "NS", pin=pin_of(team.open, "NS"))
    entry = builders.entry(board, declarer="N")

    error = refused(result_enter, board=board, table=team.open, entry=entry, actor=actor)
    assert error.code == "round_not_open"
    assert not Result.objects.exists()

    round_start(round=team.round)
    team.open.round.refresh_from_db()
    result = result_enter(board=board, table=team.open, entry=entry, actor=actor)
    assert result.pk


def test_a_closed_round_takes_no_more_entries_from_its_codes(team):
    b1, b2 = team.board(1), team.board(2)
    result_enter(
        board=b1, table=team.open, entry=builders.entry(b1, declarer="N"), actor=ns(team.open)
    )
    round_close(round=team.round)

    error = refused(
        result_enter,
        board=b2,
        table=team.open,
        entry=builders.entry(b2, declarer="N"),
        actor=ns(team.open),
    )
    assert error.code == "round_not_open"


def test_a_mitchell_guide_cards_later_round_code_does_nothing_before_that_round(pairs):
    """The guide card stays with the stationary N–S pair and prints every round's code:
    round 3's code enters nothing while only round 1 is started."""
    round_start(round=pairs.rounds[0])
    later = pairs.tables[(3, 1)]
    board = pairs.board(later.set_plays.first().board_set.first_board)
    actor = Actor.at_table(later, "NS", pin=pin_of(later, "NS"))

    error = refused(
        result_enter,
        board=board,
        table=later,
        entry=builders.entry(board, declarer="N"),
        actor=actor,
    )
    assert error.code == "round_not_open"
    error = refused(
        result_check,
        board=board,
        table=later,
        entry=builders.entry(board, declarer="N"),
        actor=actor,
    )
    assert error.code == "round_not_open"


def test_one_code_cannot_enter_and_confirm_as_both_sides(team):
    """The N–S players hold the table code and their own PIN, not E–W's."""
    board = team.board(1)
    round_start(round=team.round)
    ns_pin = pin_of(team.open, "NS")
    result = result_enter(
        board=board,
        table=team.open,
        entry=builders.entry(board, declarer="N"),
        actor=Actor.at_table(team.open, "NS", pin=ns_pin),
    )

    as_ew_with_ns_pin = Actor.at_table(team.open, "EW", pin=ns_pin)
    error = refused(result_confirm, result=result, actor=as_ew_with_ns_pin, version=1)
    assert error.code == "wrong_pin"
    error = refused(result_confirm, result=result, actor=Actor.at_table(team.open, "EW"), version=1)
    assert error.code == "wrong_pin"
    result.refresh_from_db()
    assert result.status == Result.Status.ENTERED


def test_entering_in_the_other_sides_name_needs_the_other_sides_pin(team):
    board = team.board(1)
    round_start(round=team.round)
    claim = Actor.at_table(team.open, "EW", pin=pin_of(team.open, "NS"))

    error = refused(
        result_enter,
        board=board,
        table=team.open,
        entry=builders.entry(board, declarer="N"),
        actor=claim,
    )
    assert error.code == "wrong_pin"


def test_the_audit_trail_says_which_side_acted_with_which_credential(team):
    board = team.board(1)
    result = result_enter(
        board=board, table=team.open, entry=builders.entry(board, declarer="N"), actor=ns(team.open)
    )
    result_confirm(result=result, actor=ew(team.open), version=result.version)

    enter, confirm = ResultChange.objects.filter(result=result).order_by("id")
    home, away = team.open.ns, team.open.ew
    assert (enter.side, confirm.side) == ("NS", "EW")
    assert enter.credential == f"table code {team.open.code} + PIN of team {home.number}"
    assert confirm.credential == f"table code {team.open.code} + PIN of team {away.number}"
    assert pin_of(team.open, "NS") not in enter.credential
    assert pin_of(team.open, "EW") not in confirm.credential


def test_every_entrant_has_its_own_pin(team):
    pins = [pin_of(team.open, "NS"), pin_of(team.open, "EW")]
    assert all(len(p) == 6 and p.isdigit() for p in pins) and pins[0] != pins[1]


# --- item 2 (issue 24): what a table is told never depends on the hidden deal ---------------


def test_the_live_check_never_consults_the_deal(team):
    """Issue 24: the live check answered "does this seat hold that suit's level card?"
    (16 probes gave all four hands' level cards). It now checks only what needs no deal:
    a probe the deal contradicts checks as fine, and nothing is hidden from the log."""
    board = team.board(1)
    probe = undeclarable(board, team.open, builders.entry(board, declarer="N"))

    judged = result_check(board=board, table=team.open, entry=probe, actor=ns(team.open))

    assert judged.verdict.valid and judged.dispute == []
    kept = EntryCheck.objects.get(board=board, table=team.open)
    assert (kept.kind, kept.accepted, kept.hidden) == ("check", True, False)


def test_honest_retyping_never_locks_a_board(team):
    """Issue 24: the live check runs as players type; two slips and an edit used to lock
    the board (本副已锁定). Checks cost nothing, however many, by anyone with the code."""
    board = team.board(1)
    probe = undeclarable(board, team.open, builders.entry(board, declarer="N"))
    for _ in range(10):
        result_check(board=board, table=team.open, entry=probe, actor=ns(team.open))
        refused(
            result_check,
            board=board,
            table=team.open,
            entry=builders.entry(board, points=37, declarer="N"),
            actor=ew(team.open),
        )

    result = result_enter(
        board=board, table=team.open, entry=builders.entry(board, declarer="N"), actor=ns(team.open)
    )
    assert result.status == Result.Status.ENTERED


def test_an_entry_the_deal_contradicts_is_kept_as_disputed_and_answered_alike(team):
    """第二十八条之6: the table is answered as for a legal entry (entered, awaiting the
    other side); the director gets the engine's findings, and the probe is a row in the
    trail under the prober's table."""
    board = team.board(1)
    probe = undeclarable(board, team.open, builders.entry(board, declarer="N"))

    result = result_enter(board=board, table=team.open, entry=probe, actor=ns(team.open))

    assert result.status == Result.Status.DISPUTED
    assert result.table_status == Result.Status.ENTERED
    assert "trump_not_declarable" in [f["code"] for f in result.dispute]
    assert all(f["message_zh"] and f["message_en"] for f in result.dispute)
    kept = EntryCheck.objects.get(board=board, table=team.open, kind="enter")
    assert not kept.accepted and kept.hidden and kept.findings == result.dispute
    enter = ResultChange.objects.get(result=result)
    assert enter.action == "enter" and enter.after["status"] == "disputed"


def test_a_disputed_result_confirmed_at_the_table_waits_for_the_director(team, as_director):
    """The other side's confirmation reads at the table as any confirmation does, but
    the result counts for nothing until the director resolves it: confirming it as
    entered needs a ruling (第三十三条)."""
    board = team.board(1)
    probe = undeclarable(board, team.open, builders.entry(board, declarer="N"))
    entered = result_enter(board=board, table=team.open, entry=probe, actor=ns(team.open))

    seen = result_confirm(result=entered, actor=ew(team.open), version=entered.version)
    assert seen.table_status == Result.Status.CONFIRMED
    assert seen.status == Result.Status.DISPUTED and seen.confirmed_side == "EW"
    error = refused(result_confirm, result=seen, actor=ew(team.open), version=seen.version)
    assert error.code == "already_confirmed"

    error = refused(result_confirm, result=seen, actor=as_director, version=seen.version)
    assert error.code == "reason_required"
    ruled = result_confirm(
        result=seen, actor=as_director, version=seen.version, reason="裁判长裁决：按录入计分"
    )
    assert ruled.status == Result.Status.CONFIRMED
    last = ResultChange.objects.filter(result=ruled).latest("id")
    assert last.reason == "裁判长裁决：按录入计分" and last.user == as_director.user


def test_the_director_resolves_a_dispute_by_correcting_it(team, as_director):
    board = team.board(1)
    probe = undeclarable(board, team.open, builders.entry(board, declarer="N"))
    entered = result_enter(board=board, table=team.open, entry=probe, actor=ns(team.open))

    fixed = result_correct(
        result=entered,
        entry=builders.entry(board, declarer="N"),
        actor=as_director,
        version=entered.version,
        reason="按牌型更正",
    )

    assert fixed.status == Result.Status.CONFIRMED and fixed.dispute == []


def test_a_table_correcting_its_disputed_entry_right_clears_the_dispute(team):
    board = team.board(1)
    probe = undeclarable(board, team.open, builders.entry(board, declarer="N"))
    entered = result_enter(board=board, table=team.open, entry=probe, actor=ns(team.open))

    fixed = result_correct(
        result=entered,
        entry=builders.entry(board, declarer="N"),
        actor=ew(team.open),
        version=entered.version,
    )

    assert fixed.status == Result.Status.ENTERED and fixed.dispute == []


def test_points_off_the_fives_are_told_as_they_are_and_not_counted(team):
    """No deal allows 37 points (第七条): the table is told so, and a slow typist's "3"
    on the way to "35" costs nothing."""
    board = team.board(1)
    for _ in range(5):
        error = refused(
            result_check,
            board=board,
            table=team.open,
            entry=builders.entry(board, points=37, declarer="N"),
            actor=ns(team.open),
        )
        assert error.codes == ["result_impossible"]
        assert "0到200" in error.message_zh

    result_enter(
        board=board, table=team.open, entry=builders.entry(board, declarer="N"), actor=ns(team.open)
    )


def test_a_box_card_mismatch_is_shown_as_it_is(team):
    """The box card is in the box: telling a table it differs reveals nothing hidden."""
    b1 = team.board(1)
    result_enter(
        board=b1,
        table=team.open,
        entry=builders.entry(b1, declarer="N"),
        actor=ns(team.open),
    )
    error = refused(
        result_enter,
        board=b1,
        table=team.closed,
        entry=builders.entry(b1, declarer="E"),
        actor=ns(team.closed),
    )
    assert error.codes == ["box_card_mismatch"]


def test_every_check_is_logged(team, as_director):
    board = team.board(1)
    result_check(
        board=board, table=team.open, entry=builders.entry(board, declarer="N"), actor=ns(team.open)
    )
    result_enter(
        board=board, table=team.open, entry=builders.entry(board, declarer="N"), actor=as_director
    )

    kinds = list(EntryCheck.objects.values_list("kind", "role", "accepted", "hidden"))
    assert kinds == [("check", "table", True, False), ("enter", "director", True, False)]
