"""What the cell panel shows, the cell's own: its figures, its box, its deals.

The map's tooltip counts the deals of one hexagon (`/v1/deals/cells`). The API reads a
place as a point and radius or a box, both of which take in parts of the neighbouring
hexagons; so the panel reads the cell's box and keeps the deals whose point lies in the
cell, by the same rule the cells are counted by (the point's resolution-10 cell and its
parent at the cell's resolution), and its figures are the cell's own row of the cells read.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Protocol, TypeVar

import h3
import pandas as pd

from mapspec.view import View

# The cells are counted from each parcel's resolution-10 cell (sandbox and service alike).
FINEST_RESOLUTION = 10
# A box's edges are written with 4 decimals (View.text): rounded outward, they keep the hexagon.
BOX_STEP = 1e-4
# "Zoom to this cell" shows the cell and its neighbours this many rings out.
ZOOM_RINGS = 8


class Point(Protocol):
    """Where a deal's parcel lies (the service's `DealProperty`; this package loads no client)."""

    latitude: float | None
    longitude: float | None


class PlacedDeal(Protocol):
    """A deal as the panels place and count it (the service's `Deal`): its parcel's point, its kind,
    date and price."""

    property: Point | None
    kind: str | None
    sale_date: date | None
    price: int | None


D = TypeVar("D", bound=PlacedDeal)


def deal_point(deal: PlacedDeal) -> tuple[float, float] | None:
    """The deal's (latitude, longitude), or None for a deal served without one."""
    place = deal.property
    if place is None or place.latitude is None or place.longitude is None:
        return None
    return float(place.latitude), float(place.longitude)


def zoomed_view(cell: str) -> View:
    """What "Zoom to this cell" shows: the cell among its neighbours, ZOOM_RINGS rings out (the
    tour's first look at its busiest cell is the same view)."""
    return View.covering([h3.cell_to_latlng(item) for item in h3.grid_disk(cell, ZOOM_RINGS)], margin=0.0)


def cell_box(cell: str) -> View:
    """The smallest box (to 1e-4 degrees, rounded outward) that holds the hexagon."""
    corners = h3.cell_to_boundary(cell)
    latitudes = [corner[0] for corner in corners]
    longitudes = [corner[1] for corner in corners]
    def outward(value: float, rounding) -> float:
        return round(rounding(value / BOX_STEP) * BOX_STEP, 4)

    return View(
        outward(min(longitudes), math.floor), outward(min(latitudes), math.floor),
        outward(max(longitudes), math.ceil), outward(max(latitudes), math.ceil),
    )


def in_cell(latitude: float, longitude: float, cell: str) -> bool:
    resolution = h3.get_resolution(cell)
    finest = h3.latlng_to_cell(float(latitude), float(longitude), max(FINEST_RESOLUTION, resolution))
    return h3.cell_to_parent(finest, resolution) == cell


def deals_in_cell(rows: Sequence[D], cell: str) -> list[D]:
    """The deals of a read of the cell's box whose point lies in the cell."""
    return [row for row in rows if (point := deal_point(row)) is not None and in_cell(*point, cell)]


@dataclass(frozen=True)
class CellFigures:
    """The cell's row of a cells read: what its tooltip says."""

    n_deals: int = 0
    n_investors: int = 0
    median_price: float | None = None


def cell_figures(cells: pd.DataFrame, cell: str) -> CellFigures:
    """The cell's row of a cells read (n_deals, n_investors, median_price); zeros when the cell
    has no deals with these filters."""
    if cells is None or cells.empty:
        return CellFigures()
    found = cells[cells["cell"].astype(str) == cell]
    if found.empty:
        return CellFigures()
    row = found.iloc[0]
    median = row.get("median_price")
    return CellFigures(
        n_deals=int(row.get("n_deals") or 0), n_investors=int(row.get("n_investors") or 0),
        median_price=None if median is None or pd.isna(median) else float(median),
    )


@dataclass(frozen=True)
class ListedSummary:
    """The listed deals counted as `/v1/deals/summary` counts a read: by kind, by month (`YYYY-MM`, in
    order), and their prices' median."""

    n_deals: int = 0
    n_priced: int = 0
    median_price: float | None = None
    by_kind: Mapping[str, int] = field(default_factory=dict)
    by_month: Mapping[str, int] = field(default_factory=dict)


def summary_of_deals(rows: Sequence[PlacedDeal]) -> ListedSummary:
    """By kind and by month, from the cell's own deals."""
    kinds = Counter(str(row.kind) for row in rows if row.kind)
    months = Counter(str(row.sale_date)[:7] for row in rows if row.sale_date)
    prices = [float(row.price) for row in rows if row.price is not None]
    return ListedSummary(
        n_deals=len(rows), n_priced=len(prices), median_price=statistics.median(prices) if prices else None,
        by_kind=dict(sorted(kinds.items())), by_month=dict(sorted(months.items())),
    )
