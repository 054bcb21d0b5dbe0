"""`--exit-with PID`: the sandbox ends when the program that started it ends.

The app starts its embedded sandbox as a child (decisions.md, Names and configuration). A
child outlives its parent unless told otherwise: an app stopped with SIGTERM (a service
manager's or a container's stop) or killed left its sandbox running, holding its port and
`.data/` (issue 30, 4). So the sandbox watches its parent: once its parent is no longer the
process it was started by (the child is handed to init or a subreaper, which changes
`getppid()`), or that process is gone, the server is asked to stop, and the process ends
after a grace period whatever the server does.

Why a watching thread and not Linux's `prctl(PR_SET_PDEATHSIG)`: that signal comes when the
*thread* that started the child ends, not the process, and Streamlit runs each script run
(where the app starts its sandbox) on a thread of its own, which ends after the run; the
sandbox would be stopped after the first page. A poll of `getppid()` sees the process alone,
on every POSIX system, and costs a few system calls a second.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable

POLL_S = 0.5
# Time the server gets to close its connections before the process ends regardless.
GRACE_S = 5.0


def parent_gone(parent_pid: int) -> bool:
    """Whether `parent_pid` is no longer this process's parent, or no longer runs."""
    if os.getppid() != parent_pid:
        return True
    try:
        os.kill(parent_pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False  # it runs, as another user
    return False


def watch_parent(
    parent_pid: int, stop: Callable[[], None], *, poll_s: float = POLL_S, grace_s: float = GRACE_S,
    exit_now: Callable[[int], None] = os._exit,
) -> threading.Thread:
    """Call `stop` once `parent_pid` is gone, then end the process `grace_s` later if it still
    runs. A daemon thread: it never holds the process up."""

    def watch() -> None:
        while not parent_gone(parent_pid):
            time.sleep(poll_s)
        stop()
        time.sleep(grace_s)
        exit_now(0)

    thread = threading.Thread(target=watch, name="sandbox-parent-watch", daemon=True)
    thread.start()
    return thread
