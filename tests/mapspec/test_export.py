"""The cells in view as CSV (mapspec/export.py), in both row forms."""

from __future__ import annotations

import csv
import io

import h3
import pandas as pd
import pytest

from mapspec.cells import RING_FORM
from mapspec.export import CSV_COLUMNS, cells_csv
from mapspec.layers import build_spec
from mapspec.view import View, camera

INSIDE = View(-96.85, 32.75, -96.75, 32.85)


def frame_of(cells: list[str]) -> pd.DataFrame:
    return pd.DataFrame(
        {
            "cell": cells,
            "n_deals": [index % 7 + 1 for index in range(len(cells))],
            "n_investors": [index % 3 + 1 for index in range(len(cells))],
            "median_price": [None if index == 0 else 200_000.4 + index for index in range(len(cells))],
        }
    )


def read(text: str) -> list[dict]:
    return list(csv.DictReader(io.StringIO(text)))


@pytest.mark.parametrize(
    ("resolution", "ring_form"),
    [pytest.param(8, False, id="centre-form"), pytest.param(8, True, id="ring-form")],
)
def test_the_file_holds_the_cells_whose_centre_is_in_view(resolution, ring_form, monkeypatch):
    if ring_form:
        monkeypatch.setattr("mapspec.layers.HexShape.fit", lambda *args, **kwargs: None)
    cells = sorted(h3.grid_disk(h3.latlng_to_cell(32.8, -96.8, resolution), 12))
    frame = frame_of(cells)
    spec = build_spec(frame, camera=camera(INSIDE))
    assert (spec.form == RING_FORM) == ring_form
    rows = read(cells_csv(spec, INSIDE))
    expected = {cell for cell in cells if INSIDE.contains(*h3.cell_to_latlng(cell))}
    assert 0 < len(expected) < len(cells), "the disk reaches past the view"
    assert {row["cell"] for row in rows} == expected
    by_cell = frame.set_index("cell")
    for row in rows:
        assert list(row) == list(CSV_COLUMNS)
        assert int(row["n_deals"]) == by_cell.loc[row["cell"], "n_deals"]
        assert int(row["n_investors"]) == by_cell.loc[row["cell"], "n_investors"]
        price = by_cell.loc[row["cell"], "median_price"]
        assert row["median_price"] == ("" if pd.isna(price) else str(round(price)))


def test_an_empty_view_gives_the_header_alone():
    spec = build_spec(frame_of([]), camera=camera(INSIDE))
    assert cells_csv(spec, INSIDE) == ",".join(CSV_COLUMNS) + "\n"
