"""What a shared place with no tie code says (``scoring.reasons.tie_reason``): it is
true for the format it is in. Pairs share on matchpoints (第二十八条之7); Swiss teams
only when level on every tie-break, in the order of ``core.standings.swiss_standings``;
a bracket's places (第二十七条) or a table before any match, on what has been decided.
Before, every one of them read the pairs' sentence."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.utils import translation

from scoring.reasons import tie_mark, tie_reason


def row(**fields):
    return SimpleNamespace(
        **({"tie": "", "shared": True, "note": "", "played": 0, "boards": 0} | fields)
    )


@pytest.mark.parametrize(
    "fields, zh, en",
    [
        ({"boards": 6}, "比赛分相同，并列", "level on matchpoints"),
        ({"played": 3}, "场分、对手场分、净跳级数和得分都相同，并列", "net jump levels"),
        ({}, "成绩相同，并列名次", "level on what has been decided"),
    ],
)
def test_a_shared_place_says_why_for_its_own_format(fields, zh, en) -> None:
    shared = row(**fields)
    with translation.override("zh-hans"):
        assert tie_reason(shared) == zh and tie_mark(shared) == "并列"
    with translation.override("en"):
        assert en in tie_reason(shared)
    assert tie_reason(row(shared=False, **fields)) == ""
