"""Creating events, teams and pairs: what is accepted, and what is refused with nothing saved."""

from __future__ import annotations

import pytest

from tournament.errors import EventError
from tournament.models import Entrant, Event, Membership, Player
from tournament.services import (
    entrant_create,
    entrants_add,
    entrants_parse,
    event_create,
)

pytestmark = pytest.mark.django_db


def counts() -> tuple[int, int, int]:
    return Entrant.objects.count(), Membership.objects.count(), Player.objects.count()


def test_it_creates_an_event_with_checked_rule_switches():
    event = event_create(
        name="松山杯", code="songshan", rules="chifeng-club", switches={"must_follow_shape": True}
    )

    assert event.profile.must_follow_shape is True
    assert event.status == Event.Status.DRAFT


def test_it_refuses_an_unknown_switch_in_both_languages():
    with pytest.raises(EventError) as error:
        event_create(name="松山杯", code="songshan", switches={"no_such_switch": True})

    assert "规则开关无效" in str(error.value) and "invalid" in str(error.value)
    assert not Event.objects.exists()


def test_it_adds_a_team_with_its_captain_and_a_pair(event):
    team = entrant_create(
        event=event,
        kind="team",
        name="红山队",
        players=["张伟", "王芳", "李娜", "刘洋", "陈静"],
        captain="王芳",
    )
    pair = entrant_create(event=event, kind="pair", players=["赵敏", "黄勇"])

    roles = dict(team.memberships.values_list("player__name", "role"))
    assert roles["王芳"] == Membership.Role.CAPTAIN
    assert list(roles.values()).count(Membership.Role.CAPTAIN) == 1
    assert pair.players.count() == 2
    assert (team.number, pair.number) == (1, 1)


def test_it_refuses_a_three_player_team_and_saves_nothing(event):
    before = counts()

    with pytest.raises(EventError) as error:
        entrants_add(
            event=event,
            kind="team",
            entries=[
                {"name": "红山队", "players": ["张伟", "王芳", "李娜", "刘洋"]},
                {"name": "松山队", "players": ["赵敏", "黄勇", "周杰"]},
            ],
        )

    assert "第2项（松山队）：每队须有4至6名选手，现有3名" in str(error.value)
    assert "a team needs 4 to 6 players, got 3" in str(error.value)
    assert counts() == before


def test_it_refuses_a_seven_player_team(event):
    with pytest.raises(EventError, match="4 to 6 players, got 7"):
        entrant_create(event=event, kind="team", name="红山队", players=list("甲乙丙丁戊己庚"))


def test_it_refuses_a_one_player_pair_and_saves_nothing(event):
    before = counts()

    with pytest.raises(EventError) as error:
        entrants_add(
            event=event,
            kind="pair",
            entries=[{"players": ["张伟", "王芳"]}, {"players": ["李娜"]}],
        )

    assert "每对须有2名选手，现有1名" in str(error.value)
    assert "a pair needs exactly 2 players, got 1" in str(error.value)
    assert counts() == before


def test_it_refuses_a_player_in_two_teams_of_one_event(event):
    entrant_create(
        event=event, kind="team", name="红山队", players=["张伟", "王芳", "李娜", "刘洋"]
    )
    before = counts()

    with pytest.raises(EventError, match="already plays for another team"):
        entrant_create(
            event=event, kind="team", name="松山队", players=["张伟", "赵敏", "黄勇", "周杰"]
        )

    assert counts() == before


def test_it_refuses_a_second_team_of_the_same_name_and_saves_none(event):
    """Every page, paper and bracket tells teams apart by name: a pasted list with a
    second 红山队 created it, two 红山队 in one standings table. Refused, nothing saved."""
    entrant_create(
        event=event, kind="team", name="红山队", players=["张伟", "王芳", "李娜", "刘洋"]
    )
    before = counts()

    with pytest.raises(EventError, match="already has a team named '红山队'") as error:
        entrants_add(
            event=event,
            kind="team",
            entries=[
                {"name": "松山队", "players": ["赵敏", "黄勇", "周杰", "吴刚"]},
                {"name": "红山队", "players": ["郑一", "郑二", "郑三", "郑四"]},
            ],
        )

    assert "本赛事已有名为“红山队”的队" in str(error.value)
    assert counts() == before


def test_players_are_reused_across_events(event):
    other = event_create(name="宁城杯", code="ningcheng")
    entrant_create(event=event, kind="pair", players=["张伟", "王芳"])
    entrant_create(event=other, kind="pair", players=["张伟", "王芳"])

    assert Player.objects.filter(name="张伟").count() == 1


def test_it_reads_a_pasted_list():
    entries = entrants_parse(
        """
        # 团体赛名单
        红山队：张伟*、王芳、李娜、刘洋
        松山队: 赵敏, 黄勇, 周杰, 吴婷, 徐强

        张伟、王芳
        """
    )

    assert entries == [
        {"name": "红山队", "players": ["张伟", "王芳", "李娜", "刘洋"], "captain": "张伟"},
        {"name": "松山队", "players": ["赵敏", "黄勇", "周杰", "吴婷", "徐强"]},
        {"name": "", "players": ["张伟", "王芳"]},
    ]
