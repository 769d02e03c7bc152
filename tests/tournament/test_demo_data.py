"""The demo event of ``load_demo`` (used by ``make run``)."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from tournament.models import (
    BoardSet,
    Entrant,
    Event,
    Match,
    Membership,
    Player,
    Round,
    Seating,
    Stage,
    StageEntry,
    Table,
)

pytestmark = pytest.mark.django_db

MODELS = (
    Event,
    Player,
    Entrant,
    Membership,
    Stage,
    StageEntry,
    Round,
    Match,
    Table,
    Seating,
    BoardSet,
)


def load() -> None:
    """The event structure; the boards and results are tested in tests/boards."""
    call_command("load_demo", allow_production=True, structure_only=True, stdout=StringIO())


def test_it_creates_the_three_demo_stages_with_their_entrants():
    load()

    event = Event.objects.get(code="chifeng-demo")
    assert event.entrants.filter(kind="team").count() == 8
    assert event.entrants.filter(kind="pair").count() == 16
    assert "红山队" in set(event.entrants.values_list("name", flat=True))
    assert Player.objects.filter(name="张伟").exists()
    stages = {s.kind: s for s in event.stages.all()}
    assert stages["round_robin"].entries.count() == 6
    assert stages["round_robin"].rounds.count() == 5
    assert stages["double_elimination"].entries.count() == 8
    assert stages["double_elimination"].matches.filter(status="ready").count() == 4
    mitchell = stages["mitchell"]
    assert mitchell.rounds.count() == 7
    assert Table.objects.filter(round__stage=mitchell, round__number=1).count() == 8


def test_it_loads_twice_without_duplicates():
    load()
    before = {model: model.objects.count() for model in MODELS}

    load()

    assert {model: model.objects.count() for model in MODELS} == before
