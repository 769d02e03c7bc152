"""What a table's result means for each side: jumps, who did well, the ranking key."""

from __future__ import annotations

import pytest

from core.engine import Side
from core.results import PlayResult, board_mismatch, judge_record
from tests.core._records import play, record


@pytest.mark.parametrize(
    ("name", "result", "jump"),
    [
        ("plain make", play(40), False),
        ("plain break", play(85), False),
        ("光牌", play(0), True),
        ("大王抠底", play(30, "BJ"), True),
        ("小王抠底", play(30, "LJ"), True),
        ("J到底", play(30, "J", levels=("J", "7")), True),
        ("Q半截", play(30, "Q", levels=("Q", "7")), True),
        ("K三级", play(30, "K", levels=("K", "7")), True),
        ("轱辘坡", play(140), True),
        ("潇洒 on a make", play(40, xiaosa=["LJ"]), True),
        ("潇洒 on a break", play(90, xiaosa=["BJ"]), True),
        ("轱辘坡 at A: nothing to fall", play(150, levels=("A", "7")), False),
    ],
)
def test_it_knows_when_a_jump_happened(name: str, result: PlayResult, jump: bool) -> None:
    """第二十四条: 打光、抠底、潇洒、轱辘坡、J到底、Q半截、K三级 are the jumps (跳级情况);
    a plain make or break is not, nor a 轱辘坡 that earns no levels."""
    assert result.jump_happened is jump, name


def test_a_plain_make_counts_one_level() -> None:
    """rules.md "Jump levels for comparisons": a plain make counts 1, a plain break 0."""
    assert play(40).jumps(Side.NS) == 1
    assert play(40).jumps(Side.EW) == 0
    assert play(85).jumps(Side.NS) == play(85).jumps(Side.EW) == 0


def test_jump_levels_are_nominal_not_capped() -> None:
    """rules.md: jump levels are counted before J、Q、K必打 stops the rise (第二十二条):
    光牌 at 10 rises only to J, yet counts 3."""
    guang = play(0, levels=("10", "7"))
    assert guang.hand.levels_after[Side.NS] == 11
    assert guang.jumps(Side.NS) == 3


def test_the_two_sides_keys_are_opposites() -> None:
    """第二十八条: N–S and E–W scores of one play add up to the top, so whatever ranks a
    result up for one side ranks it down for the other."""
    for result in (play(40), play(0), play(85), play(30, "BJ"), play(40, declarer="E")):
        ns, ew = result.key(Side.NS), result.key(Side.EW)
        assert ew == tuple(-x for x in ns)


def test_who_did_well() -> None:
    """第二十四条: declarers do well by making, defenders by breaking (占优)."""
    assert play(40).won_by(Side.NS) and not play(40).won_by(Side.EW)
    assert play(80).won_by(Side.EW) and not play(80).won_by(Side.NS)
    assert play(40, declarer="W").won_by(Side.EW)


def test_an_embedded_record_needs_no_format() -> None:
    """interfaces.md: records inside compare_board and matchpoints may carry only levels,
    declarer, trump and result."""
    verdict, result = judge_record(record(40))
    assert verdict.valid and result is not None
    assert result.declaring is Side.NS and result.defender_points == 40


def test_an_invalid_embedded_record_has_no_result() -> None:
    """第七条 (via the engine): 83 points cannot be collected; nothing is scored."""
    verdict, result = judge_record(record(83))
    assert result is None
    assert [e.code.value for e in verdict.errors] == ["result_impossible"]


def test_a_record_of_another_board_is_flagged() -> None:
    """第二十四、二十八条 compare results of the same board only."""
    assert board_mismatch(record(40, board=3), 3) is None
    assert board_mismatch(record(40), 3) is None
    error = board_mismatch(record(40, board=4), 3)
    assert error is not None and error.code.value == "bad_record"
