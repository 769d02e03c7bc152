"""Cached standings, and a new version wherever what they show changes.

A stage's standings (and its public page, which shows the released boards beside
them) are served from the cache under a *version* key: a new version makes every
cached copy unreachable at once, in every web process sharing the cache (Redis in
production). The code that changes what a stage shows starts the version itself, once
its transaction commits (:func:`standings_changed`): every rescore of a stage
(``scoring.services.rescore`` — a result's, a ruling's, the admin action, a whole
event), and the release of a board or its withdrawal (``scoring.services.release``).
Nothing listens for signals or reads task summaries to guess it; web and API read
through :func:`cached_payload` and :func:`standings_version` here, the one place.
The cached copy also expires by itself (``STANDINGS_TTL``), which bounds any miss.

With no worker (the embedded default, Celery eager) nobody runs the reconciler, so a
standings read looks, at most every ``HEAL_EVERY`` seconds per stage and process, for a
rescore of its stage that failed (``scoring.services.heal_stage``) and makes it here.

A new version is built once, not by every process that misses it at the same moment
(:func:`cached_payload`: a lock taken with ``cache.add``), and while it is built the
others serve the last copy built — the previous version, with its own etag — rather
than queue up behind it (stale while revalidate, for at most ``BUILD_LOCK_TTL``).

A missing version key (never set, evicted, flushed) is started from the clock, never
from zero, so a copy cached under an old version can never be mistaken for a new one.

Every round trip counts when many phones refresh at once (a Redis or PostgreSQL round
trip costs more than building the answer), so each web process also keeps, in its
own memory: the versions it read, for ``LOCAL_TTL`` seconds (another process's new
version reaches it within that; its own at once); the payloads by version (a version
never changes, so these are never stale); and the public events and stages by code and
order, for ``LOCAL_TTL`` seconds (a stage renamed, or an event put back to draft, shows
a second late).
"""

from __future__ import annotations

import hashlib
import json
import pickle
import time
from collections.abc import Callable, Collection, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from celery import current_app
from django.core.cache import cache
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction

__all__ = [
    "STANDINGS_TTL",
    "cached_payload",
    "carried_part",
    "local_clear",
    "per_version",
    "remembered",
    "standings_changed",
    "standings_heal",
    "standings_invalidate",
    "standings_version",
]

STANDINGS_TTL = 30  # seconds: the longest a missed invalidation could show old standings
LOCAL_TTL = 1.0  # seconds a process trusts what it read from the shared cache or database
LOCAL_PAYLOADS = 256  # payloads a process keeps (by stage and version)
BUILD_LOCK_TTL = 5  # seconds one build of a version may hold the others to its old copy
BUILD_POLL = 0.02  # seconds between looks for a version another process is building
LATEST_TTL = 600  # seconds the last copy built is kept to serve while the next is built
HEAL_EVERY = 5.0  # seconds between a process's looks for a stage's failed rescore (no worker)


class _Local:
    """A small per-process memo: values with an expiry, dropped oldest first."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.items: dict[Any, tuple[float, Any]] = {}

    def get(self, key: Any) -> Any:
        hit = self.items.get(key)
        if hit is None or hit[0] < time.monotonic():
            return None
        return hit[1]

    def set(self, key: Any, value: Any, ttl: float) -> None:
        if len(self.items) >= self.size:
            for old in list(self.items)[: self.size // 4 or 1]:
                self.items.pop(old, None)
        self.items[key] = (time.monotonic() + ttl, value)

    def clear(self) -> None:
        self.items.clear()


class _Newest:
    """A per-process memo of what belongs to a stage's versions (a payload, or a part
    that payloads share): for each stage and name, its newest ``keep`` versions only.

    Keyed by version alone, a worker kept the last ``LOCAL_PAYLOADS`` versions of
    everything it built, whatever their stage: an older version is never asked for
    again, yet about 1,000 objects a version (a 120-table Mitchell's standings rows)
    stayed, each walked by the garbage collector — the objects a process held grew by
    as many at every result. A version's own entry still lasts ``ttl`` seconds."""

    def __init__(self, size: int, keep: int) -> None:
        self.keep = keep
        self.stages = _Local(size)  # (stage id, name) → {version: (expires, value)}

    def get(self, stage_id: int, name: str, version: int) -> Any:
        hit = (self.stages.get((stage_id, name)) or {}).get(version)
        if hit is None or hit[0] < time.monotonic():
            return None
        return hit[1]

    def set(self, stage_id: int, name: str, version: int, value: Any, ttl: float) -> None:
        versions = dict(self.stages.get((stage_id, name)) or {})  # a copy: set whole
        versions[version] = (time.monotonic() + ttl, value)
        for old in sorted(versions)[: -self.keep]:
            del versions[old]
        self.stages.set((stage_id, name), versions, ttl)

    def clear(self) -> None:
        self.stages.clear()


_versions = _Local(1024)
#: A payload is served by version; a part is also read by the next version's build
#: (:func:`carried_part`), so two are kept.
_payloads = _Newest(LOCAL_PAYLOADS, keep=1)
_parts = _Newest(LOCAL_PAYLOADS, keep=2)  # what payloads of a version share (per_version)
_places = _Local(1024)
_looked = _Local(1024)


def local_clear() -> None:
    """Forget what this process remembers (tests; a process that must see a change now)."""
    for memo in (_versions, _payloads, _parts, _places, _looked):
        memo.clear()


def remembered(key: Any, build: Callable[[], Any], ttl: float = LOCAL_TTL) -> Any:
    """``build()`` once per ``ttl`` seconds in this process (None is not remembered)."""
    value = _places.get(key)
    if value is None:
        value = build()
        if value is not None:
            _places.set(key, value, ttl)
    return value


def _version_key(stage_id: int) -> str:
    return f"standings:version:{stage_id}"


def standings_heal(stage_id: int) -> None:
    """No worker runs the reconciler: rescore this stage here if its rescore failed.
    Every standings read passes here (:func:`standings_version`, or the officials'
    uncached page itself). Whether tasks run in this process is the Celery app's own
    setting (what a task would really do), not the settings module's copy of it."""
    if not current_app.conf.task_always_eager or _looked.get(stage_id):
        return
    _looked.set(stage_id, True, HEAL_EVERY)
    from .services.rescore import heal_stage  # the write side, only when it is needed

    heal_stage(stage_id)  # a rescore starts a new version, read just below


def standings_version(stage_id: int) -> int:
    standings_heal(stage_id)
    known = _versions.get(stage_id)
    if known is not None:
        return int(known)
    key = _version_key(stage_id)
    version = cache.get(key)
    if version is None:
        cache.add(key, time.time_ns(), timeout=None)
        version = cache.get(key, time.time_ns())
    _versions.set(stage_id, int(version), LOCAL_TTL)
    return int(version)


def standings_invalidate(
    stage_ids: Iterable[int], *, boards: Collection[int] | None = None
) -> None:
    """Start a new version of each stage. ``boards``: the only boards the change may
    have shown or hidden (a result's, a released one's), recorded with the new version
    so that what is built per version from boards (:func:`carried_part`) looks again at
    those alone; None: any board."""
    for stage_id in set(stage_ids):
        _versions.items.pop(stage_id, None)
        key = _version_key(stage_id)
        try:
            version = cache.incr(key)
        except ValueError:  # no version yet: any new one will do
            cache.set(key, time.time_ns(), timeout=None)
            continue
        if boards is not None:
            change = (version - 1, frozenset(boards))
            cache.set(_change_key(stage_id, version), change, timeout=STANDINGS_TTL)


def _change_key(stage_id: int, version: int) -> str:
    return f"standings:change:{stage_id}:{version}"


def _part_key(stage_id: int, name: str, version: int) -> str:
    """The shared cache's key of what a version's payloads share (:func:`per_version`)."""
    return f"standings:{name}:{stage_id}:{version}"


def cached_payload(
    stage_id: int, build: Callable[[], Any], *, kind: str = "api"
) -> tuple[str, Any]:
    """``(etag, data)`` of a stage's standings as ``kind`` shows them (the API's JSON,
    the page's rows), built at most once per version across every process sharing
    the cache (single flight): the first to miss takes a short lock (``cache.add``,
    ``BUILD_LOCK_TTL``) and builds; the others meanwhile are served the last copy
    built (with its own etag), or, when there is none, wait for the new one. A stale
    copy is served only while a build holds the lock, so never longer than the lock
    lasts; a builder that died leaves it to the next reader then.

    One key a kind and stage holds the last copy built, with its version and when it
    was built (:func:`_copy`): it is this version's copy for ``STANDINGS_TTL`` seconds
    (a missed invalidation shows at most that long), the copy served meanwhile for
    ``LATEST_TTL``. A build writes it once, and leaves its lock to expire: once the
    copy is there no reader looks at the lock, so nothing else is written."""
    version = standings_version(stage_id)
    hit = _payloads.get(stage_id, kind, version)
    if hit is not None:
        return hit[0], hit[1]
    key = f"standings:{kind}:{stage_id}"
    lock_key = f"{key}:{version}:building"
    copy_version, copy = _copy(cache.get(key))
    if copy_version == version:
        hit = _opened(copy)
    elif copy_version > version:  # this process's version is a moment old: newer will do
        return _opened(copy)
    elif cache.add(lock_key, 1, timeout=BUILD_LOCK_TTL):
        hit = _built(build, key, lock_key, stage_id, version)
    elif copy is not None:
        return _opened(copy)  # not remembered: it is not this version's
    else:
        hit = _waited(key, lock_key, version)
        if hit is None:  # the builder is gone or slow: build it here
            hit = _built(build, key, lock_key, stage_id, version)
    _payloads.set(stage_id, kind, version, hit, STANDINGS_TTL)
    return hit[0], hit[1]


def _copy(stored: Any) -> tuple[int, bytes | None]:
    """``(version, copy)`` of a stored copy: version -1 for none, and 0 (older than any)
    for one built more than ``STANDINGS_TTL`` seconds ago, so that it is rebuilt — and
    served meanwhile — even if its version never moved. The copy stays pickled bytes
    until it is served (:func:`_opened`): a miss, or the look before a build stores its
    own, does not unpickle the previous page or JSON."""
    if stored is None:
        return -1, None
    version, built_at, copy = stored
    return (version if time.time() - built_at < STANDINGS_TTL else 0), copy


def _opened(copy: bytes | None) -> tuple[str, Any]:
    """``(etag, data)`` of a copy this module pickled itself (:func:`_built`)."""
    hit: tuple[str, Any] = pickle.loads(copy or b"")  # noqa: S301 -- our own copy
    return hit


def _built(
    build: Callable[[], Any], key: str, lock_key: str, stage_id: int, version: int
) -> tuple[str, Any]:
    """``build()`` with its etag, stored as the last copy built — unless a newer version's
    copy was stored meanwhile (a slow build of an older version never hides it)."""
    try:
        with _at_version(stage_id, version):
            data = build()
    except BaseException:
        cache.delete(lock_key)  # nothing built: the next reader builds it
        raise
    hit = ('"' + hashlib.sha256(_rendered(data)).hexdigest()[:32] + '"', data)
    if _copy(cache.get(key))[0] <= version:
        copy = pickle.dumps(hit, pickle.HIGHEST_PROTOCOL)
        cache.set(key, (version, time.time(), copy), timeout=LATEST_TTL)
    return hit


def _rendered(data: Any) -> bytes:
    """What the etag of ``data`` hashes: a payload already rendered (the page's HTML, the
    API's JSON) as it is — encoding it again cost as much as rendering it — anything
    else as sorted JSON."""
    if isinstance(data, str):
        return data.encode()
    if isinstance(data, bytes):
        return data
    return json.dumps(data, cls=DjangoJSONEncoder, sort_keys=True, ensure_ascii=False).encode()


def _waited(key: str, lock_key: str, version: int) -> tuple[str, Any] | None:
    """This version's copy once another process has built it; None when its lock went
    (or lasted ``BUILD_LOCK_TTL``) without it."""
    deadline = time.monotonic() + BUILD_LOCK_TTL
    while time.monotonic() < deadline:
        time.sleep(BUILD_POLL)
        copy_version, copy = _copy(cache.get(key))
        if copy_version >= version:
            return _opened(copy)
        if cache.get(lock_key) is None:
            return None
    return None


#: The stages whose payload is being built, by the version it is built for.
_building: ContextVar[dict[int, int] | None] = ContextVar("standings_building", default=None)


@contextmanager
def _at_version(stage_id: int, version: int) -> Iterator[None]:
    token = _building.set({**(_building.get() or {}), stage_id: version})
    try:
        yield
    finally:
        _building.reset(token)


def per_version(stage_id: int, name: str, build: Callable[[], Any], *, shared: bool = True) -> Any:
    """``build()`` once per version of a stage for every payload built for that version
    (:func:`cached_payload`): the API's JSON, the page in each language, in every
    process sharing the cache. What several faces read alike after a change — which
    boards are still hidden (``scoring.selectors.stage_hidden_boards``) — is then asked
    of the database once, not once per face.

    ``shared=False``: once per version in each process, not stored in the shared cache,
    for what costs more to pickle and store than to read again — a 120-table Mitchell's
    240 standings lines (``scoring.selectors.standings_rows``): pickling their 1,440
    ``Decimal`` took 2.4 ms of the first read after every result, building them 4.8 ms,
    and only a face built in another process could have read them back (0.9 ms).

    Outside a build (a test, a PDF, an official's uncached page, a read inside the
    transaction that changed it) ``build()`` runs every time: only a build knows that
    its version is the one what it reads belongs to, since a version starts when a
    change commits. ``build()`` must not return None."""
    version = (_building.get() or {}).get(stage_id)
    if version is None:
        return build()
    hit = _parts.get(stage_id, name, version)
    if hit is None:
        key = _part_key(stage_id, name, version)
        hit = cache.get(key) if shared else None
        if hit is None:
            hit = build()
            if shared:
                cache.set(key, hit, timeout=STANDINGS_TTL)
        _parts.set(stage_id, name, version, hit, STANDINGS_TTL)
    return hit


def carried_part(
    stage_id: int,
    name: str,
    build: Callable[[], Any],
    again: Callable[[Any, frozenset[int]], Any] | None = None,
) -> Any:
    """:func:`per_version`, carried from the version before when the change that started
    this one named its boards (a result's rescore, a release): ``again(before, boards)``
    looks at those boards alone (which are still hidden); without ``again`` no such
    change can alter it (the field's names, its pair numbers), so it is carried as it is.

    It is built whole by ``build()`` after any other change (a whole rescore, a new
    round), outside a build, and at least every ``STANDINGS_TTL`` seconds: nothing
    carried outlives what a cached page would (a pair renamed shows on the next page
    built within that, as it did on the page cached before it)."""

    def fresh() -> tuple[Any, float]:
        before = _carried(stage_id, name)
        if before is not None:
            (value, asked_at), boards = before
            if time.time() - asked_at < STANDINGS_TTL:
                return (value if again is None else again(value, boards)), asked_at
        return build(), time.time()

    return per_version(stage_id, name, fresh)[0]


def _carried(stage_id: int, name: str) -> tuple[Any, frozenset[int]] | None:
    """For the build of a version (:func:`per_version`): what ``name`` was at the
    version just before, with the boards whose change started this one. None when
    either is unknown: outside a build, after a change that did not name its boards,
    or once the copy expired (``STANDINGS_TTL``)."""
    version = (_building.get() or {}).get(stage_id)
    if version is None:
        return None
    change = _change(stage_id, version)
    if change is None:
        return None
    previous, boards = change
    before = _parts.get(stage_id, name, previous)
    if before is None:
        before = cache.get(_part_key(stage_id, name, previous))
    return None if before is None else (before, boards)


def _change(stage_id: int, version: int) -> tuple[int, frozenset[int]] | None:
    """The version before ``version`` and the boards whose change started it (None: not
    recorded), asked of the shared cache once per version in a process, however many
    parts are carried (the hidden boards, the field's names, its pair numbers)."""
    known = _parts.get(stage_id, "change", version)
    if known is None:
        known = cache.get(_change_key(stage_id, version)) or ()
        _parts.set(stage_id, "change", version, known, STANDINGS_TTL)
    return known or None


# --- what starts a new version ------------------------------------------------------------


def standings_changed(stage_ids: Iterable[int], *, boards: Collection[int] | None = None) -> None:
    """What these stages show has changed: start a new version of each once the current
    transaction commits (at once outside one), so no request caches the old rows under
    the new version and a rolled-back change starts nothing. ``boards``: the only boards
    whose visibility the change may have moved (see :func:`standings_invalidate`)."""
    stages = set(stage_ids)
    touched = None if boards is None else frozenset(boards)
    if stages:
        transaction.on_commit(lambda: standings_invalidate(stages, boards=touched))
