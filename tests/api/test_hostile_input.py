"""Hostile JSON in API bodies (issue 14, item 7): nulls where a value belongs, wrong
types and deep nesting are answered 400 with the field named — never a 500 or a
traceback (``"tricks": [null]`` was a 500)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from rest_framework.test import APIClient

from boards.models import Result

from .conftest import World, entry_body

pytestmark = pytest.mark.django_db

TRICK = {"leader": "N", "plays": {"N": ["H2"]}}


@pytest.mark.parametrize(
    "extra",
    [
        {"tricks": [None]},
        {"exchanges": [None]},
        {"tricks": [{"leader": "N", "plays": None}]},
        {"tricks": [{"leader": "N", "plays": {"N": None}}]},
        {"tricks": [{"leader": "N", "plays": {"N": [None]}}]},
        {"tricks": [{**TRICK, "attempted": [None]}]},
        {"tricks": "all of them"},
        {"levels": None},
        {"levels": {"NS": None, "EW": "A"}},
        {"levels": {"NS": {"deep": [[["A"]]]}, "EW": "A"}},
        {"xiaosa": [None]},
        {"buried": [None]},
        {"defender_points": "forty"},
        {"defender_points": [40]},
        {"board": None},
        {"table": {"id": 1}},
    ],
)
def test_nulls_and_wrong_types_in_an_entry_are_a_400(world: World, extra: dict[str, Any]):
    board = world.board(1)
    body = {"board": board.pk, "table": world.team.open.pk, **entry_body(board), **extra}

    response = world.client("director").post(world.url("results/"), body, format="json")

    assert response.status_code == 400, response.content
    assert set(response.json()) & set(extra)  # the field is named
    assert not Result.objects.exists()


@pytest.mark.parametrize(
    "path", ["results/", "results/check/", "rulings/", "results/{id}/confirm/"]
)
def test_deeply_nested_json_is_a_400(world: World, path: str):
    client: APIClient = world.client("director")
    path = path.format(id=world.board(1).pk)
    body = "[" * 100000 + "]" * 100000

    response = client.post(world.url(path), body, content_type="application/json")

    assert response.status_code == 400
    assert "嵌套" in json.dumps(response.json(), ensure_ascii=False)


@pytest.mark.parametrize("path", ["results/", "results/check/"])
def test_a_body_that_gives_a_key_twice_is_a_400(world: World, path: str):
    """Issue 30: a result entry is a board record; `{"defender_points": 40,
    "defender_points": 90}` was read as 90 without a word. It is refused (bad_record)."""
    board = world.board(1)
    body = {"board": board.pk, "table": world.team.open.pk, **entry_body(board)}
    text = json.dumps(body).replace("{", '{"board": 0, ', 1)

    response = world.client("director").post(world.url(path), text, content_type="application/json")

    assert response.status_code == 400, response.content
    said = json.dumps(response.json(), ensure_ascii=False)
    assert "bad_record" in said and "board" in said and "重复" in said
    assert not Result.objects.exists()
