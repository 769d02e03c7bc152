"""A match's page lists its tables by session: a two-session match read
"桌号：1 开室、2 闭室、1 开室、2 闭室", the same tables twice with nothing to tell the
sessions apart (第二十四条: the rooms swap sides for the second session)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tournament.models import Stage

pytestmark = pytest.mark.django_db


def test_a_two_session_match_lists_its_tables_by_session(client, make_teams, make_stage):
    stage = make_stage(Stage.Kind.TEAM_MATCH, make_teams(2), boards_per_session=2, sessions=2)
    match = stage.matches.get()
    client.force_login(get_user_model().objects.create_user("td", password="x"))
    stage.event.roles.create(user=get_user_model().objects.get(username="td"), role="director")
    page = client.get(f"/e/{stage.event.code}/s/{stage.order}/m/{match.number}/").content.decode()
    line = page[page.index("桌号：") :].split("</p>")[0]
    assert "第1节" in line and "第2节" in line
    assert line.index("第1节") < line.index("第2节")
