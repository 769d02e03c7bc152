"""Deals: generated (``duidiao-deal/2``), imported from ``duidiao-board/1`` files,
typed from a hand-record card; every one checked by the engine first (第十、十四、
四十一条: 108 cards, two of each, 25 to a seat and 8 to the bottom)."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from boards.errors import BoardError, EntryRejected
from boards.models import Board, DealCommitment
from boards.services import (
    board_enter_deal,
    boards_generate,
    boards_generate_event,
    boards_import,
    deal_from_seed,
    read_board_file,
    result_enter,
)
from core.dealing import deal_v2
from core.engine import Seat, Side, check_deal
from core.engine.simulate import random_board
from tests import builders

pytestmark = pytest.mark.django_db

EXAMPLES = Path(__file__).resolve().parents[1] / "fixtures" / "examples"


def example(n: int) -> dict:
    return json.loads((EXAMPLES / f"board-{n}.json").read_text(encoding="utf-8"))


# --- generating ----------------------------------------------------------------------


def test_it_deals_every_board_of_every_set_and_each_passes_the_engine(team):
    """Article 14: four hands of 25 and a bottom of 8, from the 108 cards of 第四十一条."""
    boards = list(Board.objects.filter(stage=team.stage).order_by("number"))

    assert [b.number for b in boards] == [1, 2, 3, 4]
    for board in boards:
        assert board.source == Board.Source.GENERATED
        assert check_deal(board.deal, board=board.number) == ()
        assert {seat: len(cards) for seat, cards in board.hands.items()} == dict.fromkeys(
            "NESW", 25
        )
        assert len(board.bottom) == 8
    assert [b.board_set.number for b in boards] == [1, 1, 2, 2]


def test_a_deal_is_reproduced_from_its_stages_commitment(team):
    """Anyone can deal the board again from the commitment (duidiao-deal/2, docs/dealing.md)."""
    commitment = DealCommitment.objects.get(stage=team.stage)
    for board in Board.objects.filter(stage=team.stage).select_related("round"):
        hands, bottom = deal_v2(
            commitment.secret,
            commitment.public_value,
            stage=team.stage.order,
            round_number=board.round.number,
            number=board.number,
        )
        assert (hands, bottom) == (board.hands, board.bottom)


def test_each_board_gets_its_own_deal(team):
    deals = [json.dumps(b.hands, sort_keys=True) for b in Board.objects.filter(stage=team.stage)]
    assert len(set(deals)) == len(deals) == 4


def test_the_simulator_plays_out_the_deal_it_is_given():
    """The demo plays a stored board out with the engine's simulator on its deal."""
    hands, bottom = deal_from_seed(123456789012345678901234567890)
    record = random_board(
        random.Random(7),
        board=1,
        levels={Side.NS: 1, Side.EW: 1},
        declarer=Seat.N,
        deal=(hands, bottom),
    )
    assert record["hands"] == hands and record["bottom"] == bottom


def test_generating_again_keeps_the_deals_already_dealt(team):
    before = {b.pk: (b.seed, b.hands) for b in Board.objects.filter(stage=team.stage)}

    assert boards_generate(stage=team.stage) == []
    after = {b.pk: (b.seed, b.hands) for b in Board.objects.filter(stage=team.stage)}
    assert after == before


def test_an_event_is_dealt_stage_by_stage(db):
    ev = builders.bare_event()
    builders.team_round(ev)
    boards = boards_generate_event(event=ev)

    assert len(boards) == 4
    assert Board.objects.filter(stage__event=ev).count() == 4


def test_every_match_of_a_team_round_plays_the_same_deals(db):
    """Board identity: one deal per (stage, round, number), shared by every match."""
    t = builders.team_round(matches=2)
    boards_generate(stage=t.stage)

    assert Board.objects.filter(stage=t.stage).count() == 4


def test_a_mitchell_deals_one_board_per_number_for_the_whole_stage(pairs):
    boards = Board.objects.filter(stage=pairs.stage)

    assert sorted(b.number for b in boards) == [1, 2, 3, 4, 5, 6]
    assert all(b.round_id is None for b in boards)


# --- importing -------------------------------------------------------------------------


def test_it_imports_the_example_boards(db):
    t = builders.team_round(boards=6)
    records = [example(n) for n in (1, 2, 3)]

    boards = boards_import(stage=t.stage, round=t.round, records=records)

    assert [b.number for b in boards] == [1, 2, 3]
    for board, record in zip(boards, records, strict=True):
        assert board.source == Board.Source.IMPORTED
        assert board.bottom == record["bottom"]
        assert {s: sorted(c) for s, c in board.hands.items()} == {
            s: sorted(c) for s, c in record["hands"].items()
        }


def test_it_reads_a_board_file_with_one_record_or_a_list(tmp_path):
    single = tmp_path / "one.json"
    single.write_text(json.dumps(example(1)), encoding="utf-8")
    several = io.StringIO(json.dumps({"boards": [example(1), example(2)]}))

    assert len(read_board_file(single)) == 1
    assert len(read_board_file(several)) == 2


def test_a_file_that_is_not_a_board_record_is_unreadable():
    with pytest.raises(BoardError) as caught:
        read_board_file(io.StringIO('{"format": "something-else"}'))
    assert caught.value.codes == ["unreadable"]
    with pytest.raises(BoardError):
        read_board_file(io.StringIO("not json"))


def test_a_board_file_that_gives_a_key_twice_is_a_bad_record():
    """Issue 30: `{"hands": …, "hands": …}` was read as the last hands, silently. Which
    deal was meant cannot be known, so the file is refused (bad_record), not guessed."""
    text = json.dumps(example(1)).replace('"hands": {', '"hands": {"N": [], ', 1)
    assert read_board_file(io.StringIO(json.dumps(example(1))))  # the file without it reads
    with pytest.raises(BoardError) as caught:
        read_board_file(io.StringIO(text))
    assert caught.value.codes == ["bad_record"]
    assert "N" in caught.value.message_en


def test_an_import_with_one_bad_deal_stores_none(db):
    """Article 41: a deal with a card too many is refused, and so is the whole batch."""
    t = builders.team_round(boards=6)
    bad = example(2)
    bad["hands"]["N"][0] = bad["hands"]["E"][0]  # one card twice too often, one missing

    with pytest.raises(EntryRejected) as caught:
        boards_import(stage=t.stage, round=t.round, records=[example(1), bad])

    assert "card_count" in caught.value.codes
    assert {e["board"] for e in caught.value.errors} == {2}
    assert Board.objects.count() == 0


def test_an_import_outside_the_stages_board_sets_is_refused(db):
    t = builders.team_round(boards=2)  # boards 1 and 2 only
    with pytest.raises(EntryRejected) as caught:
        boards_import(stage=t.stage, round=t.round, records=[example(3)])
    assert caught.value.codes == ["no_board_set"]
    assert Board.objects.count() == 0


def test_a_team_stage_needs_the_round_named(db):
    t = builders.team_round(boards=6)
    with pytest.raises(EntryRejected) as caught:
        boards_import(stage=t.stage, records=[example(1)])
    assert caught.value.codes == ["no_board_set"]


def test_a_stored_deal_is_replaced_only_when_asked_and_never_once_played(db, as_director):
    t = builders.team_round(boards=6)
    boards_import(stage=t.stage, round=t.round, records=[example(1)])

    with pytest.raises(EntryRejected) as caught:
        boards_import(stage=t.stage, round=t.round, records=[example(1)])
    assert caught.value.codes == ["board_exists"]

    boards_import(stage=t.stage, round=t.round, records=[example(1)], replace=True)
    board = t.board(1)
    from boards.records import Entry

    result_enter(board=board, table=t.open, entry=Entry.from_record(example(1)), actor=as_director)
    with pytest.raises(EntryRejected) as caught:
        boards_import(stage=t.stage, round=t.round, records=[example(1)], replace=True)
    assert caught.value.codes == ["board_played"]


# --- typed from a hand-record card -------------------------------------------------------


def _typed_deal() -> tuple[dict[str, str], str]:
    hands, bottom = deal_from_seed(99)
    zh = {"BJ": "大王", "LJ": "小王"}
    typed = {
        seat: " ".join(zh.get(c, c.replace("H", "♥", 1) if c[0] == "H" else c) for c in cards)
        for seat, cards in hands.items()
    }
    return typed, "、".join(bottom)


def test_a_deal_typed_from_a_hand_record_card_is_stored_canonically(db, director):
    """Cards in any notation interfaces.md accepts (♥10, 大王) are stored as H10, BJ."""
    t = builders.team_round()
    hands, bottom = _typed_deal()

    board = board_enter_deal(
        stage=t.stage, round=t.round, number=2, hands=hands, bottom=bottom, user=director
    )

    expected_hands, expected_bottom = deal_from_seed(99)
    assert board.source == Board.Source.MANUAL
    assert board.hands == expected_hands
    assert board.bottom == expected_bottom
    assert board.created_by == director
    assert board.seed == ""


def test_a_typed_deal_with_a_card_short_stores_nothing(db):
    """Article 14: each seat 25 cards; the engine's hand_size and card_count."""
    t = builders.team_round()
    hands, bottom = deal_from_seed(99)
    hands["W"] = hands["W"][:-1]

    with pytest.raises(EntryRejected) as caught:
        board_enter_deal(stage=t.stage, round=t.round, number=1, hands=hands, bottom=bottom)

    assert "hand_size" in caught.value.codes
    assert "card_count" in caught.value.codes
    assert all(e["board"] == 1 for e in caught.value.errors)
    assert caught.value.errors[0]["message_zh"] and caught.value.errors[0]["message_en"]
    assert Board.objects.count() == 0


def test_a_typed_deal_with_an_unknown_card_stores_nothing(db):
    t = builders.team_round()
    hands, bottom = deal_from_seed(99)
    hands["N"][0] = "X9"

    with pytest.raises(EntryRejected) as caught:
        board_enter_deal(stage=t.stage, round=t.round, number=1, hands=hands, bottom=bottom)

    assert "unknown_card" in caught.value.codes
    assert Board.objects.count() == 0


def test_a_deeply_nested_board_file_is_unreadable_not_a_traceback(tmp_path):
    """Issue 14, item 7: nesting answers as bad input, never a RecursionError."""
    from boards.errors import BoardError
    from boards.services import read_board_file

    path = tmp_path / "deep.json"
    path.write_text("[" * 100000 + "]" * 100000)

    with pytest.raises(BoardError) as caught:
        read_board_file(path)

    assert caught.value.code == "unreadable" and "嵌套" in caught.value.message_zh
