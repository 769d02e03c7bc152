"""A round-robin final that carries its finalists' group matches (带分, 第二十六条之3)
shows a correction made in the group stage at once: the final's stored standings and
every cached copy of them (API and page) follow the group's rescore, with no wait for
the cache to expire (issue 23)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from boards.models import Result
from scoring.models import Standing
from scoring.selectors import qualification_standings
from tests.builders import rooms
from tests.scoring.test_team_formats import SHORT, lower_number_wins, play_round
from tournament.models import Event, Match, Stage
from tournament.services import stage_qualify

pytestmark = pytest.mark.django_db


def score_for(stage: Stage) -> dict[int, int]:
    return {
        s.entrant.number: s.score_for
        for s in Standing.objects.filter(stage=stage).select_related("entrant")
    }


def test_a_group_correction_shows_at_once_in_the_final_that_carries_it(
    client, play, make_teams, make_stage, event
):
    """第二十六条之3: the group match of two finalists counts in the final. Corrected in
    the group stage after the final's standings were read (and cached), the next read
    of the final — API and page, by a player — shows the new board points."""
    groups = make_stage(
        Stage.Kind.GROUP_ROUND_ROBIN, make_teams(6), groups=2, qualifiers_per_group=2, **SHORT
    )
    final = make_stage(Stage.Kind.ROUND_ROBIN, source=groups, carry_over=True, **SHORT)
    for round_ in groups.rounds.all():
        play_round(play, round_, lower_number_wins)
    stage_qualify(stage=final, standings=qualification_standings(groups))
    for round_ in final.rounds.all():
        play_round(play, round_, lower_number_wins)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    finalists = set(final.entries.values_list("entrant_id", flat=True))
    carried = Match.objects.filter(
        stage=groups, home_id__in=finalists, away_id__in=finalists
    ).first()
    assert carried is not None
    api = reverse("api:standings", args=[event.code, final.order])
    page = reverse("web:standings", args=[event.code, final.order])
    before_api, before_page = client.get(api).json(), client.get(page).content
    before, group_before = score_for(final), score_for(groups)

    open_table, _closed = rooms(carried)
    result = Result.objects.filter(table=open_table).order_by("board__number").first()
    play.correct(result, 95)  # as the closed room: the board a draw, no longer home's 2

    assert score_for(groups) != group_before  # the correction moved the group's table
    after = score_for(final)
    assert after != before  # the final's stored standings were rescored
    after_api, after_page = client.get(api).json(), client.get(page).content
    assert after_api != before_api
    assert after_page != before_page
    home = carried.home.number
    shown = {row["entrant"]["number"]: row for row in after_api["rows"]}
    assert Decimal(shown[home]["score_for"]) == after[home] != before[home]
