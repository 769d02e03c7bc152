"""The complete legal example boards (tests/fixtures/examples) and their expected verdicts."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from core.engine import check_board

EXAMPLES = Path(__file__).resolve().parents[2] / "fixtures" / "examples"
BOARDS = sorted(p for p in EXAMPLES.glob("board-*.json") if not p.name.endswith(".verdict.json"))


def load(path: Path):
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_examples_are_there():
    assert [p.name for p in BOARDS] == ["board-1.json", "board-2.json", "board-3.json"]


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: p.stem)
def test_the_verdict_matches_the_expected_one_field_by_field(path):
    expected = load(path.with_name(f"{path.stem}.verdict.json"))
    verdict = check_board(load(path)).to_dict()
    assert {key: verdict[key] for key in expected} == expected
    assert verdict["errors"] == []


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: p.stem)
def test_the_verdict_is_the_same_with_the_result_entered(path):
    record = load(path)
    expected = load(path.with_name(f"{path.stem}.verdict.json"))
    record["result"] = {"defender_points": expected["defender_points"], "dig": expected["dig"]}
    verdict = check_board(record).to_dict()
    assert {key: verdict[key] for key in expected} == expected


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: p.stem)
def test_a_scorecard_of_the_example_gives_the_same_outcome(path):
    """The result alone (with the burying, for 潇洒) decides the same levels."""
    record = load(path)
    expected = load(path.with_name(f"{path.stem}.verdict.json"))
    scorecard = {k: v for k, v in record.items() if k not in ("hands", "bottom", "tricks")}
    scorecard["result"] = {"defender_points": expected["defender_points"], "dig": expected["dig"]}
    verdict = check_board(scorecard).to_dict()
    assert {key: verdict[key] for key in expected} == expected


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: p.stem)
@pytest.mark.parametrize("dropped", [("buried",), ("hands",), ("bottom",)])
def test_leaving_parts_out_keeps_the_verdict(path, dropped):
    """interfaces.md: what is left out is not checked (the burying can be read off the play)."""
    record = copy.deepcopy(load(path))
    for key in dropped:
        del record[key]
    expected = load(path.with_name(f"{path.stem}.verdict.json"))
    verdict = check_board(record).to_dict()
    assert {key: verdict[key] for key in expected} == expected


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: p.stem)
def test_the_examples_play_every_card_once(path):
    record = load(path)
    played = sorted(c for t in record["tricks"] for cards in t["plays"].values() for c in cards)
    dealt = [c for h in record["hands"].values() for c in h] + record["bottom"]
    held = sorted(dealt)
    for c in record["buried"]:
        held.remove(c)
    assert played == held
    assert len(dealt) == 108
