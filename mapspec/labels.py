"""City labels for a map drawn without tiles, from the offline `zipcodes` table.

With `DEEDSCOPE_BASEMAP=none` (or tiles that cannot load) the map still needs landmarks:
the largest postal cities of the view, by how many ZIP codes they hold, at the mean of
their ZIP centroids.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from mapspec.markets import Market, market_box
from mapspec.view import View
from mapspec.zip_table import standard_zips

MAX_LABELS = 14
# A place named "near" a point is at most this far (in degrees of latitude, about 30 miles).
NEAR_DEGREES = 0.45


@dataclass(frozen=True)
class CityLabel:
    name: str
    latitude: float
    longitude: float


@lru_cache(maxsize=1)
def _zip_points() -> tuple[tuple[str, str, float, float], ...]:
    return tuple((city, state, latitude, longitude) for _zip, city, state, latitude, longitude in standard_zips())


@lru_cache(maxsize=64)
def city_labels(view: View, *, limit: int = MAX_LABELS) -> tuple[CityLabel, ...]:
    """The biggest cities inside the view, biggest first."""
    grouped: dict[tuple[str, str], list[tuple[float, float]]] = defaultdict(list)
    for city, state, latitude, longitude in _zip_points():
        if view.contains(latitude, longitude):
            grouped[(city, state)].append((latitude, longitude))
    ranked = sorted(grouped.items(), key=lambda item: (-len(item[1]), item[0]))[:limit]
    labels = []
    for (city, _state), points in ranked:
        latitude = sum(point[0] for point in points) / len(points)
        longitude = sum(point[1] for point in points) / len(points)
        labels.append(CityLabel(city.title(), latitude, longitude))
    return tuple(labels)


@lru_cache(maxsize=1)
def _zip_codes() -> tuple[tuple[str, str, str, float, float], ...]:
    """(ZIP, city, state, latitude, longitude) of every standard ZIP in the offline table."""
    # A record placed at (0, 0) has no known place.
    return tuple(row for row in standard_zips() if row[3] or row[4])


def load_place_names() -> None:
    """Load the table `place_near` reads: 0.15 to 0.2 s once per process, which a cell's first
    panel would otherwise wait for (pages/map_sections/read_ahead.py loads it in idle time)."""
    _zip_codes()


def place_names_loaded() -> bool:
    return _zip_codes.cache_info().currsize > 0


@lru_cache(maxsize=256)
def place_near(latitude: float, longitude: float) -> str | None:
    """Where a point is, as a person names it: the city and ZIP of the nearest ZIP centroid
    ("Dallas, TX 75201"); None when the table has none within about 30 miles."""
    scale = math.cos(math.radians(latitude))
    best, best_distance = None, NEAR_DEGREES**2
    for zip_code, city, state, zip_latitude, zip_longitude in _zip_codes():
        distance = (zip_latitude - latitude) ** 2 + ((zip_longitude - longitude) * scale) ** 2
        if distance < best_distance:
            best, best_distance = (zip_code, city, state), distance
    if best is None:
        return None
    zip_code, city, state = best
    return f"{city.title()}, {state} {zip_code}"


def markets_with_city(city: str, markets: Sequence[Market]) -> list[str]:
    """The served markets whose box holds a postal city of this name (the offline ZIP table:
    a name no market holds is not a city the data can have)."""
    name = city.strip().casefold()
    points = [(latitude, longitude) for place, _state, latitude, longitude in _zip_points() if place.casefold() == name]
    found = []
    for market in markets:
        box = market_box(market)
        if box is not None and any(box.contains(latitude, longitude) for latitude, longitude in points):
            found.append(market.market)
    return found
