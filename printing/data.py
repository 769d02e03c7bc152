"""What goes on each paper, as plain frozen dataclasses (no Django, no ReportLab).

``printing.selectors`` builds these from the models; ``printing.renderers`` draws them.
A test or a script can build them by hand. Result fields are optional throughout:
blank sheets leave them empty, and the same sheets print filled in once scoring
supplies them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = [
    "BoxCard",
    "BoxCardsData",
    "BracketData",
    "BracketMatch",
    "BracketSheet",
    "BracketSlot",
    "EntrantRef",
    "EntrantRow",
    "EntrantsData",
    "EventInfo",
    "GuideCard",
    "GuideCardsData",
    "GuideRound",
    "HandRecord",
    "HandRecordsData",
    "MovementData",
    "MovementRound",
    "MovementRow",
    "MovementStage",
    "PlayedResult",
    "ScheduleData",
    "ScheduleMatch",
    "ScheduleRound",
    "ScheduleStage",
    "ScoreRow",
    "ScoreSheet",
    "ScoreSheetsData",
    "Traveller",
    "TravellerRow",
    "TravellersData",
    "board_range",
    "group_hand",
]

SEATS = ("N", "E", "S", "W")
SUITS = ("H", "D", "S", "C")


@dataclass(frozen=True)
class EventInfo:
    name: str
    code: str
    venue: str = ""
    dates: str = ""

    @property
    def line(self) -> str:
        return " · ".join(p for p in (self.name, self.venue, self.dates) if p)


@dataclass(frozen=True)
class EntrantRef:
    """A team or pair as printed: its number (a Mitchell pair's number in its
    direction), its name and its players in line-up order."""

    number: int | None
    name: str = ""
    players: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        """``红山队`` for a team, ``张伟、王芳`` for a pair."""
        return self.name or "、".join(self.players)

    @property
    def numbered(self) -> str:
        prefix = f"{self.number} " if self.number is not None else ""
        return prefix + self.label


def board_range(boards: tuple[int, ...]) -> str:
    """``1–4`` for a run, ``5`` for one board, ``1, 3`` otherwise."""
    if not boards:
        return ""
    if len(boards) == 1:
        return str(boards[0])
    if list(boards) == list(range(boards[0], boards[-1] + 1)):
        return f"{boards[0]}–{boards[-1]}"
    return ", ".join(str(b) for b in boards)


@dataclass(frozen=True)
class EntrantRow:
    kind: str  # team, pair
    number: int
    name: str
    seed: int | None
    captain: str
    players: tuple[tuple[str, str], ...]  # (name, club) in line-up order


@dataclass(frozen=True)
class EntrantsData:
    event: EventInfo
    entrants: tuple[EntrantRow, ...]


# --- Mitchell ------------------------------------------------------------------------------


@dataclass(frozen=True)
class MovementRow:
    table: int
    ns: EntrantRef | None
    ew: EntrantRef | None
    board_set: int
    boards: tuple[int, ...]
    start_level: str


@dataclass(frozen=True)
class MovementRound:
    number: int
    rows: tuple[MovementRow, ...]


@dataclass(frozen=True)
class MovementStage:
    name: str
    tables: int
    boards_per_round: int
    rounds: tuple[MovementRound, ...]
    skip_after_round: int | None = None


@dataclass(frozen=True)
class MovementData:
    event: EventInfo
    stages: tuple[MovementStage, ...]


@dataclass(frozen=True)
class GuideRound:
    """One round at one table, as the table's guide card lists it."""

    round: int
    ns: EntrantRef | None
    ew: EntrantRef | None
    ew_from: int | None  # the table the arriving E–W pair played at last round
    boards: tuple[int, ...]
    start_level: str
    boards_next: int | None  # where the boards go after this round; None: to the director
    ew_next: int | None  # where this E–W pair goes next; None: the session is over
    code: str  # the table's entry code for this round
    url: str  # the absolute entry link, printed as a QR code


@dataclass(frozen=True)
class GuideCard:
    stage: str
    table: int
    rounds: tuple[GuideRound, ...]


@dataclass(frozen=True)
class GuideCardsData:
    event: EventInfo
    cards: tuple[GuideCard, ...]


# --- round robin ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ScheduleMatch:
    number: int
    home: EntrantRef | None
    away: EntrantRef | None
    home_source: str = ""  # printed when the team is not known yet
    away_source: str = ""
    group: str = ""
    tables: tuple[int, ...] = ()  # open room, closed room
    boards: str = ""


@dataclass(frozen=True)
class ScheduleRound:
    number: int
    matches: tuple[ScheduleMatch, ...]
    byes: tuple[EntrantRef, ...] = ()


@dataclass(frozen=True)
class ScheduleStage:
    name: str
    teams: tuple[EntrantRef, ...]  # in Berger order (team n is the n-th)
    rounds: tuple[ScheduleRound, ...]


@dataclass(frozen=True)
class ScheduleData:
    event: EventInfo
    stages: tuple[ScheduleStage, ...]


# --- brackets ------------------------------------------------------------------------------


@dataclass(frozen=True)
class BracketSlot:
    """A slot of a bracket match: the entrant when known, else where it comes from
    (``source`` as stored: ``seed:3``, ``winner:M5``, ``loser:M5``, ``group:A:2``)."""

    entrant: EntrantRef | None
    source: str = ""
    seed: int | None = None
    won: bool = False


@dataclass(frozen=True)
class BracketMatch:
    number: int
    side: str  # winners, losers, final
    round: int
    a: BracketSlot
    b: BracketSlot
    winner_to: int | None = None  # the match the winner plays next
    loser_to: int | None = None
    reset: bool = False
    not_needed: bool = False


@dataclass(frozen=True)
class BracketSheet:
    stage: str
    kind: str  # knockout, double_elimination
    matches: tuple[BracketMatch, ...]
    champion: EntrantRef | None = None


@dataclass(frozen=True)
class BracketData:
    event: EventInfo
    sheets: tuple[BracketSheet, ...]


# --- boards: box cards and hand records ---------------------------------------------------


@dataclass(frozen=True)
class BoxCard:
    """One board-box card (牌盒卡, 第四十三条): for one copy of a board. The fields are
    written at the first table that plays it; blank until then."""

    stage: str
    board: int
    round: int | None = None  # team formats: boards are per round
    match: str = ""  # team formats: ``M3``, each match has its own copy
    home: EntrantRef | None = None
    away: EntrantRef | None = None
    home_source: str = ""  # printed while the team is not known (``winner:M5``)
    away_source: str = ""
    start_level: str = ""  # the set's start level, printed on its first board
    level_ns: str = ""
    level_ew: str = ""
    trump: str = ""  # H, D, S, C
    declared_by: str = ""  # N, E, S, W; "" with a filled card means 翻主
    declarer: str = ""
    filled: bool = False


@dataclass(frozen=True)
class BoxCardsData:
    event: EventInfo
    cards: tuple[BoxCard, ...]


def group_hand(
    cards: tuple[str, ...] | list[str], level: str | None, trump: str | None
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """A sorted hand cut into rows: trumps apart (``"T"``: jokers, level cards, the
    trump suit, in the order given), then each side suit. Without a level only the
    jokers are set apart."""
    trumps: list[str] = []
    side: dict[str, list[str]] = {s: [] for s in SUITS}
    for card in cards:
        suit, rank = card[0], card[1:]
        if card in ("BJ", "LJ") or (level and rank == level) or (trump and suit == trump):
            trumps.append(card)
        else:
            side[suit].append(card)
    rows: list[tuple[str, tuple[str, ...]]] = [("T", tuple(trumps))]
    rows += [(s, tuple(side[s])) for s in SUITS if s != trump]
    return tuple(rows)


@dataclass(frozen=True)
class HandRecord:
    """A hand-record card (牌型卡): the four hands and the bottom (top card first)."""

    stage: str
    board: int
    hands: Mapping[str, tuple[tuple[str, tuple[str, ...]], ...]]  # seat → grouped rows
    bottom: tuple[str, ...]
    statistics: Mapping[str, Mapping[str, object]]  # seat or "bottom" → HandStats.to_dict()
    round: int | None = None
    level: str | None = None
    trump: str | None = None
    seed: str = ""


@dataclass(frozen=True)
class HandRecordsData:
    event: EventInfo
    records: tuple[HandRecord, ...]


# --- score sheets and travellers --------------------------------------------------------


@dataclass(frozen=True)
class PlayedResult:
    """What a scorecard line holds once played; every field may still be empty."""

    level_ns: str = ""
    level_ew: str = ""
    trump: str = ""
    declared_by: str = ""
    declarer: str = ""
    defender_points: int | None = None
    dig: str = ""
    outcome: str = ""  # made, broken, guang, gulupo
    levels_after_ns: str = ""
    levels_after_ew: str = ""
    score_ns: str = ""  # board points (teams) or matchpoints (pairs), as printed
    score_ew: str = ""


@dataclass(frozen=True)
class ScoreRow:
    board: int
    start_level: str = ""  # on a set's first board: both sides start there
    result: PlayedResult | None = None


@dataclass(frozen=True)
class ScoreSheet:
    """The 计分表 of one table of a team match in one session."""

    stage: str
    round: int
    match: str  # M3
    session: int
    room: str  # open, closed
    table: int
    ns: EntrantRef | None
    ew: EntrantRef | None
    ns_source: str = ""
    ew_source: str = ""
    players: Mapping[str, str] = field(default_factory=dict)  # seat → name
    rows: tuple[ScoreRow, ...] = ()
    code: str = ""


@dataclass(frozen=True)
class ScoreSheetsData:
    event: EventInfo
    sheets: tuple[ScoreSheet, ...]


@dataclass(frozen=True)
class TravellerRow:
    round: int
    table: int
    ns: EntrantRef | None
    ew: EntrantRef | None
    result: PlayedResult | None = None


@dataclass(frozen=True)
class Traveller:
    """The travelling score sheet (记分条) of one board of a pairs event."""

    stage: str
    board: int
    board_set: int
    start_level: str = ""
    rows: tuple[TravellerRow, ...] = ()


@dataclass(frozen=True)
class TravellersData:
    event: EventInfo
    travellers: tuple[Traveller, ...]
