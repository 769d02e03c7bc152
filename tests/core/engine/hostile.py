"""Hostile JSON for the fuzz tests of the engine and of the JSON commands (issue 17)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**400), max_value=10**400)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | st.sampled_from(
        [
            "N",
            "E",
            "S",
            "W",
            "NS",
            "EW",
            "H",
            "SA",
            "BJ",
            "LJ",
            "大王",
            "7",
            "K",
            "J",
            "",
            "xiaosa",
            "grab",
            "chifeng-2007",
            "chifeng-club",
            "shengji",
            "duidiao-board/1",
        ]
    )  # fmt: skip
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner, max_size=6)
    ),
    max_leaves=30,
)


def deep(depth: int, leaf: Any = 1) -> Any:
    """A value nested `depth` lists deep, built without recursion."""
    value = leaf
    for _ in range(depth):
        value = [value]
    return value
