"""The slot model shared by knockout and double elimination (淘汰赛, 第二十七条).

A bracket is a list of matches in playing order; each match has two slots, and each
slot is fed by a seed (种子), the winner of an earlier match or — in double
elimination — its loser. Results are kept apart from the bracket, keyed by match id,
so the bracket itself never changes once drawn and everything else (who sits where,
what is decided, who is out) is recomputed from the results by :func:`advance`. That
makes correcting a result safe: whatever no longer follows from the results simply
stops counting, and :func:`record_result` says which results that was.

Builders lay out a full power-of-two bracket with phantom seeds past the field
(轮空, byes) and then fold the byes away with :func:`build_bracket`, so the same
builder serves every field size and the stored bracket holds only matches that are
really played.
"""

from __future__ import annotations

import enum
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ._errors import FormatError

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
    "bracket_places",
    "build_bracket",
    "clear_result",
    "play_rounds",
    "record_result",
]


@dataclass(frozen=True)
class Seed:
    """The slot holds seed ``seed`` (种子号; 1 is the best)."""

    seed: int

    def to_dict(self) -> dict[str, int]:
        return {"seed": self.seed}


@dataclass(frozen=True)
class WinnerOf:
    """The slot holds the winner (胜者) of match ``match``."""

    match: int

    def to_dict(self) -> dict[str, int]:
        return {"winner_of": self.match}


@dataclass(frozen=True)
class LoserOf:
    """The slot holds the loser (负者) of match ``match``: a drop to the losers' bracket."""

    match: int

    def to_dict(self) -> dict[str, int]:
        return {"loser_of": self.match}


Source = Seed | WinnerOf | LoserOf


class BracketPart(enum.StrEnum):
    """Which part of the bracket a match belongs to."""

    WINNERS = "winners"  # 胜区 (the whole bracket in a knockout)
    LOSERS = "losers"  # 负区
    FINAL = "final"  # 决赛 between the two bracket winners
    PLACING = "placing"  # 名次赛: a third-place match and the other placing matches


@dataclass(frozen=True)
class BracketMatch:
    """One match of a bracket; ``a`` is the upper slot as drawn, ``b`` the lower."""

    id: int
    side: BracketPart
    round: int  # round within its side, as laid out before byes were folded away
    a: Source
    b: Source
    #: A bracket-reset final (加赛决赛) with slots ``WinnerOf(final)``, ``LoserOf(final)``:
    #: played only if the first final went to the team from the losers' bracket (its
    #: slot ``b``), so that the champion is the only team that has not lost twice.
    reset: bool = False
    #: A placing match (名次赛): the best place its winner and its loser can still get
    #: (5, 7 for a semi-final of places 5–8; 3, 4 for the third-place match).
    places: tuple[int, int] | None = None

    @property
    def sources(self) -> tuple[Source, Source]:
        return (self.a, self.b)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "side": self.side.value,
            "round": self.round,
            "slots": [self.a.to_dict(), self.b.to_dict()],
            "reset": self.reset,
        }
        if self.places is not None:
            out["places"] = list(self.places)
        return out


@dataclass(frozen=True)
class Bracket:
    """A drawn bracket for seeds 1..``entrants``; ``matches`` in an order fit to play."""

    kind: str
    entrants: int
    matches: tuple[BracketMatch, ...]

    def match(self, match_id: int) -> BracketMatch:
        for m in self.matches:
            if m.id == match_id:
                return m
        raise KeyError(match_id)

    @property
    def ids(self) -> tuple[int, ...]:
        return tuple(m.id for m in self.matches)

    def dependants(self, match_id: int) -> tuple[int, ...]:
        """Matches fed, directly or not, by ``match_id``'s winner or loser."""
        found: set[int] = {match_id}
        for m in self.matches:
            if any(isinstance(s, WinnerOf | LoserOf) and s.match in found for s in m.sources):
                found.add(m.id)
        return tuple(m.id for m in self.matches if m.id in found and m.id != match_id)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "entrants": self.entrants,
            "matches": [m.to_dict() for m in self.matches],
        }


@dataclass(frozen=True)
class Result:
    """A played match: the pairing as it sat (slot ``a``, slot ``b``) and the winner.

    The pairing is kept, not just the winner, so a result stays tied to the match that
    was actually played: once a correction upstream puts someone else in a slot — or
    the same two teams the other way round, as in a final whose sides have changed —
    the old result no longer fits and stops counting.
    """

    a: int
    b: int
    winner: int  # 胜者

    def __post_init__(self) -> None:
        if self.a == self.b or self.winner not in (self.a, self.b):
            raise FormatError(
                f"成绩不成立：{self.a}对{self.b}，胜者{self.winner}",
                f"impossible result: {self.a} v {self.b} won by {self.winner}",
                article="第二十七条",
            )

    @property
    def loser(self) -> int:  # 负者
        return self.b if self.winner == self.a else self.a


@dataclass(frozen=True)
class BracketState:
    """Everything that follows from a bracket and a set of results."""

    occupants: Mapping[int, tuple[int | None, int | None]]  # match id → (slot a, slot b)
    results: Mapping[int, Result]  # the results that count
    invalid: tuple[int, ...]  # ids whose given results do not fit (or name no match)
    decided: tuple[int, ...]
    ready: tuple[int, ...]  # both slots known, no result that counts: to be played next
    not_needed: tuple[int, ...]  # a reset final that the first final made unnecessary
    eliminated: Mapping[int, int]  # seed → the match where it went out (淘汰)
    champion: int | None  # 冠军
    runner_up: int | None  # 亚军

    def losses(self, seed: int) -> int:
        """How many counted results ``seed`` lost."""
        return sum(1 for r in self.results.values() if r.loser == seed)


@dataclass(frozen=True)
class ResultUpdate:
    """Results after a change, and the ids whose results the change threw out."""

    results: Mapping[int, Result]
    invalidated: tuple[int, ...]


# --- laying out -----------------------------------------------------------------------


@dataclass(frozen=True)
class ProtoSeed:
    seed: int


@dataclass(frozen=True)
class ProtoWinner:
    key: Hashable


@dataclass(frozen=True)
class ProtoLoser:
    key: Hashable


ProtoSource = ProtoSeed | ProtoWinner | ProtoLoser


@dataclass(frozen=True)
class ProtoMatch:
    """A match of the full power-of-two layout, named by a builder's own key."""

    key: Hashable
    side: BracketPart
    round: int
    a: ProtoSource
    b: ProtoSource
    reset: bool = False
    places: tuple[int, int] | None = None


class _Bye:
    """Stands in a slot that no entrant will fill (轮空)."""

    def __repr__(self) -> str:
        return "BYE"


_BYE = _Bye()
_Folded = Seed | ProtoWinner | ProtoLoser | _Bye


def build_bracket(kind: str, entrants: int, layout: Iterable[ProtoMatch]) -> Bracket:
    """Fold byes out of a full layout and number the matches that remain 1, 2, ….

    Seeds above ``entrants`` are byes. A match with one bye is not played: its winner
    is the other slot and its loser is a bye; a match of two byes yields byes both
    ways. Dependants are rewired to whatever the folded match would have passed on.
    """
    winner_alias: dict[Hashable, _Folded] = {}
    loser_alias: dict[Hashable, _Folded] = {}
    kept: list[tuple[ProtoMatch, _Folded, _Folded]] = []

    def fold(source: ProtoSource) -> _Folded:
        if isinstance(source, ProtoSeed):
            return _BYE if source.seed > entrants else Seed(source.seed)
        if isinstance(source, ProtoWinner):
            return winner_alias.get(source.key, source)
        return loser_alias.get(source.key, source)

    for proto in layout:
        a, b = fold(proto.a), fold(proto.b)
        if a is _BYE or b is _BYE:
            winner_alias[proto.key] = b if a is _BYE else a
            loser_alias[proto.key] = _BYE
        else:
            kept.append((proto, a, b))

    ids = {proto.key: i for i, (proto, _, _) in enumerate(kept, start=1)}

    def resolve(source: _Folded) -> Source:
        if isinstance(source, Seed):
            return source
        if isinstance(source, ProtoWinner):
            return WinnerOf(ids[source.key])
        if isinstance(source, ProtoLoser):
            return LoserOf(ids[source.key])
        raise AssertionError("a bye survived folding")  # pragma: no cover

    matches = tuple(
        BracketMatch(
            id=ids[proto.key],
            side=proto.side,
            round=proto.round,
            a=resolve(a),
            b=resolve(b),
            reset=proto.reset,
            places=proto.places,
        )
        for proto, a, b in kept
    )
    return Bracket(kind=kind, entrants=entrants, matches=matches)


def check_entrants(entrants: int, *, maximum: int | None = None) -> None:
    """Refuse a field a bracket cannot be drawn for (bilingual, 第二十七条)."""
    if entrants < 2:
        raise FormatError(
            f"淘汰赛至少需要2支队，现有{entrants}支",
            f"a bracket needs at least 2 entrants, got {entrants}",
            article="第二十七条",
        )
    if maximum is not None and entrants > maximum:
        raise FormatError(
            f"此赛制最多{maximum}支队，现有{entrants}支",
            f"this format takes at most {maximum} entrants, got {entrants}",
            article="第二十七条",
        )


# --- playing --------------------------------------------------------------------------


def advance(bracket: Bracket, results: Mapping[int, Result]) -> BracketState:
    """Who sits in every slot, given ``results`` keyed by match id.

    Walks the matches in order. A result counts only if both slots are filled and it
    names exactly those two teams in those slots; otherwise it is listed in ``invalid`` and the
    match stays open, so everything downstream of it is open too. Pure: nothing is
    stored, the same inputs always give the same state.
    """
    occupants: dict[int, tuple[int | None, int | None]] = {}
    counted: dict[int, Result] = {}
    invalid: list[int] = []
    ready: list[int] = []
    not_needed: list[int] = []
    needed_losers: set[int] = set()  # matches whose loser plays on

    def fill(source: Source) -> int | None:
        if isinstance(source, Seed):
            return source.seed
        played = counted.get(source.match)
        if played is None:
            return None
        return played.winner if isinstance(source, WinnerOf) else played.loser

    for m in bracket.matches:
        pair: tuple[int | None, int | None] = (fill(m.a), fill(m.b))
        needed = True
        if m.reset and isinstance(m.a, WinnerOf):
            final = counted.get(m.a.match)
            if final is not None and final.winner == occupants[m.a.match][0]:
                needed = False
                pair = (None, None)
                not_needed.append(m.id)
        occupants[m.id] = pair
        given = results.get(m.id)
        if given is not None and needed and (given.a, given.b) == pair:
            counted[m.id] = given
        else:
            if given is not None:
                invalid.append(m.id)
            if needed and None not in pair:
                ready.append(m.id)
        if needed:
            needed_losers.update(s.match for s in m.sources if isinstance(s, LoserOf))

    known = set(occupants)
    invalid.extend(sorted(i for i in results if i not in known))

    eliminated: dict[int, int] = {}
    for match_id, played in counted.items():
        if match_id not in needed_losers:
            eliminated[played.loser] = match_id

    champion = runner_up = None
    last = _deciding_match(bracket, not_needed)
    if last is not None and last.id in counted:
        champion, runner_up = counted[last.id].winner, counted[last.id].loser

    return BracketState(
        occupants=occupants,
        results=counted,
        invalid=tuple(invalid),
        decided=tuple(m.id for m in bracket.matches if m.id in counted),
        ready=tuple(ready),
        not_needed=tuple(not_needed),
        eliminated=eliminated,
        champion=champion,
        runner_up=runner_up,
    )


def _deciding_match(bracket: Bracket, not_needed: Sequence[int]) -> BracketMatch | None:
    """The match whose winner is champion: the last one still needed (placing matches
    decide lower places)."""
    for m in reversed(bracket.matches):
        if m.id not in not_needed and m.side is not BracketPart.PLACING:
            return m
    return None


def bracket_places(bracket: Bracket, state: BracketState) -> dict[int, tuple[int, bool]]:
    """Seed → (place, shared) for every team whose place is settled.

    冠军 and 亚军 from the deciding match; a placing match (名次赛) gives its winner and
    its loser the places it is for. Every other team out of the bracket shares a place
    with the teams that went out in the same round (a knockout's losing quarter-
    finalists share 5th without placing matches; in double elimination the teams out
    in the same losers' round share a place): one below all the teams still in or out
    later. Places beyond the final in double elimination come from this count.
    """
    places: dict[int, tuple[int, bool]] = {}
    if state.champion is not None and state.runner_up is not None:
        places[state.champion] = (1, False)
        places[state.runner_up] = (2, False)
    fed_winners = {s.match for m in bracket.matches for s in m.sources if isinstance(s, WinnerOf)}
    fed_losers = {s.match for m in bracket.matches for s in m.sources if isinstance(s, LoserOf)}
    for m in bracket.matches:
        played = state.results.get(m.id)
        if played is None or m.places is None:
            continue
        if m.id not in fed_winners:
            places[played.winner] = (m.places[0], False)
        if m.id not in fed_losers:
            places[played.loser] = (m.places[1], False)
    by_match = {m.id: m for m in bracket.matches}

    def level(match_id: int) -> tuple[int, int]:
        m = by_match[match_id]
        return (1 if m.side is BracketPart.FINAL else 0, m.round)

    counted = {seed: level(mid) for seed, mid in state.eliminated.items() if seed not in places}
    seeds = range(1, bracket.entrants + 1)
    for seed, out in counted.items():
        better = sum(1 for s in seeds if s not in counted or counted[s] > out)
        same = sum(1 for s in counted.values() if s == out)
        places[seed] = (better + 1, same > 1)
    return places


def record_result(
    bracket: Bracket, results: Mapping[int, Result], match_id: int, winner: int
) -> ResultUpdate:
    """Enter or correct the result of ``match_id`` as a win for seed ``winner``.

    Returns the new results with every result that no longer follows removed, and
    those ids: a corrected result resets its dependants (更正成绩后其后续比赛作废).
    """
    state = advance(bracket, results)
    a, b = state.occupants.get(match_id, (None, None))
    if a is None or b is None:
        raise FormatError(
            f"第{match_id}场对阵尚未确定，不能登记成绩",
            f"match {match_id} has no two teams yet; no result can be entered",
            article="第二十七条",
        )
    if winner not in (a, b):
        raise FormatError(
            f"{winner}号不在第{match_id}场（{a}对{b}）",
            f"seed {winner} is not in match {match_id} ({a} v {b})",
            article="第二十七条",
        )
    changed = dict(results)
    changed[match_id] = Result(a=a, b=b, winner=winner)
    return _settle(bracket, changed)


def clear_result(bracket: Bracket, results: Mapping[int, Result], match_id: int) -> ResultUpdate:
    """Withdraw the result of ``match_id`` (e.g. a replay is ordered) and its dependants'."""
    changed = {k: v for k, v in results.items() if k != match_id}
    return _settle(bracket, changed)


def _settle(bracket: Bracket, results: dict[int, Result]) -> ResultUpdate:
    state = advance(bracket, results)
    invalid = set(state.invalid)
    return ResultUpdate(
        results={k: v for k, v in results.items() if k not in invalid},
        invalidated=tuple(sorted(invalid)),
    )


def play_rounds(bracket: Bracket) -> dict[int, int]:
    """A playing round for each match: one after the latest match feeding it (the
    rounds a director calls, whichever side of the bracket a match is on)."""
    rounds: dict[int, int] = {}
    for m in bracket.matches:
        fed = [rounds[s.match] for s in m.sources if isinstance(s, WinnerOf | LoserOf)]
        rounds[m.id] = max(fed, default=0) + 1
    return rounds
