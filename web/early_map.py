"""The page's head starts a later visit's map before Streamlit does (issue 29, later visits).

Every page the app answers (Streamlit's one `index.html`) gets a small script at the top of
its head. It notes the link the page was opened at, and when the browser remembers a map
at that link (frontend/src/early.js keeps what the map drew last, by link, in the
browser's storage) it fetches the map's rows and writes in a module script that imports the
map's script and draws that map, about a second before Streamlit's browser side has rendered
the page and mounted the map's element, which then takes it as its own. Written by
`document.write` while the page is parsed, that module script stands before Streamlit's own
in the page, so the browser runs it first (module scripts run in the page's order); imported
with `import()` instead, the map's script waited 0.6 s behind Streamlit's. On the Map page,
a browser that remembers no map at the link (a new browser, issue 45) asks the server's first
paint of it instead (web/first_paint.py) and writes in the same module script, which paints
it once it comes (frontend/src/first_visit.js). Elsewhere it does nothing more.

The script names the map's script as published now (`adapter.map_files.map_script_url`),
so the early map and the element share one module, one deck.gl. Streamlit answers its
`index.html` gzipped when asked and with an ETag that does not change with that name: the
page's request is sent on without `Accept-Encoding` and without its conditions, and the
answer goes without its ETag and `Last-Modified` (the file is under 10 KB).
"""

from __future__ import annotations

import json
import logging
from typing import Any

from adapter.map_files import MapUnavailable, map_script_url
from mapspec.map_state import controls_space_css

LOG = logging.getLogger(__name__)

# Sent on without them: the answer's body is rewritten, so it must come whole and fresh.
REQUEST_HEADERS_DROPPED = {b"accept-encoding", b"if-none-match", b"if-modified-since"}
ANSWER_HEADERS_DROPPED = {b"content-length", b"etag", b"last-modified"}
HEAD = b"<head>"

# The head's script: plain JavaScript, run before Streamlit's own (a module, deferred).
# `%(first)s`: the first paint's route on the Map page (web/first_paint.py), else null.
EARLY_SCRIPT = """<script>
(() => {
  const link = location.pathname + location.search;
  window.__deedscopeLoadedLink = link;
  const rows = new Map();
  window.__deedscopeEarlyRows = rows;  // the map's loader takes them too (frontend/src/loader.js)
  let remembered = null;
  try { remembered = JSON.parse(localStorage.getItem('deedscope.map:' + link)); } catch (error) {}
  // A map drawn in this window's size (frontend/src/early.js, recall): it stands where it stood.
  const here = remembered && remembered.window && remembered.window.width === innerWidth && remembered.window.height === innerHeight;
  let paint;
  if (here) {
    // The rows are fetched while the map's script loads; the early map and the loader take them.
    try {
      const {cells, time} = remembered.data;
      for (const url of [...cells.map((layer) => layer.rows), time && time.rows]) {
        if (typeof url !== 'string' || rows.has(url)) continue;
        const fetched = fetch(new URL(url, document.baseURI)).then((answer) => (answer.ok ? answer.json() : Promise.reject(answer.status)));
        fetched.catch(() => {});
        rows.set(url, fetched);
      }
    } catch (error) { return; }
    paint = 'const entry = recall(window.__deedscopeLoadedLink); if (entry) paintEarly(entry, window.__deedscopeEarlyRows);';
  } else if (%(first)s) {
    // A browser that never drew this link: the server's first paint of it (web/first_paint.py).
    window.__deedscopeFirstPaint = fetch(%(first)s + location.search)
      .then((answer) => (answer.status === 200 ? answer.json() : null)).catch(() => null);
    paint = 'paintFirstVisit(window.__deedscopeFirstPaint, window.__deedscopeEarlyRows);';
  } else {
    return;
  }
  performance.mark('deedscope:head');
  const script = JSON.stringify(new URL(%(script)s, document.baseURI).href);
  document.write('<script type="module">import {paintEarly, paintFirstVisit, recall} from ' + script + ';' + paint + '</' + 'script>');
})();
</script>"""


def head_script(first_paint: str | None = None) -> bytes:
    """The script for the page's head, naming the map's script as published now and, on the
    Map page, the route of its first paint (`first_paint`); empty when the map cannot be
    served (the page then says why, as before)."""
    try:
        url = map_script_url()
    except MapUnavailable:
        return b""
    return (EARLY_SCRIPT % {"script": _script_string(url), "first": _script_string(first_paint)}).encode()


def controls_space_style() -> bytes:
    """The Map controls' least height from the page's first byte (mapspec.map_state.controls_space_css):
    a rule in the head never goes away as a run's own may for a moment."""
    return f"<style>{controls_space_css()}</style>".encode()


def _script_string(value: str | None) -> str:
    # A JSON string is a JavaScript string; "</" is escaped so the value cannot end the script.
    return json.dumps(value).replace("</", "<\\/")


def page_request(scope: dict) -> dict:
    """`scope` without the request headers that would let Streamlit answer other than whole."""
    headers = [(name, value) for name, value in scope.get("headers", []) if name.lower() not in REQUEST_HEADERS_DROPPED]
    return {**scope, "headers": headers}


def with_head_script(send: Any, script: bytes) -> Any:
    """`send`, adding `script` at the top of an HTML answer's head; any other answer passes."""
    state: dict[str, Any] = {"start": None, "body": []}

    async def send_with_script(message: dict) -> None:
        if message["type"] == "http.response.start":
            headers = {name.lower(): value for name, value in message.get("headers", [])}
            html = headers.get(b"content-type", b"").startswith(b"text/html") and b"content-encoding" not in headers
            if message["status"] == 200 and html and script:
                state["start"] = message
                return
        elif message["type"] == "http.response.body" and state["start"] is not None:
            state["body"].append(message.get("body", b""))
            if message.get("more_body"):
                return
            body = b"".join(state["body"])
            body = body.replace(HEAD, HEAD + script, 1) if HEAD in body else body
            start = state["start"]
            headers = [(name, value) for name, value in start.get("headers", []) if name.lower() not in ANSWER_HEADERS_DROPPED]
            await send({**start, "headers": [*headers, (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body})
            return
        await send(message)

    return send_with_script
