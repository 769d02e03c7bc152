"""What a ruling may say under its article (第五章), checked without a database.

:func:`check_ruling` takes what the referee entered and the few facts the database
knows about the table (:class:`TableFacts`: the offender's side there, the declaring
side of the board's result, the boards it plays), and either returns the ruling as
the article fixes it (:class:`CheckedRuling`: the article, the decision, the amount,
the side named by an erring side …) or raises :class:`RulingRefused` in Chinese and
English. ``rulings.services`` resolves the entrants and saves; every rule of the
chapter-5 table about *what* a ruling says lives here, tested row by row.

Pure Python, no Django.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from .articles import (
    ARTICLES,
    PENALISING,
    Article,
    Decision,
    ErringSide,
    Irregularity,
    suggest_for_lateness,
)

__all__ = [
    "WITH_AMOUNT",
    "CheckedRuling",
    "RulingEntry",
    "RulingRefused",
    "TableFacts",
    "check_ruling",
]

#: Decisions whose ``amount`` is a penalty, or may carry one (38's cancelled boards).
WITH_AMOUNT = PENALISING | {Decision.BOARDS_CANCELLED}

#: Decisions that name a board at the table (its result there, or the board voided).
_NEEDS_RESULT = frozenset({Decision.RESULT_OVERRIDE, Decision.REPLAY})

_CENTS = Decimal("0.01")
_ZERO = Decimal("0.00")


class RulingRefused(ValueError):
    """A ruling its article does not allow; ``code`` names the field at fault."""

    def __init__(
        self, message_zh: str, message_en: str, *, code: str = "invalid", article: str | None = None
    ) -> None:
        self.message_zh = message_zh
        self.message_en = message_en
        self.code = code
        self.article = article
        super().__init__(f"{message_zh} / {message_en}")


@dataclass(frozen=True)
class RulingEntry:
    """What the referee entered (``decision`` empty: the article's default; ``amount``
    None: 0.5 where the decision has one)."""

    irregularity: str
    decision: str = ""
    amount: Decimal | str | int | None = None
    erring_side: str = ""
    minutes_late: int | None = None
    damaged: bool = False
    reason_zh: str = ""
    has_offender: bool = False
    has_board: bool = False
    has_second: bool = False
    second_is_offender: bool = False
    corrected_points: int | None = None
    cancelled: int = 0  # boards cancelled (第三十八条)


@dataclass(frozen=True)
class TableFacts:
    """What the database knows about the place of the ruling."""

    at_table: bool = True
    offender_side: str = ""  # "NS" / "EW": the offender's side at the table, "" if none
    declaring_side: str | None = None  # the declarers' side in the board's result here
    offender_in_contest: bool = True  # the offender plays in this match (or at this table)
    cancelled_scheduled: bool = True  # every cancelled board is one this table plays


@dataclass(frozen=True)
class CheckedRuling:
    """The ruling as its article fixes it; the service copies these onto the row."""

    article: int
    decision: Decision
    amount: Decimal
    erring_side: str  # "" unless 第三十三条's wrong count after play
    offender_side: str | None  # the side an erring side names (None: unchanged)
    clear_offender: bool  # both sides erred: nobody is penalised
    damaged: bool
    keep_correction: bool  # corrected (or replayed) points kept
    second_side: str | None  # 第三十九条 damaged: the other side at the table, if not named
    keep_second: bool


def _other(side: str) -> str:
    return "EW" if side == "NS" else "NS"


def _amount(entry: RulingEntry, article: Article, decision: Decision, label: str) -> Decimal:
    """0.5 where the article fixes it (refused if another is entered); the referee's
    amount, at most two decimals and positive for a penalty, where it leaves it open."""
    both = decision is Decision.RESULT_OVERRIDE and entry.erring_side == ErringSide.BOTH
    if decision not in WITH_AMOUNT or both:  # 错误在双方: 本副不计分, nobody fined
        return _ZERO
    fixed = article.fixed_amount
    if entry.amount is None or entry.amount == "":
        return (fixed if fixed is not None else Decimal("0.5")).quantize(_CENTS)
    try:
        amount = Decimal(str(entry.amount))
    except InvalidOperation:
        raise RulingRefused("罚分须为数字", "the amount is a number", code="amount") from None
    if not amount.is_finite() or amount != amount.quantize(_CENTS) or amount >= 1000:
        raise RulingRefused("罚分最多两位小数", "an amount has at most two decimals", code="amount")
    amount = amount.quantize(_CENTS)
    if fixed is not None and amount != fixed:
        raise RulingRefused(
            f"{label}规定罚{fixed}个比赛分，不能改为{amount}",
            f"article {article.number} fixes the penalty at {fixed}; {amount} is not allowed",
            code="amount",
            article=label,
        )
    if amount < 0 or (amount == 0 and decision in PENALISING):
        raise RulingRefused("罚分须为正数", "a penalty is a positive amount", code="amount")
    return amount


def _lateness(entry: RulingEntry, irregularity: Irregularity, label: str) -> None:
    late = (Irregularity.LATE_5_10, Irregularity.LATE_15)
    if entry.minutes_late is None or irregularity not in late:
        return
    suggested = suggest_for_lateness(entry.minutes_late)
    if suggested.irregularity is None:
        raise RulingRefused(suggested.note_zh, suggested.note_en, code="minutes", article=label)
    if suggested.irregularity is not irregularity:
        raise RulingRefused(
            f"迟到{entry.minutes_late}分钟不属此项：{suggested.note_zh}",
            f"{entry.minutes_late} minutes late is not this row: {suggested.note_en}",
            code="minutes",
            article=label,
        )


def check_ruling(entry: RulingEntry, facts: TableFacts) -> CheckedRuling:
    """The decision fits the article, the amount is the article's, and each decision
    has what it needs (第三十至三十九条; competition.md's chapter-5 table)."""
    try:
        irregularity = Irregularity(entry.irregularity)
    except ValueError:
        raise RulingRefused(
            f"未知的违例 {entry.irregularity!r}", f"unknown irregularity {entry.irregularity!r}"
        ) from None
    article = ARTICLES[irregularity]
    label = f"第{article.number}条"
    try:
        decision = Decision(entry.decision) if entry.decision else article.default
    except ValueError:
        raise RulingRefused(
            f"未知的处理 {entry.decision!r}", f"unknown decision {entry.decision!r}"
        ) from None
    if decision not in article.decisions:
        raise RulingRefused(
            f"{label}的该项违例不能作此处理",
            f"article {article.number} does not allow this decision for this irregularity",
            code="decision",
            article=label,
        )
    if not entry.reason_zh.strip():
        raise RulingRefused("须填写判罚理由", "give the reason", code="reason")
    _lateness(entry, irregularity, label)
    amount = _amount(entry, article, decision, label)

    # 第三十三条: whose wrong count names the offender; both sides: nobody is penalised.
    erring, offender_side, clear_offender = "", None, False
    has_offender = entry.has_offender
    if decision is Decision.REPLAY:
        erring, clear_offender, has_offender = ErringSide.BOTH.value, True, False
    if decision is Decision.RESULT_OVERRIDE:
        if entry.erring_side not in set(ErringSide):
            raise RulingRefused(
                "须指明错误在哪一方（打家、防守方或双方）",
                "say which side erred: declaring, defending or both",
                code="erring_side",
                article=label,
            )
        erring = entry.erring_side
    if decision in _NEEDS_RESULT and facts.declaring_side is None:
        raise RulingRefused(
            "须指明本桌已打过的牌副（该副牌在本桌的成绩）",
            "name a board this table has played (its result here)",
            code="board",
        )
    if decision is Decision.RESULT_OVERRIDE and facts.declaring_side is not None:
        side = ErringSide(erring)
        if side is ErringSide.BOTH:
            clear_offender, has_offender = True, False
        else:
            declaring = facts.declaring_side
            offender_side = declaring if side is ErringSide.DECLARING else _other(declaring)
            has_offender = True

    needs_offender = decision not in (Decision.PROCEDURAL_NOTE, *_NEEDS_RESULT)
    if needs_offender and not has_offender:
        raise RulingRefused("须指明犯规方", "name the offender", code="offender")
    if decision is Decision.FORFEIT and not facts.offender_in_contest:
        raise RulingRefused(
            "弃权方须是本场比赛的一方",
            "the side forfeiting plays in this match",
            code="offender",
            article=label,
        )
    if decision is Decision.BOARD_VOIDED and not (entry.has_board and facts.at_table):
        raise RulingRefused(
            "须指明本桌作废的牌副", "name the board voided at this table", code="board"
        )

    damaged = entry.damaged or decision is Decision.RESULT_CORRECTED  # 第三十六条: 造成损失
    keep_correction = decision in (Decision.RESULT_CORRECTED, Decision.REPLAY)
    if keep_correction and entry.corrected_points is not None and facts.declaring_side is None:
        raise RulingRefused(
            "须指明本桌已打过的牌副（该副牌在本桌的成绩）",
            "name a board this table has played (its result here)",
            code="board",
        )

    if decision is Decision.BOARDS_CANCELLED:
        if not facts.at_table or entry.cancelled == 0:
            raise RulingRefused(
                "须指明本桌取消的牌副", "name the boards cancelled at this table", code="boards"
            )
        if not facts.cancelled_scheduled:
            raise RulingRefused(
                "取消的牌副须是本桌要打的牌",
                "the boards cancelled must be boards this table plays",
                code="boards",
            )

    # 第三十九条: 造成损失的，双方都罚 (a penalty, or the board voided).
    second_side, keep_second = None, False
    both_fined = decision in (Decision.PENALTY, Decision.BOARD_VOIDED)
    if irregularity is Irregularity.FOULED_BOARD and both_fined and entry.damaged:
        keep_second = True
        if not entry.has_second:
            if not facts.offender_side:
                raise RulingRefused(
                    "造成损失的双方都罚：须指明另一方",
                    "damaged: both are penalised — name the other side",
                    code="second_entrant",
                    article=label,
                )
            second_side = _other(facts.offender_side)
        elif entry.second_is_offender:
            raise RulingRefused(
                "另一方不能是犯规方本身",
                "the other side is not the offender",
                code="second_entrant",
            )
    return CheckedRuling(
        article=article.number,
        decision=decision,
        amount=amount,
        erring_side=erring,
        offender_side=offender_side,
        clear_offender=clear_offender,
        damaged=damaged,
        keep_correction=keep_correction,
        second_side=second_side,
        keep_second=keep_second,
    )
