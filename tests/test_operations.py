"""Operators see what goes wrong (issue 25): every request logged with its id, user,
path, status and duration; every 500 logged with its traceback and that id; the API
answers its own failures in its error shape ({"code", "message_zh", "message_en"});
``/readyz`` says what is down, with 503."""

from __future__ import annotations

import io
import logging
from datetime import timedelta

import pytest
from django.db import OperationalError, connections
from django.test import Client
from django.utils import timezone

from printing.models import PrintJob
from tests import builders

pytestmark = pytest.mark.django_db

BOOM_URLS = "tests._boom_urls"


def error_records(caplog, request_id: str) -> list[logging.LogRecord]:
    return [
        r
        for r in caplog.records
        if r.levelno >= logging.ERROR and r.exc_info and getattr(r, "request_id", "") == request_id
    ]


@pytest.mark.urls(BOOM_URLS)
@pytest.mark.parametrize("path", ["/api/boom-drf/", "/api/boom/"])
def test_an_api_500_is_json_and_logged_with_its_traceback_and_request_id(caplog, path):
    client = Client(raise_request_exception=False)
    with caplog.at_level(logging.INFO):
        response = client.get(path, HTTP_X_REQUEST_ID="venue-42")

    assert response.status_code == 500
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert body["code"] == "server_error" and body["request_id"] == "venue-42"
    assert "venue-42" in body["message_zh"] and "venue-42" in body["message_en"]
    assert response["X-Request-ID"] == "venue-42"
    [logged] = error_records(caplog, "venue-42")
    assert "Boom" in logged.getMessage() and logged.exc_info[0].__name__ == "Boom"


@pytest.mark.urls(BOOM_URLS)
def test_a_page_500_is_logged_with_its_traceback_and_request_id(caplog):
    client = Client(raise_request_exception=False)
    with caplog.at_level(logging.INFO):
        response = client.get("/boom/")

    assert response.status_code == 500
    request_id = response["X-Request-ID"]
    assert len(request_id) == 32  # made here: the client sent none
    [logged] = error_records(caplog, request_id)
    assert logged.name == "django.request" and logged.exc_info[0].__name__ == "Boom"


def test_each_request_is_logged_with_id_user_path_status_and_duration(caplog, client, event):
    client.force_login(builders.superuser("chief"))
    with caplog.at_level(logging.INFO, logger="duidiao.request"):
        response = client.get("/healthz?probe=1", HTTP_X_REQUEST_ID="bad id with spaces")

    request_id = response["X-Request-ID"]
    assert request_id != "bad id with spaces"  # an insane id is replaced, not echoed
    [line] = [r for r in caplog.records if r.name == "duidiao.request"]
    assert line.request_id == request_id
    message = line.getMessage()
    assert message.startswith("GET /healthz?probe=1 200 ") and "ms user=chief" in message


def test_readyz_is_ready_when_everything_answers(client):
    response = client.get("/readyz")

    assert response.status_code == 200
    checks = response.json()["checks"]
    assert checks["database"]["state"] == checks["cache"]["state"] == "ok"
    assert checks["jobs"] == {"state": "ok"}


def test_readyz_fails_while_the_database_is_down(client, monkeypatch):
    def down(self, *args, **kwargs):
        raise OperationalError("connection to server at 127.0.0.1 failed: Connection refused")

    monkeypatch.setattr(type(connections["default"]), "cursor", down)
    response = client.get("/readyz")
    monkeypatch.undo()

    assert response.status_code == 503
    body = response.json()
    assert body["ready"] is False
    assert body["checks"]["database"]["state"] == "error"
    assert "Connection refused" in body["checks"]["database"]["error"]
    # healthz is liveness: the process still answers
    assert client.get("/healthz").status_code == 200


def test_readyz_names_the_oldest_stuck_job(client, event, settings):
    settings.JOB_STUCK_AFTER = 600
    old = PrintJob.objects.create(event=event, kind="hand-records")
    newer = PrintJob.objects.create(event=event, kind="schedule", status=PrintJob.Status.RUNNING)
    now = timezone.now()
    PrintJob.objects.filter(pk=old.pk).update(moved_at=now - timedelta(hours=2))
    PrintJob.objects.filter(pk=newer.pk).update(moved_at=now - timedelta(hours=1))

    response = client.get("/readyz")

    assert response.status_code == 200  # reported; pages are still served
    jobs = response.json()["checks"]["jobs"]
    assert jobs["state"] == "stuck" and jobs["oldest"]["id"] == old.pk


def test_a_line_logged_outside_any_request_prints_with_the_id_dash():
    """A record made before the request-id factory was installed (a management command's
    log under ``make run``, before any request) prints as a line, not a logging error."""
    handler = next(h for h in logging.getLogger().handlers if h.name == "stderr")
    message = "演示赛事已载入"
    record = logging.LogRecord("duidiao.demo", logging.INFO, __file__, 1, message, None, None)
    assert not hasattr(record, "request_id")

    stream = io.StringIO()
    previous = handler.setStream(stream)
    try:
        handler.handle(record)
    finally:
        handler.setStream(previous)

    err = stream.getvalue()
    assert "Logging error" not in err
    assert "duidiao.demo [-] 演示赛事已载入" in err
