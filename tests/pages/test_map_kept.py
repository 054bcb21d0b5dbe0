"""The Map as it was left (issues 41 and 42): its one state outlives the widgets Streamlit drops
when another page runs, and a tour's step restores its own link through an event."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.pages.map_helpers import APP, TIMEOUT_S, drawn_cells, point_app_at, select_cell


def open_app(monkeypatch, sandbox) -> AppTest:
    point_app_at(monkeypatch, sandbox.url)
    app = AppTest.from_file(APP, default_timeout=TIMEOUT_S)
    app.run()
    assert not app.exception
    return app


def test_the_map_left_for_another_page_comes_back_as_it_was(monkeypatch, sandbox, markets):
    app = open_app(monkeypatch, sandbox)
    other = markets[-1]["market"]
    app.selectbox(key="map_place_market").set_value(other).run()
    app.multiselect(key="map_filters_kinds").set_value(["flip"]).run()
    row = max(drawn_cells(app), key=lambda item: item[1])
    select_cell(app, row)
    app.run()
    assert app.query_params["cell"] == row[0]

    app.switch_page("pages/coverage.py")
    app.run()
    assert not app.exception
    assert "map_place_market" not in app.session_state, "Streamlit dropped the Map's widgets"
    app.switch_page("pages/map.py")
    app.run()
    assert not app.exception
    assert app.selectbox(key="map_place_market").value == other, "the market chosen, not the first"
    assert app.multiselect(key="map_filters_kinds").value == ["flip"]
    assert app.query_params["cell"] == row[0] and app.query_params["market"] == other
    assert app.subheader, "the cell's panel is open again"
