"""The engine's input exactly as interfaces.md spells it (issue 30).

Each looseness the engine had is refused here twice: by the pure engine and by the
commands (`check_board`, `compare_board`, `matchpoints`, called in-process):

- levels are the strings A, 2 … 10, J, Q, K — not the number 7, "k", "1", "T", "10 ";
- cards are spelled as listed — `H1` is an unknown card, not a third ♥A;
- a JSON object that gives a key twice is `bad_record`, not "the last one wins";
- an empty play is `wrong_count` (第十七条: every player plays as many cards as led);
- a play of more tricks than a board can have (25 cards each, 第十四条) is refused before
  any trick is read;
- compare_board refuses two rooms that did not play one box card (第二十四条之2).
"""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from core.engine import check_board, mark_repeated_keys
from core.results import box_card_mismatch

from .builders import codes

EXAMPLES = Path(__file__).resolve().parents[2] / "fixtures" / "examples"
LEVELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def example(n: int = 1) -> dict[str, Any]:
    """A complete legal board (tests/fixtures/examples): board 1 is at level 6 (W
    declares for E–W; N–S are on J), diamonds trump, 25 tricks of single cards."""
    return json.loads((EXAMPLES / f"board-{n}.json").read_text(encoding="utf-8"))


def read(text: str) -> Any:
    """JSON text read as the commands read it: repeated keys marked, not dropped."""
    return json.loads(text, object_pairs_hook=mark_repeated_keys)


def command(name: str, payload: Any, tmp_path: Path) -> tuple[int, Any, str]:
    """Run a JSON command in this process: (exit status, its JSON output, stderr)."""
    path = tmp_path / "input.json"
    text = payload if isinstance(payload, str) else json.dumps(payload, ensure_ascii=False)
    path.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command(name, str(path), stdout=out, stderr=err)
        status = 0
    except SystemExit as exit_info:
        status = int(exit_info.code or 0)
    return status, json.loads(out.getvalue()) if out.getvalue() else None, err.getvalue()


def verdict_codes(name: str, payload: Any, tmp_path: Path) -> tuple[int, list[str]]:
    status, verdict, err = command(name, payload, tmp_path)
    assert verdict is not None, err
    return status, [e["code"] for e in verdict["errors"]]


def test_the_examples_are_legal_as_they_are():
    """The fixture boards spell everything as listed: none of them becomes refused."""
    for n in (1, 2, 3):
        assert check_board(example(n)).valid


# -- levels: the strings A, 2 … 10, J, Q, K (interfaces.md, 第八条) ------------------


@pytest.mark.parametrize("level", [7, 11, "k", "j", "1", "T", "10 ", " J", "07"])
def test_a_level_not_spelled_as_listed_is_a_bad_record(level, tmp_path):
    record = example(1)
    record["levels"]["NS"] = level  # the defenders' level: nothing else changes
    assert codes(check_board(record)) == ["bad_record"]
    assert verdict_codes("check_board", record, tmp_path) == (1, ["bad_record"])


@pytest.mark.parametrize("level", [6, "6 "])
def test_the_level_played_spelled_otherwise_is_a_bad_record(level, tmp_path):
    """The declaring side's level is 6; the number 6 or "6 " is not the string "6"."""
    record = example(1)
    record["levels"]["EW"] = level
    assert codes(check_board(record)) == ["bad_record"]
    assert verdict_codes("check_board", record, tmp_path)[1] == ["bad_record"]


@pytest.mark.parametrize("level", LEVELS)
def test_every_listed_level_is_read(level):
    record = example(1)
    record["levels"]["NS"] = level
    assert check_board(record).valid


# -- cards exactly as listed; anything else is unknown_card (第四十一条) ---------------


def _replace_in_hand(record: dict[str, Any], seat: str, old: str, new: str) -> None:
    hand = record["hands"][seat]
    hand[hand.index(old)] = new


def test_H1_is_an_unknown_card_not_a_third_heart_ace(tmp_path):
    """A typo for H10 (or H3) must not read as ♥A and come out as `card_count`."""
    record = example(1)
    _replace_in_hand(record, "N", "H3", "H1")
    verdict = check_board(record)
    assert codes(verdict) == ["unknown_card"]
    assert verdict.errors[0].seat == "N" and "H1" in verdict.errors[0].message_en
    assert verdict_codes("check_board", record, tmp_path) == (1, ["unknown_card"])


@pytest.mark.parametrize("spelled", ["h3", " H3", "H3 ", "红心3", "♡3", "H03"])
def test_a_card_spelled_otherwise_is_an_unknown_card(spelled, tmp_path):
    record = example(1)
    _replace_in_hand(record, "N", "H3", spelled)
    assert codes(check_board(record)) == ["unknown_card"]
    assert verdict_codes("check_board", record, tmp_path)[1] == ["unknown_card"]


def test_H1_in_a_trick_is_an_unknown_card_at_that_trick_and_seat(tmp_path):
    record = example(1)
    number, trick = next(
        (i, t) for i, t in enumerate(record["tricks"], 1) if t["plays"]["N"] == ["H3"]
    )
    trick["plays"]["N"] = ["H1"]
    found = [(e.code.value, e.trick, e.seat) for e in check_board(record).errors]
    assert found == [("unknown_card", number, "N")]
    assert verdict_codes("check_board", record, tmp_path)[1] == ["unknown_card"]


@pytest.mark.parametrize("spelled", ["♥3", "HT", "大王", "小王"])
def test_the_listed_alternative_spellings_are_read(spelled):
    """interfaces.md: `T` for 10; input also accepts ♥10, ♠A, 大王, 小王."""
    record = example(1)
    canonical = {"♥3": "H3", "HT": "H10", "大王": "BJ", "小王": "LJ"}[spelled]
    seat = next(s for s in "NESW" if canonical in record["hands"][s])
    _replace_in_hand(record, seat, canonical, spelled)
    assert check_board(record).valid


# -- a JSON object that gives a key twice is refused: bad_record --------------------


def _text_with(record: dict[str, Any], anchor: str, inserted: str) -> str:
    """The record's JSON text with `inserted` written right after the first `anchor`."""
    text = json.dumps(record, ensure_ascii=False)
    assert anchor in text
    return text.replace(anchor, anchor + inserted, 1)


def repeated_key_texts() -> dict[str, str]:
    """Legal records (last value wins) with one key given twice, at several depths."""
    record = example(1)
    record["result"] = {"defender_points": 100, "dig": None}
    first_plays = json.dumps(record["tricks"][0]["plays"]["W"])
    return {
        "levels": _text_with(record, "{", '"levels": {"NS": "2", "EW": "2"}, '),
        "defender_points": _text_with(record, '"result": {', '"defender_points": 0, '),
        "plays W": _text_with(record, '"plays": {', f'"W": {first_plays}, '),
        "hands N": _text_with(record, '"hands": {', '"N": [], '),
        "NS": _text_with(record, '"levels": {', '"NS": "A", '),
    }


@pytest.mark.parametrize("key", list(repeated_key_texts()))
def test_a_key_given_twice_is_a_bad_record(key, tmp_path):
    text = repeated_key_texts()[key]
    assert check_board(json.loads(text)).valid  # the last value alone is a legal record
    verdict = check_board(read(text))
    assert codes(verdict) == ["bad_record"]
    assert key.split()[-1] in verdict.errors[0].message_en
    assert verdict_codes("check_board", text, tmp_path) == (1, ["bad_record"])


def test_a_key_given_twice_in_a_compared_record_makes_that_room_invalid(tmp_path):
    text = repeated_key_texts()["defender_points"]
    payload = (
        '{"format": "duidiao-compare/1", "teams": {"open_ns": "X", "open_ew": "Y"}, '
        f'"open": {text}, "closed": {json.dumps(example(1))}}}'
    )
    status, output, _ = command("compare_board", payload, tmp_path)
    assert status == 1
    assert [(r["record"], [e["code"] for e in r["errors"]]) for r in output["invalid"]] == [
        ("open", ["bad_record"])
    ]


def test_a_key_given_twice_in_a_traveller_record_makes_that_play_invalid(tmp_path):
    text = repeated_key_texts()["levels"]
    payload = (
        '{"format": "duidiao-traveller/1", "board": 1, "plays": ['
        f'{{"ns": "1", "ew": "11", "record": {text}}}, '
        f'{{"ns": "2", "ew": "12", "record": {json.dumps(example(1))}}}]}}'
    )
    status, output, _ = command("matchpoints", payload, tmp_path)
    assert status == 1
    assert [(r["record"], [e["code"] for e in r["errors"]]) for r in output["invalid"]] == [
        ("plays[0]", ["bad_record"])
    ]


def test_a_room_given_twice_cannot_be_read(tmp_path):
    """Two `open` records: which one is the open room cannot be known (exit 2)."""
    one = json.dumps(example(1))
    payload = (
        '{"format": "duidiao-compare/1", "teams": {"open_ns": "X", "open_ew": "Y"}, '
        f'"open": {one}, "open": {one}, "closed": {one}}}'
    )
    status, _, err = command("compare_board", payload, tmp_path)
    assert status == 2
    assert "open" in err


# -- an empty play is wrong_count (第十七条) ------------------------------------------


@pytest.mark.parametrize("seat", ["W", "E"])  # W leads the first trick of board 1
def test_an_empty_play_is_wrong_count(seat, tmp_path):
    record = example(1)
    record["tricks"][0]["plays"][seat] = []
    found = [(e.code.value, e.trick, e.seat, e.article) for e in check_board(record).errors]
    assert found == [("wrong_count", 1, seat, "第十七条")]
    assert verdict_codes("check_board", record, tmp_path) == (1, ["wrong_count"])


# -- at most 25 tricks (第十四条: 25 cards each; 第十七条: at least one a trick) ---------


def test_200000_empty_tricks_are_refused_at_once(tmp_path):
    """800 KB, under the commands' size cap: refused for the count alone (it took 14 s
    to read each trick and refuse each one)."""
    record = {k: v for k, v in example(1).items() if k != "tricks"}
    record["tricks"] = [{}] * 200_000
    text = json.dumps(record)
    assert 750_000 < len(text) < 4 * 1024 * 1024
    verdict = check_board(read(text))
    assert [(e.code.value, e.article) for e in verdict.errors] == [("bad_record", "第十四条")]
    assert "200000" in verdict.errors[0].message_en
    assert verdict_codes("check_board", text, tmp_path) == (1, ["bad_record"])


def test_a_26th_trick_is_refused_and_25_are_read():
    record = example(1)
    assert len(record["tricks"]) == 25 and check_board(record).valid
    record["tricks"].append(copy.deepcopy(record["tricks"][-1]))
    assert codes(check_board(record)) == ["bad_record"]


# -- compare_board: both rooms play one box card (第二十四条之2, 第四十三条之1) ---------


def scorecard(points: int = 60, **box: Any) -> dict[str, Any]:
    """A short record (interfaces.md): levels, declarer, trump and result."""
    record: dict[str, Any] = {
        "board": 1,
        "levels": {"NS": "7", "EW": "7"},
        "declarer": "S",
        "trump": "H",
        "result": {"defender_points": points, "dig": None},
    }
    record.update(box)
    return record


def comparison(open_record: dict[str, Any], closed_record: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": "duidiao-compare/1",
        "teams": {"open_ns": "X", "open_ew": "Y"},
        "open": open_record,
        "closed": closed_record,
    }


OTHER_BOX_CARDS = {
    "level": {"levels": {"NS": "8", "EW": "7"}},
    "trump": {"trump": "S"},
    "declarer": {"declarer": "N"},
    "declarer's side": {"declarer": "E"},
    "declared by": {"declared_by": "N", "_open": {"declared_by": "S"}},
}


@pytest.mark.parametrize("what", list(OTHER_BOX_CARDS))
def test_compare_board_refuses_rooms_that_do_not_share_a_box_card(what, tmp_path):
    closed_box = dict(OTHER_BOX_CARDS[what])
    open_record = scorecard(60, **closed_box.pop("_open", {}))
    closed_record = scorecard(95, **closed_box)
    error = box_card_mismatch(closed_record, open_record)
    assert error is not None
    assert (error.code.value, error.article) == ("bad_record", "第二十四条")
    assert "box card" in error.message_en and "牌盒卡" in error.message_zh

    status, output, _ = command("compare_board", comparison(open_record, closed_record), tmp_path)
    assert status == 1
    assert [(r["record"], [e["code"] for e in r["errors"]]) for r in output["invalid"]] == [
        ("closed", ["bad_record"])
    ]


def test_compare_board_scores_rooms_that_share_a_box_card(tmp_path):
    """Same box card; the defenders' level is not on it and may differ (第四十三条之1)."""
    open_record = scorecard(60, declared_by="S")
    closed_record = scorecard(95, levels={"NS": "7", "EW": "Q"}, trump="♥")
    assert box_card_mismatch(closed_record, open_record) is None
    status, output, _ = command("compare_board", comparison(open_record, closed_record), tmp_path)
    assert (status, output["points"]) == (0, {"X": 2, "Y": 0})
