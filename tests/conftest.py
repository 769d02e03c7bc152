"""What every test needs, whatever its folder: a clean cache, fast passwords, and the
people of an event (director, referee, scorer, someone with no role). The sides of a
table act through ``tests._tables``; events and results come from ``tests.builders``.

Each process remembers public events, stages and standings for a second
(``scoring.cache``); ids are reused from one test to the next, so a test that starts
with what the previous one left would read another test's stage.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.conf import settings
from django.core.cache import cache
from django.utils import translation

from boards.models import Board
from boards.selectors import visible_board_ids
from scoring.cache import local_clear
from tests import builders
from tests.builders import Play, boards_of, rooms
from tournament.models import Entrant, Event, EventRole, Match, Stage

# The suite keeps the cache in each process's memory unless CACHE_URL names Redis: the
# served default's database cache would need the database in every test, pure ones
# too. The database cache itself is what tests/test_sqlite_venue.py's server runs on.
if "CACHE_URL" not in os.environ:
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "t"}
    }

# Tests log in often; the real hasher is slow on purpose. Set for the whole run, not per
# test: logins made once for a module (``builders.kept``) must be checked by the same
# hasher in each of its tests.
settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


FIRST = ("browser", "slow", "heavy")

#: The modules that read ``load_demo``'s played event (``builders.played_demo``): run in
#: one process, the first builds it and the others start from its copy.
PLAYED_DEMO = (
    "tests/boards/test_demo_boards.py",
    "tests/printing/test_faces_agree.py",
    "tests/printing/test_papers_read_whole.py",
)


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``make test``'s ``--dist loadfile``, with the ``PLAYED_DEMO`` modules handed to one
    process together, as if they were one file (each would otherwise run ``load_demo``,
    about 11 s of CPU, in whichever process it landed on)."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class PlayedDemoTogether(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            scope = super()._split_scope(nodeid)
            return PLAYED_DEMO[0] if scope in PLAYED_DEMO else scope

    return PlayedDemoTogether(config, log)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long tests first (``browser``, ``slow``, ``heavy``), in their collected order,
    then the rest: pytest-xdist's processes then share the long ones early and end
    together on short tests, instead of one waiting for the other's last long test."""
    items.sort(key=lambda item: not any(item.get_closest_marker(name) for name in FIRST))


@pytest.fixture(autouse=True)
def _fresh_caches() -> Iterator[None]:
    """Empty caches, and the default language active: a request the test client served
    in English leaves English active in this thread (LocaleMiddleware activates a
    language and never resets it), so the next test would start in English."""
    translation.activate(settings.LANGUAGE_CODE)
    cache.clear()
    local_clear()
    yield
    cache.clear()
    local_clear()


# --- the people of an event ----------------------------------------------------------
#
# ``event`` is the event the officials hold their roles in; a folder whose tests play in
# another event overrides it (the web's demo event, printing's event with every paper).


@pytest.fixture
def event(db: Any) -> Event:
    """赤峰市对调复式赛, a draft with no entrants yet."""
    return builders.event()


@pytest.fixture
def director(event: Event) -> Any:
    """The event's director (裁判长): a role in this event, not a superuser."""
    return builders.user("director", event=event, role=EventRole.Role.DIRECTOR)


@pytest.fixture
def referee(event: Event) -> Any:
    """裁判: the event's referee, who rules but does not run the event."""
    return builders.user("referee", event=event, role=EventRole.Role.REFEREE)


@pytest.fixture
def scorer(event: Event) -> Any:
    """记分员: a role in the event that enters results, but does not rule."""
    return builders.user("scorer", event=event, role=EventRole.Role.SCORER)


@pytest.fixture
def outsider(db: Any) -> Any:
    """A login with no role in any event."""
    return builders.user("outsider")


@pytest.fixture
def superuser(db: Any) -> Any:
    """A superuser: every event, and the admin."""
    return builders.superuser()


@pytest.fixture
def eager() -> Iterator[None]:
    """Celery tasks (rescoring) run in this process; see ``builders.tasks_in_process``."""
    with builders.tasks_in_process():
        yield


@pytest.fixture
def play(director: Any, django_capture_on_commit_callbacks: Any, eager: Any) -> builders.Play:
    """The director's and the tables' hands on the result services, rescoring on commit."""
    return builders.Play(director, django_capture_on_commit_callbacks)


# --- the event's entrants and stages -------------------------------------------------


@pytest.fixture
def make_teams(event: Event) -> Callable[..., list[Entrant]]:
    """``make_teams(n, size=4)``: n more teams of ``size`` named players, seeded in turn."""
    return lambda count, size=4: builders.teams(event, count, size=size)


@pytest.fixture
def make_pairs(event: Event) -> Callable[[int], list[Entrant]]:
    """``make_pairs(n)``: n pairs, 对1甲 & 对1乙…"""
    return lambda count: builders.pairs(event, count)


@pytest.fixture
def make_stage(event: Event) -> Callable[..., Stage]:
    """``make_stage(kind, entrants, **settings)``: a scheduled, dealt stage (draw seed 7,
    so a draw is the same on every run)."""

    def make(kind: str, entrants: list[Entrant] | None = None, **settings: Any) -> Stage:
        return builders.stage(event, kind, entrants, draw_seed=7, dealt=True, **settings)

    return make


@pytest.fixture
def half_played(make_teams: Any, make_stage: Any, play: Play) -> tuple[Stage, Match, Board]:
    """A round robin of four: in round 1, M1 has played all four boards and M2 three, so
    board 4 is hidden from players (every copy must be played first)."""
    stage = make_stage("round_robin", make_teams(4), boards_per_session=4, sessions=1)
    first, second = Match.objects.filter(stage=stage, round__number=1).order_by("number")
    open1, closed1 = rooms(first)
    with play.one_commit():
        for board in boards_of(open1):  # home makes 60 and breaks away at 95: home 2 a board
            play.at_table(board, open1, 60)
            play.at_table(board, closed1, 95)
    open2, closed2 = rooms(second)
    with play.one_commit():
        for board in boards_of(open2)[:3]:
            play.at_table(board, open2, 40)
            play.at_table(board, closed2, 40)
    hidden = boards_of(open1)[3]
    assert hidden.pk not in visible_board_ids([hidden])
    return stage, first, hidden
