"""One table's result of a board (一桌的打牌结果), as team and pairs scoring see it.

Team board points (第二十四条), pairs matchpoints (第二十八条) and the pairs final
(第二十九条) all compare results of the same board played at different tables. They
need the same few facts about each result — who declared, the points the defenders
collected (拣分), whether it was a jump (跳级) and how many levels each side earned —
so those facts are read once here, from the engine's verdict, and nowhere else.

Pure Python, no Django: the engine decides the outcome; this module only looks at it
from one side of the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from core.engine import FORMAT as BOARD_FORMAT
from core.engine import (
    Dig,
    ErrorCode,
    HandOutcome,
    Outcome,
    RuleError,
    Seat,
    Side,
    Verdict,
    check_board,
    level_name,
    parse_card,
    parse_level,
    parse_seat,
)
from core.engine.cards import parse_suit
from core.engine.outcome import JOKER_LEVELS

__all__ = [
    "PlayResult",
    "RankKey",
    "XiaosaPut",
    "board_mismatch",
    "box_card_mismatch",
    "judge_record",
    "xiaosa_puts",
]

#: A result's rank for one side, larger is better; see `PlayResult.key`.
RankKey = tuple[int, int, int]

_DIG_NAMES: dict[Dig, tuple[str, str]] = {
    Dig.BJ: ("大王抠底", "a big-joker dig (大王抠底)"),
    Dig.LJ: ("小王抠底", "a small-joker dig (小王抠底)"),
    Dig.J: ("J到底", "J to the end (J到底)"),
    Dig.Q: ("Q半截", "Q half way (Q半截)"),
    Dig.K: ("K三级", "K three levels (K三级)"),
}


@dataclass(frozen=True)
class PlayResult:
    """A board as played at one table: the declaring side, 拣分, 抠底 and the outcome.

    Kept apart from the seating (which pair or team sat where) because the same
    result is seen from both sides: what is good for N–S is bad for E–W.
    """

    declaring: Side  # 打家方
    defender_points: int  # 防守方拣分
    dig: Dig | None  # 抠底
    hand: HandOutcome

    @classmethod
    def from_verdict(cls, verdict: Verdict, declarer: Seat) -> PlayResult:
        """The result of a judged record. The verdict does not repeat the declarer,
        so the caller passes the seat the record named."""
        if not verdict.valid or verdict.hand is None or verdict.defender_points is None:
            raise ValueError("无效记录没有结果 / an invalid record has no result")
        return cls(declarer.side, verdict.defender_points, verdict.dig, verdict.hand)

    @property
    def made(self) -> bool:
        """打成 (光牌 included): the declarers held the defenders under 80 with no dig."""
        return not self.hand.declarer_broken

    def jumps(self, side: Side) -> int:
        """The jump levels (跳级数) `side` earned here: a plain make counts 1.

        These are the engine's nominal levels, before J、Q、K必打 stops the rise
        (rules.md, "Jump levels for comparisons").
        """
        return self.hand.jump_levels[side]

    def net_jumps(self, side: Side) -> int:
        """This side's jump levels minus the other's (第二十八条: 净跳级)."""
        return self.jumps(side) - self.jumps(side.other)

    @property
    def jump_happened(self) -> bool:
        """Whether a jump (跳级情况) happened here: 光牌, 抠底, 潇洒, 轱辘坡, J到底,
        Q半截 or K三级.

        Read from the levels rather than from the outcome's name: a jump is a result
        that earned more than a plain one, which earns 1 for a make and 0 for a break.
        So a 轱辘坡 at level A (the declarer cannot fall, the award is 0 levels) is not
        a jump — 【程序读法】 of 第二十四条之3, argued with an example in docs/rules.md
        6.2 ("A 轱辘坡 at level A is no jump in a team comparison").
        """
        plain = 0 if self.hand.declarer_broken else 1
        return sum(self.hand.jump_levels.values()) != plain

    def won_by(self, side: Side) -> bool:
        """Whether `side` did well here (占优): declared and made, or defended and broke."""
        return (side is self.declaring) == self.made

    def collected_by(self, side: Side) -> int:
        """Points `side` collected as defenders here (拣分); 0 when it declared."""
        return self.defender_points if side is not self.declaring else 0

    def key(self, side: Side) -> RankKey:
        """How good this result is for `side`, larger is better (第二十八条).

        First net jump levels; then points — collected ones count for the defenders,
        conceded ones against the declarers. In between, whether `side` won the hand:
        with the same declarer everywhere (the box card sees to that) net jump levels
        already put every break below every make for the declarers (a make earns them
        at least 1 net, a break at most 0), so this term only orders results whose
        declarer differs between tables. The key for one side is the negation of the
        key for the other, so what one side gains the other loses, term by term.
        """
        sign = 1 if side is not self.declaring else -1
        return (
            self.net_jumps(side),
            1 if self.won_by(side) else -1,
            sign * self.defender_points,
        )

    def jump_names(self) -> list[tuple[str, str]]:
        """The jumps that happened here, named (Chinese, English), for reasons."""
        names: list[tuple[str, str]] = []
        if not self.jump_happened:
            return names
        if self.hand.outcome is Outcome.GUANG:
            names.append(("光牌", "光牌 (no points)"))
        if self.dig is not None:
            names.append(_DIG_NAMES[self.dig])
        if self.hand.outcome is Outcome.GULUPO:
            names.append(("轱辘坡", "轱辘坡 (140+)"))
        if self.hand.xiaosa_levels:
            names.append(("潇洒", "潇洒"))
        return names


def judge_record(data: object) -> tuple[Verdict, PlayResult | None]:
    """Judge a board record embedded in a comparison or a traveller.

    interfaces.md lets such a record carry only `levels`, `declarer`, `trump` and
    `result`; its container already says what it is, so a missing `format` is read as
    `duidiao-board/1`. The result is None when the record is invalid. Raises the
    engine's RecordUnreadable for what is not a board record at all.
    """
    if isinstance(data, Mapping) and "format" not in data:
        data = {"format": BOARD_FORMAT, **data}
    verdict = check_board(data)
    if verdict.valid and verdict.hand is None:
        # A partial play without a result is legal as far as it goes, but has no outcome
        # to compare (interfaces.md).
        unscored = RuleError(
            code=ErrorCode.BAD_RECORD,
            message_zh="只记到争议处、没有结果的出牌记录无法计分",
            message_en="a play recorded up to a dispute, with no result, cannot be scored",
            board=_board_of(data),
        )
        return replace(verdict, errors=(unscored,)), None
    if not verdict.valid or verdict.hand is None:
        return verdict, None
    assert isinstance(data, Mapping)  # check_board accepted it
    return verdict, PlayResult.from_verdict(verdict, parse_seat(data["declarer"]))


def _board_of(data: object) -> int | None:
    board = data.get("board") if isinstance(data, Mapping) else None
    return board if isinstance(board, int) and not isinstance(board, bool) else None


def board_mismatch(data: object, board: int | None) -> RuleError | None:
    """A `bad_record` finding when a record names another board than the one compared.

    Results are only comparable for the same deal; a record filed under the wrong
    board would otherwise be scored silently against the others.
    """
    if board is None or not isinstance(data, Mapping):
        return None
    own = data.get("board")
    if own is None or own == board:
        return None
    return RuleError(
        code=ErrorCode.BAD_RECORD,
        message_zh=f"记录的牌号是 {own}，比较的是第 {board} 副",
        message_en=f"the record is for board {own}, the comparison is of board {board}",
        board=board,
    )


def box_card_mismatch(
    data: Mapping[str, object], reference: Mapping[str, object]
) -> RuleError | None:
    """A `bad_record` finding when a valid record was not played by the same box card as
    the valid record `reference`.

    The second room plays a board exactly as its box card (牌盒卡) says: the board number,
    the level, the trump, who declared it and the declarer (第二十四条之2, 第四十三条之1).
    Two results of one board are comparable only if they share those; a level, trump or
    declarer that differs is a record of something else, and would otherwise be scored.
    Who declared (`declared_by`) is compared when both records give it (a short record
    may carry only levels, declarer, trump and result, interfaces.md). Both records must
    already be valid: their notation is read without checking again.
    """
    facts, given = _box_card(data), _box_card(reference)
    differ = [
        (name, facts[key], given[key])
        for key, name in _BOX_CARD_FACTS.items()
        if key in facts and key in given and facts[key] != given[key]
    ]
    if not differ:
        return None
    zh = "、".join(f"{n[0]} {mine} 与 {theirs}" for n, mine, theirs in differ)
    en = ", ".join(f"{n[1]} {mine} against {theirs}" for n, mine, theirs in differ)
    return RuleError(
        code=ErrorCode.BAD_RECORD,
        message_zh=f"两桌打的不是同一张牌盒卡（第二十四条之2）：{zh}",
        message_en=f"the two tables did not play one box card (第二十四条之2): {en}",
        article="第二十四条",
        board=_board_of(data),
    )


#: The box card's facts a record carries besides the board number (第四十三条之1).
_BOX_CARD_FACTS = {
    "level": ("级别", "level"),
    "trump": ("主牌", "trump"),
    "declarer": ("打家", "declarer"),
    "declared_by": ("亮主方", "declared by"),
}


def _box_card(data: Mapping[str, object]) -> dict[str, str]:
    """A valid record's box-card facts, spelled canonically."""
    declarer = parse_seat(data["declarer"])
    levels = data["levels"]
    assert isinstance(levels, Mapping)
    facts = {
        "level": level_name(parse_level(levels[declarer.side.value])),
        "trump": parse_suit(data["trump"]).name,
        "declarer": declarer.name,
    }
    if "declared_by" in data:
        by = data["declared_by"]
        facts["declared_by"] = parse_seat(by).name if by is not None else "翻主"
    return facts


@dataclass(frozen=True)
class XiaosaPut:
    """One joker counted as 潇洒 (第十六条): who put it in, which, and its levels."""

    seat: str  # N, E, S, W; "" when the scorecard only says which jokers
    joker: str  # BJ, LJ
    levels: int  # 大王 3, 小王 2


def xiaosa_puts(
    xiaosa: Sequence[str],
    exchanges: Iterable[Mapping[str, object]] | None,
    declarer: str,
    burying_known: bool,
) -> tuple[XiaosaPut, ...]:
    """The verdict's 潇洒 jokers (``Result.xiaosa``) with who put each in.

    The engine counts the jokers a defender or the partner exchanged into the bottom
    (``exchanges`` of kind ``xiaosa``, with their seat) and the jokers the declarer
    buried. So each exchange accounts for one joker of the list and the others are the
    declarer's — when the burying is known (recorded, or read from the play);
    a result-only scorecard lists the jokers without saying who, and so does this.
    """
    left = list(xiaosa)
    puts: list[XiaosaPut] = []
    for exchange in exchanges or ():
        joker = str(exchange.get("gives", ""))
        if exchange.get("kind") == "xiaosa" and joker in left:
            left.remove(joker)
            puts.append(XiaosaPut(str(exchange.get("seat", "")), joker, _joker_levels(joker)))
    owner = declarer if burying_known else ""
    puts += [XiaosaPut(owner, joker, _joker_levels(joker)) for joker in left]
    return tuple(puts)


def _joker_levels(joker: str) -> int:
    return JOKER_LEVELS.get(parse_card(joker), 0)
