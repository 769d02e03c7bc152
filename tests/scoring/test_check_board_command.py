"""`python manage.py check_board FILE` (interfaces.md, "Commands"): exit 0 valid, 1 invalid,
2 unreadable with a one-line reason; `-` reads standard input.

The command runs in this process (``call_command``) — the same ``handle`` with the same
exit statuses, without an interpreter and Django to start for each case; two tests run the
real `python manage.py check_board` and read its exit status, one of them also that the
command loads no printing (ReportLab, openpyxl) on its way.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.core.engine.builders import board, trick

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = Path(__file__).resolve().parents[1] / "fixtures" / "examples"


@dataclass
class Done:
    returncode: int
    stdout: str
    stderr: str


def check_board(argument: str, stdin: str | None = None) -> Done:
    """The command on `argument` in this process: its exit status and what it wrote."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    # Standard input as a shell gives it: bytes under a text stream.
    sys.stdin = io.TextIOWrapper(io.BytesIO((stdin or "").encode("utf-8")), encoding="utf-8")
    try:
        call_command("check_board", argument, stdout=out, stderr=err)
        code = 0
    except SystemExit as exit_info:
        code = int(exit_info.code or 0)
    finally:
        sys.stdin = saved
    return Done(code, out.getvalue(), err.getvalue())


def manage_py(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """The real entry: `python manage.py ARGS` in a new interpreter."""
    return subprocess.run(
        [sys.executable, "manage.py", *args],
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


def test_the_real_command_exits_0_and_loads_no_printing():
    # The site's system checks would import every view and, with them, ReportLab and
    # openpyxl: a pure command skips them. Run as a shell runs it, then list what loaded
    # beyond the printing app's registry (its models and admin load with every app).
    probe = (
        "import runpy, sys\n"
        "sys.argv = ['manage.py', 'check_board', sys.argv[1]]\n"
        "runpy.run_path('manage.py', run_name='__main__')\n"
        "registry = {'printing', 'printing.apps', 'printing.models', 'printing.admin'}\n"
        "heavy = sorted(m for m in set(sys.modules) - registry\n"
        "               if m.split('.')[0] in ('reportlab', 'openpyxl', 'printing'))\n"
        "print('LOADED=' + ','.join(heavy))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, str(EXAMPLES / "board-1.json")],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    verdict, loaded = done.stdout.rsplit("LOADED=", 1)
    assert json.loads(verdict)["valid"] is True
    assert loaded.strip() == ""


def test_the_real_command_exits_1_on_an_invalid_record_and_2_on_unreadable_input():
    revoke = board(
        hands={"N": "SA", "W": "S4 D2"},
        void={"W": "S"},
        partial=True,
        tricks=[trick("N", N="SA", W="D2", S="C4", E="C8")],
    )
    invalid = manage_py("check_board", "-", stdin=json.dumps(revoke, ensure_ascii=False))
    assert invalid.returncode == 1, invalid.stderr
    assert json.loads(invalid.stdout)["valid"] is False

    unreadable = manage_py("check_board", "-", stdin="not json")
    assert unreadable.returncode == 2
    assert_one_line_reason(unreadable)


def assert_one_line_reason(done: Done | subprocess.CompletedProcess[str]) -> None:
    reason = done.stderr.strip()
    assert reason, "no reason given"
    assert "\n" not in reason
    assert "Traceback" not in done.stderr
    assert done.stdout.strip() == ""
