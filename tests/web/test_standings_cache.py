"""The anonymous standings page is cached per stage, version and language — not per
query string: ``?junk=1``, ``?junk=2``, … made a new cache entry each (a cache anyone
could fill), and the first junk was served to everyone in the page (issue 14, item 9)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring import cache as standings_cache

pytestmark = pytest.mark.django_db


def test_junk_query_strings_share_one_cached_page(client, demo):
    standings_cache.local_clear()
    url = reverse("web:standings", args=[demo.event.code, demo.mitchell.order])
    before = len(standings_cache._payloads.stages.items)

    pages = [client.get(f"{url}?junk={n}").content.decode() for n in range(5)]
    plain = client.get(url).content.decode()

    assert len(standings_cache._payloads.stages.items) - before == 1
    assert all("junk" not in page for page in pages + [plain])
