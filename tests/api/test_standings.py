"""Standings are served from the cache with an ETag, and whatever changes what a stage
shows — a rescore (however it is called), a board's release or its withdrawal — starts
a new version when it commits."""

from __future__ import annotations

import pytest
from django.db import transaction

from api.standings import standings_data
from scoring.cache import standings_version
from scoring.models import Standing
from scoring.services import rescore_stage
from scoring.tasks import rescore_stage_task
from tournament.models import StageEntry

from .conftest import World, entry_body

pytestmark = pytest.mark.django_db


def url(world: World) -> str:
    return world.url(f"stages/{world.team.stage.order}/standings/")


def enter_the_teams(world: World) -> None:
    """The match's two teams in the stage's field, so its table has rows to rank."""
    match = world.team.matches[0]
    for position, team in enumerate((match.home, match.away), start=1):
        StageEntry.objects.create(stage=world.team.stage, entrant=team, position=position)


def sneak_in_a_row(world: World) -> None:
    """A row written behind the cache's back, so a cached copy shows its age."""
    Standing.objects.create(
        stage=world.team.stage, entrant=world.team.matches[0].home, place=1, note="marker"
    )


def test_standings_carry_an_etag_and_answer_304_when_unchanged(world):
    client = world.client("anonymous")

    first = client.get(url(world))
    again = client.get(url(world), HTTP_IF_NONE_MATCH=first["ETag"])

    assert first.status_code == 200 and first["ETag"]
    assert "no-cache" in first["Cache-Control"] and "public" in first["Cache-Control"]
    assert again.status_code == 304 and again["ETag"] == first["ETag"]


def test_the_browsable_api_shows_the_rows_the_json_has(world):
    """The copy kept per version is the JSON alone; the browsable API (a browser's
    Accept) shows the same rows read from it."""
    enter_the_teams(world)
    rescore_stage(world.team.stage.pk)
    client = world.client("anonymous")
    as_json = client.get(url(world), HTTP_ACCEPT="application/json")
    in_a_browser = client.get(url(world), HTTP_ACCEPT="text/html")

    assert in_a_browser.status_code == 200 and "text/html" in in_a_browser["Content-Type"]
    assert in_a_browser["ETag"] == as_json["ETag"]
    assert in_a_browser.data == as_json.json() == standings_data(world.team.stage)
    assert len(as_json.json()["rows"]) == 2


def test_standings_are_cached_until_a_result_changes(world, django_capture_on_commit_callbacks):
    enter_the_teams(world)
    client = world.client("anonymous")
    before = client.get(url(world))
    sneak_in_a_row(world)
    cached = client.get(url(world))
    version = standings_version(world.team.stage.pk)

    board = world.board(1)
    with django_capture_on_commit_callbacks(execute=True):
        entered = world.client("director").post(
            world.url("results/"),
            {"board": board.pk, "table": world.team.open.pk, **entry_body(board)},
            format="json",
        )
    after = client.get(url(world), HTTP_IF_NONE_MATCH=before["ETag"])

    assert cached["ETag"] == before["ETag"] and "marker" not in cached.content.decode()
    assert entered.status_code == 201
    assert standings_version(world.team.stage.pk) != version
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    assert after.json() == standings_data(world.team.stage)
    assert len(after.json()["rows"]) == 2 and not before.json()["rows"]


def test_a_finished_rescore_starts_a_new_version(world, django_capture_on_commit_callbacks):
    enter_the_teams(world)
    client = world.client("anonymous")
    before = client.get(url(world))
    sneak_in_a_row(world)

    assert client.get(url(world))["ETag"] == before["ETag"]

    with django_capture_on_commit_callbacks(execute=True):
        rescore_stage_task.delay(world.team.stage.pk)
    after = client.get(url(world))

    assert after["ETag"] != before["ETag"]
    assert after.json() == standings_data(world.team.stage)
    assert len(after.json()["rows"]) == 2


def test_a_draft_events_standings_are_private(world):
    response = world.client("other_director").get(world.url("stages/1/standings/", world.draft))

    assert response.status_code == 404  # the draft has no stage; its officials only


def test_the_public_standings_page_shows_the_rows_and_follows_results(
    world, client, django_capture_on_commit_callbacks
):
    enter_the_teams(world)
    page = f"/e/{world.event.code}/s/{world.team.stage.order}/standings/"
    before = client.get(page)

    board = world.board(1)
    with django_capture_on_commit_callbacks(execute=True):
        world.client("director").post(
            world.url("results/"),
            {"board": board.pk, "table": world.team.open.pk, **entry_body(board)},
            format="json",
        )
    after = client.get(page)

    assert before.status_code == 200 and "尚无成绩" in before.content.decode()
    assert after.status_code == 200
    for team in (world.team.matches[0].home, world.team.matches[0].away):
        assert team.name in after.content.decode()


def test_the_standings_page_of_a_draft_is_not_found(world, client):
    assert client.get(f"/e/{world.draft.code}/s/1/standings/").status_code == 404


def live_page(world: World) -> str:
    return f"/e/{world.event.code}/s/{world.team.stage.order}/"


def test_a_board_released_through_the_api_reaches_the_live_public_page(
    world, client, django_capture_on_commit_callbacks
):
    """第二十八条之6: a released board's results are shown to players — the live page
    must not keep answering 304 with the old ETag (issue 12's defect)."""
    board = world.board(1)
    first = client.get(live_page(world), {"live": 1})
    unchanged = client.get(live_page(world), {"live": 1}, HTTP_IF_NONE_MATCH=first["ETag"])

    with django_capture_on_commit_callbacks(execute=True):
        released = world.client("director").post(world.url(f"boards/{board.pk}/release/"))
    shown = client.get(live_page(world), {"live": 1}, HTTP_IF_NONE_MATCH=first["ETag"])
    with django_capture_on_commit_callbacks(execute=True):
        withdrawn = world.client("director").post(world.url(f"boards/{board.pk}/withdraw-release/"))
    hidden = client.get(live_page(world), {"live": 1}, HTTP_IF_NONE_MATCH=shown["ETag"])

    assert first.status_code == 200 and unchanged.status_code == 304
    assert released.status_code == 200 and withdrawn.status_code == 200
    assert shown.status_code == 200 and shown["ETag"] != first["ETag"]
    assert hidden.status_code == 200 and hidden["ETag"] not in (first["ETag"], shown["ETag"])


def test_a_direct_rescore_stage_call_starts_a_new_version(
    world, django_capture_on_commit_callbacks
):
    """The admin's action and the broker-down fallback call ``rescore_stage`` itself,
    with no task around it: its commit starts the new version."""
    enter_the_teams(world)
    client = world.client("anonymous")
    before = client.get(url(world))
    version = standings_version(world.team.stage.pk)
    sneak_in_a_row(world)

    with django_capture_on_commit_callbacks(execute=True):
        rescore_stage(world.team.stage.pk)
    after = client.get(url(world), HTTP_IF_NONE_MATCH=before["ETag"])

    assert standings_version(world.team.stage.pk) != version
    assert after.status_code == 200 and after.json() == standings_data(world.team.stage)
    assert len(after.json()["rows"]) == 2


def test_a_rolled_back_rescore_starts_no_version(world):
    """The version follows the commit: a rescore whose transaction is rolled back
    leaves the cached standings as they were."""
    version = standings_version(world.team.stage.pk)
    with pytest.raises(RuntimeError), transaction.atomic():
        rescore_stage(world.team.stage.pk)
        raise RuntimeError("rolled back")

    assert standings_version(world.team.stage.pk) == version
