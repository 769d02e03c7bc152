"""Every version of a ruling kept with who and when; only the event's referees and
directors rule; what the articles do not allow is refused with nothing saved."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from rulings import services
from rulings.errors import RulingError
from rulings.models import Ruling, RulingVersion
from scoring.models import ScoreAdjustment
from tests import builders
from tests.builders import play_match, rooms
from tournament.models import EventRole

from ._helpers import Rule, scores

pytestmark = pytest.mark.django_db


def test_every_version_is_kept_with_who_and_when(
    rule, chief, play, team_match, django_capture_on_commit_callbacks
):
    """Recorded by the referee, appealed, changed and then withdrawn by the director:
    four versions, numbered, each with its author, time, note and the ruling as it
    was — the first still says 0.5 after the change to 1 (第三十七条 leaves the amount
    to the referee)."""
    play_match(play, team_match, "home")
    open_table, _ = rooms(team_match)
    ruling = rule.create(
        table=open_table, irregularity="illegal_signals", decision="penalty", offender_side="NS"
    )
    rule.appeal(ruling, note="队长：并非故意")
    by_chief = Rule(django_capture_on_commit_callbacks, chief)
    ruling = by_chief.change(ruling, amount=Decimal(1), note="屡次示意，改罚1分")
    ruling = by_chief.withdraw(ruling, note="录像显示无违例")

    versions = list(RulingVersion.objects.filter(ruling=ruling).order_by("number"))
    assert [(v.number, v.action, v.by.username) for v in versions] == [
        (1, "recorded", "referee"),
        (2, "appealed", "referee"),
        (3, "changed", "chief"),
        (4, "withdrawn", "chief"),
    ]
    assert [v.snapshot["amount"] for v in versions] == ["0.50", "0.50", "1.00", "1.00"]
    assert [v.snapshot["status"] for v in versions] == [
        "recorded",
        "appealed",
        "changed",
        "withdrawn",
    ]
    assert versions[1].note == "队长：并非故意" and versions[2].note == "屡次示意，改罚1分"
    assert all(isinstance(v.at, datetime.datetime) for v in versions)
    assert versions[0].at <= versions[-1].at
    assert ruling.version == 4 and ruling.referee.username == "referee"
    assert scores(team_match) == (Decimal(8), Decimal(0))


def test_an_edit_from_an_old_version_is_refused(rule, team_match):
    """Two referees editing the same ruling: the second, made from version 1 after the
    first made version 2, is refused and changes nothing."""
    open_table, _ = rooms(team_match)
    ruling = rule.create(table=open_table, irregularity="slow_play", offender_side="EW")
    services.ruling_publish(ruling=ruling, by=rule.user, version=1)
    with pytest.raises(RulingError) as error:
        services.ruling_change(
            ruling=ruling, by=rule.user, note="改为罚分", version=1, decision="penalty"
        )
    assert error.value.code == "conflict"
    fresh = Ruling.objects.get(pk=ruling.pk)
    assert (fresh.decision, fresh.version, fresh.versions.count()) == ("warning", 2, 2)


def test_a_withdrawn_ruling_stays_withdrawn(rule, team_match):
    open_table, _ = rooms(team_match)
    ruling = rule.create(table=open_table, irregularity="slow_play", offender_side="EW")
    rule.withdraw(ruling)
    with pytest.raises(RulingError):
        rule.change(ruling, decision="penalty")
    with pytest.raises(RulingError):
        rule.appeal(ruling)
    with pytest.raises(RulingError):  # only an appeal is upheld
        rule.uphold(rule.create(table=open_table, irregularity="slow_play", offender_side="NS"))


@pytest.mark.parametrize("who", ["scorer", "outsider", "other_referee"])
def test_only_the_events_referees_and_directors_rule(who, request, team_match, event):
    """A scorer of the event, a login with no role, and a referee of another event are
    refused by the service itself; nothing is saved."""
    if who == "other_referee":
        other = builders.event(
            name="另一赛事", code="other", venue="", starts_on=None, ends_on=None
        )
        user = builders.user("elsewhere", event=other, role=EventRole.Role.REFEREE)
    else:
        user = request.getfixturevalue(who)
    open_table, _ = rooms(team_match)
    with pytest.raises(RulingError) as error:
        services.ruling_create(
            by=user,
            table=open_table,
            irregularity="drew_early",
            decision="penalty",
            offender_side="NS",
            reason_zh="多抓牌",
        )
    assert error.value.code == "not_allowed"
    assert not Ruling.objects.exists() and not ScoreAdjustment.objects.exists()


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"irregularity": "late_5_10", "decision": "penalty"}, "decision"),  # 第三十条: 警告
        ({"irregularity": "late_15", "minutes_late": 7}, "minutes"),  # 7 minutes is 5–10
        ({"irregularity": "late_5_10", "minutes_late": 3}, "minutes"),  # under 5: nothing
        ({"irregularity": "drew_early", "decision": "penalty", "amount": 0}, "amount"),
        ({"irregularity": "wrong_count_after_play"}, "erring_side"),
        ({"irregularity": "wrong_count_after_play", "erring_side": "both"}, "board"),
        ({"irregularity": "slow_play", "decision": "boards_cancelled"}, "boards"),
        ({"irregularity": "drew_early", "offender_side": ""}, "offender"),
        ({"irregularity": "drew_early", "reason_zh": " "}, "reason"),
    ],
)
def test_what_the_articles_do_not_allow_is_refused(rule, team_match, fields, code):
    open_table, _ = rooms(team_match)
    kwargs = {"table": open_table, "offender_side": "NS"} | fields
    with pytest.raises(RulingError) as error:
        rule.create(**kwargs)
    assert error.value.code == code
    assert not Ruling.objects.exists() and not RulingVersion.objects.exists()


def test_a_player_named_as_offender_is_resolved_to_the_team(rule, team_match):
    """A ruling may name the player; the score is kept for the player's team, and the
    side at the table follows from the seat."""
    open_table, _ = rooms(team_match)
    player = team_match.away.players.first()
    ruling = rule.create(table=open_table, irregularity="exposed_card", offender_player=player)
    assert ruling.offender_entrant_id == team_match.away_id and ruling.offender_side == "EW"
