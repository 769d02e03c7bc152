"""Playing brackets out in tests: by a seeded random choice, or every way there is."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping

from core.formats.bracket import (
    Bracket,
    BracketState,
    Result,
    Seed,
    advance,
    record_result,
)


def play_out(bracket: Bracket, rng: random.Random) -> tuple[BracketState, dict[int, Result]]:
    """Enter a random winner for the next ready match until none is left."""
    results: dict[int, Result] = {}
    while True:
        state = advance(bracket, results)
        if not state.ready:
            return state, results
        match_id = state.ready[0]
        pair = state.occupants[match_id]
        update = record_result(bracket, results, match_id, rng.choice(pair))
        assert update.invalidated == ()
        results = dict(update.results)


def every_outcome(
    bracket: Bracket, results: Mapping[int, Result] | None = None
) -> Iterator[tuple[BracketState, dict[int, Result]]]:
    """Every way the bracket can be played to the end (2^matches paths at most)."""
    results = dict(results or {})
    state = advance(bracket, results)
    if not state.ready:
        yield state, results
        return
    match_id = state.ready[0]
    a, b = state.occupants[match_id]
    assert a is not None and b is not None
    for winner in (a, b):
        yield from every_outcome(bracket, {**results, match_id: Result(a, b, winner)})


def losses(state: BracketState) -> Counter[int]:
    return Counter(r.loser for r in state.results.values())


def who_can_reach(bracket: Bracket) -> dict[int, tuple[frozenset[int], frozenset[int]]]:
    """For each match, the seeds that some run of results could put in slots a and b."""
    reach: dict[int, tuple[frozenset[int], frozenset[int]]] = {}
    for m in bracket.matches:
        slots = []
        for source in m.sources:
            if isinstance(source, Seed):
                slots.append(frozenset({source.seed}))
            else:
                a, b = reach[source.match]
                slots.append(a | b)
        reach[m.id] = (slots[0], slots[1])
    return reach
