"""What goes on each paper, as plain frozen dataclasses (no Django, no ReportLab).

``printing.selectors`` builds these from the models; ``printing.renderers`` draws them.
A test or a script can build them by hand. Result fields are optional throughout:
blank sheets leave them empty, and the same sheets print filled in once scoring
supplies them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from core.engine import SEAT_NAMES
from core.formats.movement import Balance
from core.numbers import format_number as number_text
from core.results import XiaosaPut

__all__ = [
    "BoxCard",
    "BoxCardsData",
    "BracketData",
    "BracketBox",
    "BracketSheet",
    "BracketSlot",
    "CrossTableData",
    "MatchBoardLine",
    "MatchResult",
    "ResultsData",
    "RulingAction",
    "RulingSlip",
    "RulingSlipsData",
    "PrintedStanding",
    "StandingsData",
    "StandingsStage",
    "StandingsTable",
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
    "ScorecardLine",
    "ScorecardsData",
    "Traveller",
    "TravellerRow",
    "TravellersData",
    "BoardHandout",
    "BoardHandoutsData",
    "HandoutRow",
    "ScoreCard",
    "ScoreCardLine",
    "ScoreCardsData",
    "TableCard",
    "TableCardsData",
    "TravellerRecord",
    "TravellerRecordsData",
    "board_range",
    "group_hand",
    "number_text",
]

SEATS = SEAT_NAMES
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


@dataclass(frozen=True)
class PinCard:
    """A team's or pair's own card with its PIN (录入密码): handed to that team or pair
    only, never left at a table."""

    kind: str  # team, pair
    number: int
    name: str
    players: tuple[str, ...]
    pin: str
    stage: str  # the PIN holds in this stage only
    #: A Mitchell pair's direction (NS, EW) and itself numbered in it, as the table
    #: papers name it (南北：7 …); None for a team or a pair with no direction.
    direction: str = ""
    seat: EntrantRef | None = None


@dataclass(frozen=True)
class PinCardsData:
    event: EventInfo
    cards: tuple[PinCard, ...]


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
    sit_out: tuple[EntrantRef, ...] = ()  # 轮空: pairs with no table this round


@dataclass(frozen=True)
class MovementStage:
    name: str
    tables: int
    boards_per_round: int
    rounds: tuple[MovementRound, ...]
    skip_after_round: int | None = None
    howell: bool = False  # both pairs move: the rule line says so
    #: A Howell's comparison balance (比较次数), counted from the stored tables.
    balance: Balance | None = None


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
    code: str  # the table's entry code for this round; empty when the table sits out
    url: str  # the absolute entry link, printed as a QR code
    ns_next: int | None = None  # a Howell's N–S pair moves too: where it goes next


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
    score: str = ""  # the match score once played (board points less penalties)


@dataclass(frozen=True)
class BracketBox:
    number: int
    side: str  # winners, losers, final, placing
    round: int
    a: BracketSlot
    b: BracketSlot
    winner_to: int | None = None  # the match the winner plays next
    loser_to: int | None = None
    reset: bool = False
    not_needed: bool = False
    places: tuple[int, int] | None = None  # a placing match: best place of winner, loser
    progress: tuple[int, int] | None = None  # (boards scored, of) while under way
    tiebreak: bool = False  # level after its boards: to be played off (第二十七条)


@dataclass(frozen=True)
class BracketSheet:
    stage: str
    kind: str  # knockout, double_elimination
    matches: tuple[BracketBox, ...]
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
    first_table: int | None = None  # the table that plays this copy first, when known
    first_room: str = ""  # open, closed (team formats)


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
    """A hand-record card (牌型卡): the four hands and the bottom (top card first),
    sorted and counted for one copy's level and trump."""

    stage: str
    board: int
    hands: Mapping[str, tuple[tuple[str, tuple[str, ...]], ...]]  # seat → grouped rows
    bottom: tuple[str, ...]
    statistics: Mapping[str, Mapping[str, object]]  # seat or "bottom" → HandStats.to_dict()
    round: int | None = None
    level: str | None = None
    trump: str | None = None
    seed: str = ""
    # Team play: the matches whose copies this record is (each match has its own copy
    # and box card, 第四十三条), and that box card as written at the first table.
    matches: tuple[str, ...] = ()
    level_ns: str = ""
    level_ew: str = ""
    declared_by: str = ""  # "" with a filled card: 翻主
    declarer: str = ""
    filled: bool = False


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
    xiaosa: tuple[XiaosaPut, ...] = ()  # 潇洒 (第十六条): who put in which joker
    xiaosa_levels: int = 0
    jump_ns: int | None = None  # the jump levels each side earned (跳级, 第二十四条)
    jump_ew: int | None = None


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


# --- standings and results ----------------------------------------------------------------


@dataclass(frozen=True)
class PrintedStanding:
    """One entrant's line in a ranking as printed: the read model's
    ``scoring.rows.StandingLine`` with its numbers written out (``number_text``). Team
    tables fill the round-robin columns, a Mitchell direction the pairs columns; a final
    only the place."""

    place: int
    entrant: EntrantRef
    shared: bool = False
    flagged: bool = False
    tie: str = ""  # the row's tie code; rendered with ``note`` by scoring.reasons
    note: str = ""  # the director's recorded reason
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    match_points: int = 0
    score_for: str = ""
    score_against: str = ""
    boards: int = 0
    matchpoints: str = ""
    adjustment: str = ""
    total: str = ""
    top: str = ""
    percentage: str = ""

    @property
    def place_text(self) -> str:
        return f"{self.place}=" if self.shared else str(self.place)


@dataclass(frozen=True)
class CrossTableData:
    """A round robin's cross-table (交叉表) in standings order: ``cells[i][j]`` is row
    ``i``'s score against column ``j`` (one line a meeting), ``""`` when not played."""

    entrants: tuple[EntrantRef, ...]
    cells: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class StandingsTable:
    kind: str  # teams, pairs, places
    group: str = ""  # a group's label
    direction: str = ""  # NS, EW (a Mitchell)
    lines: tuple[PrintedStanding, ...] = ()
    cross: CrossTableData | None = None
    qualifiers: int | None = None  # the first so many go on (groups)


@dataclass(frozen=True)
class StandingsStage:
    name: str
    kind: str
    tables: tuple[StandingsTable, ...] = ()
    bracket: BracketSheet | None = None


@dataclass(frozen=True)
class StandingsData:
    event: EventInfo
    stages: tuple[StandingsStage, ...]


@dataclass(frozen=True)
class MatchBoardLine:
    """One board of a team match: both rooms' results side by side and the board points
    (第二十四条). ``state``: scored, waiting, not_scored."""

    board: int
    open: PlayedResult | None
    closed: PlayedResult | None
    home_points: str = ""
    away_points: str = ""
    state: str = "waiting"
    tiebreak: bool = False
    reason_zh: str = ""
    reason_en: str = ""


@dataclass(frozen=True)
class MatchResult:
    """A team match (or a pairs-final contest) board by board, and its score."""

    stage: str
    round: int | None
    match: str  # M3
    home: EntrantRef | None
    away: EntrantRef | None
    group: str = ""
    open_table: int | None = None
    closed_table: int | None = None
    boards: tuple[MatchBoardLine, ...] = ()
    home_board_points: int = 0
    away_board_points: int = 0
    home_adjustment: str = ""
    away_adjustment: str = ""
    home_score: str = ""
    away_score: str = ""
    home_match_points: int = 0
    away_match_points: int = 0
    decision: str = ""  # waiting, won, drawn, tiebreak, forfeit
    winner: EntrantRef | None = None
    note_zh: str = ""
    note_en: str = ""


@dataclass(frozen=True)
class ResultsData:
    event: EventInfo
    matches: tuple[MatchResult, ...]


# --- ruling slips --------------------------------------------------------------------------


@dataclass(frozen=True)
class RulingAction:
    """One line of a ruling's history: recorded, appealed, upheld, changed, …"""

    number: int
    action: str
    by: str
    at: str
    note: str = ""


@dataclass(frozen=True)
class RulingSlip:
    """A ruling as handed to the teams (判罚单, 第五章): what, who, how much, why."""

    number: int
    article: int
    irregularity: str  # core.articles.Irregularity
    decision: str  # core.articles.Decision
    amount: str  # 比赛分, "" when the decision has none
    stage: str
    referee: str
    at: str  # local time, ``2025-08-01 14:35``
    reason_zh: str
    reason_en: str = ""
    round: int | None = None
    match: str = ""
    table: int | None = None
    room: str = ""
    board: int | None = None
    offender: str = ""  # the entrant the scores are kept for
    offender_player: str = ""
    offender_side: str = ""  # NS, EW
    second: str = ""  # the other side penalised (第三十九条)
    erring_side: str = ""
    minutes_late: int | None = None
    corrected_points: int | None = None
    cancelled_boards: tuple[int, ...] = ()
    status: str = "recorded"
    version: int = 1
    published: bool = False
    history: tuple[RulingAction, ...] = ()


@dataclass(frozen=True)
class RulingSlipsData:
    event: EventInfo
    slips: tuple[RulingSlip, ...]


# --- the scorecard set -------------------------------------------------------------------


@dataclass(frozen=True)
class ScorecardLine:
    """One board at one table as the scorecard sheet lists it: every board a table is
    scheduled to play, with its result once entered."""

    stage: str
    round: int
    session: int
    table: int
    board: int
    room: str = ""
    match: str = ""
    code: str = ""
    ns: EntrantRef | None = None
    ew: EntrantRef | None = None
    result: PlayedResult | None = None
    xiaosa: tuple[str, ...] = ()
    status: str = ""  # entered, confirmed


@dataclass(frozen=True)
class ScorecardsData:
    event: EventInfo
    lines: tuple[ScorecardLine, ...]


# --- first-table forms, table cards, handouts (issue 16) ------------------------------------


@dataclass(frozen=True)
class TravellerRecord:
    """The pairs traveller and the hand record on one paper (第二十八条之6): it travels
    in the board's box. ``record`` is None while the board is not released: the first
    table fills in a blank 牌型卡 instead, so the paper never shows a hand early."""

    traveller: Traveller
    record: HandRecord | None = None


@dataclass(frozen=True)
class TravellerRecordsData:
    event: EventInfo
    papers: tuple[TravellerRecord, ...]


@dataclass(frozen=True)
class TableCard:
    """The card on a team-match table: where it is, who sits where, what it plays and
    the QR code of its entry link."""

    stage: str
    round: int
    session: int
    table: int
    room: str  # open, closed
    match: str
    ns: EntrantRef | None
    ew: EntrantRef | None
    ns_source: str = ""
    ew_source: str = ""
    players: Mapping[str, str] = field(default_factory=dict)  # seat → name, once seated
    boards: tuple[int, ...] = ()
    boards_per_session: int = 0
    code: str = ""
    url: str = ""


@dataclass(frozen=True)
class TableCardsData:
    event: EventInfo
    cards: tuple[TableCard, ...]


@dataclass(frozen=True)
class ScoreCardLine:
    """One board on a personal score card, from the entrant's side."""

    round: int
    board: int
    where: str  # table (pairs) or match and room (teams)
    side: str  # NS, EW: where the entrant sat (pairs) or "" (teams: both rooms)
    opponent: EntrantRef | None
    results: tuple[PlayedResult | None, ...]  # pairs: its table's; teams: open, closed
    score: str  # matchpoints or board points, "" while not scored
    running: str  # the running total after this board


@dataclass(frozen=True)
class ScoreCard:
    """A personal score card (个人成绩单): a pair's or a team's boards in playing order."""

    stage: str
    kind: str  # pairs, teams
    entrant: EntrantRef
    lines: tuple[ScoreCardLine, ...]
    adjustment: str = ""  # the penalties (第五章), "" when none: counted in the total
    total: str = ""


@dataclass(frozen=True)
class ScoreCardsData:
    event: EventInfo
    cards: tuple[ScoreCard, ...]


@dataclass(frozen=True)
class HandoutRow:
    """One table's result of a board on a handout, with its score for N–S and E–W."""

    round: int
    table: int
    where: str  # "" (pairs) or match and room (teams)
    ns: EntrantRef | None
    ew: EntrantRef | None
    result: PlayedResult | None


@dataclass(frozen=True)
class BoardHandout:
    """What players get once a board is released: its hand record, every table's
    result with the matchpoints (or board points), and how often each result occurred."""

    stage: str
    kind: str  # pairs, teams
    board: int
    round: int | None
    record: HandRecord
    rows: tuple[HandoutRow, ...]
    frequencies: tuple[tuple[PlayedResult, int], ...]  # (a result, scores blank; tables)


@dataclass(frozen=True)
class BoardHandoutsData:
    event: EventInfo
    handouts: tuple[BoardHandout, ...]
