"""Signals the board services send, so the apps built on boards (scoring) can follow
results without boards importing them.

``result_changed`` (sender ``Result``, argument ``result``): a result was confirmed,
corrected, or entered by a director (which confirms it). Sent inside the service's
transaction; receivers that do work should defer it with ``transaction.on_commit``.
"""

from __future__ import annotations

from django.dispatch import Signal

result_changed = Signal()
