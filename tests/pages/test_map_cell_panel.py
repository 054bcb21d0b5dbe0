"""The cell panel shows the cell's own figures and deals (issue 16, Map 2).

The map's tooltip counts a hexagon's deals (`/v1/deals/cells`); the panel once read a
circle around the hexagon and took in its neighbours' deals (13 deals against the
tooltip's 10). Now its figures are the cell's row, its deals those whose point lies in the
cell, and the cost of the read of the cell's box (which takes in its neighbours' edges) is
said before it is spent.
"""

from __future__ import annotations

import h3

from mapspec.cells import format_price
from tests.pages.map_helpers import drawn_cells, new_page, open_map, point_app_at, record_cell_reads, select_cell, texts


def open_densest_cell(monkeypatch, sandbox):
    point_app_at(monkeypatch, sandbox.url)
    app = new_page()
    app.run()
    assert not app.exception
    row = max(drawn_cells(app), key=lambda item: item[1])
    select_cell(app, row)
    app.run()
    assert not app.exception
    return app, row


def test_the_panels_figures_are_the_cells_own(monkeypatch, sandbox):
    app, (cell, deals, investors, median, *_) = open_densest_cell(monkeypatch, sandbox)
    metrics = {metric.label: metric.value for metric in app.metric}
    assert int(metrics["Deals"].replace(",", "")) == deals, "the tooltip's count, not a circle's"
    assert int(metrics["Investors"].replace(",", "")) == investors
    # The tooltip writes it short ("$286k"): the panel's full figure reads the same.
    assert format_price(float(metrics["Median price"].strip("$").replace(",", ""))) == format_price(median)


def test_the_cells_deals_are_its_own_and_the_edge_reads_cost_is_said_first(monkeypatch, sandbox):
    app, (cell, deals, *_) = open_densest_cell(monkeypatch, sandbox)
    meter = app.session_state["adapter_data_api"].credits
    app.button(key="map_deals_ask").click().run()
    warning = " ".join(texts(app, "warning"))
    assert "credits" in warning and meter.charged == 0
    app.button(key="map_deals_confirm").click().run()
    assert not app.exception
    table = app.dataframe[0].value
    assert len(table) == deals, f"{len(table)} deals listed for a cell of {deals}"
    # What was charged was said first: never more than the most stated.
    stated = max(int(word.replace(",", "")) for word in warning.split() if word.replace(",", "").isdigit())
    assert meter.charged <= stated  # deals the account already holds cost nothing again
    assert h3.is_valid_cell(cell)


def chart_specs(app) -> list[dict]:
    import json

    return [json.loads(chart.proto.spec) for chart in app.get("vega_lite_chart")]


def test_the_cells_charts_put_months_on_a_time_axis_and_label_every_kind(monkeypatch, sandbox):
    """Issue 16, Map 7: months evenly spaced with no gaps (2019-03 beside 2020-09) misread
    time; a kind chart too short skipped every other label."""
    app, _ = open_densest_cell(monkeypatch, sandbox)
    app.button(key="map_deals_ask").click().run()
    app.button(key="map_deals_confirm").click().run()
    specs = chart_specs(app)
    assert specs, "the listed deals are charted"
    encodings = [spec.get("encoding", {}) for spec in specs]
    month = next(encoding for encoding in encodings if "Month" in json_text(encoding))
    assert month["x"]["type"] == "temporal", month["x"]
    kind = next(encoding for encoding in encodings if "Kind" in json_text(encoding.get("y", {})))
    assert kind["y"]["axis"]["labelOverlap"] is False


def json_text(value) -> str:
    import json

    return json.dumps(value)


def test_the_deals_table_prints_no_none_for_a_name_not_served(monkeypatch, sandbox):
    """Issue 16, "None" in tables: a person's name is never served; the table says so."""
    app, _ = open_densest_cell(monkeypatch, sandbox)
    app.button(key="map_deals_ask").click().run()
    app.button(key="map_deals_confirm").click().run()
    table = app.dataframe[0].value
    for column in ("Buyer", "Seller", "City", "ZIP"):
        assert table[column].notna().all(), f"{column} has missing values shown as None"


def test_a_clicked_cells_figures_come_from_the_maps_own_read(monkeypatch, sandbox):
    """Issue 18, Speed: a click's figures are the map's row of the cell, from the read the
    map made (memoised), without a read of the cell's box before they show."""
    from mapspec.cell_panel import cell_box

    app = open_map(monkeypatch, sandbox)
    row = max(drawn_cells(app), key=lambda item: item[1])
    places = record_cell_reads(monkeypatch)
    select_cell(app, row)
    app.run()
    assert not app.exception
    metrics = {metric.label: metric.value for metric in app.metric}
    assert int(metrics["Deals"].replace(",", "")) == row[1]
    assert {"bbox": cell_box(row[0]).text()} not in places, "the cell's box was read for figures the map already had"


def test_the_panel_names_the_place_reads_on_a_big_screen_and_points_to_its_tables(monkeypatch, sandbox):
    """issue 26: the heading was "Cell 8a26cb91441ffff"; "Top investors" stayed an empty heading while
    its table rendered below the map; "Open property" sat off-screen right of the deals table; the
    kind chart was 60 px tall."""
    from components.charts import KIND_BAR_PX

    app, (cell, *_) = open_densest_cell(monkeypatch, sandbox)
    heading = texts(app, "subheader")[0]
    assert heading.startswith("Near ") and cell not in heading
    assert not any(cell in caption for caption in texts(app, "caption"))
    assert any(cell in code.value for code in app.code), "the cell's id in the copyable details line"
    app.button(key="map_investors_ask").click().run()
    app.button(key="map_investors_confirm").click().run()
    assert any(caption.endswith("listed below the map.") and "investor" in caption for caption in texts(app, "caption"))
    app.button(key="map_deals_ask").click().run()
    app.button(key="map_deals_confirm").click().run()
    assert not app.exception
    deals = next(frame.value for frame in app.dataframe if "Sold" in frame.value.columns)
    assert list(deals.columns)[0] == "Property", "the property's link is the first column, never off-screen"
    kind = next(spec for spec in chart_specs(app) if "Kind" in json_text(spec.get("encoding", {}).get("y", {})))
    bars = len(kind["datasets"][next(iter(kind["datasets"]))]) if kind.get("datasets") else 1
    assert kind["height"] >= max(120, KIND_BAR_PX * bars), "tall enough for its title, labels and axis"
