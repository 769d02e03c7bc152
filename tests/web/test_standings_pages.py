"""The /standings/ page of every format says its result and why (issue 19): ties,
play-offs and the director's decisions with their marker and reason, no column that
is always empty, a knockout's places once it has a champion."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from api.standings import standings_data
from printing.selectors import standings_data as printing_standings
from scoring.cache import local_clear
from scoring.models import Standing
from scoring.reasons import tie_mark, tie_reason
from scoring.services import tie_order_set
from tests.builders import Play, deal, play_match
from tournament.models import Match

from ._full import _play_matches, play_event
from .conftest import stage_url

pytestmark = [pytest.mark.django_db, pytest.mark.heavy]


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
    # Every match played, each won at home: six level on match points, all their matches
    # played — the article cannot part them, a play-off (第二十五条之4（三）).
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


# --- a running round robin says what is true now (issue 23, 第二十五条之3、4) -------------

#: The Berger rounds of six teams (第二十五条之1's 轮次表), home first, by Berger number.
BERGER_6 = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]
#: Each round's outcomes in BERGER_6's order ("home", "away" or "draw"): after round 1
#: teams 1–3 on 2 and 4–6 on 0; after round 2 teams 2 and 6 level on 2, not met; after
#: round 4 teams 1, 2, 4 and 6 level on 4; at the end 1, 4 and 6 level on 6, each having
#: beaten one of the others (1 beat 6, 6 beat 4, 4 beat 1).
OUTCOMES_6 = [
    ["home", "home", "home"],
    ["home", "draw", "home"],
    ["away", "home", "home"],
    ["away", "away", "home"],
    ["away", "home", "away"],
]


def _play_rounds(demo, eager, director, rounds: int) -> dict[int, object]:
    """The demo's round robin played to the end of round ``rounds``; its teams by Berger
    number (the n-th team of the field is team n)."""
    stage = demo.round_robin
    deal(stage)
    team = {n: e for n, e in enumerate(demo.teams[:6], start=1)}
    number = {e.pk: n for n, e in team.items()}
    play = Play(director, eager)
    for index in range(rounds):
        outcome = dict(zip(BERGER_6[index], OUTCOMES_6[index], strict=True))
        for match in stage.matches.filter(round__number=index + 1).order_by("number"):
            play_match(play, match, outcome[number[match.home_id], number[match.away_id]])
    local_clear()
    return team


def _faces(client, stage) -> tuple[str, dict[int, tuple[str, str]], dict[int, tuple[str, str]]]:
    """The /standings/ page, and each team's (mark, reason) as the API and the printed
    standings give them — the same codes rendered the one way (``scoring.reasons``)."""
    page = standings(client, stage)
    api = {
        row["entrant"]["id"]: (row["mark_zh"], row["reason_zh"])
        for row in standings_data(stage, official=False)["rows"]
    }
    printed = printing_standings(stage.event, stage=stage)
    lines = [line for s in printed.stages for t in s.tables for line in t.lines]
    by_number = {e.number: e.pk for e in stage.event.entrants.all()}
    paper = {by_number[line.entrant.number]: (tie_mark(line), tie_reason(line)) for line in lines}
    return page, api, paper


def test_after_round_one_of_six_no_row_says_a_playoff(client, demo, director, eager):
    """第二十五条之3、4(三): after round 1 of 5, three teams on 2 and three on 0 — places
    are ranked 比赛结束, so no row is flagged for a play-off; each shares its place for
    now (暂并列), on the page, in the API and on paper alike."""
    _play_rounds(demo, eager, director, 1)
    page, api, paper = _faces(client, demo.round_robin)
    assert "需加赛决定" not in page and "须加赛或由裁判长决定名次" not in page
    assert page.count(">暂并列<") >= 6
    assert not Standing.objects.filter(stage=demo.round_robin, flagged=True).exists()
    assert api == paper and {mark for mark, _ in api.values()} == {"暂并列"}
    reason = next(iter(api.values()))[1]
    assert reason.startswith("多队场分相同，还有比赛未赛") and reason in page


def test_after_round_two_level_teams_that_have_not_met_read_not_met(client, demo, director, eager):
    """第二十五条之4(一)(二): after round 2 of 5 teams 2 and 6 are level on 2 and meet
    only in round 3 — "not met yet", never "相遇那轮也打平"."""
    team = _play_rounds(demo, eager, director, 2)
    page, api, paper = _faces(client, demo.round_robin)
    assert "相遇那轮也打平" not in page and "需加赛决定" not in page
    assert "尚未相遇" in page
    not_met = ("尚未相遇", "场分相同，两队尚未相遇，暂列同一名次（第二十五条之4（一））")
    assert api[team[2].pk] == api[team[6].pk] == not_met
    assert {e for e, texts in api.items() if texts != ("", "")} == {team[2].pk, team[6].pk}
    assert api == paper
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    english = standings(client, demo.round_robin)
    assert "Not met yet" in english and "not met yet" in english
    assert "their match drawn" not in english


def test_at_the_end_a_real_three_way_tie_reads_playoff_then_the_directors_order(
    client, demo, director, eager
):
    """第二十五条之4(三): after round 4 four teams are level with matches to play —
    level for now; at the end 1, 4 and 6 are level, each beat by another of them: the
    article's order cannot break it — play-off needed, until the director orders them."""
    team = _play_rounds(demo, eager, director, 4)
    page, api, _paper = _faces(client, demo.round_robin)
    assert "需加赛决定" not in page
    assert {e for e, (mark, _) in api.items() if mark == "暂并列"} == {
        team[n].pk for n in (1, 2, 4, 6)
    }
    play = Play(director, eager)
    number = {e.pk: n for n, e in team.items()}
    outcome = dict(zip(BERGER_6[4], OUTCOMES_6[4], strict=True))
    for match in demo.round_robin.matches.filter(round__number=5):
        play_match(play, match, outcome[number[match.home_id], number[match.away_id]])
    local_clear()
    page, api, paper = _faces(client, demo.round_robin)
    tied = {team[n].pk for n in (1, 4, 6)}
    assert {e for e, (mark, _) in api.items() if mark == "需加赛决定"} == tied
    assert {e for e, (mark, _) in api.items() if mark} == tied  # 3, 2 and 5: a place each
    assert "须加赛或由裁判长决定名次（第二十五条之4（三））" in page and api == paper
    with eager(execute=True):
        tie_order_set(
            stage=demo.round_robin,
            entrants=[team[4], team[1], team[6]],
            reason="加赛4副后排定",
            decided_by=director,
        )
    local_clear()
    page, api, paper = _faces(client, demo.round_robin)
    assert {api[e] for e in tied} == {("裁判长决定", "加赛4副后排定")} and api == paper
    assert "需加赛决定" not in page
