"""What a result cannot change is not read again at every first read after one (issue 23).

The public standings page is built once per version of its stage (``scoring.cache``).
A result starts a new version, and its first build read the field's names (entrants and
their players) and the pairs' numbers again: 2–3 ms of every first read at 120 tables,
for values no result changes. Now a change that names its boards (a result's rescore, a
release) carries them from the version before (``scoring.cache.carried_part``); any
other change, or ``STANDINGS_TTL`` seconds, reads them whole again — the bound a cached
page already had for a pair renamed. The standings lines themselves are kept per
version in the process that built them, not pickled into the shared cache (their 1,440
``Decimal`` at 120 tables cost more to pickle than to read again)."""

from __future__ import annotations

import time

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring import cache as standings_cache
from scoring.cache import STANDINGS_TTL, local_clear, standings_invalidate, standings_version
from tests.builders import Play, boards_of, play_all_but_last_table_one
from tournament.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def mitchell(make_pairs, make_stage, play: Play):
    """A 3-table Mitchell of a running event, its last round at table 1 not played."""
    pairs = make_pairs(6)
    stage = make_stage("mitchell", pairs, boards_per_round=2)
    play_all_but_last_table_one(stage, play)
    Event.objects.filter(pk=stage.event_id).update(status=Event.Status.RUNNING)
    local_clear()
    return stage


def _page(client, stage) -> tuple[str, list[str]]:
    """The public standings page as an anonymous phone reads it, and the SQL it took."""
    url = reverse("web:standings", args=[stage.event.code, stage.order])
    with CaptureQueriesContext(connection) as asked:
        response = client.get(url)
    assert response.status_code == 200
    return response.content.decode(), [q["sql"] for q in asked.captured_queries]


def _reads(queries: list[str], table: str) -> bool:
    return any(f'FROM "{table}"' in sql for sql in queries)


def _rename_a_pair(stage) -> None:
    """As the director would, in the admin: a pair's name corrected (no new version)."""
    entrant = stage.entries.first().entrant
    entrant.name = "改名后"
    entrant.save()


def _play_last_table(stage, play: Play, points: int = 60, board: int = 0) -> None:
    """A result of the unplayed table (its ``board``-th board): its rescore names it."""
    table = stage.rounds.order_by("-number").first().tables.get(number=1)
    play.at_table(boards_of(table)[board], table, points)


def test_a_result_rereads_neither_the_names_nor_the_pair_numbers(client, mitchell, play: Play):
    before, first = _page(client, mitchell)
    assert _reads(first, "tournament_membership") and _reads(first, "tournament_stageentry")

    _play_last_table(mitchell, play)  # its rescore names its board
    after, queries = _page(client, mitchell)

    assert after != before  # a new version, built: the standings moved
    assert _reads(queries, "scoring_standing")
    assert not _reads(queries, "tournament_membership")
    assert not _reads(queries, "tournament_stageentry")


def test_a_change_naming_no_boards_reads_the_field_again(client, mitchell):
    _page(client, mitchell)
    _rename_a_pair(mitchell)

    standings_invalidate([mitchell.pk])  # a whole rescore, a new round: any board
    page, queries = _page(client, mitchell)

    assert _reads(queries, "tournament_membership") and "改名后" in page


def test_what_is_carried_is_read_whole_again_after_the_ttl(
    client, mitchell, play: Play, monkeypatch
):
    _page(client, mitchell)
    _rename_a_pair(mitchell)
    _play_last_table(mitchell, play)
    carried_page, queries = _page(client, mitchell)
    # Within STANDINGS_TTL of the last whole read, a result's page carries the names:
    # as late as the page cached before it would have shown them.
    assert not _reads(queries, "tournament_membership") and "改名后" not in carried_page

    class Later:  # the clock of scoring.cache only, STANDINGS_TTL seconds on
        monotonic = staticmethod(time.monotonic)
        time_ns = staticmethod(time.time_ns)
        sleep = staticmethod(time.sleep)

        @staticmethod
        def time() -> float:
            return time.time() + STANDINGS_TTL + 1

    monkeypatch.setattr(standings_cache, "time", Later)
    _play_last_table(mitchell, play, points=95, board=1)
    page, queries = _page(client, mitchell)

    assert _reads(queries, "tournament_membership") and "改名后" in page


def test_the_lines_are_kept_in_the_process_not_pickled_into_the_shared_cache(client, mitchell):
    api = f"/api/events/{mitchell.event.code}/stages/{mitchell.order}/standings/"
    assert client.get(api).status_code == 200
    version = standings_version(mitchell.pk)
    stored = standings_cache.cache.get(f"standings:rows:player:None:{mitchell.pk}:{version}")
    hidden = standings_cache.cache.get(f"standings:hidden:{mitchell.pk}:{version}")

    _page_html, queries = _page(client, mitchell)  # the same version, the same process

    assert stored is None and hidden is not None  # the hidden boards are shared, not these
    assert not _reads(queries, "scoring_standing")  # the API's build read them: kept here
