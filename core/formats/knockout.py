"""Single elimination (单淘汰赛, 第二十七条之1).

Each round halves the field. A field that is not a power of two is filled with byes
(轮空) that go to the top seeds, by the standard seeding order, so a bye always
faces a real team and the best seeds are spared the first round.

Placing matches (名次赛) are an option: ``places=4`` adds the third-place match between
the losing semi-finalists, ``places=8`` also the places 5–8 (the losing quarter-
finalists play two matches, then the winners for 5th and the losers for 7th), and so
on — the classic classification of a knockout, each group of losers playing a
knockout of its own for the places it can still reach.
"""

from __future__ import annotations

from ._errors import FormatError
from .bracket import (
    Bracket,
    BracketMatch,
    BracketPart,
    BracketState,
    LoserOf,
    ProtoLoser,
    ProtoMatch,
    ProtoSeed,
    ProtoSource,
    ProtoWinner,
    Result,
    ResultUpdate,
    Seed,
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
    "BracketMatch",
    "Result",
    "ResultUpdate",
    "Seed",
    "BracketPart",
    "Source",
    "WinnerOf",
    "advance",
    "bracket_size",
    "check_places",
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
            ("W", 1, i),
            BracketPart.WINNERS,
            1,
            ProtoSeed(order[2 * i]),
            ProtoSeed(order[2 * i + 1]),
        )
        for i in range(size // 2)
    ]
    count, r = size // 4, 2
    while count >= 1:
        layout += [
            ProtoMatch(
                ("W", r, i),
                BracketPart.WINNERS,
                r,
                ProtoWinner(("W", r - 1, 2 * i)),
                ProtoWinner(("W", r - 1, 2 * i + 1)),
            )
            for i in range(count)
        ]
        count, r = count // 2, r + 1
    return layout


def placing_layout(
    sources: list[ProtoSource], first: int, places: int, key: tuple[int, ...] = ()
) -> list[ProtoMatch]:
    """Placing matches for the teams of ``sources``, who compete for places ``first``
    onwards: pair them off; the winners play on for ``first``…, the losers for the
    lower half of the places, as far as ``places``."""
    count = len(sources)
    if count < 2 or first > places:
        return []
    half = count // 2
    matches = [
        ProtoMatch(
            ("P", first, count, *key, i),
            BracketPart.PLACING,
            len(key) + 1,
            sources[2 * i],
            sources[2 * i + 1],
            places=(first, first + half),
        )
        for i in range(half)
    ]
    winners: list[ProtoSource] = [ProtoWinner(m.key) for m in matches]
    losers: list[ProtoSource] = [ProtoLoser(m.key) for m in matches]
    return (
        matches
        + placing_layout(winners, first, places, (*key, 0))
        + placing_layout(losers, first + half, places, (*key, 1))
    )


def check_places(entrants: int, places: int) -> None:
    """Places decided must be 2 (the final only) or a larger power of two."""
    if places < 2 or places & (places - 1) or places > bracket_size(entrants):
        raise FormatError(
            f"决出名次数必须是2、4、8…且不超过签表大小{bracket_size(entrants)}，现为{places}",
            f"the places decided must be 2, 4, 8… up to the bracket size "
            f"{bracket_size(entrants)}, got {places}",
            article="第二十七条",
        )


def knockout(entrants: int, *, places: int = 2) -> Bracket:
    """A single-elimination bracket for seeds 1..``entrants`` (any field of 2 or more).

    Matches are numbered round by round from the top; the title bracket's last match
    is the final. ``places`` > 2 adds the placing matches for places 3…``places``
    after it (a third-place match for 4), numbered after the final.
    """
    check_entrants(entrants)
    check_places(entrants, places)
    size = bracket_size(entrants)
    layout = winners_layout(size)
    depth = size.bit_length() - 1
    for r in range(depth - 1, 0, -1):
        out = size >> r  # teams losing in round r, competing for places out+1 … 2·out
        if out + 1 > places:
            break
        losers: list[ProtoSource] = [ProtoLoser(("W", r, i)) for i in range(out)]
        layout += placing_layout(losers, out + 1, places)
    return build_bracket("knockout", entrants, layout)
