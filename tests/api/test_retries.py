"""Issue 24, item 4: retries are safe. A saved entry whose response was lost used to get
409 "already entered, correct it instead" on the identical retry, with no id or version.
Now a write carrying an ``Idempotency-Key`` gets its first answer again — the result's
id and version — and nothing is written twice; the table's forms carry the key too."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from boards.models import Result, ResultChange
from tests._tables import open_side, side_form
from tests.builders import boards_of
from tests.web._play import form

from .conftest import entry_body

pytestmark = pytest.mark.django_db


def table_body(w, side: str = "NS") -> dict:
    table = w.team.open
    open_side(table, side)  # its round started
    return {"table_code": table.code, **side_form(table, side)}


def test_the_same_entry_retried_with_its_key_gets_the_first_answer(world):
    board, table = world.board(1), world.team.open
    body = {"board": board.pk, "table": table.pk, **entry_body(board), **table_body(world)}
    client = APIClient()

    first = client.post(world.url("results/"), body, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    again = client.post(world.url("results/"), body, format="json", HTTP_IDEMPOTENCY_KEY="k-1")

    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert again.json()["id"] == Result.objects.get().pk and again.json()["version"] == 1
    assert Result.objects.count() == 1 and ResultChange.objects.count() == 1
    # Without the key, the second entry is what it is: already entered.
    plain = client.post(world.url("results/"), body, format="json")
    assert plain.status_code == 409


def test_a_confirmation_retried_with_its_key_gets_the_first_answer(world):
    board, table = world.board(1), world.team.open
    body = {"board": board.pk, "table": table.pk, **entry_body(board), **table_body(world)}
    client = APIClient()
    pk = client.post(world.url("results/"), body, format="json").json()["id"]

    confirm = {"version": 1, **table_body(world, "EW")}
    url = world.url(f"results/{pk}/confirm/")
    first = client.post(url, confirm, format="json", HTTP_IDEMPOTENCY_KEY="c-1")
    again = client.post(url, confirm, format="json", HTTP_IDEMPOTENCY_KEY="c-1")

    assert first.status_code == again.status_code == 200
    assert again.json() == first.json() and again.json()["version"] == 2
    assert again["Idempotent-Replayed"] == "true"
    assert ResultChange.objects.filter(action="confirm").count() == 1


def test_a_key_is_the_callers_own(world):
    """Another side sending the same key does not get the first side's answer."""
    board, table = world.board(1), world.team.open
    body = {"board": board.pk, "table": table.pk, **entry_body(board)}
    client = APIClient()
    client.post(
        world.url("results/"), body | table_body(world), format="json", HTTP_IDEMPOTENCY_KEY="k"
    )

    other = client.post(
        world.url("results/"),
        body | table_body(world, "EW"),
        format="json",
        HTTP_IDEMPOTENCY_KEY="k",
    )

    assert other.status_code == 409


def test_the_table_form_sent_twice_is_entered_once(world):
    """A double tap or a lost response on the phone: the same form (its hidden key)
    sent again answers as the first time did, not 409."""
    table = world.team.open
    open_side(table, "NS")
    board = boards_of(table)[0]
    url = reverse("web:table_board", args=[table.code, board.number])
    page = Client()
    key = page.get(url).context["idem"]
    data = form(board, 40, declarer="N") | side_form(table, "NS") | {"idem": key}

    first = page.post(url, data)
    again = page.post(url, data)

    assert first.status_code == again.status_code == 302
    assert again["Location"] == first["Location"]
    assert Result.objects.filter(table=table).count() == 1
