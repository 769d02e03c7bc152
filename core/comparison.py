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
  step 3 requires. A 轱辘坡 at level A, which earns 0 levels, is not a jump either
  (docs/rules.md 6.2, 【程序读法】 of 第二十四条之3).
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

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from core.engine import Side

from .results import PlayResult

__all__ = ["BoardComparison", "compare_board"]

ROOMS = (("开室", "open room"), ("闭室", "closed room"))

T = TypeVar("T", bound=Hashable)


@dataclass(frozen=True)
class BoardComparison(Generic[T]):
    """The board points (单副得分) of one board of a team match, and why: the facts the
    step decided on, computed once; :meth:`reason` writes them in either language, with
    the teams named as the reader knows them (主队/客队 on a page, X/Y in a command)."""

    points: Mapping[T, int]  # team → board points; the loser (or both on a tie) 0
    step: int  # the step of 第二十四条 that decided: 1 jump levels, 2 points, 3 made/broken
    levels: Mapping[T, int]  # each team's jump levels over both tables
    collected: Mapping[T, int]  # each team's defenders' points over both tables
    teams: tuple[T, T]  # N–S in the open room, then E–W there
    winner: T | None  # the team that scored, None on a 0–0 board
    jumps: tuple[tuple[int, tuple[str, str]], ...] = ()  # (room, name) of each jump
    jumped: bool = False  # a jump happened at either table (step 1 was looked at)
    made: tuple[bool, bool] = (True, True)  # made at the open, at the closed table

    @property
    def reason_zh(self) -> str:
        return self.reason("zh")

    @property
    def reason_en(self) -> str:
        return self.reason("en")

    def reason(self, language: str, names: Mapping[T, str] | None = None) -> str:
        """Why, in ``language`` ("zh" or "en"), naming each team by ``names`` (by
        default as the teams are keyed)."""
        en = language == "en"
        a, b = (str(names[t]) if names is not None else str(t) for t in self.teams)
        name = dict(zip(self.teams, (a, b), strict=True))
        won = name[self.winner] if self.winner is not None else ""
        diff = abs(self.levels[self.teams[0]] - self.levels[self.teams[1]])
        prefix = ""
        if self.jumped:
            la, lb = self.levels[self.teams[0]], self.levels[self.teams[1]]
            if en:
                what = ", ".join(f"{n[1]} in the {ROOMS[r][1]}" for r, n in self.jumps)
                prefix = f"jump levels ({what or 'a jump'}): {a} {la} levels, {b} {lb}"
            else:
                what = "，".join(f"{ROOMS[r][0]}{n[0]}" for r, n in self.jumps)
                prefix = f"跳级（{what or '有跳级'}）：{a} 共 {la} 级，{b} 共 {lb} 级"
            if self.step == 1:
                if en:
                    return f"{prefix}; {won} scores {diff}"
                return f"{prefix}，{won} 多 {diff} 级，得 {diff} 分"
            prefix += ", equal; " if en else "，跳级数相同；"
        states = _states(self.made, en)
        if self.step == 3:
            if en:
                return f"{prefix}{states}: {won} did well at both tables and scores 2"
            return f"{prefix}{states}：{won} 两桌都占优，得 2 分"
        ca, cb = self.collected[self.teams[0]], self.collected[self.teams[1]]
        if en:
            tally = f"{a}'s defenders collected {ca}, {b}'s {cb}"
            if self.winner is None:
                return f"{prefix}{states}: {tally}, equal; 0 each"
            return f"{prefix}{states}: {tally}; {won} scores 1"
        tally = f"{a} 防守拣 {ca} 分，{b} 防守拣 {cb} 分"
        if self.winner is None:
            return f"{prefix}{states}：{tally}，拣分相同，各得 0 分"
        return f"{prefix}{states}：{tally}，{won} 拣分多，得 1 分"


def compare_board(
    open_play: PlayResult, closed_play: PlayResult, *, open_ns: T, open_ew: T
) -> BoardComparison[T]:
    """Compare one board's open-room and closed-room results (第二十四条).

    `open_ns` is the team sitting N–S in the open room; it sits E–W in the closed
    room, and `open_ew` the other way round.
    """
    if open_ns == open_ew:
        raise ValueError("两队名称相同 / the two teams have the same name")
    tables = (open_play, closed_play)
    seats: dict[T, tuple[Side, Side]] = {
        open_ns: (Side.NS, Side.EW),
        open_ew: (Side.EW, Side.NS),
    }
    teams = (open_ns, open_ew)

    def total(measure: Callable[[PlayResult, Side], int]) -> dict[T, int]:
        return {
            t: sum(measure(play, side) for play, side in zip(tables, seats[t], strict=True))
            for t in teams
        }

    levels = total(PlayResult.jumps)
    collected = total(PlayResult.collected_by)
    jumped = any(play.jump_happened for play in tables)
    jumps = tuple((r, name) for r, play in enumerate(tables) for name in play.jump_names())

    def result(step: int, winner: T | None, pts: int) -> BoardComparison[T]:
        return BoardComparison(
            points={t: (pts if t == winner else 0) for t in teams},
            step=step,
            levels=levels,
            collected=collected,
            teams=teams,
            winner=winner,
            jumps=jumps,
            jumped=jumped,
            made=(open_play.made, closed_play.made),
        )

    diff = levels[open_ns] - levels[open_ew]
    if jumped and diff:
        return result(1, open_ns if diff > 0 else open_ew, abs(diff))
    # 占优: the team that declared and made, or defended and broke, at each table.
    did_well = [
        next(t for t in teams if play.won_by(seats[t][room])) for room, play in enumerate(tables)
    ]
    if did_well[0] == did_well[1]:
        return result(3, did_well[0], 2)
    if collected[open_ns] == collected[open_ew]:
        return result(2, None, 0)
    return result(2, open_ns if collected[open_ns] > collected[open_ew] else open_ew, 1)


def _states(made: tuple[bool, bool], en: bool) -> str:
    """Made or broken at each table, for reasons."""
    if made[0] == made[1]:
        word = ("打成", "made") if made[0] else ("打破", "broken")
        return f"both tables {word[1]}" if en else f"两桌都{word[0]}"
    if en:
        return ", ".join(
            f"{'made' if m else 'broken'} in the {room[1]}"
            for room, m in zip(ROOMS, made, strict=True)
        )
    return "、".join(
        f"{room[0]}{'打成' if m else '打破'}" for room, m in zip(ROOMS, made, strict=True)
    )
