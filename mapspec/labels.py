"""City labels for a map drawn without tiles, from the offline `zipcodes` table.

With `DEEDSCOPE_BASEMAP=none` (or tiles that cannot load) the map still needs landmarks:
the largest postal cities of the view, by how many ZIP codes they hold, at the mean of
their ZIP centroids.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

import zipcodes

from mapspec.view import View

MAX_LABELS = 14


@dataclass(frozen=True)
class CityLabel:
    name: str
    latitude: float
    longitude: float


@lru_cache(maxsize=1)
def _zip_points() -> tuple[tuple[str, str, float, float], ...]:
    points = []
    for record in zipcodes.list_all():
        if record.get("zip_code_type") != "STANDARD" or not record.get("active", True):
            continue
        try:
            points.append((record["city"], record["state"], float(record["lat"]), float(record["long"])))
        except (KeyError, TypeError, ValueError):
            continue
    return tuple(points)


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


def markets_with_city(city: str, markets: Sequence[Mapping]) -> list[str]:
    """The served markets (`market`, `bbox`) whose box holds a postal city of this name
    (the offline ZIP table: a name no market holds is not a city the data can have)."""
    name = city.strip().casefold()
    points = [(latitude, longitude) for place, _state, latitude, longitude in _zip_points() if place.casefold() == name]
    found = []
    for market in markets:
        bbox = market.get("bbox")
        if not bbox or len(bbox) != 4:
            continue
        box = View(*(float(value) for value in bbox))
        if any(box.contains(latitude, longitude) for latitude, longitude in points):
            found.append(str(market.get("market")))
    return found
