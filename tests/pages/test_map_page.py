"""The Map page (AppTest) against the real sandbox: cells, filters, selection, credits, links, errors."""

from __future__ import annotations

import h3
import pytest

import adapter.map_files
import mapspec.layers
from mapspec.cell_panel import cell_box
from mapspec.view import MAX_VIEW_CELLS, View, choose_resolution
from tests.pages.map_helpers import (
    open_map,
    city_names,
    drawn_cells,
    layer_rows,
    legend_words,
    map_data,
    map_elements,
    new_page,
    point_app_at,
    popover_labels,
    select_cell,
    texts,
)
from tests.processes import free_port
from tests.tile_style import style_server


def test_default_view_draws_the_cells_the_api_counts(monkeypatch, sandbox, api, markets):
    app = open_map(monkeypatch, sandbox)
    first = markets[0]
    assert app.selectbox(key="map_place_market").value == first["market"]
    rows = drawn_cells(app)
    assert 0 < len(rows) <= MAX_VIEW_CELLS
    resolution = h3.get_resolution(rows[0][0])
    assert all(h3.get_resolution(row[0]) == resolution for row in rows)
    # The same read through the client: every cell of the market's box, counted alike.
    expected = api.deals.cells_frame(bbox=View(*first["bbox"]).text(), resolution=resolution)
    assert {row[0]: row[1] for row in rows} == dict(zip(expected["cell"], expected["n_deals"].astype(int)))
    assert f"H3 resolution {resolution}" in legend_words(app)
    assert f"H3 resolution {resolution}" in " ".join(map_data(app)["legend"]["lines"]), "the legend on the map says it too"
    assert map_data(app)["tilesShown"] is False, "DEEDSCOPE_BASEMAP=none: no tiles at first"
    names = city_names(app)
    assert names and all(isinstance(name, str) and name for name in names), "without tiles the map names its cities"
    assert app.query_params["market"] == first["market"]


def test_filters_change_the_request(monkeypatch, sandbox, api, markets):
    app = open_map(monkeypatch, sandbox)
    unfiltered = sum(row[1] for row in drawn_cells(app))
    app.multiselect(key="map_filters_kinds").select("flip")
    app.number_input(key="map_filters_min").set_value(200_000)
    app.run()
    assert not app.exception
    rows = drawn_cells(app)
    resolution = h3.get_resolution(rows[0][0])
    expected = api.deals.cells_frame(
        bbox=View(*markets[0]["bbox"]).text(), resolution=resolution, kind=["flip"], min_price=200_000
    )
    assert sum(row[1] for row in rows) == int(expected["n_deals"].sum()) < unfiltered
    assert app.query_params["kind"] == "flip"
    assert app.query_params["min"] == "200000"
    assert popover_labels(app)[0] == "Filters: Flip · $200,000 or more", "the filters' button says what is set"


def test_a_selected_cell_opens_its_free_summary(monkeypatch, sandbox, api):
    app = open_map(monkeypatch, sandbox)
    row = max(drawn_cells(app), key=lambda item: item[1])
    select_cell(app, row)
    app.run()
    assert not app.exception
    # issue 26: headed by where it is, the id small beneath.
    # The panel's one heading (the place's market trends head their own section under the map, issue 46).
    assert [text for text in texts(app, "subheader") if text != "Market trends"] == texts(app, "subheader")[:1]
    assert texts(app, "subheader")[0].startswith("Near ")
    assert any(row[0] in code.value for code in app.code), "the cell's id in its copyable details line"
    # The map frames the cell in the same run: its outline, as H3 draws it.
    assert map_data(app)["selected"]["ring"] == [[lng, lat] for lat, lng in h3.cell_to_boundary(row[0])]
    metrics = {metric.label: metric.value for metric in app.metric}
    assert int(metrics["Deals"]) >= row[1], "the circle around the cell holds the whole cell"
    assert app.query_params["cell"] == row[0]
    assert app.session_state["adapter_data_api"].credits.charged == 0, "the summary is free"


def test_listing_deals_states_the_cost_and_charges_only_once_confirmed(monkeypatch, sandbox, api):
    app = open_map(monkeypatch, sandbox)
    row = max(drawn_cells(app), key=lambda item: item[1])
    select_cell(app, row)
    app.run()
    meter = app.session_state["adapter_data_api"].credits
    deals_in_cell = int(next(metric.value for metric in app.metric if metric.label == "Deals").replace(",", ""))
    # The read is of the cell's box, which takes in its neighbours' edges: their deals are charged too.
    deals_in_box = api.deals.summary(bbox=cell_box(row[0]).text()).n_deals

    app.button(key="map_deals_ask").click().run()
    assert any(f"up to {deals_in_box:,} credits" in text for text in texts(app, "warning"))
    assert meter.charged == 0, "asking spends nothing"
    app.button(key="map_deals_cancel").click().run()
    assert meter.charged == 0 and not app.dataframe

    app.button(key="map_deals_ask").click().run()
    app.button(key="map_deals_confirm").click().run()
    assert not app.exception
    assert not any(button.key == "map_deals_confirm" for button in app.button), "the question is answered"
    assert meter.charged == deals_in_box
    table = app.dataframe[0].value
    assert len(table) == deals_in_cell
    assert table["Buyer page"].str.startswith("/investors?investor=inv_").all()
    assert app.get("download_button"), "the deals download as CSV"

    # Rerunning shows the same table without another charged read.
    app.run()
    assert meter.charged == deals_in_box and len(app.dataframe[0].value) == deals_in_cell


def test_top_investors_are_read_after_confirmation(monkeypatch, sandbox):
    app = open_map(monkeypatch, sandbox)
    select_cell(app, max(drawn_cells(app), key=lambda item: item[1]))
    app.run()
    meter = app.session_state["adapter_data_api"].credits
    app.button(key="map_investors_ask").click().run()
    assert meter.charged == 0
    app.button(key="map_investors_confirm").click().run()
    assert not app.exception
    table = app.dataframe[0].value
    assert 0 < len(table) <= 10
    assert meter.charged == len(table)
    assert table["Profile"].str.startswith("/investors?investor=inv_").all()


def test_a_link_restores_place_filters_view_and_cell(monkeypatch, sandbox, markets):
    point_app_at(monkeypatch, sandbox.url)
    market = markets[-1]
    view = View(*market["bbox"])
    latitude, longitude = view.center
    app = new_page()
    app.run()
    app.selectbox(key="map_place_market").set_value(market["market"])
    app.radio(key="map_place_mode").set_value("Point + radius")
    app.run()
    app.number_input(key="map_place_lat").set_value(round(latitude, 4))
    app.number_input(key="map_place_lng").set_value(round(longitude, 4))
    app.number_input(key="map_place_radius").set_value(6.0)
    app.multiselect(key="map_filters_kinds").select("flip").select("hold")
    app.run()
    rows = drawn_cells(app)
    assert rows, "the circle holds deals"
    select_cell(app, rows[0])
    app.run()
    assert not app.exception
    link = {name: app.query_params[name] for name in app.query_params}
    assert link["market"] == market["market"] and link["radius"] == "6" and link["kind"] == "flip,hold"
    assert link["cell"] == rows[0][0] and "view" in link

    opened = new_page(**link)
    opened.run()
    assert not opened.exception
    assert opened.selectbox(key="map_place_market").value == market["market"]
    assert opened.radio(key="map_place_mode").value == "Point + radius"
    assert opened.number_input(key="map_place_radius").value == 6.0
    assert opened.multiselect(key="map_filters_kinds").value == ["flip", "hold"]
    assert drawn_cells(opened) == rows
    assert any(rows[0][0] in code.value for code in opened.code), "the cell's id in its copyable details line"
    assert {name: opened.query_params[name] for name in opened.query_params} == link


@pytest.mark.shape_independent("a radius over 20 miles or a malformed ZIP is refused before any read of the place")
@pytest.mark.parametrize(
    ("mode", "widget", "value", "message"),
    [
        pytest.param("Point + radius", "map_place_radius", 25.0, "at most 20 miles", id="radius-over-20"),
        pytest.param("ZIP codes", "map_place_zips", "7520", "a ZIP code is 5 digits", id="malformed-zip"),
    ],
)
def test_bad_input_is_explained_and_the_market_still_shows(monkeypatch, sandbox, markets, mode, widget, value, message):
    app = open_map(monkeypatch, sandbox)
    app.radio(key="map_place_mode").set_value(mode)
    app.run()
    if mode == "Point + radius":
        latitude, longitude = View(*markets[0]["bbox"]).center
        app.number_input(key="map_place_lat").set_value(round(latitude, 4))
        app.number_input(key="map_place_lng").set_value(round(longitude, 4))
        app.number_input(key=widget).set_value(value)
    else:
        app.text_input(key=widget).input(value)
    app.run()
    assert not app.exception
    assert any(message in text for text in texts(app, "error"))
    assert drawn_cells(app), "the market's cells are still drawn"


def test_an_unknown_zip_is_named(monkeypatch, sandbox):
    app = open_map(monkeypatch, sandbox)
    app.radio(key="map_place_mode").set_value("ZIP codes")
    app.run()
    app.text_input(key="map_place_zips").input("99950")  # Ketchikan, Alaska: no market serves it
    app.run()
    assert not app.exception
    errors = texts(app, "error")
    assert any("99950" in text and "Unknown ZIPs" in text for text in errors), errors
    assert app.selectbox(key="map_place_market").value, "the place picker keeps working"


@pytest.mark.shape_independent("the host answers 401 to a key it does not know: an error, whatever the data")
def test_a_bad_key_is_explained(monkeypatch, sandbox):
    point_app_at(monkeypatch, sandbox.url, key="zpka_not_a_real_key")
    app = new_page()
    app.run()
    assert not app.exception
    assert any("API key" in text for text in texts(app, "error"))
    assert any("No market to show" in text for text in texts(app, "info"))


def test_an_exhausted_allowance_still_shows_the_free_map(monkeypatch, sandbox):
    point_app_at(monkeypatch, sandbox.url, key="zpka_sandbox_empty")
    app = new_page()
    app.run()
    rows = drawn_cells(app)
    assert rows, "cells cost nothing and still draw"
    select_cell(app, max(rows, key=lambda item: item[1]))
    app.run()
    app.button(key="map_deals_ask").click().run()
    app.button(key="map_deals_confirm").click().run()
    assert not app.exception
    assert any("credits are used up" in text for text in texts(app, "warning"))
    assert any(metric.label == "Deals" for metric in app.metric), "the free summary stays"


@pytest.mark.shape_independent("every request is refused (429, 504): only errors are read")
@pytest.mark.parametrize(
    ("status", "message"),
    [
        pytest.param(429, "Try again in 2 s", id="429-rate-limited"),
        pytest.param(504, "took too long", id="504-statement-timeout"),
    ],
)
def test_server_refusals_are_messages_not_exceptions(monkeypatch, sandbox, status, message):
    point_app_at(monkeypatch, sandbox.url)
    sandbox.faults(rate=1, statuses=[status])
    app = new_page()
    app.run()
    assert not app.exception
    shown = texts(app, "error") + texts(app, "warning")
    assert any(message in text for text in shown), shown
    assert app.radio(key="map_place_mode").value == "Whole market", "the controls still draw"


def test_the_market_picker_flies_to_the_market(monkeypatch, sandbox, markets):
    app = open_map(monkeypatch, sandbox)
    other = markets[1]
    app.selectbox(key="map_place_market").set_value(other["market"])
    app.run()
    assert not app.exception
    view_state = map_data(app)["view"]
    latitude, longitude = View(*other["bbox"]).center
    assert abs(view_state["latitude"] - latitude) < 1e-3 and abs(view_state["longitude"] - longitude) < 1e-3
    assert app.query_params["market"] == other["market"]
    assert app.query_params["view"] == View(*other["bbox"]).text()


def test_a_market_with_stale_or_partial_coverage_is_marked(monkeypatch, sandbox, markets):
    flagged = [
        market for market in markets
        if any(row.get("stale") or row.get("status") == "partial" for row in (market.get("datasets") or {}).values())
    ]
    assert flagged, "the sandbox has a market with stale or partial coverage"
    app = open_map(monkeypatch, sandbox)
    app.selectbox(key="map_place_market").set_value(flagged[0]["market"])
    app.run()
    assert not app.exception
    layers = {layer["id"]: layer for layer in map_data(app)["cells"]}
    assert layers["cells-flagged"]["flagged"] and layer_rows(app, layers["cells-flagged"]), "its cells are drawn outlined"
    legend = " ".join(map_data(app)["legend"]["lines"])
    assert "Outlined cells" in legend and flagged[0]["name"] in legend
    assert "Outlined cells" in legend_words(app)


@pytest.mark.parametrize("mode", ["ZIP codes", "City"])
def test_a_zip_list_or_a_city_narrows_the_view_to_its_cells(monkeypatch, sandbox, api, markets, mode):
    market_view = View(*markets[0]["bbox"])
    deal = next(iter(api.deals.list(bbox=market_view.text(), limit=1).items))
    app = open_map(monkeypatch, sandbox)
    app.radio(key="map_place_mode").set_value(mode)
    app.run()
    if mode == "ZIP codes":
        app.text_input(key="map_place_zips").input(deal.property.zip)
    else:
        app.text_input(key="map_place_city").input(deal.property.city)
    app.run()
    assert not app.exception
    rows = drawn_cells(app)
    resolution = h3.get_resolution(rows[0][0])
    place = {"zip": [deal.property.zip]} if mode == "ZIP codes" else {"city": deal.property.city}
    expected = api.deals.cells_frame(**place, resolution=resolution)
    assert {row[0] for row in rows} == set(expected["cell"])
    view = View.parse(app.query_params["view"])
    assert view.area_km2() < market_view.area_km2(), "the view fits the place, not the market"
    assert resolution >= choose_resolution(market_view)


def test_a_point_picked_on_the_map_becomes_the_place(monkeypatch, sandbox):
    app = open_map(monkeypatch, sandbox)
    row = max(drawn_cells(app), key=lambda item: item[1])
    select_cell(app, row)
    app.run()
    app.button(key="map_pick_point").click().run()
    assert not app.exception
    latitude, longitude = h3.cell_to_latlng(row[0])
    assert app.radio(key="map_place_mode").value == "Point + radius"
    assert abs(app.number_input(key="map_place_lat").value - latitude) < 1e-4
    assert abs(app.number_input(key="map_place_lng").value - longitude) < 1e-4
    assert app.query_params["radius"] == "1"
    assert drawn_cells(app), "the circle's cells are drawn"


@pytest.mark.shape_independent("a link's broken values are said before any read")
def test_a_malformed_link_is_explained_and_the_page_still_works(monkeypatch, sandbox):
    point_app_at(monkeypatch, sandbox.url)
    app = new_page(market="XXX", lat="north", lng="-96.8", radius="2", to="31/12/2024", kind="flip,teardown",
                   view="1,2,3", cell="not-a-cell", min="cheap")
    app.run()
    assert not app.exception
    warnings = " ".join(texts(app, "warning"))
    for fragment in ("'XXX' is not served", "latitude 'north' is not a number", "'31/12/2024' is not a date",
                     "Unknown deal kinds in the link: teardown", "not west,south,east,north",
                     "'not-a-cell' is not an H3 cell", "min price 'cheap' is not a price"):
        assert fragment in warnings, fragment
    assert app.multiselect(key="map_filters_kinds").value == ["flip"]
    assert drawn_cells(app), "the first market's cells are drawn"
    assert texts(app, "info")[-1] == "Click a cell on the map to see who buys there."


def test_a_link_opened_while_coverage_fails_is_restored_once_it_answers(monkeypatch, sandbox, markets):
    point_app_at(monkeypatch, sandbox.url)
    sandbox.faults(rate=1, statuses=[504])
    app = new_page(market=markets[-1]["market"], kind="hold")
    app.run()
    assert not app.exception and any("took too long" in text for text in texts(app, "error"))
    watch = app.button(key="map_watch")
    assert watch.disabled and "markets could not be read" in watch.help, "the Watch button says why it waits"
    sandbox.faults(rate=0)
    app.run()
    # data-api.md, Limits 4: a 504 is not resent identically, by a rerun either: the page offers to try again.
    assert any("took too long" in text for text in texts(app, "error")), "a rerun does not resend the timed-out read"
    next(button for button in app.button if button.label == "Try again").click().run()
    assert not texts(app, "error")
    assert app.selectbox(key="map_place_market").value == markets[-1]["market"]
    assert app.multiselect(key="map_filters_kinds").value == ["hold"]
    assert popover_labels(app)[0] == "Filters: Hold", "a link's filters show on the closed button"
    assert not app.button(key="map_watch").disabled, "the view can be watched once the markets read"


@pytest.mark.shape_independent("whether the tiles' style answers, and the app's own city names: no host row is asserted")
def test_without_reachable_tiles_the_map_draws_its_own_names(monkeypatch, sandbox):
    """DEEDSCOPE_BASEMAP=auto (the default): tiles while their style answers; when it
    cannot (no internet), outlines and city names instead of a blank background."""
    point_app_at(monkeypatch, sandbox.url)
    monkeypatch.setenv("DEEDSCOPE_BASEMAP", "auto")
    monkeypatch.setattr(mapspec.layers, "CARTO_POSITRON", f"http://127.0.0.1:{free_port()}/style.json")
    app = new_page()
    app.run()
    assert not app.exception
    assert map_data(app)["tilesShown"] is False
    assert city_names(app), "the map names its cities itself"

    with style_server() as url:
        monkeypatch.setattr(mapspec.layers, "CARTO_POSITRON", f"{url}/style.json")
        app = new_page()
        app.run()
        assert not app.exception
        online = map_data(app)
    assert online["tiles"] == mapspec.layers.CARTO_POSITRON_TILES and online["tilesShown"] is True


@pytest.mark.shape_independent("a map script not built, said whatever the data")
def test_a_map_script_that_was_not_built_is_said_in_the_maps_place(monkeypatch, sandbox, tmp_path):
    """Run without `make` (no Node.js): the page says how to build the map's script, and
    the legend, the cell panel and the link still work."""
    point_app_at(monkeypatch, sandbox.url)
    monkeypatch.setattr(adapter.map_files, "MAP_SCRIPT", tmp_path / "missing" / "map_element.js")
    app = new_page()
    app.run()
    assert not app.exception
    assert any("The map's script is not built: run `make run`" in text for text in texts(app, "error"))
    assert not map_elements(app), "no map element without its script"
    assert "H3 resolution" in legend_words(app), "the legend's words still say what would be drawn"
    assert app.query_params["market"], "the link is still written"
    assert any("Click a cell" in text for text in texts(app, "info"))
