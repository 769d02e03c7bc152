"""Reading a `duidiao-board/1` record (interfaces.md) into typed values.

Reading is separate from judging: this module only checks that the record is
spelled right (fields, seats, levels, cards) and reports `bad_record` and
`unknown_card` findings; `board.py` then applies the rules to what was read.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .cards import (
    HAND_SIZE,
    ORDER_NAMES,
    SEAT_ZH,
    SEATS_BY_NAME,
    SPELLINGS,
    Card,
    NotationError,
    Seat,
    Side,
    Suit,
    parse_card,
    parse_cards,
    parse_level,
    parse_seat,
    parse_suit,
)
from .errors import ErrorCode, Findings, RecordUnreadable, shown
from .outcome import Dig
from .profiles import ProfileError, RuleProfile, resolve_profile
from .repeated import REPEATED_KEYS

FORMAT = "duidiao-board/1"
MAX_BOARD = 999_999  # board numbers are printed on box cards, not astronomical
# Each player holds 25 cards (第十四条) and plays at least one to every trick (第十七条),
# so a board has at most 25 tricks; a record of more is refused before any is read.
MAX_TRICKS = HAND_SIZE
SIDE_KEYS = frozenset(s.value for s in Side)
SIDE_ZH = {Side.NS: "南北", Side.EW: "东西"}
SEAT_KEYS = frozenset(SEATS_BY_NAME)
# 亮主, 正主, 封主 (第十五条); "ruled": the trump was fixed by the director's decision
# on a wrong declaration (亮错主, 第三十三条: the non-offending side lets the suit stand or
# names it), so who could have declared it is not checked against the deal.
DECLARATIONS = ("show", "overturn", "seal", "ruled")


@dataclass(frozen=True)
class Exchange:
    kind: str  # "xiaosa" 潇洒 or "grab" 抢牌 (第十六条)
    seat: Seat
    gives: Card
    takes: Card


# One trick as recorded: its leader, the four plays in play order (the leader's first) and
# the attempted throw a failed throw replaced (第三十五条). A plain tuple: boards have 25
# of them, read thousands a second.
TrickRecord = tuple[Seat, tuple[tuple[Card, ...], ...], tuple[Card, ...] | None]


@dataclass(frozen=True)
class ResultRecord:
    defender_points: int
    dig: Dig | None
    xiaosa: tuple[Card, ...] | None  # jokers a scorecard notes as 潇洒 (optional extension)


@dataclass(frozen=True)
class BoardRecord:
    board: int | None
    profile: RuleProfile
    levels: dict[Side, int]
    declarer: Seat
    trump: Suit
    declared_by: Seat | None
    declaration: str
    hands: dict[Seat, tuple[Card, ...]] | None
    bottom: tuple[Card, ...] | None
    buried: tuple[Card, ...] | None
    exchanges: tuple[Exchange, ...] | None
    tricks: tuple[TrickRecord, ...] | None
    partial: bool
    result: ResultRecord | None

    @property
    def level(self) -> int:
        """The level played: the declaring side's (interfaces.md)."""
        return self.levels[self.declarer.side]


class Reader:
    def __init__(self, data: Mapping[str, Any], findings: Findings) -> None:
        self.data = data
        self.findings = findings

    def bad(self, zh: str, en: str, **where: Any) -> None:
        self.findings.add(ErrorCode.BAD_RECORD, zh, en, **where)

    def repeats(self, value: object, where_zh: str, where_en: str, **where: Any) -> bool:
        """Whether `value` is a JSON object that gave a key twice (reported: `bad_record`).

        Such an object is ambiguous, so it is not read either way (`repeated.py`)."""
        if not isinstance(value, Mapping) or REPEATED_KEYS not in value:
            return False
        keys = value[REPEATED_KEYS]
        self.bad(
            f"{where_zh}的键重复：{'、'.join(keys)}",
            f"{where_en} gives the key {', '.join(keys)} more than once",
            **where,
        )
        return True

    def card(self, text: object, where_zh: str, where_en: str, **where: Any) -> Card | None:
        try:
            return parse_card(text)
        except NotationError:
            self.findings.add(
                ErrorCode.UNKNOWN_CARD,
                f"{where_zh}有无法识别的牌 {shown(text)}",
                f"{where_en} has an unknown card {shown(text)}",
                **where,
            )
            return None

    def cards(
        self, value: object, where_zh: str, where_en: str, **where: Any
    ) -> tuple[Card, ...] | None:
        fast = parse_cards(value)
        if fast is not None:
            return fast
        if not isinstance(value, list):
            self.bad(f"{where_zh}应为牌的列表", f"{where_en} must be a list of cards", **where)
            return None
        out = [self.card(v, where_zh, where_en, **where) for v in value]
        return tuple(c for c in out if c is not None)

    def optional_cards(self, key: str, zh: str) -> tuple[Card, ...] | None:
        if self.data.get(key) is None:
            return None
        return self.cards(self.data[key], zh, key)


def read_record(data: object) -> tuple[BoardRecord | None, Findings]:
    """Read a record; None when it is too broken to judge (the findings say why).

    Raises RecordUnreadable for input that is not a board record at all.
    """
    if not isinstance(data, Mapping):
        raise RecordUnreadable("输入不是 JSON 对象", "input is not a JSON object")
    if data.get("format") != FORMAT:
        raise RecordUnreadable(
            f"未知格式 {shown(data.get('format'))}，应为 {FORMAT}",
            f"unknown format {shown(data.get('format'))}, expected {FORMAT}",
        )
    board = data.get("board")
    plain_board = type(board) is int and 0 <= board <= MAX_BOARD
    findings = Findings(board if plain_board and isinstance(board, int) else None)
    r = Reader(data, findings)
    r.repeats(data, "记录", "the record")
    if board is not None and not plain_board:
        r.bad(
            f"牌号 {shown(board)} 应为 0 到 {MAX_BOARD} 的整数",
            f"board {shown(board)} must be a whole number from 0 to {MAX_BOARD}",
        )

    profile = _profile(r)
    levels = _levels(r)
    declarer = _seat(r, "declarer", "打家", required=True)
    declared_by = _seat(r, "declared_by", "亮主方", required=False)
    trump: Suit | None = None
    try:
        trump = parse_suit(data.get("trump"))
    except NotationError:
        r.bad(
            f"主牌花色 {shown(data.get('trump'))} 无法识别，应为红心 H、方块 D、黑桃 S 或梅花 C",
            f"trump suit {shown(data.get('trump'))} is not hearts H, diamonds D, spades S "
            "or clubs C",
        )
    declaration = data.get("declaration", "show")
    if not isinstance(declaration, str) or declaration not in DECLARATIONS:
        r.bad(
            "亮主方式（declaration）应为 show（亮主）、overturn（正主）、seal（封主）"
            "或 ruled（按第三十三条裁决）",
            "declaration must be show, overturn, seal or ruled",
        )

    hands = read_hands(r)
    bottom = r.optional_cards("bottom", "底牌")
    buried = r.optional_cards("buried", "扣底")
    exchanges = _exchanges(r)
    tricks = _tricks(r)
    partial = data.get("partial", False)
    if not isinstance(partial, bool):
        r.bad("部分出牌标记（partial）应为 true 或 false", "partial must be true or false")
    result = _result(r)
    if data.get("tricks") is None and data.get("result") is None:
        # A partial play without a result is checked trick by trick (interfaces.md).
        r.bad(
            "没有结果：应给出结果（result）或出牌记录（tricks）", "no result: give result or tricks"
        )

    if findings or profile is None or levels is None or declarer is None or trump is None:
        return None, findings
    return (
        BoardRecord(
            board=findings.board,
            profile=profile,
            levels=levels,
            declarer=declarer,
            trump=trump,
            declared_by=declared_by,
            declaration=str(declaration),
            hands=hands,
            bottom=bottom,
            buried=buried,
            exchanges=exchanges,
            tricks=tricks,
            partial=bool(partial),
            result=result,
        ),
        findings,
    )


def _profile(r: Reader) -> RuleProfile | None:
    switches = r.data.get("switches")
    if switches is None:
        switches = {}
    if not isinstance(switches, Mapping):
        r.bad("规则开关（switches）应为对象", "switches must be an object")
        return None
    if r.repeats(switches, "规则开关（switches）", "switches") or any(
        [r.repeats(v, f"规则开关 {k}", f"switch {k}") for k, v in switches.items()]
    ):
        return None
    try:
        return resolve_profile(r.data.get("rules"), switches)
    except ProfileError as exc:
        r.bad(f"规则设置有误：{exc.message_zh}", f"rules or switches: {exc.message_en}")
        return None


def _levels(r: Reader) -> dict[Side, int] | None:
    value = r.data.get("levels")
    if r.repeats(value, "级别（levels）", "levels"):
        return None
    if not isinstance(value, Mapping) or value.keys() != SIDE_KEYS:
        r.bad(
            "级别（levels）应给出南北（NS）和东西（EW）两方的级别",
            "levels must give the level of NS and EW",
        )
        return None
    out = {}
    for side in Side:
        try:
            out[side] = parse_level(value[side.value])
        except NotationError:
            r.bad(
                f"{SIDE_ZH[side]}的级别 {shown(value[side.value])} 无法识别，应为 A、2…10、J、Q、K",
                f"the level of {side.value}, {shown(value[side.value])}, is not one of "
                "A, 2 … 10, J, Q, K",
            )
    return out if len(out) == 2 else None


def _seat(r: Reader, key: str, zh: str, *, required: bool) -> Seat | None:
    value = r.data.get(key)
    if value is None and not required:
        return None
    try:
        return parse_seat(value)
    except NotationError:
        r.bad(
            f"{zh} {shown(value)} 不是座位北 N、东 E、南 S、西 W",
            f"{key} {shown(value)} is not a seat N, E, S or W",
        )
        return None


def read_hands(r: Reader) -> dict[Seat, tuple[Card, ...]] | None:
    value = r.data.get("hands")
    if value is None or r.repeats(value, "手牌（hands）", "hands"):
        return None
    if not isinstance(value, Mapping) or value.keys() != SEAT_KEYS:
        r.bad(
            "手牌（hands）应给出北、东、南、西四家的牌",
            "hands must give the cards of N, E, S and W",
        )
        return None
    out: dict[Seat, tuple[Card, ...]] = {}
    for name, cards in value.items():
        read = parse_cards(cards)
        if read is None:
            read = r.cards(cards, f"{SEAT_ZH[name]}家手牌", f"hand {name}", seat=name)
        if read is not None:
            out[SEATS_BY_NAME[name]] = read
    return out


def _exchanges(r: Reader) -> tuple[Exchange, ...] | None:
    value = r.data.get("exchanges")
    if value is None:
        return None
    if not isinstance(value, list):
        r.bad("换牌（exchanges）应为列表", "exchanges must be a list")
        return None
    out = []
    for i, item in enumerate(value, 1):
        if r.repeats(item, f"第{i}个换牌", f"exchange {i}"):
            continue
        if not isinstance(item, Mapping) or item.get("kind") not in ("xiaosa", "grab"):
            r.bad(
                f"第{i}个换牌的种类（kind）应为 xiaosa（潇洒）或 grab（抢牌）",
                f"exchange {i} needs kind xiaosa or grab",
            )
            continue
        seat = _seat(Reader(item, r.findings), "seat", f"第{i}个换牌的座位", required=True)
        gives = r.card(item.get("gives"), f"第{i}个换牌", f"exchange {i}")
        takes = r.card(item.get("takes"), f"第{i}个换牌", f"exchange {i}")
        if seat is not None and gives is not None and takes is not None:
            out.append(Exchange(item["kind"], seat, gives, takes))
    return tuple(out)


def _tricks(r: Reader) -> tuple[TrickRecord, ...] | None:
    value = r.data.get("tricks")
    if value is None:
        return None
    if not isinstance(value, list):
        r.bad("出牌记录（tricks）应为列表", "tricks must be a list")
        return None
    if len(value) > MAX_TRICKS:
        r.bad(
            f"出牌记录有 {len(value)} 轮；每人 {HAND_SIZE} 张牌、每轮至少出一张，"
            f"一副牌最多 {MAX_TRICKS} 轮",
            f"the play has {len(value)} tricks; with {HAND_SIZE} cards each and at least "
            f"one played to every trick, a board has at most {MAX_TRICKS}",
            article="第十四条",
        )
        return None
    plain = tuple(map(_plain_trick, value))
    if None not in plain:
        return plain  # type: ignore[return-value]
    read = (
        t or _trick(r, i, item) for i, (t, item) in enumerate(zip(plain, value, strict=True), 1)
    )
    return tuple(t for t in read if t is not None)


def _plain_trick(item: object) -> TrickRecord | None:
    """A trick spelled canonically, read in one go; None when it needs a closer look.

    Nearly every trick of a stored record takes this path, so it does the least work
    that still rejects everything `_trick` would report.
    """
    if type(item) is not dict or REPEATED_KEYS in item:
        return None
    plays, leader = item.get("plays"), item.get("leader")
    if type(leader) is not str or type(plays) is not dict or plays.keys() != SEAT_KEYS:
        return None
    seat = SEATS_BY_NAME.get(leader)
    if seat is None:
        return None
    n0, n1, n2, n3 = ORDER_NAMES[seat]
    a, b, c, d = plays[n0], plays[n1], plays[n2], plays[n3]
    if not (type(a) is list and type(b) is list and type(c) is list and type(d) is list):
        return None
    if not (a and b and c and d):
        return None
    spelled = SPELLINGS.__getitem__
    try:
        read = (
            tuple(map(spelled, a)),
            tuple(map(spelled, b)),
            tuple(map(spelled, c)),
            tuple(map(spelled, d)),
        )
        attempted = item.get("attempted")
        if attempted is not None:
            if type(attempted) is not list:
                return None
            attempted = tuple(map(spelled, attempted))
            if not attempted:
                return None
    except (KeyError, TypeError):
        return None
    return (seat, read, attempted)


def _trick(r: Reader, i: int, item: object) -> TrickRecord | None:
    """A trick read field by field, reporting what is wrong with it."""
    plays = item.get("plays") if isinstance(item, dict) else None
    if r.repeats(item, f"第{i}轮", f"trick {i}", trick=i) or r.repeats(
        plays, f"第{i}轮的出牌（plays）", f"trick {i} plays", trick=i
    ):
        return None
    if not isinstance(plays, dict) or plays.keys() != SEAT_KEYS:
        r.bad(
            f"第{i}轮应有北、东、南、西四家的出牌",
            f"trick {i} must have the plays of N, E, S and W",
            trick=i,
        )
        return None
    assert isinstance(item, dict)
    leader = _seat(Reader(item, r.findings), "leader", f"第{i}轮的首家", required=True)
    read: dict[str, tuple[Card, ...]] = {}
    for name, cards in plays.items():
        got = r.cards(
            cards, f"第{i}轮{SEAT_ZH[name]}家", f"trick {i} seat {name}", trick=i, seat=name
        )
        if cards == []:
            # Every player plays as many cards as were led, at least one (第十七条).
            r.findings.add(
                ErrorCode.WRONG_COUNT,
                f"第{i}轮{SEAT_ZH[name]}家没有出牌，每家每轮至少出一张",
                f"trick {i}: seat {name} played no card; every player plays at least one",
                trick=i,
                seat=name,
            )
        if got:
            read[name] = got
    attempted = None
    if item.get("attempted") is not None:
        attempted = r.cards(item["attempted"], f"第{i}轮甩牌", f"trick {i} attempted", trick=i)
        if attempted == ():
            r.bad(f"第{i}轮甩牌（attempted）没有牌", f"trick {i}: attempted holds no card", trick=i)
            attempted = None
    if leader is None or len(read) != 4:
        return None
    return (leader, tuple(read[name] for name in ORDER_NAMES[leader]), attempted)


def _result(r: Reader) -> ResultRecord | None:
    value = r.data.get("result")
    if value is None or r.repeats(value, "结果（result）", "result"):
        return None
    if not isinstance(value, Mapping):
        r.bad("结果（result）应为对象", "result must be an object")
        return None
    points = value.get("defender_points")
    if isinstance(points, bool) or not isinstance(points, int) or not -1000 <= points <= 1000:
        # Out-of-range points that could be a typo (205, -5) are judged as impossible.
        r.bad(
            f"防家得分（defender_points）{shown(points)} 应为 -1000 到 1000 之间的整数",
            f"defender_points {shown(points)} must be a whole number from -1000 to 1000",
        )
        return None
    dig = None
    if value.get("dig") is not None:
        dig = next((d for d in Dig if d.value == value["dig"]), None)
        if dig is None:
            r.bad(
                f"抠底（dig）{shown(value['dig'])} 应为 null、BJ、LJ、J、Q 或 K",
                f"dig {shown(value['dig'])} must be null, BJ, LJ, J, Q or K",
            )
            return None
    xiaosa = None
    if value.get("xiaosa") is not None:
        xiaosa = r.cards(value["xiaosa"], "潇洒", "result xiaosa")
    return ResultRecord(points, dig, xiaosa)
