"""Each format's page is built by one function (``web.pages``) that reads each thing
once per render: a group's cross-table and its standings come from one
``cross_table_rows`` read, the match scores from one ``match_lines`` read, and the
stage's entries, matches and rounds once for the schedule and the cross-table alike.

Before (two builders per format, ``web.selectors`` and ``web.scores``, merged by the
view) the demo's round robin took 9 queries for an official and 15 for a player, its
groups 22 and 32: each group's entries and matches were read three times."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from web import selectors
from web.pages import groups, round_robin, shared, team_match
from web.views import STAGE_PAGES

pytestmark = pytest.mark.django_db

#: (format, official) → the queries its page builder makes for the demo.
QUERIES = {
    ("round_robin", True): 7,
    ("round_robin", False): 13,
    ("groups", True): 9,
    ("groups", False): 19,
}


@pytest.mark.parametrize(("name", "official"), list(QUERIES))
def test_the_round_robin_and_groups_pages_read_each_thing_once(demo, name, official):
    stage = getattr(demo, name)
    entrants = selectors.entrant_views(demo.event)
    with CaptureQueriesContext(connection) as queries:
        STAGE_PAGES[stage.kind][0](stage, entrants, director=official)
    assert len(queries) == QUERIES[(name, official)]


@pytest.fixture
def reads(monkeypatch) -> Counter[str]:
    """How many times the pages call each of scoring's reads."""
    calls: Counter[str] = Counter()

    def counted(module: Any, name: str) -> None:
        read = getattr(module, name)

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            calls[name] += 1
            return read(*args, **kwargs)

        monkeypatch.setattr(module, name, wrapper)

    counted(shared, "cross_table_rows")
    counted(shared, "match_lines")
    counted(shared, "standings_rows")
    counted(team_match, "match_lines")
    return calls


@pytest.mark.parametrize("official", [True, False])
def test_a_groups_page_reads_each_group_once_and_the_match_scores_once(demo, reads, official):
    entrants = selectors.entrant_views(demo.event)
    page = groups.page(demo.groups, entrants, director=official)

    assert [len(g["cross_table"]) for g in page["groups"]] == [4, 4]
    assert reads == {"cross_table_rows": 2, "match_lines": 1}


def test_a_round_robin_page_reads_its_table_once(demo, reads):
    round_robin.page(demo.round_robin, selectors.entrant_views(demo.event))
    assert reads == {"cross_table_rows": 1, "match_lines": 1}


def test_a_team_match_page_reads_its_match_scores_once(demo, reads):
    page = team_match.page(demo.team_match, selectors.entrant_views(demo.event))
    assert page["matches"] and reads == {"match_lines": 1}
