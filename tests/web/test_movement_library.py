"""The movement library and a round's seats page (issue 26, item 6), through the client."""

from __future__ import annotations

import pytest
from django.urls import reverse

from core.formats.howell import howell
from tests import builders
from tournament.models import ScheduleChange, StageEntry, Table
from web.movements import FAMILIES

from .test_english_pages import OWN_NAMES, chinese_left, names, visible_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def signed_in(client, director):
    client.force_login(director)
    return client


def test_the_library_gives_a_howells_figures_and_balance_from_core(signed_in):
    page = signed_in.get(reverse("web:movements"), {"kind": "howell", "size": 6})
    text = page.content.decode()
    balance = howell(6).balance()
    assert page.status_code == 200
    # 6 pairs: 5 rounds of 3 tables; compared 1–3 times, ideally 2 (docs/formats.md).
    assert (balance.lowest, balance.highest, balance.mean) == (1, 3, 2)
    assert "每两对比较1–3次，理想2次" in text
    assert text.count('<tr><th scope="row">第') == 5
    assert 'class="set" style="--set: ' in text


@pytest.mark.parametrize(
    ("kind", "size", "shown"),
    [
        ("mitchell", 13, "每轮一对南北轮空"),
        ("mitchell", (26, 2), "A、B区每轮一对南北轮空"),
        ("mitchell", 16, "第4轮后东西对跳一桌"),
        ("round_robin", 5, "每轮一队轮空"),
        ("groups", 12, "A（6）、B（6）"),
        ("swiss", 20, "至多19轮"),
        ("knockout", 6, "bracket-svg"),
        ("double_elimination", 8, "bracket-svg"),
    ],
)
def test_every_movement_family_shows_its_figures(signed_in, kind, size, shown):
    size, sections = size if isinstance(size, tuple) else (size, 1)
    query = {"kind": kind, "size": size, "sections": sections}
    assert shown in signed_in.get(reverse("web:movements"), query).content.decode()


def test_stage_creation_links_to_the_library(signed_in, event):
    page = signed_in.get(reverse("web:setup_stage", args=[event.code]), {"kind": "howell"})
    assert f"{reverse('web:movements')}?kind=howell&amp;event={event.code}" in page.content.decode()


def test_a_director_swaps_two_pairs_on_the_seats_page_and_a_refusal_is_bilingual(
    signed_in, event, director
):
    stage = builders.stage(event, "mitchell", builders.pairs(event, 10), draw_seed=4)
    first = stage.rounds.get(number=1)
    url = reverse("web:round_seats", args=[event.code, first.pk])
    ns = {e.pair_number: e.entrant for e in StageEntry.objects.filter(stage=stage, direction="NS")}
    ew = {e.pair_number: e.entrant for e in StageEntry.objects.filter(stage=stage, direction="EW")}

    refused = signed_in.post(url, {"first": ns[1].pk, "second": ew[2].pk, "reason": "试"})
    assert refused.status_code == 422
    assert "同一方向" in refused.content.decode() and "one direction" in refused.content.decode()

    done = signed_in.post(url, {"first": ns[1].pk, "second": ns[2].pk, "reason": "轮椅座位"})
    assert done.status_code == 302
    assert Table.objects.get(round=first, number=1).ns == ns[2]
    change = ScheduleChange.objects.get()
    assert (change.reason, change.changed_by) == ("轮椅座位", director)
    page = signed_in.get(url).content.decode()
    assert "轮椅座位" in page and "director" in page


def test_the_library_and_the_seats_page_read_in_english(english, event, director):
    english.force_login(director)
    stage = builders.stage(event, "round_robin", builders.teams(event, 5), boards_per_session=4)
    first = stage.rounds.get(number=1)
    seats = reverse("web:round_seats", args=[event.code, first.pk])
    match = first.matches.first()
    english.post(seats, {"first": match.home_id, "second": match.away_id, "reason": "draw typo"})
    allowed = names(event) + OWN_NAMES
    paths = [f"{reverse('web:movements')}?kind={kind}" for kind in FAMILIES] + [
        f"{reverse('web:movements')}?kind=mitchell&size=24&sections=2",
        seats,
    ]
    left = {}
    for path in paths:
        response = english.get(path)
        assert response.status_code == 200, path
        found = chinese_left(visible_text(response.content.decode()), allowed)
        if found:
            left[path] = found
    assert not left, left


def test_the_stage_page_follows_an_override_made_on_the_seats_page(signed_in, event, eager):
    """The public stage page reads the stored schedule: it shows the override."""
    import re

    from django.test import Client

    event.status = "running"
    event.save(update_fields=["status"])
    public = Client()
    stage = builders.stage(event, "round_robin", builders.teams(event, 4), boards_per_session=4)
    first = stage.rounds.get(number=1)
    m1, m2 = first.matches.order_by("number")
    home_1, home_2 = m1.home, m2.home
    stage_page = reverse("web:stage", args=[event.code, stage.order])

    def first_home(content: str) -> str:
        row = re.search(r'<td class="num">M1</td>\s*<td[^>]*>([^<]*)</td>', content)
        assert row is not None
        return row.group(1)

    assert home_1.name in first_home(public.get(stage_page).content.decode())  # cached
    signed_in.post(
        reverse("web:round_seats", args=[event.code, first.pk]),
        {"first": home_1.pk, "second": home_2.pk, "reason": "抽签号登记错"},
    )
    assert home_2.name in first_home(public.get(stage_page).content.decode())
