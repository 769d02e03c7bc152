"""A table's code (its QR code) opens that table's round: who sits where, which boards."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.models import Table
from tournament.services import round_start

pytestmark = pytest.mark.django_db


def table_url(table: Table) -> str:
    return reverse("web:table", args=[table.code])


def test_a_team_table_shows_its_seats_and_boards(client, demo):
    table = Table.objects.get(round__stage=demo.team_match, session=1, room="open")

    response = client.get(table_url(table))

    assert response.status_code == 200
    content = response.content.decode()
    assert f"{table.number}号桌" in content and "开室" in content
    assert "第1轮" in content and "第1节" in content
    for seat in table.seats.select_related("player"):
        assert seat.player.name in content
    assert "北" in content and "东" in content and "南" in content and "西" in content
    assert "第1–6副，从A起打" in content and "第7–12副，从7起打" in content
    assert 'id="result-entry"' in content and "录入成绩" in content
    assert 'name="robots" content="noindex"' in content


def test_a_mitchell_table_shows_the_pairs_and_its_set(client, demo):
    table = Table.objects.get(round__stage=demo.mitchell, round__number=2, number=3)
    round_start(round=table.round)  # the director starts round 2

    content = client.get(table_url(table)).content.decode()

    ns = demo.mitchell.entries.get(entrant=table.ns)
    ew = demo.mitchell.entries.get(entrant=table.ew)
    assert f"南北{ns.pair_number}" in content and f"东西{ew.pair_number}" in content
    assert "第2轮" in content
    assert "第节" not in content and "第1节" not in content  # a Mitchell has no sessions
    boards = table.set_plays.get().board_set
    assert f"第{boards.first_board}–{boards.last_board}副" in content


def test_a_code_is_read_whatever_its_case(client, demo):
    table = Table.objects.filter(round__stage=demo.mitchell).first()

    response = client.get(reverse("web:table", args=[table.code.lower()]))

    assert response.status_code == 200


def test_an_unknown_code_is_not_found(client, demo):
    assert client.get(reverse("web:table", args=["ZZZZZZ"])).status_code == 404
    assert client.get("/t/not-a-code/").status_code == 404


def test_the_table_page_in_english(english, demo):
    table = Table.objects.get(round__stage=demo.team_match, session=1, room="closed")

    content = english.get(table_url(table)).content.decode()

    assert f"Table {table.number}" in content
    assert "Closed room" in content
    assert "Boards 1–6, starting from 7" not in content
    assert "Boards 7–12, starting from 7" in content
    assert "Enter results" in content
