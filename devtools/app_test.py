"""AppTest as a server runs app.py's pages: what the page tests and the benchmarks that drive app.py share."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from streamlit.runtime.pages_manager import PagesManager
from streamlit.testing.v1 import app_test


@contextlib.contextmanager
def navigation_kept() -> Iterator[None]:
    """Streamlit 1.67's AppTest forgets before every run that `st.navigation` ended the legacy
    `pages/` mode, so after `switch_page` each run starts the page alone, the page's router check
    (adapter/routing.py) reruns it through app.py, and a press's trigger is lost on the way (and a
    timed run is two). Its reset lands on a subclass here: the mode app.py's navigation ended stays
    ended, as in a server."""
    kept = app_test.PagesManager
    app_test.PagesManager = type("NavigatedPagesManager", (PagesManager,), {})
    try:
        yield
    finally:
        app_test.PagesManager = kept
