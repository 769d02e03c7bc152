"""The compare_board and matchpoints commands (interfaces.md): JSON in, JSON out, exit
0 valid, 1 read but invalid, 2 unreadable."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from scoring.jsonio import EXIT_INVALID, EXIT_UNREADABLE
from tests.core._records import record
from tests.core.test_matchpoints import ARTICLE_28_POINTS


def run(command: str, payload: Any, tmp_path: Path) -> tuple[dict[str, Any], str]:
    """Run `command` on `payload` (JSON-encoded unless already text); stdout as JSON."""
    path = tmp_path / "input.json"
    path.write_text(payload if isinstance(payload, str) else json.dumps(payload), "utf-8")
    out, err = io.StringIO(), io.StringIO()
    call_command(command, str(path), stdout=out, stderr=err)
    return json.loads(out.getvalue()), err.getvalue()


def fails(command: str, payload: Any, tmp_path: Path, code: int) -> tuple[str, str]:
    path = tmp_path / "input.json"
    path.write_text(payload if isinstance(payload, str) else json.dumps(payload), "utf-8")
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(SystemExit) as exit_info:
        call_command(command, str(path), stdout=out, stderr=err)
    assert exit_info.value.code == code
    return out.getvalue(), err.getvalue()


def comparison(open_record: Any, closed_record: Any) -> dict[str, Any]:
    return {
        "format": "duidiao-compare/1",
        "teams": {"open_ns": "X", "open_ew": "Y"},
        "open": open_record,
        "closed": closed_record,
    }


def traveller(points: list[int]) -> dict[str, Any]:
    return {
        "format": "duidiao-traveller/1",
        "board": 1,
        "plays": [
            {"ns": str(t), "ew": str(10 + t), "record": record(p)} for t, p in enumerate(points, 1)
        ],
    }


# -- compare_board ----------------------------------------------------------------


def test_compare_board_prints_points_and_reason(tmp_path: Path) -> None:
    """第二十四条, interfaces.md: X made 60, Y broken at 95 → {"X": 2, "Y": 0}."""
    output, _ = run("compare_board", comparison(record(60), record(95)), tmp_path)
    assert output["points"] == {"X": 2, "Y": 0}
    assert output["reason"] == "开室打成、闭室打破：X 两桌都占优，得 2 分"
    assert output["reason_en"].endswith("X did well at both tables and scores 2")
    assert output["step"] == 3


def test_compare_board_scores_a_dig(tmp_path: Path) -> None:
    """第二十四条: X made 30, Y broken by a 大王 dig → X 4."""
    output, _ = run("compare_board", comparison(record(30), record(30, "BJ")), tmp_path)
    assert output["points"] == {"X": 4, "Y": 0}


def test_compare_board_accepts_full_records(tmp_path: Path) -> None:
    """interfaces.md: an embedded record may also carry its format and board."""
    open_record = {"format": "duidiao-board/1", **record(40, board=5)}
    output, _ = run("compare_board", comparison(open_record, record(55, board=5)), tmp_path)
    assert output["points"] == {"X": 1, "Y": 0}


def test_compare_board_reads_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    """interfaces.md: `-` reads standard input."""
    text = json.dumps(comparison(record(0), record(30)))
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    out = io.StringIO()
    call_command("compare_board", "-", stdout=out)
    assert json.loads(out.getvalue())["points"] == {"X": 2, "Y": 0}


def test_compare_board_names_the_invalid_record(tmp_path: Path) -> None:
    """interfaces.md exit 1; 第七条 via the engine: 83 points in the closed room."""
    out, _ = fails("compare_board", comparison(record(40), record(83)), tmp_path, EXIT_INVALID)
    output = json.loads(out)
    assert output["valid"] is False
    assert [i["record"] for i in output["invalid"]] == ["closed"]
    assert output["invalid"][0]["errors"][0]["code"] == "result_impossible"


def test_compare_board_refuses_two_different_boards(tmp_path: Path) -> None:
    """第二十四条 compares one board at two tables: board 5 against board 6 is invalid."""
    payload = comparison(record(40, board=5), record(55, board=6))
    out, _ = fails("compare_board", payload, tmp_path, EXIT_INVALID)
    assert json.loads(out)["invalid"][0]["record"] == "closed"


@pytest.mark.parametrize(
    ("payload", "says"),
    [
        ("{not json", "malformed JSON"),
        ({"format": "duidiao-board/1"}, "unknown format"),
        ([1, 2], "unknown format"),
        ({**comparison(record(40), record(55)), "teams": {"open_ns": "X"}}, "teams"),
        ({**comparison(record(40), record(55)), "teams": {"open_ns": "X", "open_ew": "X"}}, "same"),
        ({k: v for k, v in comparison(record(40), record(55)).items() if k != "closed"}, "closed"),
        (comparison(record(40), "a string"), "closed"),
        (comparison({"format": "other/1"}, record(55)), "open"),
    ],
)
def test_compare_board_unreadable_input_exits_2(payload: Any, says: str, tmp_path: Path) -> None:
    """interfaces.md exit 2: one line saying why, no traceback, nothing on stdout."""
    out, err = fails("compare_board", payload, tmp_path, EXIT_UNREADABLE)
    assert out == ""
    assert says in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


# -- matchpoints ------------------------------------------------------------------


def test_matchpoints_the_article_28_example(tmp_path: Path) -> None:
    """第二十八条 7、计分: 9 plays, 南主打, all made: top 16, the E–W pair with the most
    points 16 and its N–S opponents 0; N–S + E–W = 16 on every play."""
    output, _ = run("matchpoints", traveller(ARTICLE_28_POINTS), tmp_path)
    assert output["top"] == 16
    most = str(ARTICLE_28_POINTS.index(75) + 1)
    assert output["ew"][str(10 + int(most))] == 16
    assert output["ns"][most] == 0
    assert sorted(output["ns"].values()) == [0, 2, 4, 6, 8, 10, 12, 14, 16]
    for t in range(1, 10):
        assert output["ns"][str(t)] + output["ew"][str(10 + t)] == 16


def test_matchpoints_neuberg_and_artificial_scores(tmp_path: Path) -> None:
    """第二十八条 with Neuberg: 7 plays and two tables with artificial scores; the played
    ones are scaled to 9 plays (110/7 ≈ 15.71 for the top), the others get 60%/40%
    and 50% of 16."""
    payload = traveller([10, 20, 20, 40, 50, 60, 70])
    payload["plays"] += [
        {"ns": "8", "ew": "18", "artificial": {"ns": "average_plus", "ew": "average_minus"}},
        {"ns": "9", "ew": "19", "artificial": {"ns": "average", "ew": "average"}},
    ]
    output, _ = run("matchpoints", payload, tmp_path)
    assert output["top"] == 16
    assert output["ns"]["1"] == 15.71 and output["ew"]["11"] == 0.29
    assert (output["ns"]["8"], output["ew"]["18"]) == (9.6, 6.4)
    assert (output["ns"]["9"], output["ew"]["19"]) == (8, 8)


def test_matchpoints_expected_plays(tmp_path: Path) -> None:
    """第二十八条 with Neuberg: `expected_plays` scales a short board to the others' count."""
    output, _ = run("matchpoints", {**traveller([40]), "expected_plays": 9}, tmp_path)
    assert output == {"board": 1, "top": 16, "ns": {"1": 8}, "ew": {"11": 8}}


def test_matchpoints_rounds_half_up_as_every_face_does(tmp_path: Path) -> None:
    """第二十八条 with Neuberg: 8 plays scaled to 9, (M + 1) × 9/8 − 1, so the eighths
    0.125, 4.625, 9.125, 13.625 print half up (core.numbers, the one rounding), as the
    pages and papers print them; a float's round() gave 0.12, 4.62, 9.12, 13.62."""
    payload = {**traveller([10, 20, 30, 40, 50, 60, 70, 75]), "expected_plays": 9}
    output, _ = run("matchpoints", payload, tmp_path)
    assert sorted(output["ew"].values()) == [0.13, 2.38, 4.63, 6.88, 9.13, 11.38, 13.63, 15.88]
    assert sorted(output["ns"].values()) == sorted(output["ew"].values())


def test_matchpoints_names_the_invalid_record(tmp_path: Path) -> None:
    """interfaces.md exit 1: which play is invalid and the engine's errors."""
    payload = traveller([40, 55, 40])
    del payload["plays"][1]["record"]["declarer"]
    out, _ = fails("matchpoints", payload, tmp_path, EXIT_INVALID)
    output = json.loads(out)
    assert output["valid"] is False
    (bad,) = output["invalid"]
    assert (bad["record"], bad["ns"], bad["ew"]) == ("plays[1]", "2", "12")
    assert bad["errors"][0]["code"] == "bad_record"


def test_matchpoints_refuses_a_pair_twice(tmp_path: Path) -> None:
    """第二十八条: a pair plays each board once."""
    payload = traveller([40, 55])
    payload["plays"][1]["ns"] = "1"
    out, _ = fails("matchpoints", payload, tmp_path, EXIT_INVALID)
    assert json.loads(out)["invalid"][0]["record"] == "plays[1]"


def test_matchpoints_refuses_a_record_of_another_board(tmp_path: Path) -> None:
    """第二十八条: a traveller goes with one board."""
    payload = traveller([40, 55])
    payload["plays"][0]["record"]["board"] = 2
    out, _ = fails("matchpoints", payload, tmp_path, EXIT_INVALID)
    assert json.loads(out)["invalid"][0]["record"] == "plays[0]"


@pytest.mark.parametrize(
    ("payload", "says"),
    [
        ("[", "malformed JSON"),
        ({**traveller([40]), "format": "duidiao-compare/1"}, "unknown format"),
        ({**traveller([40]), "plays": []}, "plays"),
        ({**traveller([40]), "board": "one"}, "board"),
        ({**traveller([40]), "expected_plays": 0}, "expected_plays"),
        ({**traveller([40]), "plays": [{"ns": "1", "record": record(40)}]}, "ew"),
        ({**traveller([40]), "plays": [{"ns": "1", "ew": "2"}]}, "record"),
        (
            {**traveller([40]), "plays": [{"ns": "1", "ew": "2", "artificial": {"ns": "x"}}]},
            "artificial",
        ),
        ({**traveller([40]), "plays": [{"ns": "1", "ew": "2", "record": 7}]}, "plays[0]"),
    ],
)
def test_matchpoints_unreadable_input_exits_2(payload: Any, says: str, tmp_path: Path) -> None:
    """interfaces.md exit 2: one line saying why, no traceback."""
    out, err = fails("matchpoints", payload, tmp_path, EXIT_UNREADABLE)
    assert out == ""
    assert says in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
