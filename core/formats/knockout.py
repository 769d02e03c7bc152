"""Single elimination (单淘汰赛, 第二十七条之1).

Each round halves the field. A field that is not a power of two is filled with byes
(轮空) that go to the top seeds, by the standard seeding order, so a bye always
faces a real team and the best seeds are spared the first round.
"""

from __future__ import annotations

from .bracket import (
    Bracket,
    BracketState,
    LoserOf,
    Match,
    ProtoMatch,
    ProtoSeed,
    ProtoWinner,
    Result,
    ResultUpdate,
    Seed,
    Side,
    Source,
    WinnerOf,
    advance,
    build_bracket,
    check_entrants,
    clear_result,
    record_result,
)

__all__ = [
    "Bracket",
    "BracketState",
    "LoserOf",
    "Match",
    "Result",
    "ResultUpdate",
    "Seed",
    "Side",
    "Source",
    "WinnerOf",
    "advance",
    "bracket_size",
    "clear_result",
    "first_round_pairs",
    "knockout",
    "record_result",
    "seeding_order",
]


def bracket_size(entrants: int) -> int:
    """The smallest power of two that holds the field (2 for 2, 8 for 5…8)."""
    size = 2
    while size < entrants:
        size *= 2
    return size


def seeding_order(size: int) -> tuple[int, ...]:
    """Seeds from the top line of a ``size`` bracket to the bottom.

    Built by doubling: going from a bracket of w lines to one of 2w, each seed s is
    followed by its new first-round opponent 2w + 1 − s. Seeds 1 and 2 can meet only in
    the final, 1–4 only from the semi-finals on, and so on; every first-round pair adds
    up to ``size + 1`` (1–16, 8–9, 4–13, 5–12, 2–15, 7–10, 3–14, 6–11 for 16).
    """
    if size < 1 or size & (size - 1):
        raise ValueError(f"签表大小必须是2的幂 / a bracket size must be a power of two: {size}")
    order = [1]
    width = 1
    while width < size:
        width *= 2
        order = [seed for s in order for seed in (s, width + 1 - s)]
    return tuple(order)


def first_round_pairs(entrants: int) -> tuple[tuple[int, int], ...]:
    """First-round lines of the full bracket, byes included (seeds > ``entrants``).

    Top seeds take the byes: seed s > n faces size + 1 − s ≤ size − n < n + 1, always a
    real team, so two byes never meet.
    """
    order = seeding_order(bracket_size(entrants))
    return tuple((order[i], order[i + 1]) for i in range(0, len(order), 2))


def winners_layout(size: int) -> list[ProtoMatch]:
    """A full winners' bracket of ``size`` lines: rounds 1..log2(size), keys ("W", r, i)."""
    order = seeding_order(size)
    layout = [
        ProtoMatch(
            ("W", 1, i), Side.WINNERS, 1, ProtoSeed(order[2 * i]), ProtoSeed(order[2 * i + 1])
        )
        for i in range(size // 2)
    ]
    count, r = size // 4, 2
    while count >= 1:
        layout += [
            ProtoMatch(
                ("W", r, i),
                Side.WINNERS,
                r,
                ProtoWinner(("W", r - 1, 2 * i)),
                ProtoWinner(("W", r - 1, 2 * i + 1)),
            )
            for i in range(count)
        ]
        count, r = count // 2, r + 1
    return layout


def knockout(entrants: int) -> Bracket:
    """A single-elimination bracket for seeds 1..``entrants`` (any field of 2 or more).

    The last match is the final; matches are numbered round by round from the top.
    """
    check_entrants(entrants)
    return build_bracket("knockout", entrants, winners_layout(bracket_size(entrants)))
