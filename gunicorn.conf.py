"""gunicorn's settings (read from the working directory): ``gunicorn duidiao.wsgi``.

One configuration for the venue and for production: threaded workers (3 processes ×
10 threads unless ``WEB_CONCURRENCY`` / ``WEB_THREADS`` say otherwise), so 30 phones
submitting at once are 30 requests really running, each waiting its turn for SQLite's
write lock rather than being refused. Bound to ``HOST:PORT``: ``make run`` sets
``HOST=0.0.0.0`` (phones on the venue network reach it); production leaves the default
loopback, behind the proxy that terminates TLS (``GUNICORN_BIND`` still wins)."""

import os

bind = os.environ.get("GUNICORN_BIND") or "{}:{}".format(
    os.environ.get("HOST", "127.0.0.1"), os.environ.get("PORT", "8000")
)
workers = int(os.environ.get("WEB_CONCURRENCY") or 3)
threads = int(os.environ.get("WEB_THREADS") or 10)
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
