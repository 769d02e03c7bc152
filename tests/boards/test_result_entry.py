"""Entering a scorecard: the engine judges it against the board's deal and box card;
a rejected entry stores nothing and answers with the engine's codes in Chinese and
English (第十至二十三条, 第四十三条)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from boards.errors import EntryRejected
from boards.models import Board, BoxCard, EntryCheck, Result, ResultChange
from boards.records import Entry
from boards.services import Actor, boards_import, result_check, result_enter
from core.engine import check_board
from tests import builders
from tests._tables import ns

pytestmark = pytest.mark.django_db

EXAMPLES = Path(__file__).resolve().parents[1] / "fixtures" / "examples"


def example(n: int) -> dict:
    return json.loads((EXAMPLES / f"board-{n}.json").read_text(encoding="utf-8"))


def expected_verdict(n: int) -> dict:
    return json.loads((EXAMPLES / f"board-{n}.verdict.json").read_text(encoding="utf-8"))


def rows() -> tuple[int, int, int]:
    return Result.objects.count(), ResultChange.objects.count(), BoxCard.objects.count()


@pytest.fixture
def examples():
    """The three example boards imported into a team round of 6 boards (1–3 open)."""
    t = builders.team_round(boards=6)
    boards_import(stage=t.stage, round=t.round, records=[example(n) for n in (1, 2, 3)])
    return t


def rejected(board: Board, table, entry: Entry, actor) -> EntryRejected:
    """The engine's findings on an entry it refuses: what the scorecard alone shows
    wrong is refused and stores nothing; what only the deal contradicts is, for a
    table, kept as a disputed result with the findings for the director (the deal
    stays hidden from the table, 第二十八条之6; issue 24)."""
    before = rows()
    try:
        result = result_enter(board=board, table=table, entry=entry, actor=actor)
    except EntryRejected as refusal:
        assert rows() == before, "a rejected entry stores nothing"
        error = refusal
    else:
        assert actor.role == "table" and result.status == Result.Status.DISPUTED
        kept = EntryCheck.objects.filter(board=board, table=table).latest("id")
        assert not kept.accepted and kept.hidden and kept.findings == result.dispute
        error = EntryRejected.from_findings(result.dispute, board=board.number)
    for finding in error.errors:
        assert finding["message_zh"] and finding["message_en"]
        assert finding["board"] == board.number
    return error


# --- accepted entries give the engine's verdict ------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 3])
def test_the_example_boards_entered_give_the_example_verdicts(examples, n):
    """The whole play is recorded: points and dig come from it (第二十一、二十二条)."""
    board = examples.board(n)
    result = result_enter(
        board=board,
        table=examples.open,
        entry=Entry.from_record(example(n)),
        actor=ns(examples.open),
    )

    want = expected_verdict(n)
    assert result.defender_points == want["defender_points"]
    assert (result.dig or None) == want["dig"]
    assert result.outcome == want["outcome"]
    assert result.declarer_broken == want["declarer_broken"]
    assert {"NS": result.levels_after_ns, "EW": result.levels_after_ew} == want["levels_after"]
    assert {"NS": result.jump_levels_ns, "EW": result.jump_levels_ew} == want["jump_levels"]
    assert result.next_declarer == want["next_declarer"]
    assert result.status == Result.Status.ENTERED
    assert result.tricks is not None and len(result.tricks) == 25


def test_a_stored_result_is_its_record_again(examples):
    """``Result.to_record()`` gives back a record the engine judges the same way."""
    board = examples.board(1)
    result = result_enter(
        board=board,
        table=examples.open,
        entry=Entry.from_record(example(1)),
        actor=ns(examples.open),
    )

    verdict = check_board(result.to_record())

    assert verdict.valid
    assert verdict.defender_points == result.defender_points
    assert result.play_result().hand == verdict.hand


def test_the_table_seats_are_copied_onto_the_result(team):
    table = team.open
    result = result_enter(
        board=team.board(1),
        table=table,
        entry=builders.entry(team.board(1), declarer="N"),
        actor=ns(table),
    )

    seats = {s.seat: s.player for s in table.seats.all()}
    assert result.players == seats


def test_cards_are_stored_canonically(team):
    board = team.board(1)
    record = builders.played(board)
    record["buried"] = [
        c.replace("H", "♥", 1) if c.startswith("H") else c for c in record["buried"]
    ]
    result = result_enter(
        board=board, table=team.open, entry=Entry.from_record(record), actor=ns(team.open)
    )

    assert all("♥" not in c for c in result.buried)
    assert sorted(result.buried) == sorted(builders.played(board)["buried"])


# --- rejected entries store nothing --------------------------------------------------------


def test_a_burying_of_seven_cards_is_refused_with_bottom_size(examples):
    """Article 10: the bottom is 8 cards, and the declarer buries 8."""
    record = example(1)
    record["buried"] = record["buried"][:7]

    error = rejected(examples.board(1), examples.open, Entry.from_record(record), ns(examples.open))

    assert "bottom_size" in error.codes
    assert error.errors[0]["article"] == "第十条"


def test_a_trick_with_the_wrong_number_of_cards_is_refused_with_wrong_count(examples):
    """Article 17: every player plays as many cards as were led."""
    record = example(1)
    first = record["tricks"][0]
    follower = next(s for s in "NESW" if s != first["leader"])
    first["plays"][follower] = first["plays"][follower] * 2

    error = rejected(examples.board(1), examples.open, Entry.from_record(record), ns(examples.open))

    assert "wrong_count" in error.codes
    wrong = error.errors[error.codes.index("wrong_count")]
    assert (wrong["trick"], wrong["seat"]) == (1, follower)


def test_a_card_played_that_the_player_never_held_is_refused(examples):
    record = example(2)
    other = copy.deepcopy(example(1))
    first = record["tricks"][0]
    leader = first["leader"]
    strangers = [c for c in other["hands"]["N"] if c not in record["hands"][leader]]
    first["plays"][leader] = [strangers[0]]

    board, entry = examples.board(2), Entry.from_record(record)

    # An official hears the engine in full; the table only what the record itself shows
    # (the card played twice over, so the next lead is wrong): never whose hand held it.
    error = rejected(board, examples.open, entry, Actor.scorer(builders.user("scorer-x")))
    assert "card_not_held" in error.codes
    told = rejected(board, examples.open, entry, ns(examples.open))
    assert "card_not_held" not in told.codes and told.codes == ["wrong_leader", "card_count"]


def test_an_impossible_result_is_refused_with_result_impossible(team):
    """Article 7: points are a multiple of 5 from 0 to 200."""
    board = team.board(1)

    error = rejected(
        board, team.open, builders.entry(board, points=83, declarer="N"), ns(team.open)
    )

    assert error.codes == ["result_impossible"]
    assert error.errors[0]["article"] == "第七条"


def test_a_j_dig_at_level_seven_is_refused_with_result_impossible(team):
    """Article 22: J到底 only when the level played is J."""
    board = team.board(3)

    error = rejected(
        board,
        team.closed,
        builders.entry(board, levels=("7", "7"), dig="J", declarer="N"),
        ns(team.closed),
    )

    assert error.codes == ["result_impossible"]


def test_a_typed_result_that_disagrees_with_the_recorded_play_is_result_mismatch(examples):
    """When the play is recorded the result comes from it; a typed result must agree."""
    record = example(1)
    record["result"] = {"defender_points": expected_verdict(1)["defender_points"] + 5, "dig": None}

    error = rejected(examples.board(1), examples.open, Entry.from_record(record), ns(examples.open))

    assert error.codes == ["result_mismatch"]
    assert "100" in error.errors[0]["message_zh"] and "105" in error.errors[0]["message_en"]


def test_a_typed_result_that_agrees_with_the_play_is_accepted(examples):
    record = example(1)
    record["result"] = {"defender_points": 100, "dig": None}

    result = result_enter(
        board=examples.board(1),
        table=examples.open,
        entry=Entry.from_record(record),
        actor=ns(examples.open),
    )
    assert result.defender_points == 100


def test_a_later_table_whose_box_card_differs_from_the_first_play_is_refused(examples):
    """Article 43: later tables play from the box card the first table filled."""
    board = examples.board(1)
    result_enter(
        board=board,
        table=examples.open,
        entry=Entry.from_record(example(1)),
        actor=ns(examples.open),
    )
    record = example(1)
    record["levels"] = {"NS": "Q", "EW": "6"}  # the box card says N–S J (W declares at 6)

    error = rejected(board, examples.closed, Entry.from_record(record), ns(examples.closed))

    assert error.codes == ["box_card_mismatch"]
    assert error.errors[0]["article"] == "第四十三条"
    assert "南北J" in error.errors[0]["message_zh"]
    assert "N–S Q" in error.errors[0]["message_en"]


def test_every_error_is_listed_not_only_the_first(team):
    board = team.board(1)
    box = builders.entry(board, declarer="N")
    result_enter(board=board, table=team.open, entry=box, actor=ns(team.open))
    bad = builders.entry(board, levels=("2", "A"), points=83, declarer="N")

    error = rejected(board, team.closed, bad, ns(team.closed))

    assert error.codes == ["result_impossible", "box_card_mismatch"]


def test_a_table_that_does_not_play_the_board_cannot_enter_it(pairs):
    table = pairs.tables[(1, 1)]  # plays set 1 (boards 1–2) in round 1
    board = pairs.board(3)
    before = rows()

    with pytest.raises(Exception) as caught:
        result_enter(
            board=board, table=table, entry=builders.entry(board, declarer="N"), actor=ns(table)
        )

    assert caught.value.codes == ["not_scheduled"]
    assert rows() == before


def test_a_second_entry_for_the_same_table_is_refused(team):
    board = team.board(1)
    result_enter(
        board=board, table=team.open, entry=builders.entry(board, declarer="N"), actor=ns(team.open)
    )

    with pytest.raises(Exception) as caught:
        result_enter(
            board=board,
            table=team.open,
            entry=builders.entry(board, declarer="N"),
            actor=ns(team.open),
        )

    assert caught.value.codes == ["already_entered"]
    assert Result.objects.count() == 1


def test_a_scorecard_can_be_checked_live_without_storing_anything(team):
    board = team.board(1)
    before = rows()

    judged = result_check(
        board=board, table=team.open, entry=builders.entry(board, declarer="N"), actor=ns(team.open)
    )
    with pytest.raises(EntryRejected):
        result_check(
            board=board,
            table=team.open,
            entry=builders.entry(board, points=7, declarer="N"),
            actor=ns(team.open),
        )

    verdict = judged.verdict
    assert verdict.valid and verdict.defender_points == 40
    assert rows() == before
