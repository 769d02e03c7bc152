"""What the faces of a stage read alike after a change is read once per version, and a
change invalidates only its own stage (issue 23).

The API's standings and the public page each asked the database which boards are still
hidden (第二十八条之6) — 12 ms at 60 tables on SQLite, 57,600 scheduled (board, table)
pairs joined to their results at 120 — after every result. Now the hidden boards are
asked once per version for every face (``scoring.cache.per_version``), and after a
change that names its boards (a result's rescore, a release) only those boards are
looked at again, the rest carried from the version before (``scoring.cache.carried_part``).
A result of one stage starts a new version of that stage only: another stage's (or
event's) cached standings stay valid."""

from __future__ import annotations

import gc
import weakref

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from boards.models import Board
from boards.selectors import hidden_board_ids
from scoring.cache import (
    cached_payload,
    local_clear,
    per_version,
    standings_invalidate,
    standings_version,
)
from scoring.selectors import stage_hidden_boards
from scoring.services.release import board_release, board_withdraw_release
from tests.builders import Play, boards_of, play_all_but_last_table_one
from tournament.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_stages(make_pairs, make_stage, play: Play):
    """Two 3-table Mitchells of one event, each with its last boards at table 1 hidden."""
    pairs = make_pairs(6)
    first = make_stage("mitchell", pairs, boards_per_round=2)
    second = make_stage("mitchell", pairs, boards_per_round=2)
    for stage in (first, second):
        play_all_but_last_table_one(stage, play)
    return first, second


def _hidden_now(stage) -> set[int]:
    return hidden_board_ids(Board.objects.filter(stage=stage))


def test_the_hidden_boards_are_asked_once_per_version_for_every_face(
    two_stages, django_assert_num_queries
):
    stage = two_stages[0]
    standings_version(stage.pk)  # the version (and the look for a failed rescore) first
    hidden = _hidden_now(stage)
    assert hidden

    with django_assert_num_queries(4):  # the four counts of hidden_board_ids
        cached_payload(stage.pk, lambda: sorted(stage_hidden_boards(stage)), kind="api")
    with django_assert_num_queries(0):  # the page of the same version: asked already
        _etag, page = cached_payload(
            stage.pk, lambda: sorted(stage_hidden_boards(stage)), kind="page"
        )
    assert set(page) == hidden
    with django_assert_num_queries(4):  # outside a build nothing says which version
        assert stage_hidden_boards(stage) == hidden


def test_after_a_release_only_the_released_board_is_asked_again(
    two_stages, director, django_capture_on_commit_callbacks
):
    stage = two_stages[0]
    before = cached_payload(stage.pk, lambda: sorted(stage_hidden_boards(stage)), kind="a")[1]
    board = Board.objects.get(pk=before[0])

    with django_capture_on_commit_callbacks(execute=True):
        board_release(board=board, user=director)
    with CaptureQueriesContext(connection) as asked:
        after = cached_payload(stage.pk, lambda: sorted(stage_hidden_boards(stage)), kind="b")[1]

    assert set(after) == _hidden_now(stage) == set(before) - {board.pk}
    # One statement counts results (``hidden_board_ids(few=True)``), of that board alone.
    counts = [q["sql"] for q in asked.captured_queries if '"boards_result"' in q["sql"]]
    assert len(counts) == 1 and f'"boards_board"."id" IN ({board.pk})' in counts[0], counts

    with django_capture_on_commit_callbacks(execute=True):
        board_withdraw_release(board=board)  # hidden again until its tables confirm
    again = cached_payload(stage.pk, lambda: sorted(stage_hidden_boards(stage)), kind="c")[1]
    assert set(again) == _hidden_now(stage) == set(before)


def test_a_result_shows_its_board_once_every_table_has_confirmed_it(two_stages, play: Play):
    stage = two_stages[0]
    before = cached_payload(stage.pk, lambda: sorted(stage_hidden_boards(stage)), kind="a")[1]
    last = stage.rounds.order_by("-number").first()
    table = last.tables.get(number=1)
    board = boards_of(table)[0]

    play.at_table(board, table, 60)  # its rescore names the board: carried, not asked whole
    after = cached_payload(stage.pk, lambda: sorted(stage_hidden_boards(stage)), kind="b")[1]

    assert board.pk in before and set(after) == _hidden_now(stage) == set(before) - {board.pk}


def test_a_result_in_one_stage_leaves_another_stages_cached_standings_valid(
    two_stages, play: Play, client
):
    first, second = two_stages
    Event.objects.filter(pk=second.event_id).update(status=Event.Status.RUNNING)
    api = f"/api/events/{second.event.code}/stages/{second.order}/standings/"
    version = standings_version(second.pk)
    etag = client.get(api).headers["ETag"]
    built: list[int] = []
    first_version = standings_version(first.pk)

    last = first.rounds.order_by("-number").first()
    table = last.tables.get(number=1)
    play.at_table(boards_of(table)[0], table, 60)

    assert standings_version(first.pk) != first_version  # its own stage: a new version
    assert standings_version(second.pk) == version  # the other's: untouched
    served = cached_payload(second.pk, lambda: built.append(1), kind="api")
    assert built == [] and served[0] == etag  # its copy still served, nothing rebuilt
    assert client.get(api, HTTP_IF_NONE_MATCH=etag).status_code == 304


class Built(list):  # type: ignore[type-arg]
    """A payload or a part that a weak reference can follow (a plain list cannot)."""


def test_a_process_keeps_only_the_versions_it_can_still_serve(two_stages):
    """A worker lives a whole tournament. Its memo kept every version's payload and
    parts until 256 entries were there, whatever their stage: a version is never asked
    for again once the next one starts, yet a 120-table Mitchell's rows (about 1,000
    objects a version) stayed, and the objects the process held — each walked by the
    garbage collector — grew by as many at every result. Now it keeps the newest
    payload of each face, and the newest two parts (the build of a version carries
    what the version before found: ``carried_part``)."""
    stage = two_stages[0]
    local_clear()
    parts: list[weakref.ref[Built]] = []
    payloads: list[weakref.ref[Built]] = []

    def part() -> Built:
        made = Built([len(parts)])
        parts.append(weakref.ref(made))
        return made

    def payload() -> Built:
        made = Built(per_version(stage.pk, "rows", part))
        payloads.append(weakref.ref(made))
        return made

    for _ in range(4):
        served = cached_payload(stage.pk, payload, kind="api")[1]
        assert served == [len(parts) - 1]  # this version's, built once
        del served
        standings_invalidate([stage.pk])
    gc.collect()

    assert [made() is not None for made in parts] == [False, False, True, True]
    assert [made() is not None for made in payloads] == [False, False, False, True]
