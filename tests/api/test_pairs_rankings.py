"""The pairs rankings over more than one field in the API: a sectioned Mitchell's
overall ranking and the event's cumulative ranking over its sessions."""

from __future__ import annotations

import pytest

from scoring.services import rescore_stage
from scoring.sessions import cumulative_ranking
from tests import builders

pytestmark = pytest.mark.django_db


def test_overall_and_cumulative_rankings(world):
    pairs = builders.pairs(world.event, [(f"甲{i}", f"乙{i}") for i in range(19)])
    stage = builders.stage(
        world.event, "mitchell", pairs, draw_seed=3, sections=2, rounds=2, boards_per_round=1
    )
    rescore_stage(stage.pk)
    client = world.client("anonymous")

    overall = client.get(world.url(f"stages/{stage.order}/overall/"))
    assert overall.status_code == 200
    rows = overall.json()
    assert len(rows) == 19
    assert {r["direction"] for r in rows} == {"NS", "EW"}
    assert {r["entrant"]["id"] for r in rows} == {p.pk for p in pairs}

    cumulative = client.get(world.url("pairs-ranking/"))
    assert cumulative.status_code == 200
    data = cumulative.json()
    expected = cumulative_ranking(world.event)
    assert [r["entrant"]["id"] for r in data] == [r.entrant_id for r in expected]
    assert {r["direction"] for r in data} == {""}


def test_an_unknown_event_is_not_found(world):
    assert world.client("anonymous").get("/api/events/nope/pairs-ranking/").status_code == 404
