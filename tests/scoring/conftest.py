"""The scoring tests read the rows a task wrote: every task runs in-process. Their
events come from the root conftest (``make_teams``, ``make_pairs``, ``make_stage``) and
their results from ``play``."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture(autouse=True)
def _eager_celery(eager: Any) -> None:
    """Rescoring runs in this process (see ``builders.tasks_in_process``)."""
