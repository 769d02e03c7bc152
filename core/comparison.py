"""Board points in a team match (团体对抗赛计分, 第二十四条).

Each board is played twice, once in the open room (开室) and once in the closed room
(闭室), with the teams' seats swapped: team X sits N–S in the open room and E–W in the
closed one, team Y the other way round. The two results are compared in three steps:

1. If a jump (跳级) happened at either table — 光牌, 抠底, 潇洒, 轱辘坡, J到底, Q半截,
   K三级 — add up each team's jump levels over both tables (a plain make counts 1).
   The team with more gets the difference, one point per level. A difference of 0
   goes on to step 2.
2. Both tables made or both broken: the team whose defenders collected more points
   (拣分多的队) gets 1; equal points give 0 each.
3. One made, one broken: the same team did well at both tables; it gets 2.

Readings, where the article is not explicit:

- "A jump happened" is read from the levels (`PlayResult.jump_happened`): a result
  that earned more levels than a plain make (1) or a plain break (0). So a plain make
  at one table and a plain break at the other is not a jump even though the team
  totals differ by 1; that is step 3 and scores 2, as the article's own wording of
  step 3 requires. A 轱辘坡 at level A, which earns 0 levels, is not a jump either.
- Jump levels are the engine's nominal levels (before J、Q、K必打), as rules.md says.
- The declarer of a board comes from the box card, so it normally sits in the same
  direction at both tables and the two teams each declare once. Nothing here assumes
  it: steps 2 and 3 are read as "each team did well (占优: declared and made, or
  defended and broke) at one table" and "the same team did well at both", which is
  what "both made or both broken" and "one made, one broken" mean when the declarers
  sit the same way; a team's collected points are those of the tables where it
  defended. Every step then amounts to comparing the open room's N–S result with the
  closed room's N–S result by `PlayResult.key`, as matchpoints do.

Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from core.engine import Side

from .results import PlayResult

__all__ = ["BoardComparison", "compare_board"]

ROOMS = (("开室", "open room"), ("闭室", "closed room"))


@dataclass(frozen=True)
class BoardComparison:
    """The board points (单副得分) of one board of a team match, and why."""

    points: Mapping[str, int]  # team → board points; the loser (or both on a tie) 0
    step: int  # the step of 第二十四条 that decided: 1 jump levels, 2 points, 3 made/broken
    levels: Mapping[str, int]  # each team's jump levels over both tables
    collected: Mapping[str, int]  # each team's defenders' points over both tables
    reason_zh: str
    reason_en: str


def compare_board(
    open_play: PlayResult, closed_play: PlayResult, *, open_ns: str, open_ew: str
) -> BoardComparison:
    """Compare one board's open-room and closed-room results (第二十四条).

    `open_ns` is the team sitting N–S in the open room; it sits E–W in the closed
    room, and `open_ew` the other way round.
    """
    if open_ns == open_ew:
        raise ValueError("两队名称相同 / the two teams have the same name")
    tables = (open_play, closed_play)
    seats: dict[str, tuple[Side, Side]] = {
        open_ns: (Side.NS, Side.EW),
        open_ew: (Side.EW, Side.NS),
    }
    teams = (open_ns, open_ew)

    def total(measure: Callable[[PlayResult, Side], int]) -> dict[str, int]:
        return {
            t: sum(measure(play, side) for play, side in zip(tables, seats[t], strict=True))
            for t in teams
        }

    levels = total(PlayResult.jumps)
    collected = total(PlayResult.collected_by)

    def result(step: int, winner: str | None, pts: int, zh: str, en: str) -> BoardComparison:
        points = {t: (pts if t == winner else 0) for t in teams}
        return BoardComparison(points, step, levels, collected, zh, en)

    prefix_zh = prefix_en = ""
    jumps = [
        (room, name) for room, play in zip(ROOMS, tables, strict=True) for name in play.jump_names()
    ]
    if any(play.jump_happened for play in tables):
        what_zh = "，".join(f"{room[0]}{name[0]}" for room, name in jumps) or "有跳级"
        what_en = ", ".join(f"{name[1]} in the {room[1]}" for room, name in jumps) or "a jump"
        a, b = teams
        tally_zh = f"{a} 共 {levels[a]} 级，{b} 共 {levels[b]} 级"
        tally_en = f"{a} {levels[a]} levels, {b} {levels[b]}"
        diff = levels[a] - levels[b]
        if diff:
            winner = a if diff > 0 else b
            return result(
                1,
                winner,
                abs(diff),
                f"跳级（{what_zh}）：{tally_zh}，{winner} 多 {abs(diff)} 级，得 {abs(diff)} 分",
                f"jump levels ({what_en}): {tally_en}; {winner} scores {abs(diff)}",
            )
        prefix_zh = f"跳级（{what_zh}）：{tally_zh}，跳级数相同；"
        prefix_en = f"jump levels ({what_en}): {tally_en}, equal; "

    # 占优: the team that declared and made, or defended and broke, at each table.
    did_well = [
        next(t for t in teams if play.won_by(seats[t][room])) for room, play in enumerate(tables)
    ]
    states_zh, states_en = _states(tables)
    if did_well[0] == did_well[1]:
        winner = did_well[0]
        return result(
            3,
            winner,
            2,
            f"{prefix_zh}{states_zh}：{winner} 两桌都占优，得 2 分",
            f"{prefix_en}{states_en}: {winner} did well at both tables and scores 2",
        )
    a, b = teams
    tally_zh = f"{a} 防守拣 {collected[a]} 分，{b} 防守拣 {collected[b]} 分"
    tally_en = f"{a}'s defenders collected {collected[a]}, {b}'s {collected[b]}"
    if collected[a] == collected[b]:
        return result(
            2,
            None,
            0,
            f"{prefix_zh}{states_zh}：{tally_zh}，拣分相同，各得 0 分",
            f"{prefix_en}{states_en}: {tally_en}, equal; 0 each",
        )
    winner = a if collected[a] > collected[b] else b
    return result(
        2,
        winner,
        1,
        f"{prefix_zh}{states_zh}：{tally_zh}，{winner} 拣分多，得 1 分",
        f"{prefix_en}{states_en}: {tally_en}; {winner} scores 1",
    )


def _states(tables: tuple[PlayResult, PlayResult]) -> tuple[str, str]:
    """Made or broken at each table, for reasons."""
    if tables[0].made == tables[1].made:
        word = ("打成", "made") if tables[0].made else ("打破", "broken")
        return f"两桌都{word[0]}", f"both tables {word[1]}"
    zh = "、".join(
        f"{room[0]}{'打成' if play.made else '打破'}"
        for room, play in zip(ROOMS, tables, strict=True)
    )
    en = ", ".join(
        f"{'made' if play.made else 'broken'} in the {room[1]}"
        for room, play in zip(ROOMS, tables, strict=True)
    )
    return zh, en
