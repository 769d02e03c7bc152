"""The entry flow of the table terminals: one side enters, the other side confirms; a
director enters or corrects directly; every change keeps who, when, before and after;
two edits made from the same version never silently overwrite each other."""

from __future__ import annotations

from unittest import mock

import pytest

from boards.errors import BoardError, ConflictError
from boards.models import Result, ResultChange
from boards.services import Actor, result_confirm, result_correct, result_enter
from boards.services import results as results_service
from tests import builders
from tests._tables import ew, ns

pytestmark = pytest.mark.django_db


def history(result: Result) -> list[tuple[str, str, str]]:
    return [
        (c.action, c.role, c.side)
        for c in ResultChange.objects.filter(result=result).order_by("at", "id")
    ]


# --- enter and confirm ---------------------------------------------------------------------


def test_a_result_entered_by_one_side_waits_for_the_other(entered):
    assert entered.status == Result.Status.ENTERED
    assert entered.entered_side == "NS"
    assert entered.version == 1
    assert history(entered) == [("enter", "table", "NS")]


def test_the_other_side_confirms(team, entered):
    confirmed = result_confirm(result=entered, actor=ew(team.open), version=1)

    assert confirmed.status == Result.Status.CONFIRMED
    assert confirmed.confirmed_side == "EW"
    assert confirmed.confirmed_at is not None
    assert confirmed.version == 2
    assert history(entered) == [("enter", "table", "NS"), ("confirm", "table", "EW")]
    change = entered.changes.get(action="confirm")
    assert change.before["status"] == "entered" and change.after["status"] == "confirmed"


def test_the_side_that_entered_cannot_confirm(team, entered):
    with pytest.raises(BoardError) as caught:
        result_confirm(result=entered, actor=ns(team.open), version=1)

    assert caught.value.codes == ["same_side"]
    entered.refresh_from_db()
    assert entered.status == Result.Status.ENTERED and entered.version == 1


def test_a_table_code_acts_only_at_its_own_table(team, entered):
    with pytest.raises(BoardError) as caught:
        result_confirm(result=entered, actor=ew(team.closed), version=1)
    assert caught.value.codes == ["not_allowed"]

    board = team.board(2)
    with pytest.raises(BoardError):
        result_enter(
            board=board,
            table=team.open,
            entry=builders.entry(board, declarer="N"),
            actor=ns(team.closed),
        )


def test_a_confirmed_result_cannot_be_confirmed_again(team, entered):
    result_confirm(result=entered, actor=ew(team.open), version=1)

    with pytest.raises(BoardError) as caught:
        result_confirm(result=entered, actor=ew(team.open), version=2)
    assert caught.value.codes == ["already_confirmed"]


def test_a_scorer_enters_and_someone_else_confirms(team, as_scorer, second_scorer):
    board = team.board(1)
    result = result_enter(
        board=board, table=team.open, entry=builders.entry(board, declarer="N"), actor=as_scorer
    )

    with pytest.raises(BoardError) as caught:
        result_confirm(result=result, actor=as_scorer, version=1)
    assert caught.value.codes == ["same_side"]

    confirmed = result_confirm(result=result, actor=Actor.scorer(second_scorer), version=1)
    assert confirmed.status == Result.Status.CONFIRMED
    assert confirmed.confirmed_by == second_scorer


def test_a_directors_entry_is_confirmed_at_once(team, as_director, director):
    board = team.board(1)
    result = result_enter(
        board=board, table=team.open, entry=builders.entry(board, declarer="N"), actor=as_director
    )

    assert result.status == Result.Status.CONFIRMED
    assert result.entered_by == director and result.confirmed_by == director
    assert history(result) == [("enter", "director", "")]


# --- corrections ------------------------------------------------------------------------------


def test_a_directors_scorecard_over_a_tables_pending_entry_is_the_directors_entry(
    team, entered, as_director, director
):
    """N–S entered 40, E–W had not confirmed; the director's scorecard says 50. The
    result was confirmed with the director's values and still read "东西/南北录入", as if
    the table had entered them: whoever entered what stands now is the director."""
    corrected = result_correct(
        result=entered,
        entry=builders.entry(team.board(1), points=50, declarer="N"),
        actor=as_director,
        version=1,
    )

    assert corrected.defender_points == 50 and corrected.status == Result.Status.CONFIRMED
    assert (corrected.entered_by, corrected.entered_side) == (director, "")
    assert history(corrected) == [("enter", "table", "NS"), ("correct", "director", "")]


def test_a_director_corrects_a_confirmed_result_and_the_history_keeps_both(
    team, entered, as_director, director
):
    confirmed = result_confirm(result=entered, actor=ew(team.open), version=1)
    board = team.board(1)

    corrected = result_correct(
        result=confirmed,
        entry=builders.entry(board, points=85, declarer="N"),
        actor=as_director,
        version=2,
        reason="记分卡抄错 / copied wrong",
    )

    assert corrected.defender_points == 85 and corrected.outcome == "broken"
    assert corrected.status == Result.Status.CONFIRMED and corrected.version == 3
    assert history(corrected) == [
        ("enter", "table", "NS"),
        ("confirm", "table", "EW"),
        ("correct", "director", ""),
    ]
    change = corrected.changes.get(action="correct")
    assert change.user == director
    assert change.version == 2
    assert change.before["defender_points"] == 40 and change.before["outcome"] == "made"
    assert change.after["defender_points"] == 85 and change.after["outcome"] == "broken"
    assert change.reason.startswith("记分卡抄错")
    assert change.at is not None


def test_a_correction_is_judged_like_an_entry(team, entered, as_director):
    board = team.board(1)
    with pytest.raises(BoardError) as caught:
        result_correct(
            result=entered,
            entry=builders.entry(board, points=203, declarer="N"),
            actor=as_director,
            version=1,
        )

    assert caught.value.codes == ["result_impossible"]
    entered.refresh_from_db()
    assert entered.defender_points == 40 and entered.version == 1
    assert entered.changes.count() == 1


def test_players_cannot_correct_a_confirmed_result(team, entered):
    result_confirm(result=entered, actor=ew(team.open), version=1)

    with pytest.raises(BoardError) as caught:
        result_correct(
            result=entered,
            entry=builders.entry(team.board(1), points=50, declarer="N"),
            actor=ew(team.open),
            version=2,
        )
    assert caught.value.codes == ["not_allowed"]


def test_the_confirming_side_may_correct_before_confirming_and_then_the_other_side_confirms(
    team, entered
):
    corrected = result_correct(
        result=entered,
        entry=builders.entry(team.board(1), points=45, declarer="N"),
        actor=ew(team.open),
        version=1,
    )
    assert corrected.status == Result.Status.ENTERED and corrected.entered_side == "EW"

    with pytest.raises(BoardError):
        result_confirm(result=corrected, actor=ew(team.open), version=2)
    confirmed = result_confirm(result=corrected, actor=ns(team.open), version=2)
    assert confirmed.defender_points == 45 and confirmed.status == Result.Status.CONFIRMED


def test_correcting_the_first_plays_box_card_moves_the_box_card_while_no_one_else_played(
    team, entered
):
    board = team.board(1)
    corrected = result_correct(
        result=entered,
        entry=builders.entry(board, levels=("A", "A"), declarer="S"),
        actor=ns(team.open),
        version=1,
    )

    assert corrected.declarer == "S"
    assert board.box_cards.get().declarer == "S"


def test_a_director_moving_a_played_box_card_flags_the_other_tables(team, entered, as_director):
    board = team.board(1)
    other = result_enter(
        board=board,
        table=team.closed,
        entry=builders.entry(board, declarer="N"),
        actor=ns(team.closed),
    )

    with pytest.raises(BoardError) as caught:  # players cannot: the closed room played it
        result_correct(
            result=entered,
            entry=builders.entry(board, declarer="S"),
            actor=ns(team.open),
            version=1,
        )
    assert caught.value.codes == ["box_card_mismatch"]

    result_correct(
        result=entered,
        entry=builders.entry(board, declarer="S"),
        actor=as_director,
        version=1,
    )
    other.refresh_from_db()
    assert board.box_cards.get().declarer == "S"
    assert [f["code"] for f in other.flags] == ["box_card_changed"] and other.flagged


# --- concurrency --------------------------------------------------------------------------------


def test_two_corrections_from_the_same_version_the_second_gets_a_conflict(
    team, entered, as_director, director
):
    board = team.board(1)
    stale = Result.objects.get(pk=entered.pk)  # both directors opened version 1

    result_correct(
        result=entered,
        entry=builders.entry(board, points=50, declarer="N"),
        actor=as_director,
        version=1,
    )
    with pytest.raises(ConflictError) as caught:
        result_correct(
            result=stale,
            entry=builders.entry(board, points=90, declarer="N"),
            actor=as_director,
            version=1,
        )

    assert caught.value.codes == ["conflict"]
    assert (caught.value.expected, caught.value.current) == (1, 2)
    assert "版本" in caught.value.message_zh and "version" in caught.value.message_en
    entered.refresh_from_db()
    assert entered.defender_points == 50 and entered.version == 2
    actions = [c.action for c in entered.changes.order_by("at", "id")]
    assert actions == ["enter", "correct", "conflict"]
    attempt = entered.changes.get(action="conflict")
    assert attempt.after["defender_points"] == 90 and attempt.version == 1
    assert attempt.before["defender_points"] == 50
    assert attempt.user == director


def test_a_write_landing_between_the_read_and_the_update_is_caught_by_the_update(
    team, entered, as_director
):
    """The conditional UPDATE (… WHERE version = v) is what protects several processes:
    here the version check has passed (the row was read at version 1, as without a
    row lock on SQLite) and another process's correction lands before the UPDATE."""
    board = team.board(1)
    read_at_version_1 = Result.objects.get(pk=entered.pk)
    locked_read = mock.Mock(get=mock.Mock(return_value=read_at_version_1))
    Result.objects.filter(pk=entered.pk).update(defender_points=60, version=2)

    with mock.patch.object(Result.objects, "select_for_update", return_value=locked_read):
        with pytest.raises(ConflictError):
            result_correct(
                result=entered,
                entry=builders.entry(board, points=90, declarer="N"),
                actor=as_director,
                version=1,
            )

    entered.refresh_from_db()
    assert entered.defender_points == 60 and entered.version == 2
    assert entered.changes.filter(action="correct").count() == 0


def test_a_write_landing_while_the_engine_judges_is_a_conflict(team, entered, as_director):
    board = team.board(1)
    real_judge = results_service._judge

    def judge_while_someone_else_writes(*args, **kwargs):
        verdict = real_judge(*args, **kwargs)
        Result.objects.filter(pk=entered.pk).update(defender_points=60, version=2)
        return verdict

    with mock.patch.object(results_service, "_judge", judge_while_someone_else_writes):
        with pytest.raises(ConflictError):
            result_correct(
                result=entered,
                entry=builders.entry(board, points=90, declarer="N"),
                actor=as_director,
                version=1,
            )

    entered.refresh_from_db()
    assert entered.defender_points == 60


def test_a_confirmation_from_an_old_version_is_a_conflict(team, entered, as_director):
    result_correct(
        result=entered,
        entry=builders.entry(team.board(1), points=50, declarer="N"),
        actor=ns(team.open),
        version=1,
    )

    with pytest.raises(ConflictError):
        result_confirm(result=entered, actor=ew(team.open), version=1)  # saw 40, not 50

    entered.refresh_from_db()
    assert entered.status == Result.Status.ENTERED
    assert entered.changes.filter(action="conflict").count() == 1
