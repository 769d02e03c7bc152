"""The /standings/ page of every format says its result and why (issue 19): ties,
play-offs and the director's decisions with their marker and reason, no column that
is always empty, a knockout's places once it has a champion."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring.cache import local_clear
from scoring.services import tie_order_set
from tournament.models import Match

from ._full import _play_matches, play_event
from .conftest import stage_url

pytestmark = pytest.mark.django_db


def standings(client, stage) -> str:
    response = client.get(reverse("web:standings", args=[stage.event.code, stage.order]))
    assert response.status_code == 200
    return response.content.decode()


def headers(content: str) -> list[str]:
    return re.findall(r'<th scope="col"[^>]*>([^<]*)</th>', content)


def test_every_formats_standings_show_its_result(client, demo, director, referee, eager):
    play_event(demo, eager, director, referee)

    team = standings(client, demo.round_robin)
    assert "比赛分" not in headers(team) and "得分率" not in headers(team)  # always 0 for teams
    assert {"胜", "负", "场分", "得分"} <= set(headers(team))
    # Every team won its home matches: six level on match points — a play-off (第二十五条之4（三）).
    assert team.count("需加赛决定") >= 6 and "须加赛或由裁判长决定名次" in team

    knockout = standings(client, demo.knockout)
    final = Match.objects.get(stage=demo.knockout, number=3)
    assert "尚无成绩" not in knockout
    places = re.findall(r'<li><span class="num place">([^<]*)</span> ([^<]*)</li>', knockout)
    assert [p for p, _ in places] == ["1", "2", "3=", "3="]  # the semi-final losers share 3rd
    assert places[0][1] == final.winner.name

    mitchell = standings(client, demo.mitchell)
    assert mitchell.count('class="grid standings pairs"') == 2 and "得分率" in mitchell
    groups = standings(client, demo.groups)
    assert 'id="group-A"' in groups and 'id="group-B"' in groups
    team_match = standings(client, demo.team_match)
    assert "胜者" in team_match and "尚无成绩" not in team_match
    assert standings(client, demo.pairs_final)  # the seating's places, or "no result yet"


def test_the_directors_order_shows_its_reason_on_every_standings_page(
    client, demo, director, eager
):
    """第二十五条之4（三）: six teams level — the director orders them after a play-off;
    the stage page and /standings/ both show "裁判长决定" and the recorded reason."""
    _play_matches(eager, director, demo.round_robin)
    with eager(execute=True):
        tie_order_set(
            stage=demo.round_robin,
            entrants=list(demo.teams[:6]),
            reason="加赛12副后排定",
            decided_by=director,
        )
    local_clear()
    for content in (
        standings(client, demo.round_robin),
        client.get(stage_url(demo.round_robin)).content.decode(),
    ):
        assert "裁判长决定" in content and "加赛12副后排定" in content
        assert "需加赛决定" not in content
