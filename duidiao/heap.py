"""A server process's garbage collector, set for serving requests rather than for a
short script.

Python collects its youngest objects every 700 allocations of containers and, now and
then, walks every object the process holds. A request here allocates far more than
that (a first read of a 120-table Mitchell's standings after a result builds 240 rows'
text: 1,700 collections of the youngest generation and 150 of the middle one in twenty
results, about 10 ms of each), and the process holds some 190,000 objects that live as
long as it does (Django, the project's modules, URL patterns, templates): each full
walk of them took 150 ms, landing every few results on whichever request was running.
Measured in ``benchmarks/scoring.py``: 1.1 s of collection over twenty results and
their reads, against 0.13 s once settled.
"""

from __future__ import annotations

import gc

__all__ = ["YOUNG", "settle"]

#: Allocations between two collections of the youngest generation: most of a request's
#: objects are gone before it is collected, rather than walked and moved up.
YOUNG = 10_000


def settle() -> None:
    """Once the application is loaded in a serving process (a gunicorn worker, a Celery
    worker's child): set what it holds now aside from the collector for good (it lives
    as long as the process; ``gc.freeze``), and collect the youngest generation every
    :data:`YOUNG` allocations. Memory a cycle holds is freed a little later; nothing
    else changes."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG, middle, old)
