"""gunicorn's settings (read from the working directory): ``gunicorn duidiao.wsgi``.

Sync workers, 2 × cores + 1 unless ``WEB_CONCURRENCY`` says otherwise; bound to
loopback unless ``GUNICORN_BIND`` says otherwise (the proxy in front terminates TLS)."""

import multiprocessing
import os

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY") or multiprocessing.cpu_count() * 2 + 1)
worker_class = "sync"
timeout = 60  # printing a whole event runs in a worker process, not here
graceful_timeout = 30
max_requests = 5000  # recycle workers now and then
max_requests_jitter = 500
accesslog = None  # the project logs each request with its id (duidiao.observability)
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
