"""A small event with every kind of paper to print, made once per test — or once per
module for a module marked ``played_once`` (its tests read the played event, each in a
savepoint rolled back after it: building it is most of such a test's time).

Four teams play a round robin (one session of four boards) and then a knockout; six
pairs play a three-table Mitchell of two boards a round. Every board is dealt. The
demo's draw seed keeps the Mitchell's directions the same on every run.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from boards.services import boards_generate_event
from scoring.services import tie_order_set
from tests import builders
from tournament.models import Event, EventRole, ScheduleChange, Stage

from ._pdf import PdfFile


def _papers_event(event: Event) -> Event:
    """``event`` with its teams, pairs and stages, every board dealt."""
    teams = builders.teams(event, 4, club="赤峰")
    pairs = builders.pairs(event, builders.PAIR_PLAYERS[:6])
    team_settings = {"boards_per_session": 4, "sessions": 1}
    builders.stage(event, Stage.Kind.ROUND_ROBIN, teams, name="团体循环赛", **team_settings)
    builders.stage(event, Stage.Kind.KNOCKOUT, teams, name="团体淘汰赛", **team_settings)
    builders.stage(
        event,
        Stage.Kind.MITCHELL,
        pairs,
        name="双人双冠军赛",
        draw_seed=2007,
        boards_per_round=2,
    )
    boards_generate_event(event=event)
    return event


def _chief(event: Event) -> Any:
    return builders.user("chief", event=event, role=EventRole.Role.DIRECTOR)


@dataclass(frozen=True)
class _Kept:
    event: int
    director: int


@pytest.fixture(scope="module")
def _played_once(django_db_setup: Any, django_db_blocker: Any) -> Iterator[_Kept]:
    def build() -> _Kept:
        event = _papers_event(builders.event())
        director = _chief(event)
        _play_first_round(event, director)
        return _Kept(event=event.pk, director=director.pk)

    yield from builders.kept_for_module(django_db_blocker, build)


@pytest.fixture(autouse=True)
def _played_once_first(request: pytest.FixtureRequest) -> None:
    """A ``played_once`` module's event is built before the test's own transaction
    opens (autouse fixtures come first): built inside it, it would be rolled back with
    the first test."""
    _once(request)


def _once(request: pytest.FixtureRequest) -> _Kept | None:
    if request.node.get_closest_marker("played_once") is None:
        return None
    kept: _Kept = request.getfixturevalue("_played_once")
    return kept


@pytest.fixture
def event(request: pytest.FixtureRequest, db: Any) -> Event:
    """The root conftest's event (``builders.event()``) with its teams, pairs and stages,
    every board dealt (in a ``played_once`` module: the module's played event, read
    afresh)."""
    kept = _once(request)
    if kept is not None:
        return Event.objects.get(pk=kept.event)
    return _papers_event(builders.event())


@pytest.fixture
def mitchell(event: Event) -> Stage:
    return event.stages.get(kind=Stage.Kind.MITCHELL)


@pytest.fixture
def pdf():
    """``pdf(rendered)``: the ``(filename, mimetype, bytes)`` of a renderer, opened."""
    return PdfFile.of


@pytest.fixture
def director(request: pytest.FixtureRequest, event: Event) -> Any:
    """裁判长: the event's director, named as the event export shows him."""
    kept = _once(request)
    if kept is not None:
        return get_user_model().objects.get(pk=kept.director)
    return _chief(event)


@pytest.fixture
def played(request: pytest.FixtureRequest, event: Event, director: Any, eager: Any) -> Event:
    """The event after its first round (``_play_first_round``); a ``played_once``
    module's event is played already."""
    if _once(request) is None:
        _play_first_round(event, director)
    return event


def _play_first_round(event: Event, director: Any) -> None:
    """Every table's result entered at the table and confirmed by the other side (the
    last one of each stage left waiting), one result corrected by the director, a ruling
    recorded, appealed and upheld, and everything rescored — what standings, results,
    slips and the event export print."""
    from boards.demo import load_demo_boards
    from boards.models import Result
    from boards.records import Entry
    from boards.services import Actor, result_correct
    from rulings.services import ruling_appeal, ruling_create, ruling_uphold
    from scoring.services import rescore_event

    load_demo_boards(event, rounds=1)
    team = event.stages.get(kind=Stage.Kind.ROUND_ROBIN)
    result = (
        Result.objects.filter(board__stage=team, status=Result.Status.CONFIRMED)
        .order_by("board__number", "table__number")
        .first()
    )
    assert result is not None
    points = result.defender_points + (5 if result.defender_points < 100 else -5)
    result_correct(
        result=result,
        entry=Entry.from_box_card(result.box_card_values(), defender_points=points, dig=None),
        actor=Actor.director(director),
        version=result.version,
        reason="计分卡抄错",
    )
    ruling = ruling_create(
        by=director,
        irregularity="exposed_card",
        decision="penalty_card",
        table=result.table,
        board=result.board,
        offender_side="NS",
        reason_zh="南家在首攻前暴露红心A。",
        reason_en="South exposed the ace of hearts before the opening lead.",
    )
    ruling = ruling_appeal(ruling=ruling, by=director, note="队长提出申诉")
    ruling_uphold(ruling=ruling, by=director, note="仲裁维持原判")
    rescore_event(event.pk)


@pytest.fixture
def archived(played: Event, director: Any) -> Event:
    """The played event with a tie order too (第二十五条之4: the director's decision)
    and a schedule override on record (two teams traded places before round 1)."""
    robin = played.stages.get(kind=Stage.Kind.ROUND_ROBIN)
    teams = [e.entrant for e in robin.entries.order_by("position")[:2]]
    tie_order_set(stage=robin, entrants=teams, reason="抽签决定", decided_by=director)
    ScheduleChange.objects.create(
        round=robin.rounds.get(number=1),
        first=teams[0],
        second=teams[1],
        changed_by=director,
        before=[{"round": 1, "match": 1, "home": str(teams[0]), "away": str(teams[1])}],
        after=[{"round": 1, "match": 1, "home": str(teams[1]), "away": str(teams[0])}],
        reason="抽签号登记错",
    )
    return played
