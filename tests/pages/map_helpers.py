"""Helpers of the Map page tests: run the real page against the sandbox and read what it drew."""

from __future__ import annotations

import json
from pathlib import Path

import streamlit as st

import queries
from streamlit.testing.v1 import AppTest

from components.map_layers import CELL_LAYERS
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
    queries._shared_resources.clear()


def new_page(**query: str) -> AppTest:
    app = AppTest.from_file(MAP_PAGE, default_timeout=TIMEOUT_S)
    for name, value in query.items():
        app.query_params[name] = value
    return app


def deck_spec(app: AppTest) -> dict:
    charts = app.get("deck_gl_json_chart")
    assert len(charts) == 1, "the page draws one map"
    return json.loads(charts[0].proto.json)


def drawn_cells(app: AppTest) -> list[list]:
    """The per-cell rows the browser receives: [hex, deals, investors, median, (note)]."""
    spec = deck_spec(app)
    rows: list[list] = []
    for layer in spec["layers"]:
        if layer.get("id") in CELL_LAYERS:
            rows.extend(layer["data"])
    return rows


def client(url: str, key: str = "zpka_sandbox_demo") -> DataApi:
    """The real client, to ask the sandbox what the page should show."""
    return DataApi(load_settings(sandbox_env(url, key), secrets_path="/nonexistent"))


def texts(app: AppTest, kind: str) -> list[str]:
    return [str(element.value) for element in getattr(app, kind)]


def select_cell(app: AppTest, row: list) -> None:
    """What the chart reports when a person clicks a cell (st.pydeck_chart, on_select)."""
    app.session_state["map_chart"] = {
        "selection": {"indices": {"cells": [0]}, "objects": {"cells": [row]}}
    }
