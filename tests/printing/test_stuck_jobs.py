"""Jobs that stop moving are not left "running" forever (issue 25): a worker killed in
the middle of a paper, or a message lost with the broker, leaves a job queued or
running; past ``JOB_STUCK_AFTER`` seconds without moving it is marked failed with a
reason the director reads in both languages. A database error while rendering is
retried, not turned into a failed paper; a job run again after it finished is left as
it is."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import OperationalError
from django.utils import timezone

from printing.models import ImportJob, PrintJob
from printing.tasks import fail_stuck_jobs, render_print_job
from tests import builders


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    settings.JOB_STUCK_AFTER = 600


def stalled(job, seconds: int) -> None:
    type(job).objects.filter(pk=job.pk).update(moved_at=timezone.now() - timedelta(seconds=seconds))


def test_a_job_that_stopped_moving_is_marked_failed_with_the_reason(event, mitchell):
    running = PrintJob.objects.create(
        event=event, stage=mitchell, kind="travellers", status=PrintJob.Status.RUNNING, progress=81
    )
    queued = PrintJob.objects.create(event=event, kind="hand-records")
    moving = PrintJob.objects.create(event=event, kind="schedule", status=PrintJob.Status.RUNNING)
    done = PrintJob.objects.create(event=event, kind="brackets", status=PrintJob.Status.DONE)
    for job in (running, queued, done):
        stalled(job, 601)
    stalled(moving, 599)

    assert sorted(fail_stuck_jobs.apply().get()) == sorted([running.pk, queued.pk])

    for job in (running, queued, moving, done):
        job.refresh_from_db()
    assert running.status == queued.status == PrintJob.Status.FAILED
    assert "10分钟没有进展" in running.error and "no progress for 10 minutes" in running.error
    assert running.finished_at is not None
    assert moving.status == PrintJob.Status.RUNNING and done.status == PrintJob.Status.DONE


def test_the_director_sees_the_reason_on_the_job_page(event, client):
    job = PrintJob.objects.create(event=event, kind="hand-records", status=PrintJob.Status.RUNNING)
    stalled(job, 3600)
    client.force_login(builders.superuser())

    page = client.get(f"/e/{event.code}/printing/jobs/{job.pk}/").content.decode()

    assert 'data-status="failed"' in page and "没有进展" in page


def test_a_stuck_import_job_is_marked_too(event, director):
    job = ImportJob.objects.create(kind=ImportJob.Kind.SCORECARDS, event=event, file="x.xlsx")
    stalled(job, 601)
    assert fail_stuck_jobs.apply().get() == [job.pk]
    job.refresh_from_db()
    assert job.status == ImportJob.Status.FAILED and "please submit it again" in job.error


def test_a_database_error_while_rendering_is_retried_not_a_failed_paper(
    event, mitchell, monkeypatch
):
    from printing import services

    real = services.render_kind
    calls = []

    def flaky(**kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise OperationalError("database is locked")
        return real(**kwargs)

    monkeypatch.setattr(services, "render_kind", flaky)
    job = PrintJob.objects.create(event=event, stage=mitchell, kind="travellers")

    summary = render_print_job.apply(args=[job.pk]).get()

    assert len(calls) == 2 and summary["status"] == "done"


def test_a_job_run_again_after_it_finished_is_left_as_it_is(event, mitchell):
    job = PrintJob.objects.create(event=event, stage=mitchell, kind="travellers")
    first = render_print_job.apply(args=[job.pk]).get()
    again = render_print_job.apply(args=[job.pk]).get()
    assert again == first
