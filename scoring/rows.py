"""The read model of the scores: the frozen rows every face renders.

Standings, cross-tables and match scores are built once, by ``scoring.selectors``
(:func:`~scoring.selectors.standings_rows`, :func:`~scoring.selectors.cross_table_rows`,
:func:`~scoring.selectors.match_lines`), for one reader: an official sees what scoring
stored; anyone else counts only the boards players may see (第二十八条之6). The stage
page, ``/standings/``, the API, the PDFs and the spreadsheets map these rows to their
own shape and format the numbers (``core.numbers.format_number``), so the same reader
reads the same numbers on each. Values stay exact (``Decimal`` as stored, ``Fraction``
where a player's running total is counted afresh).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from core.formats.bracket import Bracket, BracketState
from core.standings import CrossTable

__all__ = [
    "BracketRows",
    "CrossTableRows",
    "EntrantTag",
    "MatchLine",
    "MatchSeen",
    "StandingLine",
]


@dataclass(frozen=True)
class EntrantTag:
    """Who a row is about: enough for a face to name it (the API's ``EntrantRef`` reads
    these attributes; printing adds the players' names)."""

    id: int
    kind: str
    number: int
    name: str


@dataclass(frozen=True)
class StandingLine:
    """An entrant's line in a ranking as its reader may see it. Team tables fill the
    round-robin columns (第二十五条), a Mitchell the pairs columns (第二十八条), a final or
    a bracket only the place."""

    entrant: EntrantTag
    place: int
    shared: bool
    group_label: str
    direction: str
    tie: str
    flagged: bool
    note: str
    played: int
    won: int
    drawn: int
    lost: int
    match_points: int
    score_for: Decimal
    score_against: Decimal
    boards: int
    matchpoints: Decimal | Fraction
    adjustment: Decimal
    total: Decimal | Fraction
    top: int
    percentage: Decimal | Fraction | None
    byes: int
    opponents_points: int
    net_levels: int

    @property
    def entrant_id(self) -> int:
        return self.entrant.id


@dataclass(frozen=True)
class CrossTableRows:
    """A round robin's cross-table (交叉表) as its reader may see it, with the group's
    standings lines beside it (the total and place columns)."""

    table: CrossTable[int]
    lines: tuple[StandingLine, ...]


@dataclass(frozen=True)
class MatchLine:
    """A match's score as its reader may see it: for a player, while a scored board of
    it is hidden (``hidden`` > 0), the shown boards' points (and the adjustments), the
    shown boards alone counted as compared (``boards_scored``), no match points and no
    decision yet (第二十八条之6)."""

    match_id: int
    number: int
    home_id: int | None
    away_id: int | None
    home: Decimal
    away: Decimal
    home_board_points: int
    away_board_points: int
    home_adjustment: Decimal
    away_adjustment: Decimal
    home_match_points: int
    away_match_points: int
    decision: str
    winner_id: int | None
    boards_scored: int
    boards_expected: int
    needs_review: bool
    note_zh: str
    note_en: str
    hidden: int


@dataclass(frozen=True)
class MatchSeen:
    """Who plays a match, who won it and where it stands, as its reader may see them:
    for a player a match with a scored board still hidden has no winner and is not
    finished, and in a bracket nobody has moved on from it into a later match
    (第二十八条之6) — whatever scoring stored. ``status`` is a ``Match.Status`` value."""

    home_id: int | None
    away_id: int | None
    winner_id: int | None
    status: str


@dataclass(frozen=True)
class BracketRows:
    """A knockout's or a double elimination's bracket as its reader may see it: the
    bracket, who sits where and who won (``state``, by seed), and each match's score
    (``lines``, by match number). For a player a match with a scored board still hidden
    is not decided (第二十八条之6): no winner, nobody moved on from it, no place from it
    — whatever scoring stored. An unconfirmed result counts for nobody (scoring scores
    confirmed results only)."""

    bracket: Bracket
    state: BracketState
    seeds: dict[int, int]  # seed → entrant id
    lines: dict[int, MatchLine]  # match number → its score as the reader sees it

    def entrant(self, seed: int | None) -> int | None:
        """The entrant id of ``seed`` (None for a slot not known yet)."""
        return self.seeds.get(seed) if seed is not None else None

    def winner(self, number: int) -> int | None:
        """The entrant id of match ``number``'s winner as the reader sees it."""
        result = self.state.results.get(number)
        return self.entrant(result.winner) if result is not None else None

    @property
    def champion(self) -> int | None:
        return self.entrant(self.state.champion)

    @property
    def runner_up(self) -> int | None:
        return self.entrant(self.state.runner_up)
