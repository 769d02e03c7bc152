"""Print jobs: queued on commit, rendered by a Celery task (eager here), progress to
100 and the file stored."""

from __future__ import annotations

import gc

import pytest
from pypdf import PdfReader

from printing.errors import PrintingError
from printing.models import PrintJob
from printing.services import print_job_create, render_kind
from printing.tasks import render_print_job
from tests import builders


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path


def test_the_task_renders_the_job_and_ends_at_100(event, mitchell):
    job = PrintJob.objects.create(event=event, stage=mitchell, kind="travellers")

    summary = render_print_job.apply(args=[job.pk]).get()

    job.refresh_from_db()
    assert summary["status"] == "done" and summary["progress"] == 100
    assert job.status == PrintJob.Status.DONE and job.progress == 100
    # the stage in the name: another stage's travellers never take this file's name
    assert job.filename == f"chifeng-travellers-s{mitchell.order}.pdf"
    assert job.mimetype == "application/pdf"
    with job.file.open("rb") as handle:
        reader = PdfReader(handle)
        assert "双人赛记分条" in reader.pages[0].extract_text()


def test_a_job_is_queued_on_commit_and_runs(event, eager, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        job = print_job_create(event=event, kind="hand-records", language="en")
        assert PrintJob.objects.get(pk=job.pk).status == PrintJob.Status.QUEUED

    job.refresh_from_db()
    assert len(callbacks) == 1
    assert (job.status, job.progress, job.language) == (PrintJob.Status.DONE, 100, "en")
    assert job.file.name.endswith(".pdf")


def test_a_job_with_nothing_to_print_fails_with_the_reason(event, eager):
    job = PrintJob.objects.create(event=event, stage=event.stages.get(order=1), kind="brackets")

    render_print_job.apply(args=[job.pk]).get()

    job.refresh_from_db()
    assert job.status == PrintJob.Status.FAILED
    assert "没有可打印的" in job.error and "to print" in job.error
    assert not job.file


def test_progress_is_reported_as_it_renders(event):
    seen: list[int] = []

    render_kind(event=event, kind="hand-records", progress=seen.append)

    assert seen == sorted(seen) and seen[0] == 5 and seen[-1] == 100


def test_the_garbage_collector_pauses_while_a_paper_is_made_and_runs_after(event):
    # A paper's many short-lived objects are freed by reference counting; the cyclic
    # collector is paused while it is read and drawn, and runs again after — also
    # when there is nothing to print.
    during: list[bool] = []

    render_kind(event=event, kind="hand-records", progress=lambda _p: during.append(gc.isenabled()))

    assert during and not any(during)
    assert gc.isenabled()
    with pytest.raises(PrintingError):
        render_kind(event=event, stage=event.stages.get(order=1), kind="brackets")
    assert gc.isenabled()


def test_an_unknown_kind_is_refused_before_anything_is_queued(event):
    with pytest.raises(PrintingError):
        print_job_create(event=event, kind="menus")
    assert not PrintJob.objects.exists()


# --- files (issue 14, item 8) ---------------------------------------------------------------


def test_printed_files_sit_at_paths_nobody_can_guess_and_only_the_role_downloads(
    client, event, eager, django_capture_on_commit_callbacks, settings, tmp_path
):
    """Before: ``media/printing/2025/08/chifeng-hand-records.pdf`` — a name anyone could
    type. Now a random directory, and the file only through the role-checking view."""
    from django.urls import reverse

    settings.MEDIA_ROOT = tmp_path
    with django_capture_on_commit_callbacks(execute=True):
        first = print_job_create(event=event, kind="hand-records", language="en")
        second = print_job_create(event=event, kind="hand-records", language="en")
    first.refresh_from_db()
    second.refresh_from_db()

    directory = first.file.name.split("/")[1]
    assert first.file.name.startswith("private/") and len(directory) >= 32
    assert first.file.name.split("/")[1] != second.file.name.split("/")[1]
    assert client.get(f"/{settings.MEDIA_URL}{first.file.name}").status_code == 404

    url = reverse("printing:download", args=[event.code, first.pk])
    assert client.get(url).status_code == 302  # to the login
    client.force_login(builders.user("outsider"))
    assert client.get(url).status_code in (403, 404)
    client.force_login(builders.user("chief2", event=event, role="director"))
    response = client.get(url)
    assert response.status_code == 200 and b"".join(response.streaming_content)[:4] == b"%PDF"


def test_two_stages_papers_and_a_rounds_never_share_a_file_name(event):
    """Two stages' score cards both downloaded as chifeng-score-cards.pdf: the second
    took the first's place in the download folder."""
    from printing.services import render_kind

    names = {
        render_kind(event=event, kind="box-cards", stage=stage)[0] for stage in event.stages.all()
    }
    names.add(
        render_kind(event=event, kind="box-cards", stage=event.stages.get(order=1), round=1)[0]
    )
    names.add(render_kind(event=event, kind="box-cards")[0])
    assert len(names) == event.stages.count() + 2
    assert "chifeng-box-cards-s1-r1.pdf" in names and "chifeng-box-cards.pdf" in names
