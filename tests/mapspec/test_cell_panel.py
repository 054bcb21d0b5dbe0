"""The cell panel's own figures and deals (mapspec/cell_panel.py), without Streamlit."""

from __future__ import annotations

import h3
import pandas as pd

from mapspec.cell_panel import ZOOM_RINGS, CellFigures, cell_box, cell_figures, deals_in_cell, summary_of_deals, zoomed_view
from mapspec.view import View
from services.data_api.models import Deal

CELL = "8826c862dbfffff"


def test_the_cells_box_holds_its_hexagon_and_reads_back_exactly():
    box = cell_box(CELL)
    assert all(box.contains(lat, lng) for lat, lng in h3.cell_to_boundary(CELL))
    assert View.parse(box.text()) == box


def test_only_the_deals_whose_point_is_in_the_cell_are_kept():
    inside = h3.cell_to_latlng(CELL)
    neighbour = h3.cell_to_latlng(next(cell for cell in h3.grid_ring(CELL, 1)))
    rows = [Deal.model_validate(row) for row in (
        {"id": "in", "property": {"latitude": inside[0], "longitude": inside[1]}},
        {"id": "beside", "property": {"latitude": neighbour[0], "longitude": neighbour[1]}},
        {"id": "nowhere", "property": {"latitude": None, "longitude": None}},
        {"id": "unplaced"},
    )]
    assert [row.id for row in deals_in_cell(rows, CELL)] == ["in"]


def test_the_figures_are_the_cells_row_and_zero_without_one():
    frame = pd.DataFrame({"cell": [CELL, "other"], "n_deals": [10, 3], "n_investors": [6, 2], "median_price": [373000.0, 1.0]})
    assert cell_figures(frame, CELL) == CellFigures(n_deals=10, n_investors=6, median_price=373000.0)
    assert cell_figures(frame.iloc[1:], CELL) == CellFigures()


def test_the_listed_deals_summary_counts_kinds_and_months():
    rows = [Deal.model_validate(row) for row in (
        {"id": "a", "kind": "flip", "sale_date": "2019-03-02", "price": 100},
        {"id": "b", "kind": "flip", "sale_date": "2020-09-01", "price": None},
        {"id": "c", "kind": None, "sale_date": None},
    )]
    summary = summary_of_deals(rows)
    assert summary.by_kind == {"flip": 2} and (summary.n_deals, summary.n_priced, summary.median_price) == (3, 1, 100.0)
    assert list(summary.by_month.items()) == [("2019-03", 1), ("2020-09", 1)]


def test_zoom_to_a_cell_shows_it_amid_its_rings_of_neighbours():
    cell = h3.latlng_to_cell(32.78, -96.80, 8)
    view = zoomed_view(cell)
    centres = [h3.cell_to_latlng(item) for item in h3.grid_disk(cell, ZOOM_RINGS)]
    assert all(view.south <= lat <= view.north and view.west <= lng <= view.east for lat, lng in centres)
    assert abs(min(lat for lat, _ in centres) - view.south) <= 0.011, "the box is tight round them"
    assert view.holds(cell_box(cell)), "the cell itself is in view"

