"""Chapter 5 (第五章, 第三十至三十九条) as data: the irregularities, the decisions a
referee may record for each, and what a decision does to a score.

One row per row of competition.md's table. The database services
(``rulings.services``) turn a ruling into adjustments by looking its decision up
here; nothing else says which article allows what.

Pure Python, no Django (labels here are for logs and messages; the models carry the
translated labels shown on pages).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from decimal import Decimal

__all__ = [
    "ARTICLES",
    "DEFAULT_AMOUNT",
    "FIXED_AMOUNT_ARTICLES",
    "Article",
    "Decision",
    "ErringSide",
    "Irregularity",
    "LatenessSuggestion",
    "Status",
    "suggest_for_lateness",
]

#: 罚0.5个比赛分 (第三十一、三十三、三十四、三十六、三十九条).
DEFAULT_AMOUNT = Decimal("0.5")

#: The articles whose text fixes the penalty at 0.5 比赛分; only 37 and 38 ("重者判罚")
#: leave the amount to the referee.
FIXED_AMOUNT_ARTICLES = frozenset({31, 33, 34, 36, 39})


class Irregularity(enum.StrEnum):
    LATE_5_10 = "late_5_10"  # 第三十条 迟到5—10分钟
    LATE_15 = "late_15"  # 第三十条 迟到15分钟以上
    DREW_EARLY = "drew_early"  # 第三十一条 抢先抓牌与多抓牌
    LATE_BOTTOM = "late_bottom"  # 第三十二条 打家未及时揽牌
    WRONG_TRUMP_SHOWN = "wrong_trump_shown"  # 第三十三条 亮错主
    WRONG_COUNT_AFTER_PLAY = "wrong_count_after_play"  # 第三十三条 出牌后发现多、少牌
    EXPOSED_CARD = "exposed_card"  # 第三十四条 暴露张
    OUT_OF_TURN = "out_of_turn"  # 第三十四条 抢先出牌
    FAILED_THROW = "failed_throw"  # 第三十五条 甩错牌
    REVOKE = "revoke"  # 第三十六条 藏牌
    ILLEGAL_SIGNALS = "illegal_signals"  # 第三十七条 非法传递信息
    SLOW_PLAY = "slow_play"  # 第三十八条 故意拖延时间
    FOULED_BOARD = "fouled_board"  # 第三十九条 插错牌


class Decision(enum.StrEnum):
    WARNING = "warning"  # 警告: counted, no score effect
    PENALTY = "penalty"  # 罚分: −amount 比赛分
    FORFEIT = "forfeit"  # 按弃权处理 (第三十条)
    RESULT_OVERRIDE = "result_override"  # 改判成绩 (第三十三条)
    REPLAY = "replay"  # 重打 (第三十三条: 错误在双方，本副不计分可重打)
    PENALTY_CARD = "penalty_card"  # 重罚张 (第三十四条): −amount
    RESULT_CORRECTED = "result_corrected"  # 纠正损失 (第三十六条): −amount
    BOARDS_CANCELLED = "boards_cancelled"  # 若干副牌不打 (第三十八条)
    DISQUALIFICATION = "disqualification"  # 停止比赛资格 (第三十七条)
    BOARD_VOIDED = "board_voided"  # 本副作废 (第三十九条): Neuberg (pairs), 0–0 (teams), −amount
    PROCEDURAL_NOTE = "procedural_note"  # 程序处理记录: no score effect


class ErringSide(enum.StrEnum):
    """第三十三条: whose wrong card count was found after play."""

    DECLARING = "declaring"  # 错误在打家一方: 按打破算, 罚0.5
    DEFENDING = "defending"  # 错误在防守方: 打破了也算成, 罚0.5
    BOTH = "both"  # 错误在双方: 本副牌不计分可重打


class Status(enum.StrEnum):
    """Where a ruling stands; every status but WITHDRAWN keeps its effect."""

    RECORDED = "recorded"  # 生效
    APPEALED = "appealed"  # 申诉中 (the ruling stands until the appeal is decided)
    UPHELD = "upheld"  # 申诉后维持
    CHANGED = "changed"  # 已改判
    WITHDRAWN = "withdrawn"  # 已撤销: no effect


#: Decisions that take ``amount`` 比赛分 off the offender.
PENALISING = frozenset(
    {
        Decision.PENALTY,
        Decision.PENALTY_CARD,
        Decision.RESULT_CORRECTED,
        Decision.RESULT_OVERRIDE,
        Decision.BOARD_VOIDED,
    }
)


@dataclass(frozen=True)
class Article:
    """One row of the chapter-5 table."""

    number: int  # 第N条
    irregularity: Irregularity
    decisions: tuple[Decision, ...]  # what the referee may record; the first is the default
    effect_zh: str
    effect_en: str

    @property
    def default(self) -> Decision:
        return self.decisions[0]

    @property
    def fixed_amount(self) -> Decimal | None:
        """0.5 where the article's text fixes the penalty, None where it is chosen."""
        return DEFAULT_AMOUNT if self.number in FIXED_AMOUNT_ARTICLES else None


_NOTE = Decision.PROCEDURAL_NOTE

ARTICLES: dict[Irregularity, Article] = {
    a.irregularity: a
    for a in (
        Article(30, Irregularity.LATE_5_10, (Decision.WARNING, _NOTE), "警告，不扣分", "warning"),
        Article(
            30,
            Irregularity.LATE_15,
            (Decision.FORFEIT, _NOTE),
            "按弃权处理：本轮比赛记零分，对方获胜",
            "forfeit: 0 for the offender, a win for the opponent",
        ),
        Article(
            31,
            Irregularity.DREW_EARLY,
            (Decision.WARNING, Decision.PENALTY, _NOTE),
            "警告或罚0.5个比赛分",
            "warning, or −0.5 when penalised",
        ),
        Article(32, Irregularity.LATE_BOTTOM, (_NOTE,), "按规定处理，不扣分", "none"),
        Article(
            33,
            Irregularity.WRONG_TRUMP_SHOWN,
            (_NOTE, Decision.WARNING),
            "由非错误方指定，牌盒卡照此填写",
            "the non-offending side decides; box card as decided",
        ),
        Article(
            33,
            Irregularity.WRONG_COUNT_AFTER_PLAY,
            (Decision.RESULT_OVERRIDE, Decision.REPLAY, _NOTE),
            "打家方错误按打破算并罚0.5；防守方错误按打成算并罚0.5；双方错误本副不计分可重打",
            "declaring side: scored as broken, −0.5; defenders: scored as made, −0.5; "
            "both: not scored, or replayed",
        ),
        Article(
            34,
            Irregularity.EXPOSED_CARD,
            (Decision.WARNING, Decision.PENALTY_CARD, _NOTE),
            "警告，或重罚张并罚0.5",
            "warning, or a penalty card and −0.5",
        ),
        Article(
            34,
            Irregularity.OUT_OF_TURN,
            (Decision.WARNING, Decision.PENALTY, Decision.RESULT_CORRECTED, _NOTE),
            "警告或由裁判长裁决",
            "warning or as the referee decides",
        ),
        Article(
            35,
            Irregularity.FAILED_THROW,
            (_NOTE, Decision.WARNING),
            "出其中最小的一张，不扣分",
            "the smallest card of the throw is played; none",
        ),
        Article(
            36,
            Irregularity.REVOKE,
            (Decision.RESULT_CORRECTED, Decision.WARNING, _NOTE),
            "造成损失的纠正成绩并罚0.5；未造成损失的警告",
            "result corrected and −0.5 where damaged; otherwise a warning",
        ),
        Article(
            37,
            Irregularity.ILLEGAL_SIGNALS,
            (Decision.WARNING, Decision.PENALTY, Decision.DISQUALIFICATION, _NOTE),
            "轻者警告，重者判罚，屡教不改者停止其比赛资格",
            "warning, penalty, disqualification",
        ),
        Article(
            38,
            Irregularity.SLOW_PLAY,
            (Decision.WARNING, Decision.PENALTY, Decision.BOARDS_CANCELLED, _NOTE),
            "轻者警告，重者判罚，可判若干副牌不打",
            "warning, penalty, boards cancelled",
        ),
        Article(
            39,
            Irregularity.FOULED_BOARD,
            (Decision.WARNING, Decision.PENALTY, Decision.BOARD_VOIDED, _NOTE),
            "错牌者罚0.5；造成损失的双方都罚0.5；可判本副作废",
            "−0.5 to the offender, both when damaged; the board may be voided",
        ),
    )
}


@dataclass(frozen=True)
class LatenessSuggestion:
    """What 第三十条 suggests for ``minutes`` late; the referee confirms."""

    minutes: int
    irregularity: Irregularity | None
    decision: Decision | None
    note_zh: str
    note_en: str


def suggest_for_lateness(minutes: int) -> LatenessSuggestion:
    """第三十条: "迟到5—10分钟，给予警告，迟到15分钟以上的按弃权处理".

    Under 5 minutes: nothing. 5–10: a warning. 15 and more: a forfeit. The article says
    nothing of 11–14 minutes; a warning is suggested (the lighter reading: a forfeit
    is for "15分钟以上"), and the note says so.
    """
    if minutes < 0:
        raise ValueError("迟到分钟数不能为负 / minutes late cannot be negative")
    if minutes < 5:
        return LatenessSuggestion(
            minutes, None, None, "迟到不足5分钟，不予处罚", "under 5 minutes late: no ruling"
        )
    if minutes <= 10:
        return LatenessSuggestion(
            minutes,
            Irregularity.LATE_5_10,
            Decision.WARNING,
            "迟到5—10分钟，给予警告（第三十条）",
            "5–10 minutes late: a warning (article 30)",
        )
    if minutes < 15:
        return LatenessSuggestion(
            minutes,
            Irregularity.LATE_5_10,
            Decision.WARNING,
            "第三十条未规定迟到11—14分钟；建议警告，由裁判确认",
            "article 30 says nothing of 11–14 minutes; a warning is suggested, "
            "the referee confirms",
        )
    return LatenessSuggestion(
        minutes,
        Irregularity.LATE_15,
        Decision.FORFEIT,
        "迟到15分钟以上，按弃权处理：本轮记零分，对方获胜（第三十条）",
        "15 minutes or more late: a forfeit — 0 for the offender, a win for the opponent "
        "(article 30)",
    )
