"""Hostile input: the engine answers ANY JSON value with a verdict or a reason, never a crash.

interfaces.md: exit 1 with a verdict for a record that was read, exit 2 with a one-line
reason for what is not a record at all. From Python that is `check_board` returning a
`Verdict` or raising `RecordUnreadable`; nothing else may escape, whatever the input:
wrong types anywhere, nulls, huge numbers, strings where lists belong, nesting far deeper
than any record. Two fuzzers prove it: arbitrary JSON shaped like a record, and legal
records with random parts replaced, dropped or duplicated.

The default run is short. For a long run set DUIDIAO_FUZZ_EXAMPLES (examples per fuzz
test) and look at the statistics:

    DUIDIAO_FUZZ_EXAMPLES=50000 .venv/bin/pytest tests/core/engine/test_hostile_input.py \
        --hypothesis-show-statistics
"""

from __future__ import annotations

import functools
import json
import os
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from core.engine import PROFILES, RecordUnreadable, check_board
from core.engine.simulate import random_board
from core.results import judge_record

from .hostile import deep, json_values

LONG_RUN = "DUIDIAO_FUZZ_EXAMPLES" in os.environ
FUZZ = settings(
    max_examples=int(os.environ.get("DUIDIAO_FUZZ_EXAMPLES", "150")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    # A long run only generates: no example database, no shrinking of what never fails.
    database=None if LONG_RUN else settings.default.database,
    phases=[Phase.generate] if LONG_RUN else settings.default.phases,
)
CJK = re.compile(r"[\u3400-\u9fff]")

KEYS = (
    "rules", "switches", "board", "levels", "declarer", "trump", "declared_by",
    "declaration", "hands", "bottom", "buried", "exchanges", "tricks", "partial", "result",
)  # fmt: skip
record_like = st.fixed_dictionaries(
    {"format": st.just("duidiao-board/1")},
    optional={key: json_values for key in KEYS},
)


def assert_answered(data: Any) -> dict[str, Any] | None:
    """check_board answers `data` with a verdict (returned, JSON-ready) or a reason."""
    try:
        verdict = check_board(data)
    except RecordUnreadable as refused:
        assert refused.message_zh and refused.message_en
        assert "\n" not in str(refused)
        return None
    out = verdict.to_dict()
    json.dumps(out, ensure_ascii=False)
    for error in out["errors"]:
        assert error["message_zh"] and error["message_en"]
        assert "\n" not in error["message_zh"] + error["message_en"]
        assert len(error["message_zh"]) + len(error["message_en"]) < 2000
    if out["valid"] is False:
        assert out["errors"]
    return out


# -- arbitrary JSON --------------------------------------------------------------------


@FUZZ
@given(data=json_values)
def test_any_json_value_is_answered(data):
    assert_answered(data)


@FUZZ
@given(data=record_like)
def test_any_record_shaped_json_is_answered(data):
    assert_answered(data)
    judge_record(data)  # the comparisons' reading: also a verdict or RecordUnreadable


# -- legal records, mutated ------------------------------------------------------------


def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    """Every path into a record (keys and indexes), the root excluded."""
    out = []
    stack = [(value, path)]
    while stack:
        node, at = stack.pop()
        if isinstance(node, dict):
            items = list(node.items())
        elif isinstance(node, list):
            items = list(enumerate(node))
        else:
            continue
        for key, child in items:
            out.append((*at, key))
            stack.append((child, (*at, key)))
    return out


def _mutate(record: dict, how: str, pick: int, value: Any) -> None:
    paths = _paths(record)
    path = paths[pick % len(paths)]
    parent = record
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    if how == "replace":
        parent[key] = value
    elif how == "drop":
        del parent[key]
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(key, parent[key])
    elif how == "wrap":
        parent[key] = [parent[key]]
    elif how == "stringify":
        parent[key] = json.dumps(parent[key])


mutations = st.lists(
    st.tuples(
        st.sampled_from(["replace", "drop", "duplicate", "wrap", "stringify"]),
        st.integers(min_value=0, max_value=10**6),
        json_values,
    ),
    min_size=1,
    max_size=4,
)


@functools.cache
def _legal(seed: int, name: str) -> str:
    """A legal record as JSON text (a few dozen made once, copied for each mutation)."""
    return json.dumps(random_board(random.Random(seed), profile=PROFILES[name]))


@FUZZ
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    name=st.sampled_from(sorted(PROFILES)),
    changes=mutations,
)
def test_a_mutated_legal_record_is_answered(seed, name, changes):
    record = json.loads(_legal(seed % 64, name))
    if seed % 3 == 0:
        record["partial"] = True
        record["tricks"] = record["tricks"][: seed % 25]
    for how, pick, value in changes:
        _mutate(record, how, pick, value)
    assert_answered(record)


# -- the cases the issue names ---------------------------------------------------------


def _record(**changes: Any) -> dict[str, Any]:
    record = random_board(random.Random(17))
    record.update(changes)
    return record


@pytest.mark.parametrize(
    "changes",
    [
        pytest.param({"rules": ["chifeng-2007"]}, id="rules-a-list"),
        pytest.param({"rules": ""}, id="rules-empty"),
        pytest.param({"rules": 2007}, id="rules-a-number"),
        pytest.param({"switches": []}, id="switches-a-list"),
        pytest.param({"switches": ""}, id="switches-empty-string"),
        pytest.param({"switches": {"no_such": True}}, id="unknown-switch"),
        pytest.param({"switches": {"failed_throw_penalty": 10**400}}, id="huge-penalty"),
        pytest.param({"switches": {"failed_throw_penalty": float("nan")}}, id="nan-penalty"),
        pytest.param({"switches": {"must_play_levels": deep(5000)}}, id="deep-levels"),
        pytest.param({"switches": {"level_digs": {"K": deep(5000)}}}, id="deep-dig-effect"),
        pytest.param({"levels": {"NS": 10**400, "EW": "7"}}, id="huge-level"),
        pytest.param({"levels": {"NS": deep(100_000), "EW": "7"}}, id="deep-level"),
        pytest.param({"board": 10**400}, id="huge-board"),
        pytest.param({"board": -1}, id="negative-board"),
        pytest.param({"trump": deep(100_000)}, id="deep-trump"),
        pytest.param({"declarer": None}, id="null-declarer"),
        pytest.param({"hands": {"N": deep(100_000), "E": [], "S": [], "W": []}}, id="deep-hand"),
        pytest.param({"tricks": [{"leader": "N", "plays": None}]}, id="null-plays"),
        pytest.param({"tricks": [{"leader": ["N"], "plays": {}}]}, id="leader-a-list"),
        pytest.param({"result": {"defender_points": 10**400, "dig": None}}, id="huge-points"),
        pytest.param({"result": {"defender_points": 5, "dig": deep(100_000)}}, id="deep-dig"),
        pytest.param({"result": {"defender_points": 5.0, "dig": None}}, id="float-points"),
        pytest.param({"exchanges": [{"kind": deep(100_000)}]}, id="deep-exchange-kind"),
    ],
)
def test_a_hostile_field_is_a_bad_record_with_a_reason(changes):
    out = assert_answered(_record(**changes))
    assert out is not None and not out["valid"]
    assert {e["code"] for e in out["errors"]} & {"bad_record", "unknown_card"}


def test_an_empty_rules_name_is_not_the_default():
    """ "rules": "" names no profile; only a missing or null name means chifeng-2007."""
    out = assert_answered(_record(rules=""))
    assert out is not None and [e["code"] for e in out["errors"]] == ["bad_record"]
    assert "chifeng-2007" in out["errors"][0]["message_en"]


def test_an_attempted_throw_with_no_card_is_a_bad_record():
    record = _record()
    record["tricks"][0]["attempted"] = []
    out = assert_answered(record)
    assert out is not None and "bad_record" in {e["code"] for e in out["errors"]}


@pytest.mark.parametrize("depth", [1_000, 100_000])
def test_a_deeply_nested_format_is_refused_with_a_reason(depth):
    with pytest.raises(RecordUnreadable) as refused:
        check_board({"format": deep(depth)})
    assert "[…]" in refused.value.message_en


def test_messages_quote_a_bad_value_in_short():
    out = assert_answered(_record(trump="X" * 10_000))
    assert out is not None
    message = next(e["message_en"] for e in out["errors"] if "trump" in e["message_en"])
    assert len(message) < 200 and "XXXX…" in message
