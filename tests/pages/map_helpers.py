"""Helpers of the Map page tests: run the real page against the sandbox and read what it drew."""

from __future__ import annotations

import json
import re
from pathlib import Path

import streamlit as st

import adapter.data
import adapter.stores
from adapter import static_files
from streamlit.testing.v1 import AppTest

from mapspec.cells import cell_of_row
from mapspec.view import View
from services.data_api import DataApi
from services.settings import load_settings
from tests.processes import sandbox_env

ROOT = Path(__file__).resolve().parents[2]
MAP_PAGE = str(ROOT / "pages" / "map.py")
APP = str(ROOT / "app.py")
TIMEOUT_S = 120


def point_app_at(monkeypatch, url: str, key: str = "zpka_sandbox_demo") -> None:
    """Settings through the environment, as a deployment would set them; caches emptied."""
    for name, value in sandbox_env(url, key).items():
        monkeypatch.setenv(name, value)
    # Free reads are memoised per process; a test must see its own sandbox state. Only the
    # data client's shared resources are dropped (closed on release); other pages' cached
    # resources are keyed on their own settings and stay.
    st.cache_data.clear()
    adapter.data._shared_resources.clear()
    # The cache store itself is kept per process by adapter/stores.py (memory or Redis): a
    # new one, so no answer of an earlier test (read before its faults) is served here.
    with adapter.stores._lock:
        adapter.stores._built.clear()


def new_page(**query: str) -> AppTest:
    app = AppTest.from_file(MAP_PAGE, default_timeout=TIMEOUT_S)
    for name, value in query.items():
        app.query_params[name] = value
    return app


def open_map(monkeypatch, sandbox, **query: str) -> AppTest:
    """The Map page opened on `sandbox` with the URL query given, its first run done without an exception."""
    point_app_at(monkeypatch, sandbox.url)
    app = new_page(**query)
    app.run()
    assert not app.exception
    return app


def record_cell_reads(monkeypatch) -> list[dict]:
    """The places the page reads cells of from now on (adapter.data.deal_cells), in order:
    its own reads, not those its reads ahead make on their worker (adapter/read_ahead.py)."""
    import threading

    import adapter.data

    places: list[dict] = []
    read = adapter.data.deal_cells

    def recording(place, filters, resolution):
        if not threading.current_thread().name.startswith("deedscope-read-ahead"):
            places.append(dict(place))
        return read(place, filters, resolution)

    monkeypatch.setattr(adapter.data, "deal_cells", recording)
    return places


def map_elements(app: AppTest) -> list:
    """The map elements the page drew (its other components v2 elements are its date fields)."""
    return [item for item in app.get("bidi_component") if item.proto.component_name == "deedscope.map"]


def map_data(app: AppTest) -> dict:
    """What the page sent the map element (components/map_element.py)."""
    maps = map_elements(app)
    assert len(maps) == 1, "the page draws one map"
    return json.loads(maps[0].proto.json)


def legend_words(app: AppTest) -> str:
    """The legend's words, as the caption under the map says them (components/map_legend.py;
    the map draws the same legend on itself, from its message's `legend`)."""
    return " ".join(str(element.value) for element in app.caption)


def drawn_resolution(app: AppTest) -> int:
    """The H3 resolution the legend says the map is drawn at."""
    legend = legend_words(app)
    found = re.search(r"H3 resolution (\d+)", legend)
    assert found, "the legend names the resolution drawn"
    return int(found.group(1))


def layer_rows(app: AppTest, layer: dict) -> list[list]:
    """A cell layer's rows as the browser gets them: fetched from their file, or inline."""
    rows = layer["rows"]
    if isinstance(rows, str):
        # adapter/static_files.py wrote them beside the script Streamlit runs, which serves them.
        return json.loads(static_files.published_path(rows, Path(app._script_path).parent / "static").read_text())
    return rows


def popover_labels(app: AppTest) -> list[str]:
    """The labels of the page's popover buttons (AppTest has no accessor for them)."""
    labels: list[str] = []

    def walk(node) -> None:
        proto = getattr(node, "proto", None)
        if proto is not None and hasattr(proto, "HasField") and proto.DESCRIPTOR.name == "Block" and proto.HasField("popover"):
            labels.append(proto.popover.label)
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(app._tree)
    return labels


def city_names(app: AppTest) -> list[str]:
    """The city names the map draws itself (no tiles)."""
    return [label["t"] for label in map_data(app)["labels"]]


def raw_rows(app: AppTest) -> list[list]:
    """Every cell row of the map, as the browser gets it (centre or ring form)."""
    return [row for layer in map_data(app)["cells"] for row in layer_rows(app, layer)]


def drawn_cells(app: AppTest) -> list[list]:
    """The cells drawn, as [hex, deals, investors, median, (note)], whichever form the
    browser got them in (mapspec/cells.py)."""
    resolution = drawn_resolution(app)
    drawn = []
    for row in raw_rows(app):
        if isinstance(row[0], str):
            drawn.append(list(row[:-1]))  # ring form: the hex first, the ring last
        else:
            drawn.append([cell_of_row(row, resolution), *row[2:]])
    return drawn


def client(url: str, key: str = "zpka_sandbox_demo") -> DataApi:
    """The real client, to ask the sandbox what the page should show."""
    return DataApi(load_settings(sandbox_env(url, key), secrets_path="/nonexistent"))


def texts(app: AppTest, kind: str) -> list[str]:
    return [str(element.value) for element in getattr(app, kind)]


def select_cell(app: AppTest, row: list) -> None:
    """What the map reports when a person clicks a cell (its `pick` state,
    frontend/src/map_element.js): the row of that cell (`row` as `drawn_cells` gives it)
    as the browser received it."""
    resolution = drawn_resolution(app)
    raw = next(item for item in raw_rows(app) if cell_of_row(item, resolution) == row[0])
    app.session_state["map_chart"] = {"pick": raw}


def moved_map(app, view: View, zoom: float) -> dict:
    """What the map reports when a person pans or zooms it and it settles there
    (frontend/src/map_element.js, reportWhenSettled): the box it shows and its camera."""
    latitude, longitude = view.center
    camera = {"latitude": round(latitude, 5), "longitude": round(longitude, 5), "zoom": zoom}
    app.session_state["map_chart"] = {"pick": None, "view": {"bbox": [view.west, view.south, view.east, view.north], "camera": camera}}
    return camera
