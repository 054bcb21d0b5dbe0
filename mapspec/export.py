"""The cells in view as a CSV file ("Download CSV", issue 18: for slides and spreadsheets).

Read back from the rows the map drew (`MapSpec.rows`), so the file holds exactly the
figures the map shows, in either row form (mapspec/cells.py); a cell is in view when its
centre is.
"""

from __future__ import annotations

import csv
import io
import json

import h3

from mapspec.cells import CENTRE_FORM, COORDINATE_SCALE
from mapspec.layers import MapSpec
from mapspec.view import View

CSV_COLUMNS = ("cell", "latitude", "longitude", "n_deals", "n_investors", "median_price")


def cells_in_view(spec: MapSpec, view: View) -> list[tuple]:
    """(cell, latitude, longitude, deals, investors, median price or None) of each drawn
    cell whose centre is in `view`, in the order drawn."""
    count_at = spec.layout["countAt"]
    found = []
    for text in spec.rows.values():
        for row in json.loads(text):
            if spec.form == CENTRE_FORM:
                latitude, longitude = row[1] / COORDINATE_SCALE, row[0] / COORDINATE_SCALE
                cell = h3.latlng_to_cell(latitude, longitude, spec.resolution)
            else:
                cell = row[0]
                latitude, longitude = h3.cell_to_latlng(cell)
            if view.contains(latitude, longitude):
                deals, investors, median = row[count_at : count_at + 3]
                found.append((cell, round(latitude, 6), round(longitude, 6), deals, investors, median))
    return found


def cells_csv(spec: MapSpec, view: View) -> str:
    """The cells in view as CSV text, a header first; an unpriced cell's median left empty."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    writer.writerows(cells_in_view(spec, view))
    return out.getvalue()
