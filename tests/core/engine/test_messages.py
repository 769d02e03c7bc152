"""Messages: the Chinese entirely Chinese, the English entirely English (issue 17).

A Chinese message may carry notation a director types (cards 黑桃Q, levels J, seats'
letters beside their names, a field's JSON name in brackets) but no English words; an
English message no Chinese. Suits are named (spades, 黑桃), never by a letter that reads
like a seat. Values quoted from the input are left out of the check.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from core.engine import PROFILES, RecordUnreadable, check_board
from core.engine.simulate import random_board

from .builders import board, trick
from .test_hostile_input import _mutate

CJK = re.compile(r"[\u3400-\u9fff]")
QUOTED = re.compile(r'"[^"]*"?…?|\[…\]|\{…\}')
# Notation and names a Chinese message may carry: JSON field and switch names, profile
# and format names, switch values (show, to_A …).
IDENTIFIER = re.compile(
    r"[a-z]+_[a-z_0-9]+|（[a-z_]+）|[a-z]+-[0-9a-z-]+(/1)?|\b(show|overturn|seal|xiaosa|grab|"
    r"true|false|null|none|multiplied|duidiao|to_A|swap|shengji)\b"
)
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


def _errors_of(record: dict) -> list[dict]:
    try:
        return check_board(record).to_dict()["errors"]
    except RecordUnreadable as refused:
        return [{"code": "unreadable", "message_zh": refused.message_zh,
                 "message_en": refused.message_en}]  # fmt: skip


def _bad_records() -> list[dict]:
    """Records that make the engine say something: hand-made and mutated legal ones."""
    out = [
        board(result={"defender_points": 83, "dig": "K"}),
        board(rules="", result={"defender_points": 5, "dig": None}),
        board(switches={"no_such": True, "must_play_levels": ["Z"]}),
        board(switches={"level_digs": {"K": "sideways"}}),
        board(hands={"N": "SA", "W": "S4 D2"}, void={"W": "S"}, partial=True,
              tricks=[trick("N", N="SA", W="D2", S="C4", E="C8")]),
        board(hands={"N": "SA SA", "W": "S4 S3 S5"}, void={"W": "S", "S": "S", "E": "S"},
              rules="shengji", partial=True,
              tricks=[trick("N", N="SA SA", W="S4 S3", S="C4 C6", E="C8 C9")]),
    ]  # fmt: skip
    out[0]["levels"] = {"NS": "Z", "EW": "7"}
    rng = random.Random(17)
    for i in range(300):
        record = random_board(random.Random(i), profile=PROFILES[sorted(PROFILES)[i % 3]])
        for _ in range(1 + i % 3):
            value = rng.choice([None, "SA", "Z9", 7, -1, [], {}, "N", True, 10**30, [["x"]]])
            _mutate(
                record, rng.choice(["replace", "drop", "duplicate"]), rng.randrange(10**6), value
            )
        out.append(json.loads(json.dumps(record)))
    return out


ERRORS = [e for record in _bad_records() for e in _errors_of(record)]


def test_many_kinds_of_error_are_checked():
    assert len({e["code"] for e in ERRORS}) >= 12


@pytest.mark.parametrize("language", ["zh", "en"])
def test_each_message_is_in_one_language(language):
    offenders = []
    for error in ERRORS:
        text = QUOTED.sub("", error[f"message_{language}"])
        if language == "zh":
            text = IDENTIFIER.sub("", text)
            if ENGLISH_WORD.search(text):
                offenders.append(error["message_zh"])
        elif CJK.search(text):
            offenders.append(error["message_en"])
    assert sorted(set(offenders)) == []


def test_no_message_names_a_suit_by_its_letter():
    """ "holds S" reads like the seat S: suits are spelled out, cards carry symbols."""
    pattern = re.compile(r"\b(holds|of|declare|makes|follow with) [HDSC]\b")
    assert [e["message_en"] for e in ERRORS if pattern.search(e["message_en"])] == []
