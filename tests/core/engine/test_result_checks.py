"""Result checks: the entered result against the play or the deal (第七、二十一、二十二条),
structural faults (`bad_record`), and every fault listed (interfaces.md)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from core.engine import RecordUnreadable, check_board

from .builders import board, codes, result_only, trick

EXAMPLES = Path(__file__).resolve().parents[2] / "fixtures" / "examples"


def example(n):
    return json.loads((EXAMPLES / f"board-{n}.json").read_text(encoding="utf-8"))


# -- the entered result against a recorded play ---------------------------------------


def test_a_result_agreeing_with_the_play_is_valid():
    record = example(1)
    record["result"] = {"defender_points": 100, "dig": None}
    assert codes(check_board(record)) == []


@pytest.mark.parametrize(
    "result",
    [
        pytest.param({"defender_points": 95, "dig": None}, id="第二十一条-points"),
        pytest.param({"defender_points": 100, "dig": "BJ"}, id="第二十二条-dig"),
        pytest.param({"defender_points": 0, "dig": "LJ"}, id="both"),
    ],
)
def test_it_rejects_a_result_that_disagrees_with_the_play(result):
    record = example(1)
    record["result"] = result
    verdict = check_board(record).to_dict()
    assert codes(verdict) == ["result_mismatch"]
    assert verdict["errors"][0]["article"] == "第二十一条"
    assert verdict["defender_points"] == 100 and verdict["dig"] is None  # the play decides


# -- a result without play: at least possible for the deal -----------------------------

BURIED_25 = "SK S10 S5 C2 C3 C4 C6 C7"  # 25 points buried: 抠底不抠分


@pytest.mark.parametrize(
    ("level", "points", "dig", "buried", "ok"),
    [
        pytest.param("7", 85, None, None, True, id="85"),
        pytest.param("7", 83, None, None, False, id="第七条-not-a-multiple-of-5"),
        pytest.param("7", -5, None, None, False, id="negative"),
        pytest.param("7", 200, None, None, True, id="200-with-nothing-buried-known"),
        pytest.param("7", 205, None, None, False, id="第七条-over-200"),
        pytest.param("7", 175, None, BURIED_25, True, id="175-with-25-buried"),
        pytest.param("7", 180, None, BURIED_25, False, id="抠底不抠分-over-200-less-the-bottom"),
        pytest.param("J", 40, "J", None, True, id="第二十二条-J-dig-at-J"),
        pytest.param("7", 40, "J", None, False, id="第二十二条-J-dig-needs-level-J"),
        pytest.param("J", 40, "Q", None, False, id="第二十二条-Q-dig-at-J"),
        pytest.param("Q", 40, "Q", None, True, id="第二十二条-Q-dig-at-Q"),
        pytest.param("K", 40, "K", None, True, id="第二十二条-K-dig-at-K"),
        pytest.param("10", 40, "K", None, False, id="第二十二条-K-dig-at-10"),
        pytest.param("7", 40, "BJ", None, True, id="第二十二条-大王-dig"),
        pytest.param("7", 40, "LJ", None, True, id="第二十二条-小王-dig"),
    ],
)
def test_whether_an_entered_result_is_possible(level, points, dig, buried, ok):
    record = result_only(level=level, points=points, dig=dig, buried=buried)
    found = check_board(record).to_dict()["errors"]
    if ok:
        assert found == []
    else:
        assert [e["code"] for e in found] == ["result_impossible"]


@pytest.mark.parametrize(
    ("hands", "dig", "ok"),
    [
        pytest.param({"N": "BJ BJ"}, "BJ", False, id="第二十二条-no-defender-held-a-大王"),
        pytest.param({"N": "BJ", "E": "BJ"}, "BJ", True, id="E-held-a-大王"),
        pytest.param({"S": "LJ LJ"}, "LJ", False, id="第二十二条-no-defender-held-a-小王"),
        pytest.param({"N": "LJ", "W": "LJ"}, "LJ", True, id="W-held-a-小王"),
    ],
)
def test_a_joker_dig_needs_a_defender_who_held_that_joker(hands, dig, ok):
    record = board(hands=hands, result={"defender_points": 30, "dig": dig})
    assert codes(check_board(record)) == ([] if ok else ["result_impossible"])


def test_a_joker_put_in_the_bottom_by_潇洒_cannot_dig():
    record = board(
        hands={"N": "BJ", "E": "BJ"},
        bottom="C2 C3 C4 C6 C7 C8 C9 C9",
        result={"defender_points": 30, "dig": "BJ"},
    )
    record["exchanges"] = [{"kind": "xiaosa", "seat": "E", "gives": "BJ", "takes": "C2"}]
    assert codes(check_board(record)) == ["result_impossible"]


def test_a_level_dig_needs_a_defender_who_held_a_level_card():
    record = board(
        level="J",
        trump="H",
        hands={"N": "HJ HJ SJ SJ DJ DJ CJ", "S": "CJ"},
        result={"defender_points": 30, "dig": "J"},
    )
    assert codes(check_board(record)) == ["result_impossible"]


# -- bad_record: structural faults -------------------------------------------------------


def _drop(key):
    def mutate(record):
        del record[key]

    return mutate


def _set(key, value):
    def mutate(record):
        record[key] = value

    return mutate


def _result(**fields):
    def mutate(record):
        record["result"] = {"defender_points": 10, "dig": None, **fields}

    return mutate


@pytest.mark.parametrize(
    "mutate",
    [
        pytest.param(_drop("levels"), id="no-levels"),
        pytest.param(_set("levels", {"NS": "7"}), id="one-side-level"),
        pytest.param(_set("levels", {"NS": "7", "EW": "Z"}), id="unknown-level"),
        pytest.param(_drop("declarer"), id="no-declarer"),
        pytest.param(_set("declarer", "X"), id="unknown-declarer"),
        pytest.param(_set("declared_by", "NS"), id="unknown-declared-by"),
        pytest.param(_set("trump", "Z"), id="unknown-trump"),
        pytest.param(_set("declaration", "shout"), id="unknown-declaration"),
        pytest.param(_set("board", "seven"), id="board-not-a-number"),
        pytest.param(_set("rules", "bridge"), id="unknown-rules"),
        pytest.param(_set("switches", {"no_such_switch": True}), id="unknown-switch"),
        pytest.param(_set("switches", {"ace_low_tractor": "yes"}), id="switch-of-the-wrong-type"),
        pytest.param(_set("switches", ["ace_low_tractor"]), id="switches-not-an-object"),
        pytest.param(_set("hands", {"N": []}), id="hands-missing-seats"),
        pytest.param(_set("bottom", "C2 C3"), id="bottom-not-a-list"),
        pytest.param(_set("tricks", {"1": {}}), id="tricks-not-a-list"),
        pytest.param(_set("tricks", [{"leader": "N", "plays": {"N": ["C2"]}}]), id="trick-seats"),
        pytest.param(_set("exchanges", [{"kind": "swap"}]), id="unknown-exchange"),
        pytest.param(_set("partial", "yes"), id="partial-not-a-boolean"),
        pytest.param(_set("result", [10]), id="result-not-an-object"),
        pytest.param(_result(defender_points="80"), id="points-not-a-number"),
        pytest.param(_result(defender_points=True), id="points-a-boolean"),
        pytest.param(_result(dig="A"), id="unknown-dig"),
        pytest.param(_drop("result"), id="no-result-and-no-play"),
    ],
)
def test_it_reports_a_structural_fault_as_bad_record(mutate):
    record = result_only(points=10)
    mutate(record)
    verdict = check_board(record).to_dict()
    assert "bad_record" in codes(verdict)
    assert not verdict["valid"]
    assert all(e["message_zh"] and e["message_en"] for e in verdict["errors"])


def test_a_legal_partial_play_without_a_result_is_valid_with_no_outcome():
    """interfaces.md: "A partial play without a result is checked trick by trick: the
    verdict says whether those tricks are legal and carries no outcome." (a referee
    checking a revoke in the middle of a dispute has no result yet)"""
    hands = {"N": "C2", "W": "C3", "S": "C4", "E": "C6"}
    tricks = [trick("N", N="C2", W="C3", S="C4", E="C6")]
    record = board(hands=hands, partial=True, tricks=tricks)
    del record["result"]
    verdict = check_board(record).to_dict()
    assert verdict["valid"], verdict["errors"]
    outcome_fields = (
        "defender_points", "dig", "outcome", "declarer_broken",
        "jump_levels", "levels_after", "next_declarer",
    )  # fmt: skip
    assert {k: verdict[k] for k in outcome_fields} == dict.fromkeys(outcome_fields)


def test_a_partial_play_without_a_result_still_reports_a_revoke():
    """第十七条: W holds spades and discards a diamond on a spade lead."""
    hands = {"N": "SA SA SK", "W": "S4 S4 D2 D3", "S": "S6 C4 C6", "E": "S8 C8 C9"}
    tricks = [trick("N", N="SA", W="D2", S="S6", E="S8")]
    record = board(hands=hands, void={"S": "S", "E": "S"}, partial=True, tricks=tricks)
    del record["result"]
    verdict = check_board(record).to_dict()
    assert [(e["code"], e["trick"], e["seat"]) for e in verdict["errors"]] == [
        ("must_follow_suit", 1, "W")
    ]
    assert verdict["outcome"] is None and verdict["defender_points"] is None


def test_a_record_with_neither_play_nor_result_is_a_bad_record():
    """interfaces.md: "A record with neither `tricks` nor `result` is `bad_record`."."""
    record = board()
    del record["result"]
    assert codes(check_board(record)) == ["bad_record"]


@pytest.mark.parametrize(
    "data",
    [
        pytest.param([], id="a-list"),
        pytest.param("duidiao-board/1", id="a-string"),
        pytest.param(None, id="null"),
        pytest.param({"format": "duidiao-board/2"}, id="unknown-format"),
        pytest.param({"levels": {"NS": "7", "EW": "7"}}, id="no-format"),
    ],
)
def test_it_refuses_input_that_is_no_board_record(data):
    """interfaces.md: exit 2 territory — not a record at all."""
    with pytest.raises(RecordUnreadable) as raised:
        check_board(data)
    assert raised.value.message_zh and raised.value.message_en


# -- every fault listed ---------------------------------------------------------------


def test_it_lists_every_fault_of_a_record():
    """A bad declaration and an impossible score: both codes, not only the first."""
    record = board(hands={"S": "H7"}, result={"defender_points": 83, "dig": None})
    record["declared_by"] = "E"
    assert sorted(codes(check_board(record))) == ["result_impossible", "trump_not_declarable"]


def test_it_lists_faults_of_several_tricks():
    hands = {"N": "SA SA SK D4", "W": "S4 S4 D2 D3", "S": "S6 C4 C6", "E": "S8 C8 C9 C10"}
    tricks = [
        trick("N", N="SA", W="D2", S="S6", E="S8"),  # W revokes
        trick("N", N="SA", W="S4", S="C4", E="C8 C9"),  # E plays two
        trick("N", N="SK", W="S4", S="C6", E="C10"),  # the last trick had no winner to check
    ]
    record = board(hands=hands, void={"W": "S", "S": "S", "E": "S"}, partial=True, tricks=tricks)
    found = [(e["code"], e["trick"], e["seat"]) for e in check_board(record).to_dict()["errors"]]
    assert found == [("must_follow_suit", 1, "W"), ("wrong_count", 2, "E")]


def test_a_partial_play_is_checked_as_far_as_it_goes():
    """interfaces.md: with "partial": true the tricks given are checked, the result entered."""
    hands = {"N": "SA SA SK", "W": "S4 S4 D2 D3", "S": "S6 C4 C6", "E": "S8 C8 C9"}
    tricks = [
        trick("N", N="SA", W="S4", S="S6", E="S8"),
        trick("N", N="SA", W="D2", S="C4", E="C8"),
    ]
    record = board(
        hands=hands,
        void={"W": "S", "S": "S", "E": "S"},
        partial=True,
        tricks=tricks,
        result={"defender_points": 60, "dig": None},
    )
    verdict = check_board(record).to_dict()
    assert [(e["code"], e["trick"], e["seat"]) for e in verdict["errors"]] == [
        ("must_follow_suit", 2, "W")
    ]
    assert verdict["defender_points"] == 60 and verdict["outcome"] == "made"


def test_an_invalid_record_still_says_where_each_fault_is():
    record = copy.deepcopy(example(2))
    record["tricks"][3]["leader"] = "S" if record["tricks"][3]["leader"] != "S" else "E"
    error = check_board(record).to_dict()["errors"][0]
    assert (error["code"], error["board"], error["trick"]) == ("wrong_leader", 2, 4)


def test_a_play_without_the_deal_still_counts_the_cards():
    """第四十一条: with no hands recorded, a card played a third time is still caught."""
    record = example(1)
    for key in ("hands", "bottom", "buried"):
        del record[key]
    first = record["tricks"][0]
    seat = next(s for s in "NWSE" if s != first["leader"])
    first["plays"][seat] = ["C6"]  # C6: led in this trick and played once more later
    assert codes(check_board(record)) == ["card_count"]
