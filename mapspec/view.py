"""The map's view: a bounding box, the H3 resolution that fits it, and the camera that shows it.

Pure geometry, no Streamlit: the page keeps a `View` in its URL and hands it here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import h3

# decisions.md, Data API: `/v1/deals/cells` takes resolutions 4 to 10; data-api.md, Limits 6:
# `radius_miles` at most 20.
from services.contract import H3_MAX_RESOLUTION as MAX_RESOLUTION
from services.contract import H3_MIN_RESOLUTION as MIN_RESOLUTION
from services.contract import MAX_RADIUS_MILES

# The most cells a view may hold (issue 4): the resolution is the finest that stays under it.
MAX_VIEW_CELLS = 20_000
# Hexagons cut by the edges of the box still count as cells of the view.
EDGE_ALLOWANCE = 1.15
KM_PER_DEGREE_LATITUDE = 110.57
KM_PER_DEGREE_LONGITUDE_AT_EQUATOR = 111.32
MILES_PER_KM = 0.621371
# The Map page's layout: the map is the page, beside a narrow cell panel (the cell's tables
# go below both, at the page's width), in these column weights, and its least height (the
# map reaches down to the window's foot where there is room: frontend/src/size.js). On a
# laptop screen (1440 × 900, sidebar open) the map column is about 700 px wide.
MAP_COLUMN_WEIGHTS = (5, 2)
MAP_HEIGHT_PX = 480
# Map size the camera is fitted to when the map cannot fit the view's box to its own canvas
# (the element does, message.json view.bounds): a little under that column.
FIT_WIDTH_PX = 660
FIT_HEIGHT_PX = 600


@dataclass(frozen=True)
class View:
    """A viewport as the API's `bbox=west,south,east,north` (data-api.md, Place inputs)."""

    west: float
    south: float
    east: float
    north: float

    def __post_init__(self) -> None:
        if not (-180 <= self.west < self.east <= 180 and -90 <= self.south < self.north <= 90):
            raise ValueError("a view needs west < east and south < north, in degrees")

    @classmethod
    def parse(cls, text: str) -> "View":
        """`west,south,east,north` as the URL and the API write it."""
        parts = [float(part) for part in text.split(",")]
        if len(parts) != 4:
            raise ValueError("a view is four numbers: west,south,east,north")
        return cls(*parts)

    @classmethod
    def around(cls, latitude: float, longitude: float, radius_miles: float) -> "View":
        """The box that holds a circle."""
        radius_km = radius_miles / MILES_PER_KM
        half_height = radius_km / KM_PER_DEGREE_LATITUDE
        half_width = radius_km / (KM_PER_DEGREE_LONGITUDE_AT_EQUATOR * max(math.cos(math.radians(latitude)), 0.01))
        return cls(longitude - half_width, latitude - half_height, longitude + half_width, latitude + half_height)

    @classmethod
    def covering(cls, points: list[tuple[float, float]], *, margin: float = 0.08) -> "View":
        """The box around (latitude, longitude) points, with a margin for the hexagons' size."""
        latitudes = [point[0] for point in points]
        longitudes = [point[1] for point in points]
        south, north, west, east = min(latitudes), max(latitudes), min(longitudes), max(longitudes)
        pad_lat = max((north - south) * margin, 0.01)
        pad_lng = max((east - west) * margin, 0.01)
        return cls(west - pad_lng, south - pad_lat, east + pad_lng, north + pad_lat)

    def text(self) -> str:
        return ",".join(f"{value:.4f}" for value in (self.west, self.south, self.east, self.north))

    @property
    def center(self) -> tuple[float, float]:
        return (self.south + self.north) / 2, (self.west + self.east) / 2

    def area_km2(self) -> float:
        middle_latitude = math.radians((self.south + self.north) / 2)
        width_km = (self.east - self.west) * KM_PER_DEGREE_LONGITUDE_AT_EQUATOR * math.cos(middle_latitude)
        height_km = (self.north - self.south) * KM_PER_DEGREE_LATITUDE
        return width_km * height_km

    def contains(self, latitude: float, longitude: float) -> bool:
        return self.south <= latitude <= self.north and self.west <= longitude <= self.east

    def holds(self, other: "View") -> bool:
        """Whether the other view lies wholly inside this one."""
        return self.west <= other.west and self.south <= other.south and other.east <= self.east and other.north <= self.north

    def intersection(self, other: "View") -> "View | None":
        """The part of this view inside the other; None if they do not overlap."""
        west, south = max(self.west, other.west), max(self.south, other.south)
        east, north = min(self.east, other.east), min(self.north, other.north)
        if west >= east or south >= north:
            return None
        return View(west, south, east, north)

    @classmethod
    def clamped(cls, west: float, south: float, east: float, north: float) -> "View":
        """A box as a map reports it, inside the degrees a view may hold (a map zoomed
        out past the world's edge reports more)."""
        return cls(max(west, -180.0), max(south, -90.0), min(east, 180.0), min(north, 90.0))


def estimated_cells(view: View, resolution: int) -> int:
    """How many hexagons of this resolution tile the view (an upper bound on cells drawn)."""
    return math.ceil(view.area_km2() * EDGE_ALLOWANCE / h3.average_hexagon_area(resolution, unit="km^2"))


def choose_resolution(view: View, *, max_cells: int = MAX_VIEW_CELLS) -> int:
    """The finest H3 resolution at which the view holds at most `max_cells` cells."""
    for resolution in range(MAX_RESOLUTION, MIN_RESOLUTION - 1, -1):
        if estimated_cells(view, resolution) <= max_cells:
            return resolution
    return MIN_RESOLUTION


# deck.gl's web-mercator zoom counts 512-px tiles (zoom 0 shows the world in 512 px), not
# the 256-px tiles of raster maps: a fit on 256 opened every view one zoom level too close.
TILE_PX = 512


@dataclass(frozen=True)
class Camera:
    """Where deck.gl looks (its `MapViewState`): a centre and a zoom in 512-px tiles, and, for a
    camera fitted to a view, its pitch and bearing and the view's box as `bounds` (the element
    fits the box to its own canvas, so a link's box reopens as itself). A camera the map
    reported has only the centre and zoom; what is None is not sent."""

    latitude: float
    longitude: float
    zoom: float
    pitch: float | None = None
    bearing: float | None = None
    bounds: tuple[float, float, float, float] | None = None

    def message(self) -> dict:
        """The element's `view` (frontend/src/message.json)."""
        fields = {"latitude": self.latitude, "longitude": self.longitude, "zoom": self.zoom,
                  "pitch": self.pitch, "bearing": self.bearing, "bounds": list(self.bounds) if self.bounds else None}
        return {name: value for name, value in fields.items() if value is not None}


def camera(view: View, *, width_px: int = FIT_WIDTH_PX, height_px: int = FIT_HEIGHT_PX) -> Camera:
    """The camera (deck.gl's `initialViewState`) that fits the view (Web Mercator, 512-px tiles) in a
    map of about this size, and the view's box as `bounds`: the map fits the box to its
    own canvas (any width), so a link's box reopens as itself."""
    latitude, longitude = view.center
    longitude_span = max(view.east - view.west, 1e-6)
    # Mercator stretches latitude; compare spans in projected units.
    def mercator_y(lat: float) -> float:
        return math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))

    latitude_span = max(abs(mercator_y(view.north) - mercator_y(view.south)), 1e-9)
    zoom_x = math.log2(width_px * 360 / (TILE_PX * longitude_span))
    zoom_y = math.log2(height_px * 2 * math.pi / (TILE_PX * latitude_span))
    zoom = max(0.0, min(zoom_x, zoom_y, 16.0))
    # Rounded down: a camera a hair too close would crop the view.
    zoom = math.floor(zoom * 100) / 100
    bounds = [round(value, 5) for value in (view.west, view.south, view.east, view.north)]
    return Camera(round(latitude, 5), round(longitude, 5), zoom, pitch=0, bearing=0, bounds=tuple(bounds))


@dataclass(frozen=True)
class CellGeometry:
    """A cell as a place the API reads: its centre and a radius that covers it."""

    cell: str
    latitude: float
    longitude: float
    radius_miles: float
    view: View


def cell_geometry(cell: str) -> CellGeometry:
    """The point + radius (data-api.md, Place inputs) that covers one H3 cell, and its box."""
    if not h3.is_valid_cell(cell):
        raise ValueError(f"{cell!r} is not an H3 cell")
    latitude, longitude = h3.cell_to_latlng(cell)
    boundary = h3.cell_to_boundary(cell)
    radius_km = max(h3.great_circle_distance((latitude, longitude), corner, unit="km") for corner in boundary)
    radius_miles = min(round(radius_km * MILES_PER_KM + 0.005, 3), MAX_RADIUS_MILES)
    box = View.covering([*boundary], margin=0.0)
    return CellGeometry(cell, latitude, longitude, radius_miles, box)
