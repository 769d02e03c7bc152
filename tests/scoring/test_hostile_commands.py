"""The JSON commands answer any input (interfaces.md, "Commands"; issue 17).

check_board, compare_board and matchpoints either exit 2 with a one-line reason in
Chinese and English, or exit 0/1 with JSON on standard output. Never a traceback:
not for JSON nested 100,000 deep, wrong types anywhere, nulls, numbers too long to read,
NaN, a file over the size limit (scoring.jsonio.MAX_INPUT_BYTES), or `"rules"` given as a
list or as "".
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import tempfile
from typing import Any

import pytest
from django.core.management import call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.engine.simulate import random_board
from scoring.jsonio import EXIT_INVALID, EXIT_UNREADABLE, EXIT_VALID, MAX_INPUT_BYTES
from tests.core.engine.hostile import json_values

COMMANDS = ("check_board", "compare_board", "matchpoints")
CJK = re.compile(r"[\u3400-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
FUZZ = settings(
    max_examples=int(os.environ.get("DUIDIAO_FUZZ_EXAMPLES", "100")) // 3 or 1,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def run(command: str, text: str | bytes) -> tuple[int, str, str]:
    """Exit status, standard output and standard error of `command` on `text`."""
    with tempfile.NamedTemporaryFile("wb", suffix=".json", delete=False) as fh:
        fh.write(text.encode("utf-8") if isinstance(text, str) else text)
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command(command, fh.name, stdout=out, stderr=err)
        code = EXIT_VALID
    except SystemExit as exit_info:
        code = int(exit_info.code or 0)
    finally:
        os.unlink(fh.name)
    return code, out.getvalue(), err.getvalue()


def assert_answered(command: str, text: str | bytes) -> tuple[int, Any, str]:
    code, out, err = run(command, text)
    assert code in (EXIT_VALID, EXIT_INVALID, EXIT_UNREADABLE)
    if code == EXIT_UNREADABLE:
        assert out == ""
        reason = err.strip()
        assert reason and "\n" not in reason and "Traceback" not in reason
        assert CJK.search(reason) and LATIN_WORD.search(reason), reason  # both languages
        return code, None, reason
    return code, json.loads(out), err


def wrapped(command: str, record: Any) -> Any:
    """`record` where each command expects a board record."""
    if command == "compare_board":
        return {
            "format": "duidiao-compare/1",
            "teams": {"open_ns": "X", "open_ew": "Y"},
            "open": record,
            "closed": record,
        }
    if command == "matchpoints":
        return {
            "format": "duidiao-traveller/1",
            "board": 1,
            "plays": [{"ns": "1", "ew": "2", "record": record}],
        }
    return record


def legal() -> dict[str, Any]:
    return random_board(random.Random(2007), board=1)


@pytest.mark.parametrize("command", COMMANDS)
def test_json_nested_100000_deep_is_refused_in_one_line(command):
    code, _, reason = assert_answered(command, "[" * 100_000 + "]" * 100_000)
    assert code == EXIT_UNREADABLE and "nested too deep" in reason


@pytest.mark.parametrize("command", COMMANDS)
def test_a_record_nested_deep_inside_is_refused_in_one_line(command):
    text = json.dumps(wrapped(command, {"format": "duidiao-board/1", "levels": "@"}))
    text = text.replace('"@"', "[" * 100_000 + "]" * 100_000)
    code, _, _ = assert_answered(command, text)
    assert code == EXIT_UNREADABLE


@pytest.mark.parametrize("command", COMMANDS)
def test_a_file_over_the_size_limit_is_refused(command):
    text = json.dumps(wrapped(command, legal()))
    text += " " * (MAX_INPUT_BYTES + 1 - len(text.encode("utf-8")))
    code, _, reason = assert_answered(command, text)
    assert code == EXIT_UNREADABLE and "MiB" in reason


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize(
    "text",
    [
        pytest.param("9" * 5000, id="a-number-of-5000-digits"),
        pytest.param("NaN", id="nan"),
        pytest.param('{"format": Infinity}', id="infinity"),
        pytest.param(b"\xff\xfe{}", id="not-utf-8"),
        pytest.param("", id="empty"),
        pytest.param("null", id="null"),
        pytest.param("[]", id="a-list"),
    ],
)
def test_input_that_is_no_json_object_is_refused(command, text):
    code, _, _ = assert_answered(command, text)
    assert code == EXIT_UNREADABLE


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("rules", [["chifeng-2007"], "", 2007, {"name": "chifeng-2007"}])
def test_rules_that_name_no_profile_make_the_record_invalid(command, rules):
    record = legal()
    record["rules"] = rules
    code, verdict, _ = assert_answered(command, json.dumps(wrapped(command, record)))
    assert code == EXIT_INVALID
    errors = verdict["errors"] if command == "check_board" else verdict["invalid"][0]["errors"]
    assert [e["code"] for e in errors] == ["bad_record"]


@pytest.mark.parametrize("command", ("compare_board", "matchpoints"))
def test_a_partial_play_without_a_result_cannot_be_compared(command):
    """Valid as far as it goes (interfaces.md), but it has no outcome to compare."""
    record = legal()
    record["partial"] = True
    record["tricks"] = record["tricks"][:3]
    code, verdict, _ = assert_answered(command, json.dumps(wrapped(command, record)))
    assert code == EXIT_INVALID
    assert [e["code"] for e in verdict["invalid"][0]["errors"]] == ["bad_record"]


@pytest.mark.parametrize("command", COMMANDS)
@FUZZ
@given(value=json_values)
def test_any_json_is_answered(command, value):
    assert_answered(command, json.dumps(wrapped(command, value)))


@pytest.mark.parametrize("command", COMMANDS)
@FUZZ
@given(key=st.sampled_from(sorted(legal())), value=json_values)
def test_a_legal_record_with_any_field_replaced_is_answered(command, key, value):
    record = legal()
    record[key] = value
    assert_answered(command, json.dumps(wrapped(command, record)))
