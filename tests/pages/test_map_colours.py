"""The Map page's colours and its CSV (issue 18, AppTest against the sandbox): the metric
switch recolours the cells, the market's classes stay the same after a zoom, and
"Download CSV" holds the cells in view with the figures the map draws."""

from __future__ import annotations

import csv
import io

import h3
import pytest
from streamlit.runtime.media_file_manager import MediaFileManager

from mapspec.classes import DEALS, PRICE, Classes
from mapspec.view import View, choose_resolution
from tests.pages.map_helpers import open_map, client, drawn_cells, drawn_resolution, legend_words, map_data, new_page, point_app_at


def legend(app) -> str:
    return legend_words(app)


@pytest.fixture
def app(monkeypatch, sandbox):
    return open_map(monkeypatch, sandbox)


def test_the_metric_switch_recolours_the_cells_by_the_markets_classes(app, sandbox):
    data = map_data(app)
    assert data["colors"]["at"] == data["countAt"], "deals by default"
    assert "Deals per cell" in legend(app) and "metric" not in app.query_params

    app.selectbox(key="map_colour_metric").set_value(PRICE).run()
    assert not app.exception
    data = map_data(app)
    assert data["colors"]["at"] == data["countAt"] + 2, "the median price of each row"
    with client(sandbox.url) as api:
        market = api.coverage.retrieve().markets[0].model_dump(mode="json")
        view = View(*market["bbox"])
        cells = api.deals.cells_frame(bbox=view.text(), resolution=choose_resolution(view))
    expected = Classes.of_cells(cells, PRICE, "quantile")
    assert data["colors"]["thresholds"] == expected.colors(0)["thresholds"], "the market's quantiles of the median price"
    assert "Median price per cell" in legend(app) and app.query_params["metric"] == PRICE

    app.selectbox(key="map_colour_classes").set_value("log").run()
    assert map_data(app)["colors"]["thresholds"] != data["colors"]["thresholds"]
    assert app.query_params["classes"] == "log"


def test_the_legends_classes_stay_the_same_after_a_zoom(app, sandbox):
    before = map_data(app)["colors"]
    before_legend = legend(app).split("H3 resolution")[0]
    resolution = drawn_resolution(app)
    shown = View.parse(app.query_params["view"])
    west, south, east, north = shown.west, shown.south, shown.east, shown.north
    middle = ((west + east) / 2, (south + north) / 2)
    close = View(middle[0] - 0.05, middle[1] - 0.05, middle[0] + 0.05, middle[1] + 0.05)
    app.session_state["map_chart"] = {
        "pick": None, "view": {"bbox": [close.west, close.south, close.east, close.north],
                               "camera": {"latitude": middle[1], "longitude": middle[0], "zoom": 12.5}},
    }
    app.run()
    assert not app.exception
    assert drawn_resolution(app) > resolution, "zoomed in: finer cells"
    assert map_data(app)["colors"] == before, "the same classes, the same colours"
    assert legend(app).split("H3 resolution")[0] == before_legend
    # Recomputed from the view's own cells, they would not be.
    with client(sandbox.url) as api:
        own = api.deals.cells_frame(bbox=close.text(), resolution=drawn_resolution(app))
    assert Classes.of_cells(own, DEALS, "quantile").colors(0)["thresholds"] != before["thresholds"]


def test_download_csv_holds_the_cells_in_view(monkeypatch, sandbox):
    files = []
    add_deferred = MediaFileManager.add_deferred

    def recorded(self, data_callable, mimetype, coordinates, **kwargs):
        files.append((data_callable, mimetype, kwargs.get("file_name")))
        return add_deferred(self, data_callable, mimetype, coordinates, **kwargs)

    monkeypatch.setattr(MediaFileManager, "add_deferred", recorded)
    point_app_at(monkeypatch, sandbox.url)
    app = new_page(market="DFW", view="-96.9000,32.7000,-96.7000,32.9000")
    app.run()
    assert not app.exception
    # The cells' button, beside the trends' months under the map (issue 46) when they show.
    assert "Download CSV of the cells" in [button.label for button in app.get("download_button")]
    make, mimetype, file_name = next(file for file in reversed(files) if file[2] != "market-trends.csv")
    assert mimetype == "text/csv" and file_name.endswith(".csv")
    rows = list(csv.DictReader(io.StringIO(make())))
    view = View.parse(app.query_params["view"])
    drawn = {row[0]: row for row in drawn_cells(app)}
    assert rows, "the view holds cells"
    for row in rows:
        cell, deals, investors, median = drawn[row["cell"]][:4]
        assert view.contains(float(row["latitude"]), float(row["longitude"]))
        assert (int(row["n_deals"]), int(row["n_investors"])) == (deals, investors)
        assert row["median_price"] == ("" if median is None else str(median))
    # Every drawn cell well inside the view is in the file.
    inner = View(view.west + 0.01, view.south + 0.01, view.east - 0.01, view.north - 0.01)
    inside = {cell for cell in drawn if inner.contains(*h3.cell_to_latlng(cell))}
    assert inside <= {row["cell"] for row in rows}


@pytest.mark.shape_independent("classes typed by the person, whatever the data")
def test_manual_breaks_colour_by_the_classes_typed(app):
    quantiles = map_data(app)["colors"]["thresholds"]
    app.selectbox(key="map_colour_classes").set_value("manual").run()
    assert any("Type the breaks" in str(warning.value) for warning in app.warning)
    assert map_data(app)["colors"]["thresholds"] == quantiles, "quantiles until the breaks read"
    app.text_input(key="map_colour_breaks").input("1, 5").run()
    assert not app.exception and not app.warning
    assert map_data(app)["colors"]["thresholds"] == [1, 5]
    assert "1–4" in legend(app) and "5+" in legend(app)
    assert (app.query_params["classes"], app.query_params["breaks"]) == ("manual", "1, 5")


@pytest.mark.shape_independent("a link's metric and typed classes, whatever the data")
def test_a_link_restores_the_colours(monkeypatch, sandbox):
    point_app_at(monkeypatch, sandbox.url)
    app = new_page(metric="investors", classes="manual", breaks="1,2,4")
    app.run()
    assert not app.exception
    data = map_data(app)
    assert data["colors"]["at"] == data["countAt"] + 1 and data["colors"]["thresholds"] == [1, 2, 4]
    assert "Investors per cell" in legend(app)
    assert app.query_params["breaks"] == "1,2,4"
