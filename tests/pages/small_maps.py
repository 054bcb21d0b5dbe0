"""The small maps a page drew (components/small_map.py): their specs, as the browser gets them."""

from __future__ import annotations

import json

from streamlit.testing.v1 import AppTest


def small_maps(app: AppTest) -> list[dict]:
    """Each small map's data, in the page's order."""
    return [json.loads(item.proto.json) for item in app.get("bidi_component")
            if item.proto.component_name == "deedscope.small_map"]


def kinds(spec: dict) -> list[str]:
    """The map's layer kinds, bottom first (frontend/src/small_layers.js)."""
    return [layer["kind"] for layer in spec["layers"]]


def layer_by_id(spec: dict, layer_id: str) -> dict:
    return next(layer for layer in spec["layers"] if layer["id"] == layer_id)
