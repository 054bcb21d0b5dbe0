"""The other pages' small maps and the network graph, drawn by the map element's script.

One component (`deedscope.small_map`), whose small loader (frontend/src/small_loader.js)
imports the Map's own script and calls its `renderSmall` (frontend/src/small_map.js): one
deck.gl build in the tab, whatever pages a person visits (docs/architecture.md, "One deck.gl
in the browser"). The page describes the map (`mapspec.small_map`); a click on a row that
carries a `pick` reruns the page and `render_small_map` returns that `pick`, once.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import streamlit as st

from mapspec.small_map import Canvas

LOADER = (Path(__file__).resolve().parent.parent / "frontend" / "src" / "small_loader.js").read_text(encoding="utf-8")
UNAVAILABLE = "The map cannot be drawn here: its script is not served (build it with `make run`)."

# Registered once per process: the page script runs on every rerun.
_component = st.components.v2.component("deedscope.small_map", js=LOADER, isolate_styles=False)


def render_small_map(spec: Mapping[str, Any], *, canvas: Canvas, key: str, height: int) -> Any | None:
    """Draw `spec` (mapspec.small_map: place_map or graph) `height` px tall; the `pick` of the
    row a person just clicked, or None."""
    if canvas.script_url is None:
        st.caption(UNAVAILABLE)
        return None
    result = _component(data={**spec, "script": canvas.script_url, "height": height}, key=key,
                        on_pick_change=lambda: None)
    return result.get("pick") if result is not None else None
