"""Celery tasks of the printing app. They take ids, never model instances; each retries
with a growing delay on a database or broker error (``duidiao.retry``), and running one
again after its job finished changes nothing."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from duidiao.retry import RETRY


@shared_task(name="printing.render", **RETRY)
def render_print_job(job_id: int) -> dict[str, Any]:
    """Render print job ``job_id``; its row carries the progress, the file or the error."""
    from .services import print_job_run

    job = print_job_run(job_id)
    return {
        "id": job.pk,
        "status": job.status,
        "progress": job.progress,
        "file": job.file.name if job.file else "",
        "error": job.error,
    }


@shared_task(name="printing.import", **RETRY)
def run_import_job(job_id: int) -> dict[str, Any]:
    """Run import job ``job_id``; its row carries the progress, the problems or the error."""
    from .services import import_job_run

    job = import_job_run(job_id)
    return {
        "id": job.pk,
        "status": job.status,
        "progress": job.progress,
        "event": job.event.code if job.event else "",
        "problems": len(job.problems),
        "error": job.error,
    }


@shared_task(name="printing.fail_stuck_jobs", **RETRY)
def fail_stuck_jobs() -> list[int]:
    """Celery beat's round (``duidiao/settings.py``): mark failed the print and import
    jobs that stopped moving, with the reason their director reads."""
    from .services import jobs_fail_stuck

    return [job.pk for job in jobs_fail_stuck()]
