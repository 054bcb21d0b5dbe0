"""Streamlit's table and chart code, made ready while a page is idle (issue 29, the tour's steps).

Streamlit's browser side loads an element's code the first time a page shows one. The
session's first table (`DataFrame`) and first chart (Vega-Lite) each waited for their modules
to be evaluated, 0.12 to 0.19 s of the page's main thread, when the tour's "Who buys there"
opened (a trace of `python -m bench.demo_tour`). The pages' head imports them ahead, once the
page has loaded and then been idle for a while: the same URLs Streamlit imports, so the
browser's module map hands Streamlit modules already evaluated.

The modules are found by name among Streamlit's own files; a Streamlit whose files are named
otherwise gets no script, and nothing else changes.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import streamlit

STREAMLIT_JS = Path(streamlit.__file__).parent / "static" / "static" / "js"
# The modules of a table, of a chart, and the chart library a chart loads in turn.
WARMED = ("DataFrame", "ArrowVegaLiteChart", "embed")
# After the page's load: the Map's first cells come first (about 2.5 s on a first visit).
WARM_AFTER_MS = 4000

WARM_SCRIPT = """<script>
addEventListener('load', () => setTimeout(() => {
  const idle = window.requestIdleCallback || ((callback) => setTimeout(callback, 0));
  // Relative to the page, as Streamlit's own (./static/js/...): under any base path.
  idle(() => { for (const path of %s) import(new URL(path, document.baseURI).href).catch(() => {}); });
}, %d));
</script>"""


@cache
def warmed_paths(folder: Path = STREAMLIT_JS) -> tuple[str, ...]:
    """Streamlit's published modules named in WARMED, as the page refers to them."""
    if not folder.is_dir():
        return ()
    names = "|".join(map(re.escape, WARMED))
    named = re.compile(rf"^({names})\.[A-Za-z0-9_-]+\.js$")
    return tuple(sorted(f"./static/js/{file.name}" for file in folder.iterdir() if named.match(file.name)))


def warm_script() -> bytes:
    """The head's script importing them; empty when none is found."""
    paths = warmed_paths()
    if not paths:
        return b""
    return (WARM_SCRIPT % (json.dumps(list(paths)).replace("</", "<\\/"), WARM_AFTER_MS)).encode()
