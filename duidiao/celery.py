"""The Celery application. Configuration comes from Django settings (``CELERY_*``)."""

from __future__ import annotations

import os

from celery import Celery
from celery.signals import worker_process_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "duidiao.settings")

app = Celery("duidiao")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_process_init.connect
def _settle(**_kwargs: object) -> None:
    """A worker's child process is ready: its heap is settled (``duidiao.heap``)."""
    from .heap import settle

    settle()
