"""The Mitchell movement of the pairs event (双人双冠军赛, 第二十八条).

N–S pairs stay put; after each round the E–W pairs move up a table (顺时针，向高号桌)
and the board sets move down one (逆时针，向低号桌). Everything a director prints
(table cards, the movement sheet, travelling score sheets) follows from one formula
per round, so the movement is computed, not tabulated.
"""

from __future__ import annotations

from dataclasses import dataclass

from ._errors import FormatError
from .movement import Movement, MovementRound, assignment, set_start_level

__all__ = [
    "MIN_PAIRS",
    "MIN_TABLES",
    "Section",
    "check_rounds",
    "mitchell",
    "mitchell_for_pairs",
    "sections",
    "set_start_level",
]

#: Two tables give one round in which every board is played once: nothing to compare,
#: so no matchpoints. Three is the smallest field where each board travels.
MIN_TABLES = 3
#: Five pairs fill three tables with one seat empty: the smallest Mitchell.
MIN_PAIRS = 2 * MIN_TABLES - 1


def check_rounds(rounds: int | None, full: int, article: str | None = None) -> int:
    """The rounds to play: all ``full`` by default, or fewer (a shortened movement).

    Cutting a movement short keeps its first rounds, so nobody meets a pair or plays a
    set twice; more rounds than the movement has would repeat both.
    """
    if rounds is None:
        return full
    if not 1 <= rounds <= full:
        raise FormatError(
            f"轮数必须在1到{full}之间（完整移位共{full}轮），现为{rounds}",
            f"the rounds must be between 1 and {full} (the full movement has {full}), got {rounds}",
            article=article,
        )
    return rounds


def mitchell(
    tables: int, boards_per_round: int = 4, *, rounds: int | None = None, sit_out: bool = False
) -> Movement:
    """The Mitchell movement for ``tables`` tables and sets of ``boards_per_round``.

    Round r, table t: set t + (r−1) (sets move down one a round) and E–W pair
    t − (r−1) − skip (E–W move up one), both wrapped round T. With T odd that meets
    every pair and set once in T rounds. With T even, plain moving would bring each E–W
    pair back to a set it has played after T/2 rounds, so after round T/2 the E–W pairs
    move up two tables (跳桌) once — skip is 1 from round T/2 + 1 on — and the session
    has T − 1 rounds.

    ``sit_out``: E–W pair T is a phantom (an odd number of pairs): its seat is empty,
    so each round the N–S pair it would meet sits out, a different one each round
    since the phantom moves like every E–W pair. ``rounds`` shortens the movement to
    its first rounds.
    """
    if tables < MIN_TABLES:
        raise FormatError(
            f"米切尔移位至少需要{MIN_TABLES}张桌（少于此每副牌只打一次，无法比较），现有{tables}张",
            f"a Mitchell movement needs at least {MIN_TABLES} tables "
            f"(with fewer each board is played once and nothing can be compared), got {tables}",
            article="第二十八条",
        )
    if boards_per_round < 1:
        raise FormatError(
            f"每轮至少打1副牌，现为{boards_per_round}",
            f"a round needs at least 1 board, got {boards_per_round}",
            article="第二十八条",
        )
    even = tables % 2 == 0
    full = tables - 1 if even else tables
    round_count = check_rounds(rounds, full, "第二十八条")
    played: list[MovementRound] = []
    for r in range(1, round_count + 1):
        skip = 1 if even and r > tables // 2 else 0
        assignments = []
        for t in range(1, tables + 1):
            ew: int | None = (t - 1 - (r - 1) - skip) % tables + 1
            if sit_out and ew == tables:
                ew = None  # 轮空: the phantom's seat
            board_set = (t - 1 + r - 1) % tables + 1
            assignments.append(assignment(t, t, ew, board_set, boards_per_round))
        played.append(MovementRound(number=r, tables=tuple(assignments)))
    return Movement(
        table_count=tables,
        boards_per_round=boards_per_round,
        set_count=tables,
        full_rounds=full,
        rounds=tuple(played),
        skip_after_round=tables // 2 if even else None,
    )


def mitchell_for_pairs(
    pairs: int, boards_per_round: int = 4, *, rounds: int | None = None
) -> Movement:
    """The Mitchell for ``pairs`` pairs: P/2 tables, or (P + 1)/2 with a phantom E–W
    pair when P is odd (the last table's E–W seat starts empty)."""
    if pairs < MIN_PAIRS:
        raise FormatError(
            f"米切尔移位至少需要{MIN_PAIRS}对，现有{pairs}对（更少时请用豪威尔移位）",
            f"a Mitchell needs at least {MIN_PAIRS} pairs, got {pairs} (use a Howell for fewer)",
            article="第二十八条",
        )
    return mitchell((pairs + 1) // 2, boards_per_round, rounds=rounds, sit_out=pairs % 2 == 1)


@dataclass(frozen=True)
class Section:
    """One section (分区) of a big field: its own Mitchell on tables ``first_table`` …

    Every section has the same number of tables and so the same movement: in each
    round its table t plays the same set as table t of every other section (the boards
    are duplicated), which is what lets a board be matchpointed over the whole field.
    Pairs are numbered like their tables, ``offset`` + the pair's number in its section.
    """

    label: str  # A, B, C …
    pairs: int
    offset: int  # table and pair numbers of this section are offset + 1 … offset + T
    movement: Movement

    @property
    def tables(self) -> range:
        return range(self.offset + 1, self.offset + self.movement.table_count + 1)


def sections(
    pairs: int, count: int, boards_per_round: int = 4, *, rounds: int | None = None
) -> tuple[Section, ...]:
    """Split ``pairs`` into ``count`` sections of one table count T: each section has
    2T or 2T − 1 pairs (at most one phantom a section). The larger sections come
    first; a split that cannot be made so is refused, naming the counts that can."""
    if pairs < MIN_PAIRS:
        mitchell_for_pairs(pairs)  # refuses, saying why
    if not 1 <= count <= 26:
        raise FormatError(
            f"分区数必须在1到26之间，现为{count}", f"the sections must be 1 to 26, got {count}"
        )
    tables = -(-pairs // (2 * count))  # ceil
    if pairs < count * (2 * tables - 1) or tables < MIN_TABLES:
        workable = [
            k
            for k in range(1, pairs // MIN_PAIRS + 1)
            if pairs >= k * (2 * -(-pairs // (2 * k)) - 1)
        ]
        raise FormatError(
            f"{pairs}对不能分成{count}个桌数相同的区（每区2T或2T−1对，至少{MIN_TABLES}桌）；"
            f"可分的区数：{'、'.join(map(str, workable)) or '无'}",
            f"{pairs} pairs cannot make {count} sections of equal tables "
            f"(2T or 2T − 1 pairs each, at least {MIN_TABLES} tables); "
            f"section counts that work: {', '.join(map(str, workable)) or 'none'}",
            article="第二十八条",
        )
    full_sections = pairs - count * (2 * tables - 1)  # sections with no phantom
    result = []
    for i in range(count):
        size = 2 * tables if i < full_sections else 2 * tables - 1
        movement = mitchell_for_pairs(size, boards_per_round, rounds=rounds)
        result.append(Section(chr(ord("A") + i), size, i * tables, movement))
    return tuple(result)
