"""The app's long-lived objects out of the garbage collector's way.

Streamlit runs a full collection after every script run (`runner.postScriptGC`, on by
default, against memory building up), and the next run of that session waits for it. With
the app's modules, pandas, DuckDB, pydantic's models and the caches loaded, a full
collection walked about 340,000 objects and took 300 to 400 ms on this machine: every
rerun that follows another at once (the Map page's first paint, a fragment that reruns
the page) waited that long for nothing. Once the first run has loaded them, those objects
are frozen (`gc.freeze`, as long-running Python servers do): the collections after each
run then walk only what runs create, and took about 1 ms.

Frozen objects are still freed when no reference is left; only a cycle among them would
stay, and they live as long as the process anyway.
"""

from __future__ import annotations

import gc
import threading

from adapter.served import browser_session

_lock = threading.Lock()


def freeze_what_lives_long() -> bool:
    """Once per served process, after a script run: collect, then freeze what is left.
    True when this call froze them. An AppTest run (no browser) leaves the test's process as it is."""
    if not browser_session():
        return False
    with _lock:
        if gc.get_freeze_count():
            return False
        gc.collect()
        gc.freeze()
        return True
