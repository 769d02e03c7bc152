"""Pure functions turning an environment mapping into settings.

Kept apart from ``settings.py`` so tests can feed any mapping without reloading Django.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import dj_database_url

TRUE_WORDS = {"1", "true", "yes", "on"}


def env_bool(environ: Mapping[str, str], name: str, default: bool) -> bool:
    value = environ.get(name)
    if value is None or value.strip() == "":
        return default
    return value.strip().lower() in TRUE_WORDS


def env_list(environ: Mapping[str, str], name: str, default: list[str]) -> list[str]:
    value = environ.get(name)
    if not value:
        return list(default)
    return [item.strip() for item in value.split(",") if item.strip()]


#: The embedded default must hold a venue: thirty phones submitting at once. WAL lets
#: readers go on while one writer writes; a writer waits up to ``timeout`` seconds for
#: the lock instead of failing at once; and every transaction takes the write lock when
#: it begins (IMMEDIATE), so two transactions that read and then write never deadlock
#: halfway (SQLite's "database is locked" that no timeout cures).
SQLITE_OPTIONS: dict[str, Any] = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}


#: PostgreSQL's planner prices a page read at random 4× a sequential one, as for a
#: spinning disk. A tournament's data is a few tens of MB, in memory from its first
#: read, so random reads cost about what sequential ones do (the value usual for SSDs):
#: priced at 4, one board's 120 tables were found by reading all 14,000 tables of a
#: 120-table Mitchell (3.4 ms) rather than through their key (0.7 ms), at every result
#: and every first read after one. Set per connection, so no server setting is needed;
#: ``options`` in ``DATABASE_URL`` still wins (read after it).
POSTGRESQL_SESSION = "-c random_page_cost=1.1"


def database_config(environ: Mapping[str, str], base_dir: Path) -> dict[str, Any]:
    """The ``default`` database: SQLite in the project unless ``DATABASE_URL`` is set."""
    url = environ.get("DATABASE_URL")
    if url:
        config = dict(dj_database_url.parse(url, conn_max_age=60, conn_health_checks=True))
        options = dict(config.get("OPTIONS", {}))
        if config["ENGINE"] == "django.db.backends.sqlite3":
            config.update(CONN_MAX_AGE=0, OPTIONS={**SQLITE_OPTIONS, **options})
        elif config["ENGINE"] == "django.db.backends.postgresql":
            given = options.get("options", "")
            options["options"] = f"{POSTGRESQL_SESSION} {given}".strip()
            config["OPTIONS"] = options
        return config
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": str(base_dir / "db.sqlite3"),
        "OPTIONS": SQLITE_OPTIONS,
    }


def celery_config(environ: Mapping[str, str]) -> dict[str, Any]:
    """Celery settings (without the ``CELERY_`` prefix).

    No broker configured means tasks run eagerly in the calling process, so a
    checkout works with nothing but Python; with a broker, results default to the
    same Redis so ``.get()`` works against real workers.
    """
    common: dict[str, Any] = {
        "TASK_ACKS_LATE": True,
        "WORKER_PREFETCH_MULTIPLIER": 1,
        "TASK_SERIALIZER": "json",
        "RESULT_SERIALIZER": "json",
        "ACCEPT_CONTENT": ["json"],
        # A worker killed in the middle of a task (OOM, kill -9, a lost machine) leaves
        # the message unacknowledged: it goes back on the queue and runs again, which
        # is safe because every task is idempotent.
        "TASK_REJECT_ON_WORKER_LOST": True,
        # Redis redelivers an unacknowledged message after this many seconds; it must be
        # longer than the slowest task (printing a whole event).
        "BROKER_TRANSPORT_OPTIONS": {
            "visibility_timeout": int(environ.get("CELERY_VISIBILITY_TIMEOUT") or 3600)
        },
    }
    broker = environ.get("CELERY_BROKER_URL")
    if not broker:
        return {
            **common,
            # Never used while eager; an in-memory transport keeps kombu from
            # falling back to an AMQP server on localhost. Celery still opens it once
            # per process (an eager task takes a producer to serialize its
            # arguments): named with its host, so that is not a warning in the log.
            "BROKER_URL": "memory://localhost/",
            "RESULT_BACKEND": None,
            "TASK_ALWAYS_EAGER": True,
            # A task that fails after the change it follows committed (a rescore on a
            # full disk) is logged and retried like a worker's, not raised into the
            # request that committed: the change stands, its outbox mark stays, and
            # the next read heals it (scoring.cache). ``.get()`` still raises it.
            "TASK_EAGER_PROPAGATES": False,
        }
    return {
        **common,
        "BROKER_URL": broker,
        "RESULT_BACKEND": environ.get("CELERY_RESULT_BACKEND") or broker,
        "TASK_ALWAYS_EAGER": False,
        "TASK_EAGER_PROPAGATES": False,
    }


def cache_config(environ: Mapping[str, str]) -> dict[str, Any]:
    """The ``default`` cache, shared by every web process and worker (so one
    invalidation, or one throttle's count, reaches them all): Redis when ``CACHE_URL``
    is set, else a table of the database (``manage.py createcachetable``, which
    ``make run`` and the deploy guide run) — the embedded default's gunicorn processes
    on SQLite share it without any other server."""
    url = environ.get("CACHE_URL")
    if url:
        return {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": url,
            "KEY_PREFIX": environ.get("CACHE_KEY_PREFIX", "duidiao"),
            "TIMEOUT": 300,
        }
    return {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "duidiao_cache",
        "OPTIONS": {"MAX_ENTRIES": 5000},
    }


def security_config(environ: Mapping[str, str], *, debug: bool) -> dict[str, Any]:
    """HTTPS and cookie settings. With ``DEBUG`` on (a checkout) none apply; with it off
    cookies are HTTPS-only unless told otherwise, and the rest follows the environment
    (the proxy in front usually terminates TLS and redirects plain HTTP itself)."""
    if debug:
        return {}
    config: dict[str, Any] = {
        "SESSION_COOKIE_SECURE": env_bool(environ, "SESSION_COOKIE_SECURE", True),
        "CSRF_COOKIE_SECURE": env_bool(environ, "CSRF_COOKIE_SECURE", True),
        "SECURE_SSL_REDIRECT": env_bool(environ, "SECURE_SSL_REDIRECT", False),
        "SECURE_HSTS_SECONDS": int(environ.get("SECURE_HSTS_SECONDS") or 0),
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": env_bool(
            environ, "SECURE_HSTS_INCLUDE_SUBDOMAINS", False
        ),
        "SECURE_CONTENT_TYPE_NOSNIFF": True,
        "SECURE_REFERRER_POLICY": "same-origin",
        "X_FRAME_OPTIONS": "DENY",
    }
    if env_bool(environ, "SECURE_PROXY_SSL_HEADER", False):
        # Only behind a proxy that sets (and strips from clients) X-Forwarded-Proto.
        config["SECURE_PROXY_SSL_HEADER"] = ("HTTP_X_FORWARDED_PROTO", "https")
    return config
