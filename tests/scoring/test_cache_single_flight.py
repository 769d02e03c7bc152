"""A new standings version is built once across the workers, and the others are served
the previous copy while it is built (issue 23): 50 phones refreshing after a result
used to rebuild the same version at once in every worker that missed it, none serving
the old copy meanwhile. The workers are played here by one process that forgets what
it remembers locally (``local_clear``) between them, sharing only the cache."""

from __future__ import annotations

from time import sleep as real_sleep

import pytest
from django.core.cache import cache

from scoring import cache as standings_cache
from scoring.cache import cached_payload, local_clear, standings_invalidate, standings_version

STAGE = 987_654  # the cache only: no stage row needed


@pytest.fixture(autouse=True)
def _clean():
    cache.clear()
    local_clear()
    yield
    cache.clear()
    local_clear()


def _new_version() -> int:
    standings_invalidate([STAGE])
    local_clear()  # another worker: it knows only what the shared cache says
    return standings_version(STAGE)


def test_two_builders_of_one_version_build_it_once_the_other_serving_the_old_copy():
    old_etag, old = cached_payload(STAGE, lambda: {"n": 1})
    _new_version()
    seen_by_other: list[tuple[str, object]] = []
    builds = []

    def first_builder() -> dict[str, int]:
        builds.append("first")
        local_clear()  # the other worker misses the new version while this one builds it
        seen_by_other.append(cached_payload(STAGE, lambda: builds.append("other") or {"n": 9}))
        return {"n": 2}

    new_etag, new = cached_payload(STAGE, first_builder)

    assert builds == ["first"]  # one build of the version
    assert seen_by_other == [(old_etag, old)]  # the previous copy, with its own etag
    assert (new, new_etag != old_etag) == ({"n": 2}, True)
    local_clear()
    assert cached_payload(STAGE, lambda: builds.append("late") or {"n": 9}) == (new_etag, new)
    assert builds == ["first"]  # after the build both see the new copy, built once


def test_the_old_copy_is_served_only_while_a_build_holds_the_lock():
    cached_payload(STAGE, lambda: {"n": 1})
    version = _new_version()
    lock = f"standings:api:{STAGE}:{version}:building"

    cache.add(lock, 1, timeout=standings_cache.BUILD_LOCK_TTL)  # another worker builds
    assert cached_payload(STAGE, lambda: {"n": 2}) == cached_payload(STAGE, lambda: {"n": 3})
    assert cached_payload(STAGE, lambda: {"n": 2})[1] == {"n": 1}

    cache.delete(lock)  # that build is over (or its worker died): no more old copy
    assert cached_payload(STAGE, lambda: {"n": 2})[1] == {"n": 2}


def test_without_a_build_under_way_a_new_version_is_built_at_once():
    cached_payload(STAGE, lambda: {"n": 1})
    _new_version()

    assert cached_payload(STAGE, lambda: {"n": 2})[1] == {"n": 2}


def test_a_reader_with_no_old_copy_waits_for_the_build_then_builds_itself(monkeypatch):
    """Nothing to serve meanwhile (a first read, a flushed cache): the reader waits for
    the builder's copy, and builds it itself once the lock has lasted its time."""
    monkeypatch.setattr(standings_cache, "BUILD_LOCK_TTL", 0.1)
    version = standings_version(STAGE)
    cache.add(f"standings:api:{STAGE}:{version}:building", 1, timeout=60)  # a builder died

    assert cached_payload(STAGE, lambda: {"n": 5})[1] == {"n": 5}


def test_kinds_keep_their_own_previous_copies():
    cached_payload(STAGE, lambda: {"api": 1}, kind="api")
    cached_payload(STAGE, lambda: {"page": 1}, kind="page")
    version = _new_version()
    for kind in ("api", "page"):
        cache.add(f"standings:{kind}:{STAGE}:{version}:building", 1, timeout=5)

    assert cached_payload(STAGE, lambda: {}, kind="api")[1] == {"api": 1}
    assert cached_payload(STAGE, lambda: {}, kind="page")[1] == {"page": 1}


def test_a_slow_build_of_an_older_version_never_hides_the_newer_copy():
    """Two versions built at once: the older one, finishing last, leaves the newer copy."""
    cached_payload(STAGE, lambda: {"n": 1})
    older = _new_version()

    def slow_build() -> dict[str, int]:
        newer = _new_version()  # a change commits while this build runs
        assert newer > older
        assert cached_payload(STAGE, lambda: {"n": 3})[1] == {"n": 3}  # built elsewhere
        return {"n": 2}

    assert cached_payload(STAGE, slow_build)[1] == {"n": 2}  # its own reader gets it
    local_clear()
    assert cached_payload(STAGE, lambda: {"n": 9})[1] == {"n": 3}


def test_a_copy_whose_version_never_moved_is_rebuilt_after_its_time(monkeypatch):
    """A missed invalidation shows old standings at most ``STANDINGS_TTL`` seconds."""
    # The first build's lock is left to expire. Redis expires it by its own clock, which
    # the patched time below does not move: a one-second lock, waited out for real.
    monkeypatch.setattr(standings_cache, "BUILD_LOCK_TTL", 1)
    cached_payload(STAGE, lambda: {"n": 1})
    local_clear()
    real_sleep(1.1)
    now = standings_cache.time.time()
    monkeypatch.setattr(
        standings_cache.time, "time", lambda: now + standings_cache.STANDINGS_TTL + 1
    )

    assert cached_payload(STAGE, lambda: {"n": 2})[1] == {"n": 2}


def test_a_first_read_of_a_new_version_writes_its_lock_and_its_copy_only(monkeypatch):
    """Every write is a round trip (a transaction on the database cache): the build
    lock is left to expire, and the copy is stored once, under one key."""
    cached_payload(STAGE, lambda: {"n": 1})
    _new_version()
    writes: list[str] = []
    for name in ("set", "add", "delete", "set_many", "delete_many", "incr"):
        method = getattr(cache, name)
        monkeypatch.setattr(
            cache, name, lambda *a, _m=method, _n=name, **k: writes.append(_n) or _m(*a, **k)
        )

    assert cached_payload(STAGE, lambda: {"n": 2})[1] == {"n": 2}
    assert writes == ["add", "set"]
