"""A view's drawing, from the view to the spec, in one place: which resolution, which
cells, which box, which markets and names.

The adapter (adapter/map_files.py) calls `draw_view` once, with its cached read of the
cells; everything between the view and the spec happens here, without Streamlit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import h3
import pandas as pd

from mapspec.labels import city_labels
from mapspec.layers import MapSpec, build_spec
from mapspec.markets import Market, shapes_in_view
from mapspec.view import View, camera, choose_resolution

# Reads a place's cells at a resolution: the cells, and the resolution they came at (a
# read may answer at a coarser one where the place holds more cells than the API serves).
ReadCells = Callable[[int], tuple[pd.DataFrame, int]]


@dataclass(frozen=True)
class DrawnView:
    """What the map draws for a view, the view it shows and the cells' resolution."""

    spec: MapSpec
    view: View
    resolution: int


def draw_view(
    view: View, read_cells: ReadCells, *, fit_to_cells: bool, markets: Sequence[Market], basemap: bool
) -> DrawnView:
    """The view's spec: its cells at the finest resolution that keeps it under the most
    cells a view may hold. A ZIP list or a city (`fit_to_cells`) has no box of its own:
    the first read, at the view's resolution, finds where its cells are, and a finer read
    fills that box. Market frames in view; city names, drawn while tiles are not."""
    cells, resolution = read_cells(choose_resolution(view))
    if fit_to_cells and len(cells):
        view = View.covering([h3.cell_to_latlng(cell) for cell in cells["cell"].astype(str)])
        finer = choose_resolution(view)
        if finer != resolution:
            cells, resolution = read_cells(finer)
    shapes = shapes_in_view(markets, view)
    # Names for the map without tiles: its basemap switch may turn them off at any time.
    spec = build_spec(cells, camera=camera(view), markets=shapes, labels=city_labels(view), basemap=basemap)
    return DrawnView(spec, view, resolution)
