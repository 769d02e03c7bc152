"""Issue 24, item 5: a director's board file is judged in a job with progress, never in
the request. A 10,000-board file held a worker for 34 s and answered with a 450 KB
error page; now the request reads the file within the caps, stores it and queues the
job (``printing.run_import_job``), which judges every board with the engine, counts
boards done of total, and stores all of them in one transaction or none, with the
first findings listed."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.core.files.base import ContentFile
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from boards.models import Board
from boards.services import boards_import, deal_from_seed, deals
from boards.services.deals import SHOWN_FINDINGS
from duidiao.celery import app as celery_app
from printing import tasks
from printing.models import ImportJob
from printing.services import import_job_run, jobs_fail_stuck
from tests import builders
from tournament.models import EventRole

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path


@pytest.fixture
def team():
    return builders.team_round(boards=24)


@pytest.fixture
def director_client(client, team):
    client.force_login(
        builders.user("caipan", event=team.stage.event, role=EventRole.Role.DIRECTOR)
    )
    return client


def record(number: int) -> dict:
    hands, bottom = deal_from_seed(number)
    return {"format": "duidiao-board/1", "board": number, "hands": hands, "bottom": bottom}


def upload(team, client, records: list[dict]):
    url = reverse("printing:boards", args=[team.stage.event.code])
    body = {
        "stage": team.stage.pk,
        "round": team.round.pk,
        "file": SimpleUploadedFile("boards.json", json.dumps(records).encode()),
    }
    return client.post(url, body)


def test_the_request_stores_the_file_and_queues_the_job_without_judging(
    director_client, team, monkeypatch, django_capture_on_commit_callbacks
):
    """With a broker (eager off), the request answers before any board is judged: the
    job is queued on commit, nothing is stored, the page shows it waiting."""
    queued: list[int] = []
    monkeypatch.setattr(tasks.run_import_job, "delay", queued.append)  # the broker's queue
    judged: list[int] = []
    monkeypatch.setattr(deals, "_deal_errors", lambda *a: judged.append(1) or [])

    eager = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = False  # a broker and workers
    try:
        with django_capture_on_commit_callbacks(execute=True):
            answer = upload(team, director_client, [record(n) for n in range(1, 25)])
    finally:
        celery_app.conf.task_always_eager = eager

    job = ImportJob.objects.get()
    assert answer.status_code == 302 and answer["Location"].endswith(f"/imports/{job.pk}/")
    assert queued == [job.pk] and judged == []
    assert (job.kind, job.status, job.stage, job.round) == (
        "boards",
        "queued",
        team.stage,
        team.round,
    )
    assert not Board.objects.filter(stage=team.stage).exists()
    page = director_client.get(answer["Location"]).content.decode()
    assert 'http-equiv="refresh"' in page and "正在检查" in page


def test_with_celery_eager_the_job_runs_at_once_and_stores_every_board(
    director_client, team, eager, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        answer = upload(team, director_client, [record(n) for n in range(1, 25)])

    job = ImportJob.objects.get()
    assert (job.status, job.progress, job.done, job.total) == ("done", 100, 24, 24)
    assert Board.objects.filter(stage=team.stage, source="imported").count() == 24
    page = director_client.get(answer["Location"]).content.decode()
    assert "已检查 24/24 副" in page and "已导入24副牌的牌型" in page
    assert 'http-equiv="refresh"' not in page


def test_progress_counts_boards_done_of_total(team, monkeypatch):
    """The row moves as the boards are judged: read from the database before each
    board, as the director's page reads it."""
    job = ImportJob.objects.create(
        kind=ImportJob.Kind.BOARDS, event=team.stage.event, stage=team.stage, round=team.round
    )
    job.file.save("b.json", ContentFile(json.dumps({"boards": [record(n) for n in range(1, 25)]})))
    seen: list[tuple[int, int]] = []
    real = deals._deal_errors

    def judge(hands, bottom, number):
        row = ImportJob.objects.values_list("done", "total").get(pk=job.pk)
        seen.append(row)
        return real(hands, bottom, number)

    monkeypatch.setattr(deals, "_deal_errors", judge)
    import_job_run(job.pk)

    job.refresh_from_db()
    assert (job.status, job.progress, job.done, job.total) == ("done", 100, 24, 24)
    assert seen == [(n, 24) for n in range(24)]


def test_a_refusal_lists_the_first_findings_and_stores_no_board(
    director_client, team, eager, django_capture_on_commit_callbacks
):
    """All or none: 23 good boards and one bad store nothing; 24 bad boards list the
    first SHOWN_FINDINGS and count the rest — a page, not 450 KB."""
    good = [record(n) for n in range(1, 24)] + [{**record(24), "bottom": []}]
    with django_capture_on_commit_callbacks(execute=True):
        upload(team, director_client, good)
    one_bad = ImportJob.objects.get()
    assert one_bad.status == "failed" and {p["board"] for p in one_bad.problems} == {24}
    assert not Board.objects.filter(stage=team.stage).exists()

    bad = [{**record(n), "bottom": []} for n in range(1, 25)]
    with django_capture_on_commit_callbacks(execute=True):
        answer = upload(team, director_client, bad)
    job = ImportJob.objects.order_by("-pk").first()
    page = director_client.get(answer["Location"])

    assert job.status == "failed" and len(job.problems) == SHOWN_FINDINGS + 1
    assert "not listed" in job.problems[-1]["en"] and "未列出" in job.problems[-1]["zh"]
    assert not Board.objects.filter(stage=team.stage).exists()
    html = page.content.decode()
    assert "一副牌也未导入" in html and "未列出" in html and len(page.content) < 60_000


def test_a_file_over_the_caps_is_refused_in_the_request_and_queues_nothing(
    director_client, team, settings
):
    settings.BOARD_FILE_MAX_BOARDS = 10
    answer = upload(team, director_client, [record(n) for n in range(1, 25)])

    assert answer.status_code == 302
    assert (
        answer["Location"] == reverse("web:setup_boards", args=[team.stage.event.code]) + "#stage-1"
    )
    assert not ImportJob.objects.exists()
    page = director_client.get(answer["Location"]).content.decode()
    assert "超过 10 副牌" in page


@pytest.mark.parametrize("role", [None, EventRole.Role.REFEREE, EventRole.Role.SCORER])
def test_only_the_events_director_may_upload_a_board_file(client, team, role):
    client.force_login(builders.user("someone", event=team.stage.event, role=role))

    assert upload(team, client, [record(1)]).status_code == 403
    assert not ImportJob.objects.exists()


def test_a_board_refused_while_storing_undoes_the_boards_stored_before_it(team, tmp_path):
    """All or none holds in the storing too: board 24 already has a deal (no
    ``replace``), so the 23 stored before it in the same transaction are undone."""
    boards_import(stage=team.stage, round=team.round, records=[record(24)])
    job = ImportJob.objects.create(
        kind=ImportJob.Kind.BOARDS, event=team.stage.event, stage=team.stage, round=team.round
    )
    job.file.save("b.json", ContentFile(json.dumps({"boards": [record(n) for n in range(1, 25)]})))

    import_job_run(job.pk)

    job.refresh_from_db()
    assert job.status == "failed" and {p["board"] for p in job.problems} == {24}
    assert list(Board.objects.filter(stage=team.stage).values_list("number", flat=True)) == [24]


def test_a_board_job_that_stops_moving_is_marked_failed(team):
    job = ImportJob.objects.create(
        kind=ImportJob.Kind.BOARDS, event=team.stage.event, stage=team.stage, total=24, done=3
    )
    ImportJob.objects.filter(pk=job.pk).update(moved_at=timezone.now() - timedelta(hours=1))

    assert [stuck.pk for stuck in jobs_fail_stuck()] == [job.pk]
    job.refresh_from_db()
    assert job.status == "failed" and "please submit it again" in job.error
