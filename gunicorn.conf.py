"""gunicorn's settings (read from the working directory): ``gunicorn duidiao.wsgi``.

Threaded workers, sized by the database (``WEB_CONCURRENCY`` / ``WEB_THREADS`` win):

* **SQLite** (the venue, ``make run``): 3 processes × 10 threads, so 30 phones
  submitting at once are 30 requests really running, each waiting its turn for
  SQLite's write lock rather than being refused;
* **PostgreSQL** (production): a process per core and one more, 2 threads each. No
  request waits on a file lock there, and a request is Python's work more than the
  database's: ten threads of one process took turns at its interpreter lock. Under 50
  clients on 2 cores (``benchmarks/load.py``, a 60-table Mitchell) 5 × 10 served the
  standings at 69–72 % of a bare view's rate with a p99 of 311–351 ms; 5 × 2 at
  74–89 % with 156–261 ms (two runs), serving 60–75 % more standings a second.

Bound to ``HOST:PORT``: ``make run`` sets ``HOST=0.0.0.0`` (phones on the venue network
reach it); production leaves the default loopback, behind the proxy that terminates
TLS (``GUNICORN_BIND`` still wins)."""

import os
from pathlib import Path

from duidiao.env import database_config

# The database as the settings read it (``DATABASE_URL``, the one reading of it).
_postgres = (
    database_config(os.environ, Path(__file__).resolve().parent)["ENGINE"]
    == "django.db.backends.postgresql"
)

bind = os.environ.get("GUNICORN_BIND") or "{}:{}".format(
    os.environ.get("HOST", "127.0.0.1"), os.environ.get("PORT", "8000")
)
workers = int(
    os.environ.get("WEB_CONCURRENCY") or (2 * (os.cpu_count() or 1) + 1 if _postgres else 3)
)
threads = int(os.environ.get("WEB_THREADS") or (2 if _postgres else 10))
worker_class = "gthread"
timeout = 60  # printing a whole event runs in a worker process, not here
graceful_timeout = 30
max_requests = 5000  # recycle workers now and then
max_requests_jitter = 500
accesslog = None  # the project logs each request with its id (duidiao.observability)
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")


def post_worker_init(worker):  # noqa: ARG001 -- gunicorn's hook
    """The application is loaded: its modules and settings are set aside from the
    garbage collector for the worker's life (``duidiao.heap``)."""
    from duidiao.heap import settle

    settle()
