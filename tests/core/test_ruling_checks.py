"""The chapter-5 checks as a pure function (``core.ruling_checks``), row by row, with
no database: what each article allows, the amounts it fixes, what each decision needs."""

from __future__ import annotations

from decimal import Decimal

import pytest

from core.ruling_checks import RulingEntry, RulingRefused, TableFacts, check_ruling

D = Decimal
AT_TABLE = TableFacts(offender_side="NS", declaring_side="NS")


def entry(irregularity: str, **fields: object) -> RulingEntry:
    values: dict[str, object] = {"reason_zh": "裁判当场判定", "has_offender": True}
    return RulingEntry(irregularity=irregularity, **(values | fields))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("irregularity", "decision", "article"),
    [
        ("drew_early", "penalty", 31),  # 第三十一条: 判罚0.5个比赛分
        ("wrong_count_after_play", "result_override", 33),  # 并罚0.5个比赛分
        ("exposed_card", "penalty_card", 34),  # 重罚张……判罚0.5个比赛分
        ("out_of_turn", "penalty", 34),
        ("revoke", "result_corrected", 36),  # 还要判罚0.5个比赛分
        ("fouled_board", "penalty", 39),  # 给错牌者判罚0.5个比赛分
        ("fouled_board", "board_voided", 39),
    ],
)
@pytest.mark.parametrize("amount", ["0.3", "1", "0.25", "2"])
def test_an_amount_other_than_the_articles_half_point_is_refused(
    irregularity: str, decision: str, article: int, amount: str
) -> None:
    """31, 33, 34, 36 and 39 fix the penalty at 0.5: 0.3 under 31 is refused (it once
    moved a match score to −0.3)."""
    fields = {"decision": decision, "amount": amount, "erring_side": "declaring", "has_board": True}
    with pytest.raises(RulingRefused) as refused:
        check_ruling(entry(irregularity, **fields), AT_TABLE)
    assert refused.value.code == "amount" and refused.value.article == f"第{article}条"
    checked = check_ruling(entry(irregularity, **(fields | {"amount": "0.5"})), AT_TABLE)
    assert checked.amount == D("0.50")
    assert check_ruling(entry(irregularity, **(fields | {"amount": None})), AT_TABLE).amount == D(
        "0.50"
    )


@pytest.mark.parametrize(
    ("irregularity", "decision"),
    [("illegal_signals", "penalty"), ("slow_play", "penalty"), ("slow_play", "boards_cancelled")],
)
def test_37_and_38_leave_the_amount_to_the_referee(irregularity: str, decision: str) -> None:
    """第三十七、三十八条: 重者判罚 — the amount is the referee's, two decimals at most."""
    fields = {"decision": decision, "cancelled": 1}
    assert check_ruling(entry(irregularity, amount="2", **fields), AT_TABLE).amount == D("2.00")
    assert check_ruling(entry(irregularity, amount="1.25", **fields), AT_TABLE).amount == D("1.25")
    with pytest.raises(RulingRefused) as refused:
        check_ruling(entry(irregularity, amount="0.125", **fields), AT_TABLE)
    assert refused.value.code == "amount"


def test_a_penalty_of_nothing_is_refused_but_a_cancellation_may_carry_none() -> None:
    with pytest.raises(RulingRefused) as refused:
        check_ruling(entry("illegal_signals", decision="penalty", amount="0"), AT_TABLE)
    assert refused.value.code == "amount"
    checked = check_ruling(
        entry("slow_play", decision="boards_cancelled", amount="0", cancelled=2), AT_TABLE
    )
    assert checked.amount == 0


@pytest.mark.parametrize(
    ("irregularity", "fields", "code"),
    [
        ("late_5_10", {"decision": "penalty"}, "decision"),  # 第三十条: 警告
        ("late_15", {"minutes_late": 7}, "minutes"),  # 7 minutes is 5–10
        ("late_5_10", {"minutes_late": 3}, "minutes"),  # under 5: nothing
        ("late_5_10", {"minutes_late": 15}, "minutes"),  # 15: a forfeit
        ("drew_early", {"decision": "forfeit"}, "decision"),
        ("drew_early", {"decision": "bogus"}, "invalid"),
        ("bogus", {}, "invalid"),
        ("drew_early", {"reason_zh": "  "}, "reason"),
        ("drew_early", {"has_offender": False}, "offender"),
        ("wrong_count_after_play", {}, "erring_side"),
        ("slow_play", {"decision": "boards_cancelled"}, "boards"),
        ("fouled_board", {"decision": "board_voided"}, "board"),  # which board is void
        ("wrong_count_after_play", {"decision": "replay"}, "board"),  # no result here
        (
            "fouled_board",
            {
                "decision": "penalty",
                "damaged": True,
                "has_second": True,
                "second_is_offender": True,
            },
            "second_entrant",
        ),
    ],
)
def test_what_an_article_does_not_allow_is_refused(
    irregularity: str, fields: dict[str, object], code: str
) -> None:
    facts = TableFacts(offender_side="NS", declaring_side=None)
    with pytest.raises(RulingRefused) as refused:
        check_ruling(entry(irregularity, **fields), facts)
    assert refused.value.code == code
    assert refused.value.message_zh and refused.value.message_en


def test_the_default_decision_is_the_articles_first() -> None:
    assert check_ruling(entry("late_15", minutes_late=20), AT_TABLE).decision == "forfeit"
    warned = check_ruling(entry("late_5_10", minutes_late=12), AT_TABLE)
    assert (warned.article, warned.decision, warned.amount) == (30, "warning", 0)


@pytest.mark.parametrize(
    ("erring", "declaring", "offender_side", "amount"),
    [
        ("declaring", "NS", "NS", D("0.5")),  # 错误在打家一方: 按打破算, 罚0.5
        ("declaring", "EW", "EW", D("0.5")),
        ("defending", "NS", "EW", D("0.5")),  # 错误在防守方: 打破了也算成, 罚0.5
        ("both", "NS", None, D(0)),  # 错误在双方: 本副不计分, nobody fined
    ],
)
def test_article_33_the_erring_side_names_the_offender(
    erring: str, declaring: str, offender_side: str | None, amount: Decimal
) -> None:
    checked = check_ruling(
        entry("wrong_count_after_play", erring_side=erring, has_offender=False),
        TableFacts(declaring_side=declaring),
    )
    assert checked.offender_side == offender_side and checked.amount == amount
    assert checked.clear_offender is (erring == "both")


def test_article_33_a_replay_fines_nobody_and_keeps_the_replays_result() -> None:
    """第三十三条: 如错误在双方，则本副片不计分可重打."""
    checked = check_ruling(
        entry("wrong_count_after_play", decision="replay", corrected_points=40),
        TableFacts(declaring_side="EW"),
    )
    assert (checked.decision, checked.amount, checked.erring_side) == ("replay", 0, "both")
    assert checked.clear_offender and checked.keep_correction


def test_article_39_damage_fines_the_other_side_of_the_table_too() -> None:
    """第三十九条: 造成损失的，双方都纵判罚0.5个比赛分 — a penalty or a voided board."""
    for decision in ("penalty", "board_voided"):
        checked = check_ruling(
            entry("fouled_board", decision=decision, damaged=True, has_board=True),
            TableFacts(offender_side="EW"),
        )
        assert checked.second_side == "NS" and checked.keep_second
    plain = check_ruling(entry("fouled_board", decision="penalty"), AT_TABLE)
    assert not plain.keep_second and plain.second_side is None


def test_a_forfeit_names_a_side_of_the_match() -> None:
    with pytest.raises(RulingRefused) as refused:
        check_ruling(entry("late_15"), TableFacts(offender_in_contest=False))
    assert refused.value.code == "offender" and refused.value.article == "第30条"
