"""The WSGI application (``gunicorn duidiao.wsgi``), loaded whole before it serves.

Django imports the URL patterns, and with them every view module, at the first request
a process answers: the printing views bring ReportLab and openpyxl, the API DRF's
schema — half a second (0.49 s of a first director's dashboard of 0.55 s, against 66 ms
for the next). A gunicorn worker is started again every ``max_requests`` requests, so
under a busy event some visitor's request paid that every few seconds, and a queue
waited behind it. Here it is paid as the worker starts, before it takes a request, and
``duidiao.heap.settle`` (gunicorn's ``post_worker_init``, next) sets it aside with the
rest of the application.
"""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "duidiao.settings")

application = get_wsgi_application()


def load() -> None:
    """What a first request would load: the URL patterns (every view module) resolved
    in each language, and each language's catalogue."""
    from django.conf import settings
    from django.urls import get_resolver
    from django.utils import translation

    resolver = get_resolver()
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            resolver.reverse_dict  # noqa: B018 -- populated per language, as reverse() would


load()
