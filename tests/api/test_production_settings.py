"""Production settings from the environment: the Redis cache, HTTPS and cookies when
DEBUG is off, and Celery redelivering what a lost worker held."""

from __future__ import annotations

import os
import subprocess
import sys

from duidiao.env import cache_config, celery_config, security_config


def test_it_caches_in_redis_with_cache_url_and_in_the_database_without():
    """Shared by every process either way (issue 25: per-process caches showed old and
    new standings side by side)."""
    assert cache_config({"CACHE_URL": "redis://127.0.0.1:6379/2"})["BACKEND"].endswith("RedisCache")
    assert cache_config({})["BACKEND"].endswith("DatabaseCache")


def test_with_debug_on_no_https_settings_apply():
    assert security_config({}, debug=True) == {}


def test_with_debug_off_cookies_are_secure_and_the_rest_follows_the_environment():
    config = security_config(
        {"SECURE_HSTS_SECONDS": "31536000", "SECURE_PROXY_SSL_HEADER": "1"}, debug=False
    )

    assert config["SESSION_COOKIE_SECURE"] and config["CSRF_COOKIE_SECURE"]
    assert config["SECURE_HSTS_SECONDS"] == 31536000
    assert config["SECURE_PROXY_SSL_HEADER"] == ("HTTP_X_FORWARDED_PROTO", "https")
    assert config["SECURE_SSL_REDIRECT"] is False
    assert (
        security_config({"SESSION_COOKIE_SECURE": "0"}, debug=False)["SESSION_COOKIE_SECURE"]
        is False
    )


def test_a_lost_workers_task_runs_again():
    config = celery_config({"CELERY_BROKER_URL": "redis://127.0.0.1:6379/0"})

    assert config["TASK_ACKS_LATE"] and config["TASK_REJECT_ON_WORKER_LOST"]
    assert config["BROKER_TRANSPORT_OPTIONS"]["visibility_timeout"] == 3600
    short = celery_config({"CELERY_VISIBILITY_TIMEOUT": "30", "CELERY_BROKER_URL": "redis://"})
    assert short["BROKER_TRANSPORT_OPTIONS"]["visibility_timeout"] == 30


def test_it_refuses_to_start_with_debug_off_and_the_development_key():
    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"} | {"DEBUG": "0"}
    code = "import django; django.setup()"

    refused = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True)
    started = subprocess.run(
        [sys.executable, "-c", code], env=env | {"SECRET_KEY": "x" * 50}, capture_output=True
    )

    assert refused.returncode != 0 and b"SECRET_KEY" in refused.stderr
    assert started.returncode == 0, started.stderr
