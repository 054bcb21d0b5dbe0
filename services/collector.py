"""Pausing Python's cyclic garbage collector while a large answer is turned into models.

Parsing a page of 500 deals makes about 8,000 container objects (each model, its
`__dict__`, its fields-set and extras), none of them in a reference cycle. With the
collector on, every 700 new containers start a pass over the young objects, and the
deals already walked are traversed again and again as they age: measured on a walk of
20,000 deals, that was over half of the parsing time. Paused for the parse, the page's
objects are looked at once, on the next allocation after it.

The collector is process-wide and threads share it, so pauses are counted: it is
switched back on when the last pause ends, and only if it was on when the first began.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_active_pauses = 0
_was_enabled = False


@contextmanager
def collector_paused() -> Iterator[None]:
    """No cyclic collection inside the block (reference counting still frees everything)."""
    global _active_pauses, _was_enabled
    with _lock:
        if _active_pauses == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _active_pauses += 1
    try:
        yield
    finally:
        with _lock:
            _active_pauses -= 1
            if _active_pauses == 0 and _was_enabled:
                gc.enable()
