"""A log line's request id where no request set one.

The stderr handler's format names ``request_id``. ``duidiao.observability`` stamps it on
every record once it is imported (the middleware imports it), but a management command
(``load_demo`` under ``make run``) or a test that logs before any request made records
without it, and each such line printed a "--- Logging error ---" traceback instead.
Plain Python: the logging configuration loads it before Django's apps are ready.
"""

from __future__ import annotations

import logging


class RequestIdDefault(logging.Filter):
    """Give a record without a request id the one outside a request: ``-``."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            record.request_id = "-"
        return True
