"""The public page of each format: schedule and cross-table, groups, brackets as a
picture, the Mitchell movement and "where do I go next", the pairs final's seating."""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest
from django.urls import reverse

from tournament.models import Match, StageEntry
from tournament.services import match_record_winner, stage_qualify
from web import selectors
from web.pages.shared import cross_table

from .conftest import stage_url

pytestmark = pytest.mark.django_db

SVG = "{http://www.w3.org/2000/svg}"


def svg_boxes(content: str) -> dict[int, list[tuple[str, str]]]:
    """Match number → its two slots as (text, class), read from the page's SVG."""
    svg = re.search(r"<svg.*?</svg>", content, re.S).group(0)
    root = ElementTree.fromstring(svg)
    boxes = {}
    for g in root.iter(f"{SVG}g"):
        if "data-match" in g.attrib:
            slots = [s for s in g.findall(f"{SVG}g") if "slot" in s.get("class", "")]
            boxes[int(g.get("data-match"))] = [
                (s.find(f"{SVG}text").text, s.get("class")) for s in slots
            ]
    return boxes


def page(client, stage) -> str:
    response = client.get(stage_url(stage))
    assert response.status_code == 200
    return response.content.decode()


def test_the_round_robin_page_has_the_schedule_and_a_cross_table(client, demo):
    content = page(client, demo.round_robin)

    assert "交叉表" in content and "轮次表" in content
    for n in range(1, 6):
        assert f"第{n}轮" in content
    # Six teams: five rounds of three matches; each row of the cross-table has 5 cells.
    assert content.count('<td class="cell"') == 30
    assert content.count('<td class="self"') == 6
    assert "红山队" in content and "巴林队" in content
    assert "翁牛特队" not in content  # not in this stage


def test_the_round_robin_page_in_english(english, demo):
    content = page(english, demo.round_robin)

    assert "Cross-table" in content and "Schedule" in content
    assert "Round 1" in content
    assert "Home" in content and "Away" in content


def test_the_cross_table_takes_results_and_standings_from_scoring(demo):
    entrants = selectors.entrant_views(demo.event)
    first, second = demo.teams[0], demo.teams[1]

    rows = cross_table(
        demo.round_robin,
        entrants,
        results={(first.pk, second.pk): "18 : 12", (second.pk, first.pk): "12 : 18"},
        standings={first.pk: {"total": 18, "rank": 1}},
    )

    by_entrant = {row.entrant.id: row for row in rows}
    cell = next(c for c in by_entrant[first.pk].cells if c and c.opponent.id == second.pk)
    assert cell.result == "18 : 12"
    assert len(cell.rounds) == 1
    assert (by_entrant[first.pk].total, by_entrant[first.pk].rank) == ("18", "1")
    assert by_entrant[second.pk].rank == ""
    assert [row.position for row in rows] == [1, 2, 3, 4, 5, 6]
    assert all(row.cells[i] is None for i, row in enumerate(rows))


def test_an_odd_round_robin_shows_who_sits_out(client, demo):
    from tournament.services import stage_create

    stage = stage_create(
        event=demo.event,
        kind="round_robin",
        name="五队循环赛",
        entrants=demo.teams[:5],
        settings={"boards_per_session": 4, "sessions": 1},
    )

    content = page(client, stage)

    assert content.count("轮空") == 5


def test_the_group_page_has_a_table_per_group(client, demo):
    content = page(client, demo.groups)

    assert "A组" in content and "B组" in content
    assert "每组前2名出线" in content
    assert content.count('class="grid cross-table"') == 2


def test_the_team_match_page_lists_its_tables(client, demo):
    content = page(client, demo.team_match)

    assert "M1" in content
    assert "1、2" in content  # open and closed room


def test_the_knockout_page_draws_the_bracket_with_group_places(client, demo):
    content = page(client, demo.knockout)

    assert "<svg" in content and 'class="bracket-svg"' in content
    assert content.count('class="box ') == demo.knockout.matches.count() == 3
    assert "A组第1名" in content
    assert "决赛" in content and "半决赛" in content


def test_the_double_elimination_page_draws_both_brackets_and_the_final(client, demo):
    content = page(client, demo.double_elimination)

    matches = demo.double_elimination.matches.count()
    assert content.count('class="box ') == matches
    assert "胜区第1轮" in content and "负区第1轮" in content
    assert "加赛决赛" in content
    assert "M1负者" in content
    svg = re.search(r"<svg.*?</svg>", content, re.S).group(0)
    assert svg.count('<path class="feed') == 2 * matches - 8  # every slot but the 8 seeds


def test_the_bracket_shows_a_winner_moved_on(client, demo):
    stage = demo.double_elimination
    first = stage.matches.get(number=1)
    match_record_winner(match=first, winner=first.home)

    boxes = svg_boxes(page(client, stage))

    assert boxes[1] == [("1 红山队", "slot winner"), ("8 翁牛特队", "slot loser")]
    won = stage.matches.get(home_source="winner:M1").number
    lost = stage.matches.get(home_source="loser:M1").number
    assert boxes[won][0] == ("1 红山队", "slot ")
    assert boxes[lost][0] == ("8 翁牛特队", "slot ")


def test_the_bracket_page_in_english(english, demo):
    content = page(english, demo.double_elimination)

    assert "Winners&#x27; round 1" in content or "Winners' round 1" in content
    assert "Loser M1" in content
    assert "Bracket" in content


def test_the_mitchell_page_lists_every_round_and_table(client, demo):
    content = page(client, demo.mitchell)

    assert "移位表" in content and "我下一轮去哪里" in content
    # Eight pairs: four tables, four is even so three rounds (with a skip after round 2).
    assert demo.mitchell.rounds.count() == 3
    assert content.count('<table class="grid movement">') == 3
    assert "第2轮结束后东西对跳一张桌" in content
    for direction in ("ns", "ew"):
        for number in range(1, 5):
            args = ["chifeng", demo.mitchell.order, direction, number]
            assert reverse("web:mitchell_pair", args=args) in content
    assert "1–3" in content  # set 1 of three boards


def test_a_pair_sees_where_it_goes_each_round(client, demo):
    entry = demo.mitchell.entries.get(direction="EW", pair_number=2)
    url = reverse("web:mitchell_pair", args=["chifeng", demo.mitchell.order, "ew", 2])

    response = client.get(url)

    assert response.status_code == 200
    content = response.content.decode()
    assert "东西2" in content
    pair_names = "、".join(m.player.name for m in entry.entrant.memberships.order_by("order"))
    assert pair_names in content
    rounds = re.findall(r'<li class="card" id="round-(\d+)">', content)
    assert rounds == ["1", "2", "3"]
    # Round 1: E–W 2 sits at table 2 against N–S 2.
    first = content.split('id="round-1"')[1].split("</li>")[0]
    assert '<dd class="big">2</dd>' in first
    assert "南北2" in first


def test_the_pair_page_in_english(english, demo):
    url = reverse("web:mitchell_pair", args=["chifeng", demo.mitchell.order, "ns", 1])

    content = english.get(url).content.decode()

    assert "N–S 1" in content
    assert "Opponents" in content and "Direction" in content


@pytest.mark.parametrize("direction, number", [("ns", 9), ("ew", 0), ("xx", 1)])
def test_an_unknown_pair_is_not_found(client, demo, direction, number):
    url = reverse("web:mitchell_pair", args=["chifeng", demo.mitchell.order, direction, number])

    assert client.get(url).status_code == 404


def test_a_pair_page_needs_a_mitchell(client, demo):
    url = reverse("web:mitchell_pair", args=["chifeng", demo.round_robin.order, "ns", 1])

    assert client.get(url).status_code == 404


def test_the_pairs_final_waits_for_the_mitchell(client, demo):
    content = page(client, demo.pairs_final)

    assert "决赛的座位在米切尔赛结束后" in content


def test_the_pairs_final_shows_its_seating_once_qualified(client, demo):
    entries = demo.mitchell.entries.select_related("entrant").order_by("pair_number")
    ns = [e.entrant for e in entries.filter(direction=StageEntry.Direction.NS)]
    ew = [e.entrant for e in entries.filter(direction=StageEntry.Direction.EW)]
    stage_qualify(stage=demo.pairs_final, standings={"NS": ns, "EW": ew})

    content = page(client, demo.pairs_final)

    assert "开室" in content and "闭室" in content
    assert "南北第1名" in content and "东西第2名" in content
    assert "第1、2名" in content and "第3、4名" in content


def test_an_unknown_stage_is_not_found(client, demo):
    assert client.get(reverse("web:stage", args=["chifeng", 99])).status_code == 404
    assert client.get(reverse("web:stage", args=["no-such-event", 1])).status_code == 404


def test_no_public_page_shows_a_table_code(client, demo):
    codes = set(
        demo.event.stages.values_list("rounds__tables__code", flat=True).exclude(
            rounds__tables__code=None
        )
    )
    pages = [reverse("home"), reverse("web:event", args=["chifeng"])]
    pages += [stage_url(s) for s in demo.event.stages.all()]
    pages.append(reverse("web:mitchell_pair", args=["chifeng", demo.mitchell.order, "ns", 1]))

    for url in pages:
        content = client.get(url).content.decode()
        assert not any(code in content for code in codes), url


def test_every_match_status_shows_in_the_bracket_list(client, demo):
    content = page(client, demo.double_elimination)

    assert "可进行" in content  # first-round matches
    assert "待定" in content
    assert Match.objects.filter(stage=demo.double_elimination, status="ready").count() == 4
