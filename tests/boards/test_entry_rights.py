"""Who may enter at a table, and what a refusal tells it (issue 14, items 1–2).

The table-terminal rule: one side enters and the opponents accept the result
themselves — so each side acts with its own pair's or team's PIN, and a table code
opens its table only while the director has the round open. Until a table's result
is accepted, a refusal that depends on the hidden deal reaches it as one neutral
message (第二十八条之6: the hands stay hidden until the board is played); after three
the board is locked for the table and flagged for the director."""

from __future__ import annotations

import pytest

from boards.errors import BoardError
from boards.models import EntryCheck, Result, ResultChange
from boards.services import (
    REFUSALS_PER_BOARD,
    Actor,
    board_locked_for,
    result_check,
    result_confirm,
    result_enter,
)
from tests import builders
from tests._tables import ew, ns, undeclarable
from tournament.services import round_close, round_start

pytestmark = pytest.mark.django_db


def refused(call, **kwargs) -> BoardError:
    with pytest.raises(BoardError) as caught:
        call(**kwargs)
    return caught.value


# --- item 1: entry rights ---------------------------------------------------------------------


def test_a_code_enters_nothing_before_the_director_starts_its_round(team):
    board = team.board(1)
    entrant = team.open.ns
    actor = Actor.at_table(team.open, "NS", pin=entrant.pin)
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
    actor = Actor.at_table(later, "NS", pin=later.ns.pin)

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
    ns_pin = team.open.ns.pin
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
    claim = Actor.at_table(team.open, "EW", pin=team.open.ns.pin)

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
    assert home.pin not in enter.credential and away.pin not in confirm.credential


def test_every_entrant_has_its_own_pin(team):
    pins = [team.open.ns.pin, team.open.ew.pin]
    assert all(len(p) == 4 and p.isdigit() for p in pins)


# --- item 2: what a refusal tells a table -----------------------------------------------------


def test_probing_an_unplayed_board_tells_the_table_nothing_of_the_deal(team, as_director):
    """16 probes used to give every hand's level cards. Now: one neutral message, the
    detail kept for the director, and the board locked after three refusals."""
    board = team.board(1)
    base = builders.entry(board, declarer="N")
    probe = undeclarable(board, team.open, base)

    for left in range(REFUSALS_PER_BOARD - 1, -1, -1):
        error = refused(
            result_check, board=board, table=team.open, entry=probe, actor=ns(team.open)
        )
        assert error.codes == ["does_not_match_deal"]
        assert "不符" in error.message_zh and "as dealt" in error.message_en
        assert "没有" not in error.message_zh and "held" not in error.message_en
        assert (f"还可再试{left}次" in error.message_zh) == (left > 0)

    kept = EntryCheck.objects.filter(board=board, table=team.open)
    assert kept.count() == REFUSALS_PER_BOARD
    assert all("trump_not_declarable" in [f["code"] for f in c.findings] for c in kept)
    assert board_locked_for(board, team.open)

    # Locked: even a right scorecard is refused, checked or entered, for this table only.
    for call in (result_check, result_enter):
        error = refused(call, board=board, table=team.open, entry=base, actor=ns(team.open))
        assert error.code == "board_locked"
    result_enter(board=board, table=team.open, entry=base, actor=as_director)
    other = team.board(2)
    result_enter(
        board=other, table=team.open, entry=builders.entry(other, declarer="N"), actor=ns(team.open)
    )


def test_points_off_the_fives_are_told_as_they_are_and_not_counted(team):
    """No deal allows 37 points (第七条): the table is told so — without the ceiling
    the bottom's points set — and a slow typist's "3" on the way to "35" costs nothing."""
    board = team.board(1)
    for _ in range(REFUSALS_PER_BOARD + 1):
        error = refused(
            result_check,
            board=board,
            table=team.open,
            entry=builders.entry(board, points=37, declarer="N"),
            actor=ns(team.open),
        )
        assert error.codes == ["result_impossible"]
        assert "0到200" in error.message_zh and "减去底牌" not in error.message_zh

    assert not board_locked_for(board, team.open)


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
    assert not board_locked_for(b1, team.closed)


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
