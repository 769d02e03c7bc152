from __future__ import annotations

import logging
from pathlib import Path

import pytest
from django.conf import settings

from duidiao.env import celery_config, database_config, env_bool, env_list

BASE = Path("/srv/duidiao")


def test_it_uses_sqlite_in_the_project_without_database_url():
    config = database_config({}, BASE)

    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["NAME"] == str(BASE / "db.sqlite3")


def test_sqlite_holds_a_venue_wal_a_busy_timeout_and_immediate_transactions():
    options = database_config({}, BASE)["OPTIONS"]

    assert options["transaction_mode"] == "IMMEDIATE"
    assert options["timeout"] >= 10
    assert "journal_mode=WAL" in options["init_command"]


def test_it_switches_to_postgresql_with_database_url():
    config = database_config(
        {"DATABASE_URL": "postgres://postgres@127.0.0.1:5432/duidiao_ci"}, BASE
    )

    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert config["NAME"] == "duidiao_ci"
    assert config["HOST"] == "127.0.0.1"
    assert config["PORT"] == 5432
    assert config["USER"] == "postgres"


def test_postgresql_prices_random_reads_as_in_memory_and_the_url_still_wins():
    url = "postgres://postgres@127.0.0.1:5432/duidiao_ci"
    options = database_config({"DATABASE_URL": url}, BASE)["OPTIONS"]["options"]
    assert options == "-c random_page_cost=1.1"

    given = database_config({"DATABASE_URL": url + "?options=-c%20random_page_cost%3D2"}, BASE)[
        "OPTIONS"
    ]["options"]
    # Read after ours, so the server takes the URL's value.
    assert given == "-c random_page_cost=1.1 -c random_page_cost=2"


def test_the_session_setting_reaches_postgresql(db):
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("SQLite has no planner costs to set")
    with connection.cursor() as cursor:
        cursor.execute("SHOW random_page_cost")
        assert cursor.fetchone()[0] == "1.1"


def test_it_runs_celery_tasks_eagerly_without_a_broker():
    config = celery_config({})

    assert config["TASK_ALWAYS_EAGER"] is True
    # A failure after the commit is retried and logged, not raised into the request.
    assert config["TASK_EAGER_PROPAGATES"] is False
    assert config["BROKER_URL"] == "memory://localhost/"


def test_the_eager_broker_opens_without_a_warning(caplog, monkeypatch):
    """Every process of `make run` opens the in-memory transport at its first eager
    task; `memory://` made kombu log a WARNING ("No hostname was supplied") each time."""
    from celery import Celery

    # No broker configured, as `make run` (Celery reads CELERY_BROKER_URL over its own
    # setting: CI's PostgreSQL pass sets it).
    monkeypatch.delenv("CELERY_BROKER_URL", raising=False)
    # Its own pool, opened here; not made the current app (the project's tasks use that).
    app = Celery(broker=celery_config({})["BROKER_URL"], set_as_current=False)
    with caplog.at_level(logging.WARNING, logger="kombu"):
        with app.producer_or_acquire() as producer:
            assert producer.connection.transport_cls == "memory"
    assert [r.getMessage() for r in caplog.records if r.name.startswith("kombu")] == []


def test_it_uses_the_broker_and_the_same_redis_for_results_when_configured():
    config = celery_config({"CELERY_BROKER_URL": "redis://127.0.0.1:6379/0"})

    assert config["TASK_ALWAYS_EAGER"] is False
    assert config["BROKER_URL"] == "redis://127.0.0.1:6379/0"
    assert config["RESULT_BACKEND"] == "redis://127.0.0.1:6379/0"


def test_it_takes_a_separate_result_backend_when_given():
    config = celery_config(
        {
            "CELERY_BROKER_URL": "redis://127.0.0.1:6379/0",
            "CELERY_RESULT_BACKEND": "redis://127.0.0.1:6379/1",
        }
    )

    assert config["RESULT_BACKEND"] == "redis://127.0.0.1:6379/1"


def test_it_acknowledges_late_and_prefetches_one_task_at_a_time():
    for environ in ({}, {"CELERY_BROKER_URL": "redis://127.0.0.1:6379/0"}):
        config = celery_config(environ)
        assert config["TASK_ACKS_LATE"] is True
        assert config["WORKER_PREFETCH_MULTIPLIER"] == 1


def test_it_reads_booleans_and_lists_from_the_environment():
    assert env_bool({}, "DEBUG", default=True) is True
    assert env_bool({"DEBUG": "0"}, "DEBUG", default=True) is False
    assert env_bool({"DEBUG": "yes"}, "DEBUG", default=False) is True
    assert env_list({"ALLOWED_HOSTS": "a.example, b.example"}, "ALLOWED_HOSTS", []) == [
        "a.example",
        "b.example",
    ]


def test_the_site_speaks_simplified_chinese_by_default():
    assert settings.LANGUAGE_CODE == "zh-hans"
    assert [code for code, _ in settings.LANGUAGES] == ["zh-hans", "en"]
    assert settings.TIME_ZONE == "Asia/Shanghai"
