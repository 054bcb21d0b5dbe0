"""A view's cells as rows the browser draws: the two row forms, and the hexagon's shape.

A view holds up to 20,000 cells, so each cell travels as a short array, and the browser
computes its hexagon and its colour (frontend/src/cells.js):

- Centre form (most views): a cell is `[x, y, deals, investors, median]`, its centre in
  integer 1e-6 degrees (about 0.1 m), and the hexagon's corners are an affine function of
  that centre fitted to the view's cells (`HexShape`). No H3 code runs in the browser;
  `HexShape.fit` checks the fit on the view's cells and falls back when the error would
  show. The corners are degrees from the view's origin (deck.gl's `lnglat-offsets`):
  deck.gl then keeps them as 32-bit floats, where absolute longitudes and latitudes take
  its 64-bit emulation, twice the vertex data and a longer shader for a software renderer
  to run. It projects offsets to the second order, about a metre off at the edge of a
  metro view: the same shift for neighbouring corners, so no seam opens.
- The median price travels in whole dollars (null when no deed is priced): the map colours
  by it, and the tooltip writes it short (`format_price`, the same in cells.js).
- Ring form (fallback: views spanning many degrees, where the shape drifts with latitude,
  or holding a pentagon): `[hex, deals, investors, median, ring]`, the ring the cell's
  six corners in degrees, as H3 gives them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import h3
import numpy as np
import pandas as pd

from mapspec.message import CENTRE_FORM, RING_FORM

# Centres travel as integers in 1e-6 degrees (about 0.1 m): neighbouring hexagons, each
# placed by its own rounded centre, then meet within a pixel even at the map's closest
# zoom (at 1e-5, 1 m, a seam showed there). One byte shorter than the same decimal.
COORDINATE_SCALE = 1_000_000
# The centre form is used while every checked cell's true corners are within this share
# of the cell's radius of the fitted ones (at 0.5%, 1 px on a cell 200 px wide).
SHAPE_TOLERANCE = 0.005
# A ring's corners in degrees: 1e-6 (about 0.1 m), as the centre form's centres.
RING_DECIMALS = 6


def format_price(price: object) -> str:
    """Median price as the tooltip prints it: `$250k`; `n/a` when the deeds carry none."""
    if price is None or (isinstance(price, float) and math.isnan(price)):
        return "n/a"
    value = float(price)
    if value >= 1_000_000:
        # Halves round up, as JavaScript's Math.round does (frontend/src/cells.js, formatPrice).
        return f"${math.floor(value / 100_000 + 0.5) / 10:.1f}M"
    return f"${math.floor(value / 1000 + 0.5)}k"


def row_price(price: object) -> int | None:
    """Median price as a row carries it: whole dollars (the map colours by it, and the
    tooltip writes it short, as `format_price` does: frontend/src/cells.js); None when
    the deeds carry none."""
    if price is None or (isinstance(price, float) and math.isnan(price)):
        return None
    return round(float(price))


def encoded_centre(latitude: float, longitude: float) -> tuple[int, int]:
    """A centre as a row carries it: (x, y) in integer 1e-6 degrees."""
    return round(longitude * COORDINATE_SCALE), round(latitude * COORDINATE_SCALE)


def cell_centres(cells: pd.DataFrame) -> list[tuple[float, float]]:
    """Each cell's centre as (latitude, longitude)."""
    return [h3.cell_to_latlng(cell) for cell in cells["cell"].astype(str)]


@dataclass(frozen=True)
class HexShape:
    """The corners of every hexagon of a view, as a function of its centre.

    Each corner coordinate is `P * x + Q * y + R`, with (x, y) the centre as the row
    carries it (integer 1e-6 degrees of longitude and latitude), fitted by least squares to
    the true corners of the view's cells. H3 cells change shape slowly across a view (by
    about 1% of their size over 20,000 cells at resolution 8), and almost linearly: the fit
    leaves about 0.02% there, so neighbours meet without a visible seam however far the
    map is zoomed in the browser.
    """
    # Per corner coordinate (longitude 0, latitude 0, longitude 1, ...): (P, Q, R), R
    # relative to `origin`.
    coefficients: tuple[tuple[float, float, float], ...]
    # (longitude, latitude) in degrees the corners are drawn from: the fitted cells' mean.
    origin: tuple[float, float]

    @classmethod
    def fit(cls, cells: Sequence[str], centres: Sequence[tuple[float, float]], *, samples: int = 400) -> HexShape | None:
        """The view's shape, fitted and checked on its extreme cells and an even sample of
        the rest; None (draw the hex form) if any sampled cell is off by more than
        `SHAPE_TOLERANCE` of its radius: a pentagon, a view crossing an icosahedron face
        (corners numbered differently), or a view too large for a linear fit."""
        if not len(cells):
            return None
        latitudes = [centre[0] for centre in centres]
        longitudes = [centre[1] for centre in centres]
        extremes = {latitudes.index(min(latitudes)), latitudes.index(max(latitudes)),
                    longitudes.index(min(longitudes)), longitudes.index(max(longitudes))}
        chosen = sorted(extremes | set(range(0, len(cells), max(1, len(cells) // samples))))
        resolution = h3.get_resolution(cells[0])
        positions, corners = [], []
        for index in chosen:
            boundary = h3.cell_to_boundary(cells[index])
            if len(boundary) != 6 or h3.get_resolution(cells[index]) != resolution:
                return None
            positions.append(encoded_centre(*centres[index]))
            corners.append([value for lat, lng in boundary for value in (lng, lat)])
        position = np.asarray(positions, dtype=float)
        target = np.asarray(corners, dtype=float)
        # Fitted around the sample's mean (well conditioned), then written for raw x and y.
        mean = position.mean(axis=0)
        design = np.column_stack([position - mean, np.ones(len(position))])
        solution, *_ = np.linalg.lstsq(design, target, rcond=None)
        p, q, r = solution
        r = r - p * mean[0] - q * mean[1]
        predicted = position[:, :1] * p + position[:, 1:] * q + r
        radius = np.abs(target - np.tile(position / COORDINATE_SCALE, 6)).max()
        if np.abs(predicted - target).max() > SHAPE_TOLERANCE * radius:
            return None
        # Rounded so the spec stays short; R absorbs whatever the origin is.
        origin = (round(float(mean[0]) / COORDINATE_SCALE, 4), round(float(mean[1]) / COORDINATE_SCALE, 4))
        r = r - np.tile(origin, 6)
        return cls(tuple((float(pi), float(qi), float(ri)) for pi, qi, ri in zip(p, q, r)), origin)

    def terms(self) -> list[list[float]]:
        """Per corner coordinate, [P, Q, R], as the map element computes them."""
        return [list(term) for term in self.coefficients]


def cell_rows(
    cells: pd.DataFrame,
    centres: Sequence[tuple[float, float]] | None,
    *,
    notes: Sequence[str] | None = None,
) -> list[list]:
    """The per-cell arrays the browser receives: the centre, deals, investors, median (and
    a note); in ring form (`centres` None) the hex first and the ring of corners last."""
    deals = cells["n_deals"].astype(int).tolist()
    investors = cells["n_investors"].astype(int).tolist()
    prices = [row_price(value) for value in cells["median_price"].tolist()]
    values = zip(deals, investors, prices) if notes is None else zip(deals, investors, prices, notes)
    if centres is not None:
        return [[*encoded_centre(lat, lng), *rest] for (lat, lng), rest in zip(centres, values)]
    hexes = cells["cell"].astype(str).tolist()
    return [[cell, *rest, cell_ring(cell)] for cell, rest in zip(hexes, values)]


def cell_ring(cell: str) -> list[float]:
    """A cell's six corners as a flat ring, longitude first, in degrees."""
    return [round(value, RING_DECIMALS) for lat, lng in h3.cell_to_boundary(cell) for value in (lng, lat)]


def cell_of_row(row: Sequence, resolution: int | None) -> str | None:
    """The H3 cell of a drawn row: its hex (hex form), or its centre's cell (centre form)."""
    if not row:
        return None
    if isinstance(row[0], str):
        return row[0]
    if resolution is None or len(row) < 2:
        return None
    return h3.latlng_to_cell(row[1] / COORDINATE_SCALE, row[0] / COORDINATE_SCALE, resolution)
