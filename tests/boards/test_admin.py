"""The admin for boards and results: pages render in Chinese; a result is corrected
only through the service (engine check, version, audit row); verdicts are read-only."""

from __future__ import annotations

import pytest
from django.urls import reverse

from boards.models import Board, BoxCard, Result

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client, superuser):
    client.force_login(superuser)
    return client


def url(model, view: str, *args) -> str:
    return reverse(f"admin:boards_{model._meta.model_name}_{view}", args=args)


def correction(result: Result, **changes) -> dict:
    data = {
        "level_ns": result.level_ns,
        "level_ew": result.level_ew,
        "trump": result.trump,
        "declared_by": result.declared_by,
        "declarer": result.declarer,
        "defender_points": result.defender_points,
        "dig": result.dig,
        "buried": "null",
        "exchanges": "null",
        "tricks": "null",
        "reason": "",
        "seen_version": result.version,
        "changes-TOTAL_FORMS": 0,
        "changes-INITIAL_FORMS": 0,
        "changes-MIN_NUM_FORMS": 0,
        "changes-MAX_NUM_FORMS": 1000,
    }
    data.update(changes)
    return data


@pytest.mark.parametrize("model", [Board, BoxCard, Result])
def test_the_lists_render(admin_client, entered, model):
    response = admin_client.get(url(model, "changelist"))
    assert response.status_code == 200


def test_a_result_page_shows_the_verdict_and_its_history(admin_client, entered):
    response = admin_client.get(url(Result, "change", entered.pk))

    text = response.content.decode()
    assert response.status_code == 200
    assert "裁判结果（规则引擎）" in text and "成绩修改记录" in text
    assert "录入" in text


def test_a_board_page_renders_with_its_box_cards(admin_client, entered):
    response = admin_client.get(url(Board, "change", entered.board.pk))
    assert response.status_code == 200
    assert "牌盒卡" in response.content.decode()


def test_a_correction_in_the_admin_goes_through_the_service(admin_client, entered, superuser):
    response = admin_client.post(
        url(Result, "change", entered.pk), correction(entered, defender_points=85, reason="抄错")
    )

    assert response.status_code == 302, response.content.decode()[:2000]
    entered.refresh_from_db()
    assert entered.defender_points == 85 and entered.outcome == "broken"
    assert entered.version == 2 and entered.status == Result.Status.CONFIRMED
    change = entered.changes.get(action="correct")
    assert change.user == superuser and change.reason == "抄错"


def test_an_impossible_correction_is_shown_with_the_engine_code_and_saves_nothing(
    admin_client, entered
):
    response = admin_client.post(
        url(Result, "change", entered.pk), correction(entered, defender_points=83)
    )

    assert response.status_code == 200
    assert "result_impossible" in response.content.decode() or "不可能" in response.content.decode()
    entered.refresh_from_db()
    assert entered.defender_points == 40 and entered.version == 1


def test_a_correction_from_an_outdated_page_is_a_conflict(admin_client, entered):
    stale = correction(entered, defender_points=85)
    Result.objects.filter(pk=entered.pk).update(version=2)

    admin_client.post(url(Result, "change", entered.pk), stale)

    entered.refresh_from_db()
    assert entered.defender_points == 40
    assert entered.changes.filter(action="conflict").count() == 1


def test_the_release_action_releases_the_chosen_boards(admin_client, entered):
    board = entered.board
    admin_client.post(
        url(Board, "changelist"), {"action": "release", "_selected_action": [board.pk]}
    )

    board.refresh_from_db()
    assert board.released_at is not None
