"""Events, people and results for the tests that use the database, built one way.

Every folder's tests build what they need from these pieces instead of each keeping
its own copy (the copies had drifted: three scorecard helpers with three defaults,
four ways to run Celery in-process). Two ways of laying out an event are kept, each
for a reason:

- through the services (``event``, ``teams``, ``pairs``, ``stage``), as a director
  does, so a test depends only on what the tournament services schedule;
- straight into the models (``team_round``, ``mitchell_stage``), where a boards test
  needs start levels and rooms the services would not choose for it.

Results go in through ``boards.services`` (``Play``), so every test scores what the
engine judged; the rescoring they queue runs on commit.
"""

from __future__ import annotations

import copy
import datetime
import io
import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from typing import Any, TypeVar

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction

from boards.models import Board, Result
from boards.records import Entry
from boards.services import Actor, boards_generate, result_confirm, result_correct, result_enter
from core.engine import Seat, Side, parse_card, parse_level
from core.engine.simulate import random_board
from core.formats.mitchell import mitchell as mitchell_movement
from duidiao.celery import app as celery_app
from scoring.selectors import qualification_standings
from tests._tables import open_side
from tournament.models import (
    BoardSet,
    Entrant,
    Event,
    EventRole,
    Match,
    Membership,
    Player,
    Round,
    Seating,
    SetPlay,
    Stage,
    Table,
)
from tournament.services import entrants_add, event_create, stage_create, stage_qualify

# --- people --------------------------------------------------------------------------

PASSWORD = "secret-pw"

T = TypeVar("T")


def user(username: str, *, event: Event | None = None, role: str | None = None) -> Any:
    """A login (password ``PASSWORD``), with ``role`` in ``event`` if given: officials
    hold their rights per event (``EventRole``), not as superusers."""
    made = get_user_model().objects.create_user(username=username, password=PASSWORD)
    if event is not None and role is not None:
        EventRole.objects.create(event=event, user=made, role=role)
    return made


def superuser(username: str = "admin") -> Any:
    """A superuser (as ``load_demo`` makes its chief director): every event, and the
    admin, which no event role reaches."""
    return get_user_model().objects.create_superuser(username=username, password=PASSWORD, email="")


# --- Celery ----------------------------------------------------------------------------


@contextmanager
def tasks_in_process() -> Iterator[None]:
    """Tasks run in this process even when the suite runs with a broker and a worker
    (CI's PostgreSQL pass): the worker cannot see the test's uncommitted database."""
    saved = celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates
    celery_app.conf.task_always_eager = True
    celery_app.conf.task_eager_propagates = True
    try:
        yield
    finally:
        celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates = saved


def kept(build: Callable[[], T], *, commit_hooks: bool = True) -> Any:
    """A module-scoped fixture that builds ``build()`` once for the module (see
    ``kept_for_module``), for a function fixture to hand each test its own copy with
    ``copy_of``: a model instance one test changes in memory is fresh in the next, and
    its rows are rolled back with the test's savepoint. Being module-scoped, pytest
    builds it before the test's own transaction opens. In a module whose tests are
    ``transaction=True``, or ``browser`` tests (the live server's threads would wait on
    the module's open transaction), it builds nothing (``None``): each test builds its
    own.
    ``commit_hooks=False`` builds as a test's own fixture would: commit callbacks
    (rescoring) never run."""

    @pytest.fixture(scope="module")
    def fixture(
        request: pytest.FixtureRequest, django_db_setup: Any, django_db_blocker: Any
    ) -> Iterator[T | None]:
        if _builds_own(request.node):
            yield None  # each test builds its own: see the docstring
            return
        yield from kept_for_module(django_db_blocker, build, commit_hooks=commit_hooks)

    return fixture


def copy_of(request: pytest.FixtureRequest, built: T | None, build: Callable[[], T]) -> T:
    """A test's own copy of a ``kept`` fixture's value, or a fresh ``build()`` in a
    transactional module. A transactional test in a module that keeps data cannot run
    (the module's transaction is open): it belongs in a module of its own."""
    if built is None:
        return build()
    if _builds_own(request.node):
        pytest.fail("a transaction=True test cannot share a module with kept data")
    return copy.deepcopy(built)


def _builds_own(node: pytest.Item | pytest.Collector) -> bool:
    """A ``transaction=True`` or ``browser`` test or module: no data kept for it."""
    if node.get_closest_marker("browser"):
        return True
    marker = node.get_closest_marker("django_db")
    if marker is None:
        return False
    return bool(marker.kwargs.get("transaction", marker.args[0] if marker.args else False))


def kept_for_module(
    django_db_blocker: Any, build: Callable[[], T], *, commit_hooks: bool = True
) -> Iterator[T]:
    """For a module-scoped fixture to ``yield from``: ``build()``'s data stays for every
    test of the module and is rolled back after the last one. Each test
    (``django_db``, not ``transaction=True``) runs in a savepoint inside this
    transaction, so one test's writes never reach the next. ``build`` rescores in this
    process on each commit it asks for, as ``Play`` does."""
    with django_db_blocker.unblock(), transaction.atomic():
        built = _scored(build, commit_hooks=commit_hooks)
        yield built
        transaction.set_rollback(True)


# --- the demo, played (load_demo) -------------------------------------------------------

#: The test database just after ``load_demo``, kept by the first module of this process
#: that asks for it (SQLite only: ``played_demo``).
_played_demo: list[Any] = []


def played_demo(django_db_blocker: Any, then: Callable[[], T]) -> Iterator[T]:
    """For a module-scoped fixture to ``yield from``: the database as ``load_demo`` leaves
    it (``make run``'s demo: its boards dealt, its first rounds played and scored), then
    ``then()``'s changes, for every test of the module; all of it is gone after the last
    test, the database back as the module found it.

    ``load_demo`` costs about 11 s of CPU and three modules read its played event
    (tests/conftest.py has them run in one process). On SQLite the first of them runs it
    for real, committed and rescored on each commit as ``make run`` runs it, and keeps a
    copy of the database (sqlite3's backup); the others start from that copy. Each
    module copies the database it finds first and puts it back after its last test.
    On PostgreSQL (CI's second pass) each module runs ``load_demo`` inside its own
    transaction, its commit callbacks (rescoring) run when it ends, and all of it rolled
    back after the module's last test. Either way ``then()`` reads the demo scored."""
    from django.core.management import call_command
    from django.db import connection

    def load() -> None:
        call_command("load_demo", allow_production=True, stdout=io.StringIO())

    with django_db_blocker.unblock():
        if connection.vendor != "sqlite":
            with transaction.atomic():
                _scored(load)
                yield _scored(then)
                transaction.set_rollback(True)
            return
        if connection.in_atomic_block:  # sqlite3's backup would wait for it forever
            raise RuntimeError("played_demo is for a module-scoped fixture, outside a test")
        connection.ensure_connection()
        database = connection.connection
        found = _sqlite_copy(database)
        try:
            if _played_demo:
                _played_demo[0].backup(database)
            else:
                with tasks_in_process():
                    load()
                _played_demo.append(_sqlite_copy(database))
            with transaction.atomic():
                yield _scored(then)
                transaction.set_rollback(True)
        finally:
            found.backup(database)
            found.close()


def _scored(change: Callable[[], T], *, commit_hooks: bool = True) -> T:
    """``change()`` inside the open transaction, its commit callbacks (rescoring) run in
    this process when it returns, as they would have on commit (none with
    ``commit_hooks=False``)."""
    from django.test import TestCase

    with tasks_in_process(), TestCase.captureOnCommitCallbacks(execute=commit_hooks):
        return change()


def _sqlite_copy(database: Any) -> Any:
    """An in-memory copy of the SQLite ``database`` (a ``sqlite3.Connection``)."""
    import sqlite3

    copied = sqlite3.connect(":memory:")
    database.backup(copied)
    return copied


# --- events through the services -----------------------------------------------------

#: Teams named for the banners of 赤峰's counties, as the pages show them.
TEAM_NAMES = [
    "红山队",
    "松山队",
    "元宝山队",
    "宁城队",
    "林西队",
    "巴林队",
    "克什克腾队",
    "翁牛特队",
    "敖汉队",
    "喀喇沁队",
    "阿鲁科尔沁队",
    "天山队",
    "大板队",
    "经棚队",
    "乌丹队",
    "新惠队",
]

#: Pairs with ordinary names, for pages that show players.
PAIR_PLAYERS = [
    ("张伟", "王芳"),
    ("李娜", "刘敏"),
    ("陈静", "杨磊"),
    ("赵洋", "黄勇"),
    ("周艳", "吴杰"),
    ("徐军", "孙涛"),
    ("马明", "朱超"),
    ("胡霞", "郭平"),
]


def event(
    *,
    code: str = "chifeng",
    name: str = "赤峰市对调复式赛",
    venue: str = "赤峰市红山区",
    starts_on: datetime.date | None = datetime.date(2025, 8, 1),
    ends_on: datetime.date | None = datetime.date(2025, 8, 2),
    status: str = Event.Status.DRAFT,
) -> Event:
    """An event as the director creates it (a draft unless ``status`` says otherwise:
    the public pages show only running ones)."""
    return event_create(
        name=name, code=code, venue=venue, starts_on=starts_on, ends_on=ends_on, status=status
    )


def teams(
    event: Event,
    count_or_names: int | Sequence[str],
    *,
    size: int = 4,
    seeded: bool = True,
    club: str = "",
) -> list[Entrant]:
    """Teams of ``size`` named players (红山队's are 红山1号…), numbered after the
    event's teams so far; ``seeded`` gives them seeds in that order. A count takes the
    names of ``TEAM_NAMES`` in turn, then 第17队…"""
    start = event.entrants.filter(kind=Entrant.Kind.TEAM).count()
    if isinstance(count_or_names, int):
        names = [
            TEAM_NAMES[i] if i < len(TEAM_NAMES) else f"第{i + 1}队"
            for i in range(start, start + count_or_names)
        ]
    else:
        names = list(count_or_names)
    entries = []
    for i, name in enumerate(names, start=start + 1):
        stem = name.removesuffix("队")
        row: dict[str, Any] = {
            "name": name,
            "players": [f"{stem}{j}号" for j in range(1, size + 1)],
        }
        if seeded:
            row["seed"] = i
        if club:
            row["club"] = club
        entries.append(row)
    return entrants_add(event=event, kind=Entrant.Kind.TEAM, entries=entries)


def pairs(event: Event, count_or_players: int | Sequence[tuple[str, str]]) -> list[Entrant]:
    """Pairs: ``PAIR_PLAYERS`` or other names given, or a count of 对1甲 & 对1乙…"""
    if isinstance(count_or_players, int):
        players = [(f"对{i}甲", f"对{i}乙") for i in range(1, count_or_players + 1)]
    else:
        players = list(count_or_players)
    return entrants_add(
        event=event, kind=Entrant.Kind.PAIR, entries=[{"players": list(p)} for p in players]
    )


def stage(
    event: Event,
    kind: str,
    entrants: Sequence[Entrant] | None = None,
    *,
    name: str = "",
    source: Stage | None = None,
    draw_seed: int | None = None,
    dealt: bool = False,
    **settings: Any,
) -> Stage:
    """A stage scheduled by the service (settings as keywords); ``dealt`` deals its
    boards too, as the director does before play."""
    made = stage_create(
        event=event,
        kind=kind,
        name=name,
        entrants=entrants,
        settings=settings,
        source=source,
        draw_seed=draw_seed,
    )
    return deal(made) if dealt else made


def deal(stage: Stage) -> Stage:
    """``stage`` with its boards dealt, as the director deals a stage whose entrants are
    known (a knockout once its groups have qualified)."""
    boards_generate(stage=stage)
    return stage


# --- events straight into the models -------------------------------------------------

_counter = iter(range(1, 10_000))


def bare_event(**kwargs: Any) -> Event:
    """An event with a fresh code, for layouts that hold several events."""
    n = next(_counter)
    return event(
        code=f"event-{n}", name=f"赛事{n}", venue="", starts_on=None, ends_on=None, **kwargs
    )


def _entrant(ev: Event, kind: str, number: int, size: int) -> Entrant:
    made = Entrant.objects.create(event=ev, kind=kind, number=number, name=f"{kind}{number}")
    for i in range(size):
        player = Player.objects.create(name=f"{kind}{number}-{i + 1}")
        Membership.objects.create(entrant=made, player=player, order=i + 1)
    return made


def _seat_players(table: Table, ns: Entrant, ew: Entrant) -> None:
    n, s = (m.player for m in ns.memberships.order_by("order")[:2])
    e, w = (m.player for m in ew.memberships.order_by("order")[:2])
    for position, player in (("N", n), ("S", s), ("E", e), ("W", w)):
        Seating.objects.create(table=table, seat=position, player=player)


@dataclass
class TeamRound:
    """One round of a team stage: ``matches`` matches, each an open and a closed room.

    With ``boards`` boards a session, the open room starts boards 1…b/2 from
    ``open_start`` and the closed room b/2+1…b from ``closed_start``; then they swap.
    """

    event: Event
    stage: Stage
    round: Round
    sets: tuple[BoardSet, BoardSet]
    matches: list[Match] = field(default_factory=list)
    tables: list[tuple[Table, Table]] = field(default_factory=list)  # (open, closed)

    @property
    def open(self) -> Table:
        return self.tables[0][0]

    @property
    def closed(self) -> Table:
        return self.tables[0][1]

    def board(self, number: int) -> Board:
        return Board.objects.get(stage=self.stage, round=self.round, number=number)


def team_round(
    ev: Event | None = None,
    *,
    matches: int = 1,
    boards: int = 4,
    open_start: str = "A",
    closed_start: str = "7",
    order: int = 1,
    dealt: bool = False,
) -> TeamRound:
    """A team round with the rooms' start levels chosen (第二十四条); ``dealt`` deals
    its boards too."""
    ev = ev or bare_event()
    made = Stage.objects.create(
        event=ev,
        order=order,
        kind=Stage.Kind.TEAM_MATCH,
        name="团体赛",
        settings={"boards_per_session": boards, "sessions": 1},
    )
    round_ = Round.objects.create(stage=made, number=1)
    half = boards // 2
    first = BoardSet.objects.create(
        stage=made, round=round_, number=1, first_board=1, last_board=half, start_level=open_start
    )
    second = BoardSet.objects.create(
        stage=made,
        round=round_,
        number=2,
        first_board=half + 1,
        last_board=boards,
        start_level=closed_start,
    )
    out = TeamRound(event=ev, stage=made, round=round_, sets=(first, second))
    for m in range(1, matches + 1):
        home = _entrant(ev, Entrant.Kind.TEAM, 2 * m - 1, 4)
        away = _entrant(ev, Entrant.Kind.TEAM, 2 * m, 4)
        match = Match.objects.create(
            stage=made, round=round_, number=m, home=home, away=away, status=Match.Status.READY
        )
        open_ = Table.objects.create(
            round=round_, number=2 * m - 1, room=Table.Room.OPEN, match=match, ns=home, ew=away
        )
        closed = Table.objects.create(
            round=round_, number=2 * m, room=Table.Room.CLOSED, match=match, ns=away, ew=home
        )
        SetPlay.objects.create(table=open_, board_set=first, order=1)
        SetPlay.objects.create(table=open_, board_set=second, order=2)
        SetPlay.objects.create(table=closed, board_set=second, order=1)
        SetPlay.objects.create(table=closed, board_set=first, order=2)
        _seat_players(open_, home, away)
        _seat_players(closed, away, home)
        out.matches.append(match)
        out.tables.append((open_, closed))
    if dealt:
        deal(made)
    return out


@dataclass
class MitchellStage:
    event: Event
    stage: Stage
    sets: list[BoardSet]
    rounds: list[Round]
    tables: dict[tuple[int, int], Table]  # (round, table number) → table

    def board(self, number: int) -> Board:
        return board(self.stage, number)

    def tables_playing(self, set_number: int) -> list[Table]:
        return tables_for(self.stage, set_number)


def mitchell_stage(
    ev: Event | None = None,
    *,
    tables: int = 3,
    boards_per_round: int = 2,
    order: int = 1,
    dealt: bool = False,
) -> MitchellStage:
    """A Mitchell (第二十八条) laid out from the pure movement; ``dealt`` deals its
    boards too."""
    ev = ev or bare_event()
    movement = mitchell_movement(tables, boards_per_round)
    made = Stage.objects.create(
        event=ev,
        order=order,
        kind=Stage.Kind.MITCHELL,
        name="双人赛",
        settings={"boards_per_round": boards_per_round},
    )
    ns = [_entrant(ev, Entrant.Kind.PAIR, i, 2) for i in range(1, tables + 1)]
    ew = [_entrant(ev, Entrant.Kind.PAIR, tables + i, 2) for i in range(1, tables + 1)]
    sets = []
    for assignment in movement.rounds[0].tables:
        sets.append(
            BoardSet.objects.create(
                stage=made,
                number=assignment.board_set,
                first_board=assignment.boards[0],
                last_board=assignment.boards[-1],
                start_level=assignment.start_level,
            )
        )
    sets.sort(key=lambda s: s.number)
    rounds, table_rows = [], {}
    for mround in movement.rounds:
        round_ = Round.objects.create(stage=made, number=mround.number)
        rounds.append(round_)
        for a in mround.tables:
            table = Table.objects.create(
                round=round_, number=a.table, ns=ns[a.ns - 1], ew=ew[a.ew - 1]
            )
            SetPlay.objects.create(table=table, board_set=sets[a.board_set - 1], order=1)
            _seat_players(table, ns[a.ns - 1], ew[a.ew - 1])
            table_rows[(mround.number, a.table)] = table
    if dealt:
        deal(made)
    return MitchellStage(event=ev, stage=made, sets=sets, rounds=rounds, tables=table_rows)


# --- scorecards the engine accepts -----------------------------------------------------


def fanzhu_trump(board: Board) -> str:
    """The trump of 翻主: the third card from the bottom (大王 → H, 小王 → S) — always
    declarable, so a result-only scorecard needs no hands."""
    third = board.bottom[-3]
    return {"BJ": "H", "LJ": "S"}.get(third, third[0])


def seat_facing(board: Board, card: str) -> str:
    """A declarer seat whose opponents hold ``card`` (so a dig with it is possible).

    A generated deal is random: about one in 200 puts both copies of a card in the
    bottom. Then one copy is swapped with North's first different card (the deal still
    holds 108 cards, North still 25), so the scenario holds on every deal."""
    wanted = parse_card(card)
    for seat, cards in board.hands.items():
        if any(parse_card(c) == wanted for c in cards):
            return {"N": "E", "S": "E", "E": "N", "W": "N"}[seat]
    _bring_to_north(board, wanted)
    return "E"


def _bring_to_north(board: Board, wanted: Any) -> None:
    """Swap one bottom copy of ``wanted`` with North's first different card."""
    bottom = list(board.bottom)
    at = next(i for i, c in enumerate(bottom) if parse_card(c) == wanted)
    north = list(board.hands["N"])
    out = next(i for i, c in enumerate(north) if parse_card(c) != wanted)
    bottom[at], north[out] = north[out], bottom[at]
    board.hands = {**board.hands, "N": sorted(north, key=parse_card)}
    board.bottom = bottom
    board.save(update_fields=["hands", "bottom"])


def entry(
    board: Board,
    points: int = 40,
    dig: str | None = None,
    *,
    declarer: str = "S",
    levels: tuple[str, str] = ("A", "A"),
    **extra: Any,
) -> Entry:
    """A result-only scorecard, trump from the bottom (翻主)."""
    return Entry(
        levels={"NS": levels[0], "EW": levels[1]},
        declarer=declarer,
        trump=fanzhu_trump(board),
        declared_by=None,
        defender_points=points,
        dig=dig,
        **extra,
    )


def played(board: Board, *, levels: tuple[str, str] = ("A", "A"), declarer: str = "N") -> dict:
    """A whole legal play of ``board``: the simulator plays its stored deal out."""
    return random_board(
        random.Random(board.number),
        board=board.number,
        levels={Side.NS: parse_level(levels[0]), Side.EW: parse_level(levels[1])},
        declarer=Seat[declarer],
        deal=(board.hands, board.bottom),
    )


def boards_of(table: Table) -> list[Board]:
    """The boards ``table`` plays, in the order it plays them (a closed room starts
    with the second set)."""
    sets = table.set_plays.order_by("order").values_list("board_set_id", flat=True)
    out: list[Board] = []
    for set_id in sets:
        out += list(Board.objects.filter(board_set_id=set_id).order_by("number"))
    return out


def play_all_but_last_table_one(stage: Stage, play: Play) -> None:
    """Every round of a movement played but table 1's last, in one commit: that round's
    boards there stay hidden from players (第二十八条之6)."""
    last = stage.rounds.order_by("-number").first()
    with play.one_commit():
        for round_ in stage.rounds.order_by("number"):
            for table in round_.tables.order_by("number"):
                if not (round_ == last and table.number == 1):
                    for one in boards_of(table):
                        play.at_table(one, table, 20 + 15 * ((one.number + table.number) % 7))


def board(stage: Stage, number: int) -> Board:
    """Board ``number`` of a stage that deals each number once (a Mitchell, a pairs
    final); a team stage deals per round."""
    return Board.objects.get(stage=stage, number=number)


def tables_for(stage: Stage, set_number: int) -> list[Table]:
    """The tables that play a Mitchell's set, in the order they play it (round by
    round): who holds a traveller after whom."""
    return [
        sp.table
        for sp in SetPlay.objects.filter(board_set__stage=stage, board_set__number=set_number)
        .select_related("table__ns", "table__ew")
        .order_by("table__round__number")
    ]


def mitchell(make_pairs: Any, make_stage: Any, tables: int) -> Stage:
    """A dealt Mitchell of ``tables`` tables, one board a round (so board n is set n),
    from the root conftest's ``make_pairs`` and ``make_stage``."""
    return make_stage(Stage.Kind.MITCHELL, make_pairs(2 * tables), boards_per_round=1)


def rooms(match: Match, session: int = 1) -> tuple[Table, Table]:
    """The open and the closed room of one session of a team match."""
    by_room = {t.room: t for t in match.tables.filter(session=session)}
    return by_room[Table.Room.OPEN], by_room[Table.Room.CLOSED]


# --- results ---------------------------------------------------------------------------

#: Board results for a match outcome: (open room, closed room) defender points with
#: South declaring at both tables — home makes 60 and breaks away at 95: home 2.
OUTCOMES = {"home": (60, 95), "away": (95, 60), "draw": (40, 40)}


class Play:
    """Entering results the ways a real event does, each committed so the rescoring it
    queues runs (``capture`` is pytest-django's ``django_capture_on_commit_callbacks``)."""

    def __init__(self, director: Any, capture: Any) -> None:
        self.user = director
        self.director = Actor.director(director)
        self.capture = capture
        self._in_one_commit = False

    @contextmanager
    def one_commit(self) -> Iterator[None]:
        """Several entries in one commit, the stage rescored once at its end, as a
        director entering a whole scorecard does (nested: the outermost commits). One
        transaction, so a ``transaction=True`` or browser test (no test transaction
        around it: each entry would commit, and rescore, on its own) commits once too."""
        if self._in_one_commit:
            yield
            return
        self._in_one_commit = True
        try:
            with self.capture(execute=True), transaction.atomic():
                yield
        finally:
            self._in_one_commit = False

    def _commit(self) -> Any:
        """Each entry its own commit, unless inside ``one_commit``."""
        return nullcontext() if self._in_one_commit else self.capture(execute=True)

    def at_table(
        self, board: Board, table: Table, points: int = 40, dig: str | None = None, **kw: Any
    ) -> Result:
        """Entered by N–S on the table's phone and confirmed by E–W (第二十四条's rooms)."""
        with self._commit():
            result = result_enter(
                board=board,
                table=table,
                entry=entry(board, points, dig, **kw),
                actor=open_side(table, "NS"),
            )
            return result_confirm(result=result, actor=open_side(table, "EW"), version=1)

    def by_director(
        self, board: Board, table: Table, points: int = 40, dig: str | None = None, **kw: Any
    ) -> Result:
        with self._commit():
            return result_enter(
                board=board, table=table, entry=entry(board, points, dig, **kw), actor=self.director
            )

    def correct(self, result: Result, points: int, dig: str | None = None, **kw: Any) -> Result:
        result.refresh_from_db()
        with self._commit():
            return result_correct(
                result=result,
                entry=entry(result.board, points, dig, **kw),
                actor=self.director,
                version=result.version,
                reason="计分卡抄错",
            )

    def tables(
        self,
        tables: Sequence[Table],
        points: Callable[[Table, Board], int] = lambda table, board: 40,
    ) -> None:
        """Every board of ``tables`` entered by the director, first plays before replays
        (a bracket's second session waits for its first), in one commit as a director
        entering whole scorecards does: the stage is rescored once, not once a board."""
        plays = []
        for table in tables:
            for order, set_id in table.set_plays.values_list("order", "board_set_id"):
                plays.append((table.session, order, table.number, table, set_id))
        with self.one_commit():
            for _session, _order, _number, table, set_id in sorted(plays, key=lambda p: p[:3]):
                for board in Board.objects.filter(board_set_id=set_id).order_by("number"):
                    dealt = entry(board, points(table, board))
                    result_enter(board=board, table=table, entry=dealt, actor=self.director)


def play_match(play: Play, match: Match, outcome: str, session: int = 1) -> list[Result]:
    """Every board of one session of ``match``, entered and confirmed at both tables:
    each gives the side ``outcome`` names 2 board points (or 0–0 for a draw)."""
    open_table, closed_table = rooms(match, session)
    open_points, closed_points = OUTCOMES[outcome]
    results = []
    with play.one_commit():
        for board in boards_of(open_table):
            results.append(play.at_table(board, open_table, open_points))
            results.append(play.at_table(board, closed_table, closed_points))
    return results


def play_board(play: Play, stage: Stage, number: int, points: list[int]) -> list[Result]:
    """Board ``number`` of a one-board-a-round Mitchell entered by the director at the
    tables that play it, in order, with ``points`` against in turn."""
    dealt = board(stage, number)
    return [
        play.by_director(dealt, table, p)
        for table, p in zip(tables_for(stage, number), points, strict=False)
    ]


def played_pairs_final(play: Play, make_pairs: Any, make_stage: Any) -> Stage:
    """第二十九条's final after a 3-table Mitchell played with fixed points: the
    Mitchell's two firsts and two seconds qualify, and both final boards are played in
    both rooms (N–S declaring; the open room concedes fewer)."""
    qualifying = mitchell(make_pairs, make_stage, 3)
    for number, points in ((1, [20, 40, 60]), (2, [60, 40, 20]), (3, [30, 50, 90])):
        play_board(play, qualifying, number, points)
    final = make_stage(Stage.Kind.PAIRS_FINAL, source=qualifying, boards_per_session=2)
    stage_qualify(stage=final, standings=qualification_standings(qualifying))
    deal(final)
    open_table = final.rounds.get().tables.get(room="open")
    closed_table = final.rounds.get().tables.get(room="closed")
    for number, (open_points, closed_points) in {1: (30, 50), 2: (20, 70)}.items():
        dealt = board(final, number)
        play.at_table(dealt, open_table, open_points)
        play.at_table(dealt, closed_table, closed_points)
    return final
