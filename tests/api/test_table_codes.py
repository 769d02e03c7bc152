"""Issue 24: through the API too, a table code of a round not started (or closed)
answers exactly as a wrong code does, so nobody learns a code before its round."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from tests._tables import open_side, pin_of
from tournament.services import round_close

from .conftest import entry_body

pytestmark = pytest.mark.django_db


def test_a_code_of_a_closed_round_answers_as_a_wrong_code(world):
    cache.clear()
    board, table = world.board(1), world.team.open
    open_side(table, "NS")
    round_close(round=table.round)
    body = {"board": board.pk, "table": table.pk, **entry_body(board)}
    body |= {"side": "NS", "pin": pin_of(table, "NS")}
    client = APIClient()

    right = client.post(world.url("results/"), body | {"table_code": table.code}, format="json")
    wrong = client.post(world.url("results/"), body | {"table_code": "ZZZZZZ"}, format="json")

    assert right.status_code == wrong.status_code == 403
    assert right.content == wrong.content
