"""退赛 from the director's workspace: the entrant's page offers what the moment allows —
before round 1 the field changes and the schedule is laid out again; after, the
remaining matches are forfeited as 第三十条 says, the played ones kept or struck, with
the reason in the decision record — and the stage page, entrants list and decisions
page follow."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import DecisionRecord, MatchScore, Withdrawal
from tests import builders
from tests.builders import play_match
from tournament.models import Entrant, Match, Stage
from tournament.services import round_start

pytestmark = pytest.mark.django_db

SHORT = {"boards_per_session": 2, "sessions": 1}


def test_a_team_withdraws_after_round_1_from_its_page(
    client, director, play, make_teams, make_stage
):
    teams = make_teams(4)
    stage = make_stage(Stage.Kind.ROUND_ROBIN, teams, **SHORT)
    first = stage.rounds.get(number=1)
    round_start(round=first)
    for match in first.matches.all():
        play_match(play, match, "home")
    gone = teams[0]
    client.force_login(director)
    url = reverse("web:setup_entrant", args=[stage.event.code, gone.pk])
    page = client.get(url).content.decode()
    assert "按弃权处理（第三十条" in page and 'name="played"' in page
    assert 'name="opponent_score"' not in page  # a team: the rule gives one score

    refused = client.post(url, {"action": "withdraw", "reason": ""}, follow=True)
    assert "须说明退赛原因" in refused.content.decode()
    assert not Withdrawal.objects.exists()

    with play.capture(execute=True):
        done = client.post(
            url, {"action": "withdraw", "reason": "全队退赛", "played": "keep"}, follow=True
        )
    text = done.content.decode()
    assert "已退赛" in text and "撤销退赛" in text and "全队退赛" in text
    later = Match.objects.filter(stage=stage, round__number__gt=1).filter(home=gone)
    later = later | Match.objects.filter(stage=stage, round__number__gt=1, away=gone)
    assert {MatchScore.objects.get(match=m).decision for m in later} == {"forfeit"}

    entrants = client.get(reverse("web:setup_entrants", args=[stage.event.code])).content
    assert "已退赛" in entrants.decode()
    decisions = client.get(reverse("web:setup_decisions", args=[stage.event.code]))
    assert "裁决记录" in decisions.content.decode() and "全队退赛" in decisions.content.decode()
    stage_page = client.get(reverse("web:stage", args=[stage.event.code, stage.order]))
    assert "弃权" in stage_page.content.decode()

    w = Withdrawal.objects.get()
    with play.capture(execute=True):
        client.post(url, {"action": "withdrawal_back", "withdrawal": w.pk, "reason": "误报"})
    assert {MatchScore.objects.get(match=m).decision for m in later} <= {"waiting"}
    assert DecisionRecord.objects.filter(kind="withdrawal_back", reason="误报").exists()


def test_before_round_1_a_no_show_leaves_and_a_late_pair_joins_in_one_step(
    client, director, event, make_pairs, make_stage
):
    stage = make_stage(Stage.Kind.MITCHELL, make_pairs(6), boards_per_round=1)
    late = builders.pairs(event, [("迟到甲", "迟到乙"), ("晚到甲", "晚到乙")])
    client.force_login(director)
    for pair in late:
        url = reverse("web:setup_entrant", args=[event.code, pair.pk])
        assert "加入并重排" in client.get(url).content.decode()
        client.post(url, {"action": "join", "stage": stage.pk, "reason": "迟到"})
    assert stage.entries.count() == 8 and stage.rounds.get(number=1).tables.count() == 4

    no_show = stage.entries.first().entrant
    url = reverse("web:setup_entrant", args=[event.code, no_show.pk])
    page = client.get(url).content.decode()
    assert "重新编排" in page and 'name="played"' not in page
    client.post(url, {"action": "withdraw", "reason": "未到场"})
    assert not Entrant.objects.filter(pk=no_show.pk).exists()
    assert stage.entries.count() == 7


def test_a_play_off_stage_is_removed_from_the_decisions_page_with_a_reason(
    client, director, make_teams, make_stage
):
    teams = make_teams(4)
    stage = make_stage(Stage.Kind.ROUND_ROBIN, teams, **SHORT)
    url = reverse("web:setup_decisions", args=[stage.event.code])
    client.force_login(director)
    level = f"{teams[0].number} {teams[1].number}"
    for _click in range(2):
        client.post(url, {"stage": stage.pk, "action": "playoff", "teams": level, "boards": "4"})
    playoff = stage.event.stages.get(name__endswith="加赛")  # the second click added nothing
    client.post(url, {"stage": playoff.pk, "action": "stage_remove", "reason": ""})
    assert Stage.objects.filter(pk=playoff.pk).exists()  # refused without a reason
    page = client.post(
        url, {"stage": playoff.pk, "action": "stage_remove", "reason": "同分算错"}, follow=True
    ).content.decode()
    assert not Stage.objects.filter(pk=playoff.pk).exists()
    assert "裁决记录" in page and "同分算错" in page
