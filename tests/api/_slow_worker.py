"""A Celery worker for the worker-kill test: the project's app, one queue, the solo
pool (the task runs in this very process, so ``kill -9`` kills it mid-task), and a
short Redis visibility timeout so a message a dead worker held comes back in seconds.

    python -m tests.api._slow_worker QUEUE MARKER_FILE SLOW_SECONDS

Every rescore it starts appends a line to MARKER_FILE, then waits SLOW_SECONDS inside
the stage's transaction (its lock held, nothing committed) before doing the work.
"""

from __future__ import annotations

import os
import sys
import time
import uuid


def main() -> None:
    queue, marker, slow = sys.argv[1], sys.argv[2], float(sys.argv[3])
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "duidiao.settings")
    import django

    django.setup()
    from duidiao.celery import app
    from scoring.services import rescore as rescore_module

    real = rescore_module._rescore

    def slow_rescore(stage, **kwargs):
        with open(marker, "a") as f:
            f.write(f"start {os.getpid()}\n")
        time.sleep(slow)
        return real(stage, **kwargs)

    rescore_module._rescore = slow_rescore
    app.conf.broker_transport_options = {
        "visibility_timeout": 3,
        "unacked_restore_interval": 1,
        "unacked_restore_throttle": 1,
    }
    app.worker_main(
        [
            "worker",
            "--pool=solo",
            "-Q",
            queue,
            "-n",
            f"killtest-{uuid.uuid4().hex[:8]}@%h",
            "--loglevel=INFO",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
        ]
    )


if __name__ == "__main__":
    main()
