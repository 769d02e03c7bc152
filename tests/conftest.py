"""What every test needs, whatever its folder: a clean cache and fast passwords.

Each process remembers public events, stages and standings for a second
(``scoring.cache``); ids are reused from one test to the next, so a test that starts
with what the previous one left would read another test's stage.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache

from scoring.cache import local_clear


@pytest.fixture(autouse=True)
def _fresh_caches() -> Iterator[None]:
    cache.clear()
    local_clear()
    yield
    cache.clear()
    local_clear()


@pytest.fixture(autouse=True)
def _fast_passwords(settings: Any) -> None:
    """Tests log in often; the real hasher is slow on purpose."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
