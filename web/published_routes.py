"""Published files (the map's script, its rows) as HTTP answers, through `st.App` (web/middleware.py).

- The map's published rows on any replica: a request for `app/static/map-cells/<name>`
  whose file this replica has not written is restored from the shared store
  (`adapter.static_files.restore`) before Streamlit's static serving answers it.
- Published files are named by their content, so their answers say so:
  `Cache-Control: public, max-age=31536000, immutable`. Without it each visit fetched the
  1 MB script again, as Streamlit's static serving sends no Cache-Control, and its ETag
  (from the file's time) changes whenever a rerun publishes the file again: no 304, no
  compiled code kept by the browser (issue 18, first paint).
"""

from __future__ import annotations

import logging
from typing import Any

from adapter import static_files
from adapter.static_files import PUBLISHED_NAME

LOG = logging.getLogger(__name__)
STATIC_PREFIX = "/app/static/"
# A published file's name is its content's digest: the same name never holds other bytes.
IMMUTABLE = b"public, max-age=31536000, immutable"


def cached_for_good(path: str, send: Any) -> Any:
    """`send`, adding the header of a file that never changes to a published file's answer."""
    if not PUBLISHED_NAME.match(path[path.index(STATIC_PREFIX) + len(STATIC_PREFIX) :]):
        return send

    async def send_cached(message: dict) -> None:
        if message["type"] == "http.response.start" and message["status"] in (200, 304):
            headers = [(name, value) for name, value in message.get("headers", []) if name.lower() != b"cache-control"]
            message = {**message, "headers": [*headers, (b"cache-control", IMMUTABLE)]}
        await send(message)

    return send_cached


def restore_static(path: str) -> None:

    try:
        static_files.restore(path[path.index(STATIC_PREFIX) + len(STATIC_PREFIX) :])
    except Exception as error:  # noqa: BLE001 - Streamlit answers 404 as it would have
        LOG.warning("published file not restored (%s)", type(error).__name__)
