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


def database_config(environ: Mapping[str, str], base_dir: Path) -> dict[str, Any]:
    """The ``default`` database: SQLite in the project unless ``DATABASE_URL`` is set."""
    url = environ.get("DATABASE_URL")
    if url:
        return dict(dj_database_url.parse(url, conn_max_age=60, conn_health_checks=True))
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": str(base_dir / "db.sqlite3"),
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
    }
    broker = environ.get("CELERY_BROKER_URL")
    if not broker:
        return {
            **common,
            # Never used while eager; an in-memory transport keeps kombu from
            # falling back to an AMQP server on localhost.
            "BROKER_URL": "memory://",
            "RESULT_BACKEND": None,
            "TASK_ALWAYS_EAGER": True,
            "TASK_EAGER_PROPAGATES": True,
        }
    return {
        **common,
        "BROKER_URL": broker,
        "RESULT_BACKEND": environ.get("CELERY_RESULT_BACKEND") or broker,
        "TASK_ALWAYS_EAGER": False,
        "TASK_EAGER_PROPAGATES": False,
    }
