"""An area drawn on the map: its corners, its box, and the cells and deals that lie in it.

A person draws a polygon on the map (frontend/src/draw.js); its corners come back as the
map's `area` state and go into the page's link (links/map.py). Here, without Streamlit:

- Which cells are in the area: those whose centre lies in the polygon. The map counts
  them at once from the rows it drew (frontend/src/area.js), and the page from its free
  read of the cells; both take the centre as the rows carry it (integer 1e-6 degrees,
  mapspec/cells.py) and test it with the same even-odd rule on the corners as plain
  longitude and latitude, so the two counts agree to the cell. `h3.polygon_to_cells` also
  keeps cells by their centre, but with great-circle edges: a cell near a long edge could
  be in for H3 and out for the map, and the browser has no H3 to ask.
- Which deals are in the area: a read of the polygon's box (to 1e-4 degrees, outward)
  costs 1 credit per deal new to the account (the free summary of the box says the most it
  may cost), and only the deals whose point lies in the polygon are kept. A deal served
  without a point cannot be placed: it is left out and counted (`AreaDeals.unplaced`).
- What is refused: fewer than 3 corners, more than the map draws, edges that cross or fold
  back; and, said beside the area, a box over 40 miles on a side (data-api.md reads a
  circle of at most 20 miles in radius: the box around it is the largest place it names),
  or a box that touches no served market.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic

import h3
import pandas as pd

from mapspec.cell_panel import BOX_STEP, D, deal_point
from mapspec.cells import COORDINATE_SCALE, encoded_centre
from mapspec.markets import Market, market_box, market_codes
from mapspec.message import MAX_AREA_CORNERS
from mapspec.view import KM_PER_DEGREE_LATITUDE, KM_PER_DEGREE_LONGITUDE_AT_EQUATOR, MILES_PER_KM, View
from services.contract import MAX_RADIUS_MILES

MIN_AREA_CORNERS = 3
# The corners as the map sends them: degrees to 1e-5 (about a metre), as short in the link.
AREA_DECIMALS = 5
# The largest box an area may have, per side: the box around the largest circle the data
# service reads (data-api.md, Limits 6: radius_miles at most 20).
MAX_AREA_BOX_MILES = 2 * MAX_RADIUS_MILES

Point = tuple[float, float]  # (longitude, latitude)


def ring_contains(ring: Sequence[Point], x: float, y: float) -> bool:
    """Whether (x, y) lies in the polygon `ring` (open: the last corner joins the first), by
    the even-odd rule. The same steps, in the same order, as frontend/src/area.js
    (`ringContains`): both sides compute the same doubles, so they agree on every point."""
    inside = False
    j = len(ring) - 1
    for i in range(len(ring)):
        xi, yi = ring[i]
        xj, yj = ring[j]
        if (yi > y) != (yj > y):
            crossing = (xj - xi) * (y - yi) / (yj - yi) + xi
            if x < crossing:
                inside = not inside
        j = i
    return inside


def _orientation(a: Point, b: Point, c: Point) -> int:
    value = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (value > 0) - (value < 0)


def _within(a: Point, b: Point, c: Point) -> bool:
    """c, on the line through a and b, lies within their box."""
    return min(a[0], b[0]) <= c[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= c[1] <= max(a[1], b[1])


def segments_meet(p1: Point, p2: Point, p3: Point, p4: Point) -> bool:
    """Whether segments p1-p2 and p3-p4 cross or touch."""
    d1, d2 = _orientation(p3, p4, p1), _orientation(p3, p4, p2)
    d3, d4 = _orientation(p1, p2, p3), _orientation(p1, p2, p4)
    if d1 != d2 and d3 != d4 and 0 not in (d1, d2, d3, d4):
        return True
    return (
        (d1 == 0 and _within(p3, p4, p1)) or (d2 == 0 and _within(p3, p4, p2))
        or (d3 == 0 and _within(p1, p2, p3)) or (d4 == 0 and _within(p1, p2, p4))
    )


def crosses_itself(ring: Sequence[Point]) -> bool:
    """Whether the closed ring's edges cross, touch away from their shared corner, or fold
    back along each other (as frontend/src/area.js, `crossesItself`)."""
    count = len(ring)
    edges = [(ring[i], ring[(i + 1) % count]) for i in range(count)]
    for i in range(count):
        for k in range(i + 1, count):
            (a, b), (c, d) = edges[i], edges[k]
            if k == i + 1 or (i == 0 and k == count - 1):
                # Neighbours share a corner: they meet there, and fold back when the next
                # edge runs back along the first.
                first, corner, last = (a, b, d) if k == i + 1 else (c, d, b)
                if _orientation(first, corner, last) == 0:
                    towards = (corner[0] - first[0]) * (last[0] - corner[0]) + (corner[1] - first[1]) * (last[1] - corner[1])
                    if towards < 0:
                        return True
                continue
            if segments_meet(a, b, c, d):
                return True
    return False


def cleaned(corners: Iterable[Sequence[float]]) -> list[Point]:
    """The corners rounded as the map sends them, a corner repeated at once (a double
    click's second click) or the first repeated at the end (a ring written closed) dropped."""
    kept: list[Point] = []
    for lng, lat in corners:
        point = (round(float(lng), AREA_DECIMALS), round(float(lat), AREA_DECIMALS))
        if not kept or point != kept[-1]:
            kept.append(point)
    if len(kept) > 1 and kept[-1] == kept[0]:
        kept.pop()
    return kept


def corners_problem(corners: Sequence[Point]) -> str | None:
    """What makes these corners no area, in a person's words; None when they make one."""
    if len(corners) < MIN_AREA_CORNERS:
        return f"An area needs at least {MIN_AREA_CORNERS} corners."
    if len(corners) > MAX_AREA_CORNERS:
        return f"An area has at most {MAX_AREA_CORNERS} corners."
    if not all(-180 <= lng <= 180 and -90 <= lat <= 90 for lng, lat in corners):
        return "An area's corners are longitudes from -180 to 180 and latitudes from -90 to 90."
    if crosses_itself(corners):
        return "The area's edges cross each other."
    return None


@dataclass(frozen=True)
class Area:
    """A drawn area: its corners (longitude, latitude), the ring open, its edges not crossing."""

    corners: tuple[Point, ...]

    @classmethod
    def of(cls, corners: Iterable[Sequence[float]]) -> "Area":
        """The area of these corners; ValueError, in a person's words, when they make none."""
        try:
            points = cleaned(corners)
        except (TypeError, ValueError):
            raise ValueError("An area's corners are pairs of numbers: longitude, latitude.") from None
        if not all(math.isfinite(value) for point in points for value in point):
            raise ValueError("An area's corners are pairs of numbers: longitude, latitude.")
        problem = corners_problem(points)
        if problem:
            raise ValueError(problem)
        return cls(tuple(points))

    @classmethod
    def parse(cls, text: str) -> "Area":
        """`lng,lat,lng,lat,...` as the link writes it (`text`)."""
        try:
            values = [float(part) for part in text.split(",")]
        except ValueError:
            raise ValueError("An area is written as longitude,latitude pairs.") from None
        if len(values) % 2:
            raise ValueError("An area is written as longitude,latitude pairs.")
        return cls.of(zip(values[::2], values[1::2]))

    def text(self) -> str:
        # Rounded to AREA_DECIMALS already: written as short as they read back exactly.
        return ",".join(f"{value:.{AREA_DECIMALS}f}".rstrip("0").rstrip(".") for point in self.corners for value in point)

    def points(self) -> list[list[float]]:
        """The corners as the map's message carries them (message.json, $defs.area)."""
        return [list(point) for point in self.corners]

    def contains(self, longitude: float, latitude: float) -> bool:
        return ring_contains(self.corners, longitude, latitude)

    def box(self) -> View:
        """The smallest box (to 1e-4 degrees, rounded outward) that holds the area: what
        the deals are read through."""
        longitudes = [point[0] for point in self.corners]
        latitudes = [point[1] for point in self.corners]

        def outward(value: float, rounding) -> float:
            return round(rounding(round(value / BOX_STEP, 6)) * BOX_STEP, 4)

        return View(
            outward(min(longitudes), math.floor), outward(min(latitudes), math.floor),
            outward(max(longitudes), math.ceil), outward(max(latitudes), math.ceil),
        )


def box_miles(box: View) -> tuple[float, float]:
    """The box's width and height in miles (width at its middle latitude)."""
    middle = math.radians((box.south + box.north) / 2)
    width = (box.east - box.west) * KM_PER_DEGREE_LONGITUDE_AT_EQUATOR * math.cos(middle) * MILES_PER_KM
    height = (box.north - box.south) * KM_PER_DEGREE_LATITUDE * MILES_PER_KM
    return width, height


def size_problem(area: Area) -> str | None:
    """An area too large to read its deals through its box, said with its size; None if not."""
    width, height = box_miles(area.box())
    if max(width, height) <= MAX_AREA_BOX_MILES:
        return None
    return (
        f"This area is too large: it spans {width:,.0f} × {height:,.0f} miles, and an area is read at most "
        f"{MAX_AREA_BOX_MILES:g} miles across. Clear it and draw a smaller one."
    )


def markets_touched(area: Area, markets: Sequence[Market]) -> list[str]:
    """The codes of the served markets whose box the area's box touches."""
    box = area.box()
    touched = []
    for market in markets:
        if (shape := market_box(market)) is not None and (
                shape.west <= box.east and box.west <= shape.east and shape.south <= box.north and box.south <= shape.north):
            touched.append(market.market)
    return touched


def outside_problem(area: Area, markets: Sequence[Market]) -> str | None:
    """An area beyond every served market, said with the markets there are; None if not."""
    if not markets or markets_touched(area, markets):
        return None
    served = ", ".join(market_codes(markets))
    return f"This area is outside the markets with data ({served}): clear it and draw it over the map's cells."


def cells_box(area: Area, resolution: int) -> View:
    """The area's box grown by a cell's edge at this resolution: a cell whose centre is in
    the area is then read whole (a read counts the parcels inside its box only)."""
    box = area.box()
    grow_km = 2 * h3.average_hexagon_edge_length(resolution, unit="km")
    middle = math.radians((box.south + box.north) / 2)
    grow_lat = grow_km / KM_PER_DEGREE_LATITUDE
    grow_lng = grow_km / (KM_PER_DEGREE_LONGITUDE_AT_EQUATOR * max(math.cos(middle), 0.01))
    return View.clamped(
        round(box.west - grow_lng, 4), round(box.south - grow_lat, 4), round(box.east + grow_lng, 4), round(box.north + grow_lat, 4)
    )


def cells_in_area(cells: pd.DataFrame, area: Area) -> pd.DataFrame:
    """The cells (a read of `/v1/deals/cells`) whose centre, as the map's rows carry it, lies in the area."""
    if cells is None or cells.empty:
        return pd.DataFrame(columns=["cell", "n_deals", "n_investors", "median_price"])
    inside = []
    for cell in cells["cell"].astype(str):
        x, y = encoded_centre(*h3.cell_to_latlng(cell))
        inside.append(area.contains(x / COORDINATE_SCALE, y / COORDINATE_SCALE))
    return cells[inside].reset_index(drop=True)


@dataclass(frozen=True)
class AreaFigures:
    """What the cells in an area add up to."""

    n_cells: int
    n_deals: int
    busiest_cell: str | None
    busiest_deals: int


def area_figures(cells: pd.DataFrame) -> AreaFigures:
    """The number of cells, their deals, and the cell with the most (the cells in the area)."""
    if cells is None or cells.empty:
        return AreaFigures(0, 0, None, 0)
    deals = cells["n_deals"].astype(int)
    busiest = int(deals.idxmax())
    return AreaFigures(len(cells), int(deals.sum()), str(cells["cell"].iloc[busiest]), int(deals.iloc[busiest]))


@dataclass(frozen=True)
class AreaDeals(Generic[D]):
    """The deals of a box read kept in the area, and how many of the read could not be placed."""

    rows: list[D]
    unplaced: int
    read: int


def deals_in_area(rows: Sequence[D], area: Area) -> AreaDeals[D]:
    """The deals whose point lies in the area; a deal served without a point is counted apart."""
    kept, unplaced = [], 0
    for row in rows:
        point = deal_point(row)
        if point is None:
            unplaced += 1
        elif area.contains(point[1], point[0]):
            kept.append(row)
    return AreaDeals(kept, unplaced, len(rows))
