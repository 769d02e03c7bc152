"""Celery tasks of the printing app. They take ids, never model instances."""

from __future__ import annotations

from typing import Any

from celery import shared_task


@shared_task(name="printing.render")
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


@shared_task(name="printing.import")
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
