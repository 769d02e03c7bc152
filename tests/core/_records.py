"""Result-only board records (interfaces.md lets comparisons carry only these fields),
judged by the engine so every test scores what the engine says, not a hand-made outcome.
"""

from __future__ import annotations

from typing import Any

from core.results import PlayResult, judge_record


def record(
    points: int,
    dig: str | None = None,
    *,
    declarer: str = "S",
    levels: tuple[str, str] = ("7", "7"),
    xiaosa: list[str] | None = None,
    board: int | None = None,
) -> dict[str, Any]:
    """A record with only levels, declarer, trump and result (no `format`, as embedded)."""
    result: dict[str, Any] = {"defender_points": points, "dig": dig}
    if xiaosa is not None:
        result["xiaosa"] = xiaosa
    data: dict[str, Any] = {
        "levels": {"NS": levels[0], "EW": levels[1]},
        "declarer": declarer,
        "trump": "H",
        "result": result,
    }
    if board is not None:
        data["board"] = board
    return data


def play(points: int, dig: str | None = None, **kwargs: Any) -> PlayResult:
    """The engine's result for `record(points, dig, **kwargs)`; the record must be valid."""
    verdict, result = judge_record(record(points, dig, **kwargs))
    assert result is not None, verdict.to_dict()["errors"]
    return result
