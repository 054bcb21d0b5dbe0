"""Free reads a page will likely need next, made in the background once its run is done.

Issue 18 (Speed): a person who switches markets on the Map page should find the new
market's cells read and drawn already. The page names the reads (plain callables over the
memoised adapters: `adapter.data`, `adapter.map_files`), and they run here on one worker
thread per process, after the page's own run, so they never delay what the person is
waiting for; their answers land in the same `st.cache_data` memo the page then hits.

Only free reads may be handed here: a charged read must be asked and confirmed
(components/charged_read.py). A read already queued or running is not queued again; a
failed one is dropped (the page reads it itself when it needs it, and says any problem).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Hashable, Iterable
from concurrent.futures import ThreadPoolExecutor

from streamlit.runtime.scriptrunner import add_script_run_ctx, get_script_run_ctx

from adapter.served import browser_session

log = logging.getLogger(__name__)

# After the run that queued them: its map first fetches its rows from this same process
# and paints, which a read ahead holding the interpreter would slow.
START_AFTER_S = 1.5
# One worker: reads ahead are the machine's spare time, not a second load on it.
_worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="deedscope-read-ahead")
_pending: set[Hashable] = set()
# Only in a browser's session (adapter/served.py): an AppTest run reads nothing ahead unless the
# test sets this, so no read of one test reaches the next test's sandbox. (It used to ask
# whether a runtime exists, which an AppTest run has too: AppTests read ahead.)
OUTSIDE_A_BROWSER = False
_lock = threading.Lock()


def read_ahead(reads: Iterable[tuple[Hashable, Callable[[], object]]]) -> int:
    """Queue each free read `(key, read)` not already queued; how many were queued.

    Each runs with the calling session's script context, so the session's client
    (adapter.data.data_api, in its session state) makes it.
    """
    if not (browser_session() or OUTSIDE_A_BROWSER):
        return 0
    context = get_script_run_ctx()
    queued = 0
    for key, read in reads:
        with _lock:
            if key in _pending:
                continue
            _pending.add(key)
        _worker.submit(_run, key, read, context, time.monotonic() + START_AFTER_S)
        queued += 1
    return queued


def _run(key: Hashable, read: Callable[[], object], context, not_before: float) -> None:
    time.sleep(max(0.0, not_before - time.monotonic()))
    if context is not None:
        add_script_run_ctx(threading.current_thread(), context)
    try:
        read()
    except Exception:  # noqa: BLE001 - a read ahead that fails is the page's to make and report
        log.debug("read ahead failed: %r", key, exc_info=True)
    finally:
        with _lock:
            _pending.discard(key)


def wait_idle(timeout: float = 60.0) -> bool:
    """Whether every queued read finished within `timeout` seconds (tests and benches)."""
    done = threading.Event()
    _worker.submit(done.set)
    return done.wait(timeout)
