"""`python manage.py check_board FILE` (interfaces.md, "Commands"): exit 0 valid, 1 invalid,
2 unreadable with a one-line reason; `-` reads standard input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .builders import board, trick

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = Path(__file__).resolve().parents[1] / "fixtures" / "examples"


def check_board(argument: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", "check_board", argument],
        cwd=REPO,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_valid_record_exits_0_with_its_verdict():
    done = check_board(str(EXAMPLES / "board-1.json"))
    assert done.returncode == 0, done.stderr
    verdict = json.loads(done.stdout)
    expected = json.loads((EXAMPLES / "board-1.verdict.json").read_text(encoding="utf-8"))
    assert {key: verdict[key] for key in expected} == expected


def test_an_invalid_record_exits_1_with_its_codes(tmp_path):
    record = board(
        hands={"N": "SA", "W": "S4 D2"},
        void={"W": "S"},
        partial=True,
        tricks=[trick("N", N="SA", W="D2", S="C4", E="C8")],
    )
    path = tmp_path / "revoke.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    done = check_board(str(path))
    assert done.returncode == 1, done.stderr
    verdict = json.loads(done.stdout)
    assert verdict["valid"] is False
    assert "must_follow_suit" in [e["code"] for e in verdict["errors"]]


def test_a_dash_reads_standard_input():
    text = (EXAMPLES / "board-2.json").read_text(encoding="utf-8")
    done = check_board("-", stdin=text)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["outcome"] == "gulupo"


@pytest.mark.parametrize(
    "content",
    [
        pytest.param('{"format": "duidiao-board/1", "levels": ', id="malformed-json"),
        pytest.param("[1, 2, 3]", id="not-an-object"),
        pytest.param('{"format": "duidiao-board/9"}', id="unknown-format"),
        pytest.param("", id="empty-file"),
    ],
)
def test_unreadable_input_exits_2_with_a_one_line_reason(tmp_path, content):
    path = tmp_path / "input.json"
    path.write_text(content, encoding="utf-8")
    done = check_board(str(path))
    assert done.returncode == 2
    assert_one_line_reason(done)


def test_a_missing_file_exits_2_with_a_one_line_reason(tmp_path):
    done = check_board(str(tmp_path / "no-such-board.json"))
    assert done.returncode == 2
    assert_one_line_reason(done)


def test_unreadable_standard_input_exits_2():
    done = check_board("-", stdin="not json")
    assert done.returncode == 2
    assert_one_line_reason(done)


def assert_one_line_reason(done: subprocess.CompletedProcess[str]) -> None:
    reason = done.stderr.strip()
    assert reason, "no reason given"
    assert "\n" not in reason
    assert "Traceback" not in done.stderr
    assert done.stdout.strip() == ""
