"""JSON objects that give a key twice (`{"levels": …, "levels": …}`).

Python's `json` keeps the last value of a repeated key and says nothing, so a record
that gives two levels, two results or two plays for one seat would be judged on
whichever came last. A record is a contract (interfaces.md): a repeated key makes it
ambiguous, and it is refused (`bad_record`), never read either way.

Two hooks for `json.loads(text, object_pairs_hook=…)`:

- `mark_repeated_keys` keeps the object and notes the repeated names under
  `REPEATED_KEYS`, a key no JSON text can spell (JSON keys are strings). The record
  reader (`record.py`) refuses each object so marked with `bad_record`, and the
  commands that wrap records (compare_board, matchpoints) refuse their own objects so
  marked. The mark survives copies (`{**record}`, `dict(record)`).
- `refuse_repeated_keys` raises `RepeatedKeysError` at once, for readers that refuse a
  whole input (a board file, an API body).
"""

from __future__ import annotations

from typing import Any, Final


class _RepeatedKeys:
    """The type of the `REPEATED_KEYS` marker (a key that is not a string)."""

    def __repr__(self) -> str:
        return "REPEATED_KEYS"


REPEATED_KEYS: Final = _RepeatedKeys()


class RepeatedKeysError(ValueError):
    """A JSON object gives a key more than once."""

    def __init__(self, keys: tuple[str, ...]) -> None:
        self.keys = keys
        names = "、".join(keys)
        super().__init__(f"JSON 对象中的键重复：{names} / a JSON object repeats the key {names}")


def repeated(pairs: list[tuple[str, Any]]) -> tuple[str, ...]:
    """The keys `pairs` gives more than once, in the order they first repeat."""
    seen: set[str] = set()
    again: list[str] = []
    for key, _ in pairs:
        if key in seen and key not in again:
            again.append(key)
        seen.add(key)
    return tuple(again)


def mark_repeated_keys(pairs: list[tuple[str, Any]]) -> dict[Any, Any]:
    """`object_pairs_hook`: the object, with its repeated keys noted under REPEATED_KEYS."""
    out: dict[Any, Any] = dict(pairs)
    if len(out) < len(pairs):
        out[REPEATED_KEYS] = repeated(pairs)
    return out


def refuse_repeated_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """`object_pairs_hook`: the object; RepeatedKeysError when it repeats a key."""
    out = dict(pairs)
    if len(out) < len(pairs):
        raise RepeatedKeysError(repeated(pairs))
    return out
