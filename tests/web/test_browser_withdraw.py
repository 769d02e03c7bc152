"""退赛 in the browser after round 1 has started (it was refused before: the workaround
was one 第三十条 ruling per remaining match). On a desktop the director withdraws a team
with its reason; the stage page names the withdrawal and the article; on a 375-px phone
the director takes it back with a reason. One page each, a few checks each."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring.models import DecisionRecord, MatchScore, Withdrawal
from tests import builders
from tournament.models import Match, Stage
from tournament.services import round_start

from ._browser import CHROMIUM, PHONE, chromium, page_fits_the_phone, shot

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]

DESKTOP = {"width": 1280, "height": 900}


def _login(browser, base: str, viewport: dict[str, int]):
    context = browser.new_context(viewport=viewport, locale="zh-CN")
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())  # "确定退赛？" — yes
    page.goto(base + reverse("web:login"))
    page.fill("#id_username", "director")
    page.fill("#id_password", builders.PASSWORD)
    page.get_by_role("button", name="登录").click()
    page.wait_for_url(base + reverse("home"))
    return page


def test_a_team_withdraws_after_the_start_and_is_taken_back_on_a_phone(
    live_server, monkeypatch, event, director, make_teams, eager
):
    teams = make_teams(4)
    # No boards dealt: nothing is played here, and a forfeit needs no board.
    stage = builders.stage(event, Stage.Kind.ROUND_ROBIN, teams, boards_per_session=2, sessions=1)
    round_start(round=stage.rounds.get(number=1))
    gone = teams[0]
    path = reverse("web:setup_entrant", args=[event.code, gone.pk])
    with chromium(monkeypatch) as browser:
        desk = _login(browser, live_server.url, DESKTOP)
        desk.goto(live_server.url + path)
        desk.get_by_label("已赛成绩按弃权计").check()
        desk.get_by_label("退赛原因（记入裁决记录）").fill("队员生病，全队退赛")
        shot(desk, "director-withdraw-form.png")
        desk.locator("#withdraw").get_by_role("button", name="退赛").click()
        expect(desk.locator("#withdrawal")).to_contain_text("队员生病，全队退赛")
        expect(desk.locator("#withdrawal")).to_contain_text("已赛成绩按弃权计")
        shot(desk, "director-withdrawal.png")
        desk.goto(live_server.url + reverse("web:stage", args=[event.code, stage.order]))
        expect(desk.locator("#decisions")).to_contain_text("第三十条")
        mine = Match.objects.filter(stage=stage, home=gone) | Match.objects.filter(
            stage=stage, away=gone
        )
        assert {MatchScore.objects.get(match=m).decision for m in mine} == {"forfeit"}

        phone = _login(browser, live_server.url, PHONE)
        phone.goto(live_server.url + path)
        assert page_fits_the_phone(phone)
        phone.get_by_placeholder("撤销原因").fill("报错了队")
        phone.get_by_role("button", name="撤销退赛").click()
        expect(phone.locator("#withdrawal")).to_contain_text("已撤销：报错了队")
        shot(phone, "director-withdrawal-back-375.png")
    assert Withdrawal.objects.get().taken_back_reason == "报错了队"
    assert DecisionRecord.objects.count() == 2
