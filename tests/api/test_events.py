"""The public face of an event through the API: events, entrants, stages, schedules
(a Mitchell's movement), brackets; filters and pagination."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.web.conftest import build_event
from tournament.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(db):
    return build_event()


def get(path: str, **params):
    response = APIClient().get(path, params)
    assert response.status_code == 200, response.content[:300]
    return response.json()


def test_events_are_listed_filtered_and_paginated(demo):
    build_event(code="finished-one", status=Event.Status.FINISHED)

    everything = get("/api/events/")
    finished = get("/api/events/", status="finished")
    searched = get("/api/events/", q="finished")
    page = get("/api/events/", page_size=1)

    assert everything["count"] == 2
    assert [e["code"] for e in finished["results"]] == ["finished-one"]
    assert [e["code"] for e in searched["results"]] == ["finished-one"]
    assert len(page["results"]) == 1 and page["next"]


def test_a_bad_filter_is_400(demo):
    assert APIClient().get("/api/events/", {"status": "nonsense"}).status_code == 400
    assert APIClient().get("/api/events/chifeng/boards/", {"stage": "x"}).status_code == 400


def test_the_event_says_which_roles_the_caller_holds(demo):
    data = get("/api/events/chifeng/")

    assert data["name"] == "赤峰市对调复式赛" and data["rules"] == "chifeng-2007"
    assert data["roles"] == []


def test_entrants_come_with_their_players_and_filter_by_kind_and_name(demo):
    pairs = get("/api/events/chifeng/entrants/", kind="pair")
    zhang = get("/api/events/chifeng/entrants/", q="张伟")

    assert pairs["count"] == 8
    assert [p["name"] for p in pairs["results"][0]["players"]] == ["张伟", "王芳"]
    assert zhang["count"] == 1 and zhang["results"][0]["kind"] == "pair"


def test_stages_in_order_and_a_stage_with_its_entries(demo):
    stages = get("/api/events/chifeng/stages/")
    groups = get(f"/api/events/chifeng/stages/{demo.groups.order}/")

    assert [s["kind"] for s in stages][:2] == ["round_robin", "group_round_robin"]
    knockout = next(s for s in stages if s["kind"] == "knockout")
    assert knockout["source"] == demo.groups.order
    assert {e["group_label"] for e in groups["entries"]} == {"A", "B"}


def test_a_round_robin_schedule_has_every_round_with_matches_and_tables(demo):
    rounds = get(f"/api/events/chifeng/stages/{demo.round_robin.order}/schedule/")
    first = get(f"/api/events/chifeng/stages/{demo.round_robin.order}/schedule/", round=1)

    assert len(rounds) == 5
    assert all(len(r["matches"]) == 3 for r in rounds)
    assert len(first) == 1 and first[0]["tables"]
    table = first[0]["tables"][0]
    assert table["room"] in ("open", "closed") and table["boards"]
    assert "code" not in table


def test_a_mitchell_schedule_is_its_movement(demo):
    rounds = get(f"/api/events/chifeng/stages/{demo.mitchell.order}/schedule/")

    assert len(rounds) == 3  # 4 tables, 3 boards a round: the movement's rounds
    assert all(len(r["tables"]) == 4 and not r["matches"] for r in rounds)
    assert all(t["ns"] and t["ew"] for r in rounds for t in r["tables"])


def test_a_double_elimination_bracket(demo):
    data = get(f"/api/events/chifeng/stages/{demo.double_elimination.order}/bracket/")

    assert data["kind"] == "double_elimination"
    sides = {m["side"] for m in data["matches"]}
    assert {"winners", "losers", "final"} <= sides
    assert data["champion"] is None and data["eliminated"] == {}


def test_a_knockout_fed_by_groups_names_its_sources(demo):
    data = get(f"/api/events/chifeng/stages/{demo.knockout.order}/bracket/")

    sources = {m["home_source"] for m in data["matches"]} | {
        m["away_source"] for m in data["matches"]
    }
    assert any(s.startswith("group:") for s in sources)


def test_unknown_event_stage_and_huge_ids_are_404(demo):
    client = APIClient()
    assert client.get("/api/events/nope/").status_code == 404
    assert client.get("/api/events/chifeng/stages/99/").status_code == 404
    assert client.get("/api/events/chifeng/boards/99999999999999999999/").status_code == 404
    assert client.get("/api/events/chifeng/results/2147483647/").status_code == 404


def test_the_schema_and_the_docs_are_served(db):
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/json")
    docs = APIClient().get("/api/docs/")

    assert schema.status_code == 200
    paths = schema.json()["paths"]
    assert "/api/events/{code}/results/{id}/correct/" in paths or any(
        p.endswith("/correct/") for p in paths
    )
    assert docs.status_code == 200


def test_healthz_is_bare(client):
    response = client.get("/healthz")

    assert response.status_code == 200 and response.content == b"ok\n"
