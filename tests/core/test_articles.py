"""The chapter-5 table as data and 第三十条's lateness suggestion, pure (no database)."""

from __future__ import annotations

import pytest

from core.articles import ARTICLES, Decision, Irregularity, suggest_for_lateness

#: competition.md's chapter-5 table: article → the irregularities of its rows.
ROWS = {
    30: {"late_5_10", "late_15"},
    31: {"drew_early"},
    32: {"late_bottom"},
    33: {"wrong_trump_shown", "wrong_count_after_play"},
    34: {"exposed_card", "out_of_turn"},
    35: {"failed_throw"},
    36: {"revoke"},
    37: {"illegal_signals"},
    38: {"slow_play"},
    39: {"fouled_board"},
}


def test_one_irregularity_per_row_of_the_table() -> None:
    """第三十至三十九条: thirteen rows, each an irregularity of its article."""
    assert set(ARTICLES) == set(Irregularity)
    by_article: dict[int, set[str]] = {}
    for irregularity, article in ARTICLES.items():
        by_article.setdefault(article.number, set()).add(irregularity.value)
    assert by_article == ROWS


@pytest.mark.parametrize(
    ("irregularity", "decisions"),
    [
        ("late_15", {"forfeit"}),  # 第三十条: 按弃权处理
        ("wrong_count_after_play", {"result_override", "replay"}),  # 第三十三条: 可重打
        ("exposed_card", {"warning", "penalty_card"}),  # 第三十四条
        ("revoke", {"result_corrected", "warning"}),  # 第三十六条
        ("illegal_signals", {"warning", "penalty", "disqualification"}),  # 第三十七条
        ("slow_play", {"warning", "penalty", "boards_cancelled"}),  # 第三十八条
        ("fouled_board", {"warning", "penalty", "board_voided"}),  # 第三十九条
    ],
)
def test_each_row_allows_what_the_director_records(irregularity: str, decisions: set[str]) -> None:
    """competition.md, "what the director records", plus a procedural note everywhere."""
    allowed = {d.value for d in ARTICLES[Irregularity(irregularity)].decisions}
    assert allowed == decisions | {Decision.PROCEDURAL_NOTE.value}


@pytest.mark.parametrize(
    ("minutes", "irregularity", "decision"),
    [
        (0, None, None),
        (4, None, None),  # under 5: nothing
        (5, "late_5_10", "warning"),
        (10, "late_5_10", "warning"),
        (11, "late_5_10", "warning"),  # 11–14: the article is silent; a warning, said so
        (14, "late_5_10", "warning"),
        (15, "late_15", "forfeit"),
        (45, "late_15", "forfeit"),
    ],
)
def test_suggest_for_lateness(minutes: int, irregularity: str | None, decision: str | None) -> None:
    """第三十条: 迟到5—10分钟，给予警告，迟到15分钟以上的按弃权处理."""
    suggestion = suggest_for_lateness(minutes)
    assert suggestion.irregularity == irregularity and suggestion.decision == decision
    assert suggestion.note_zh and suggestion.note_en
    if 11 <= minutes <= 14:
        assert "11—14" in suggestion.note_zh and "11–14" in suggestion.note_en


def test_negative_minutes_are_refused() -> None:
    with pytest.raises(ValueError):
        suggest_for_lateness(-1)
