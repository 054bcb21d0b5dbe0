"""The Map page's link: place, filters, view and selected cell as query parameters.

`write` gives the parameters of a `MapLink`; `parse` reads them back, keeping what it can
and saying plainly what it cannot (`MapLink.problems`), so a malformed link still opens
the map. `parse(write(link)) == link` for every link the page writes
(tests/links/test_map_link.py). The page only moves a `MapLink` in and out of its widgets.

    market=DFW & zip=75201,75204 | city=Dallas | lat=32.78&lng=-96.8&radius=2
    & view=west,south,east,north & from=2025-01-01 & to=2025-06-30 & kind=flip,hold
    & min=200000 & max=500000 & cell=8826c86015fffff & metric=price & classes=manual & breaks=1,3,10
    & area=-96.8,32.7,-96.7,32.7,-96.75,32.8 (a drawn area's corners, lng,lat each: mapspec/area.py)

`metric` and `classes` (mapspec/classes.py) are written only when not the defaults
(deals, quantile), so the links written before them read the same.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date

import h3

from mapspec.area import Area
from mapspec.classes import DEALS, METHODS, METRICS, QUANTILE, ColourChoice, parse_breaks
from mapspec.filters import MAX_PRICE, DealFilters
from mapspec.map_state import Controls, LinkRestored, normalized
from mapspec.place import CITY, POINT, WHOLE_MARKET, ZIP_CODES, PlaceChoice
from mapspec.view import View
from links.query import finite_number
from services.contract import DEAL_KINDS

# The point's parameters: name, field, the values a link may hold, and how a person reads it.
# A radius over the documented 20 miles is kept and refused beside its box (mapspec.place).
POINT_FIELDS = (
    ("lat", "latitude", -90.0, 90.0, "latitude"),
    ("lng", "longitude", -180.0, 180.0, "longitude"),
    ("radius", "radius_miles", 0.0, 1000.0, "radius (miles)"),
)


# The Map page's path (app.py's navigation; the app opens on it).
PAGE = "map"
# `time=on`: the map opens playing the months; absent, it opens without them.
TIME_ON = "on"
# The names this link owns (adapter.routing.set_url_params): the page writes only these, so a
# name another part of the app keeps in the URL (presenter mode's `present`) stays.
NAMES = (
    "market", "zip", "city", "lat", "lng", "radius", "view", "from", "to", "kind", "min", "max", "cell",
    "metric", "classes", "breaks", "area", "time",
)


@dataclass(frozen=True)
class MapLink:
    """What a link holds. `mode` is the place's mode when the link names one inside the
    market (ZIPs, a city or a point); None for the whole market."""

    market: str | None = None
    mode: str | None = None
    zips: str | None = None
    city: str | None = None
    latitude: float | None = None
    longitude: float | None = None
    radius_miles: float | None = None
    view: View | None = None
    sold_from: date | None = None
    sold_to: date | None = None
    kinds: tuple[str, ...] = ()
    min_price: int | None = None
    max_price: int | None = None
    cell: str | None = None
    # The cells' colours: a metric and a method of classes (mapspec/classes.py); None: the default.
    metric: str | None = None
    classes: str | None = None
    breaks: str | None = None  # manual breaks as typed: `1,3,10`
    area: Area | None = None  # an area drawn on the map
    time: bool = False  # the map plays the period month by month (pages/map_sections/playback.py)
    # What could not be read, each said in a person's words; a written link has none.
    problems: tuple[str, ...] = ()


def write(link: MapLink) -> dict[str, str]:
    """The link's query parameters, in the order the page has always written them."""
    query: dict[str, str] = {}
    if link.market:
        query["market"] = link.market
    if link.mode == ZIP_CODES and link.zips:
        query["zip"] = link.zips.replace(" ", "")
    elif link.mode == CITY and link.city:
        query["city"] = link.city
    elif link.mode == POINT:
        for name, value in (("lat", link.latitude), ("lng", link.longitude), ("radius", link.radius_miles)):
            if value is not None:
                query[name] = _decimal(value)
    if link.view is not None:
        query["view"] = link.view.text()
    if link.sold_from:
        query["from"] = link.sold_from.isoformat()
    if link.sold_to:
        query["to"] = link.sold_to.isoformat()
    if link.kinds:
        query["kind"] = ",".join(link.kinds)
    if link.min_price is not None:
        query["min"] = str(link.min_price)
    if link.max_price is not None:
        query["max"] = str(link.max_price)
    if link.cell:
        query["cell"] = link.cell
    if link.metric:
        query["metric"] = link.metric
    if link.classes:
        query["classes"] = link.classes
    if link.breaks:
        query["breaks"] = link.breaks
    if link.area is not None:
        query["area"] = link.area.text()
    if link.time:
        query["time"] = TIME_ON
    return query


def of_controls(controls: Controls, *, view: View | None, cell: str | None, area: Area | None) -> MapLink:
    """The link of what the Map shows: its controls, the view drawn, the cell and the area."""
    place, filters = controls.place, controls.filters
    return MapLink(
        market=place.market, mode=place.mode, zips=place.zips, city=place.city, latitude=place.latitude,
        longitude=place.longitude, radius_miles=place.radius_miles, view=view, sold_from=filters.sold_from,
        sold_to=filters.sold_to, kinds=filters.kinds, min_price=filters.min_price, max_price=filters.max_price, cell=cell,
        **controls.colour.link_fields(), area=area, time=controls.time,
    )


def restored(link: MapLink, codes: Sequence[str]) -> LinkRestored:
    """The link as the Map's event (mapspec/map_state.py): the place, filters and colours it
    names over the widgets' defaults, its view, cell and area, and what it held that does not
    read or is not served; no controls when it names nothing of the map (the sidebar's link)."""
    problems = list(link.problems)
    market = link.market
    if market and market not in codes:
        problems.insert(0, f"The link's market {market!r} is not served; showing {codes[0] if codes else 'none'}.")
        market = None
    if replace(link, problems=()) == MapLink():
        return LinkRestored(None, problems=tuple(problems))
    place = PlaceChoice(
        market, link.mode or WHOLE_MARKET, zips=link.zips or "", city=link.city or "", latitude=link.latitude,
        longitude=link.longitude, radius_miles=link.radius_miles,
    )
    filters = DealFilters(link.sold_from, link.sold_to, link.kinds, link.min_price, link.max_price)
    colour = ColourChoice(link.metric or DEALS, link.classes or QUANTILE, link.breaks or "")
    controls = normalized(Controls(place, filters, colour, link.time), codes)
    return LinkRestored(controls, link.view, link.cell, link.area, tuple(problems))


def parse(query: Mapping[str, str]) -> MapLink:
    """The link in `query`: what reads, kept; what does not, left out and said."""
    problems: list[str] = []
    place = _place(query, problems)
    dates = {name: _date(query, name, problems) for name in ("from", "to")}
    kinds: tuple[str, ...] = ()
    if query.get("kind"):
        named = [kind for kind in query["kind"].split(",") if kind]
        unknown = [kind for kind in named if kind not in DEAL_KINDS]
        if unknown:
            problems.append(f"Unknown deal kinds in the link: {_cut(', '.join(unknown))}.")
        kinds = tuple(kind for kind in named if kind in DEAL_KINDS)
    prices = {}
    for name in ("min", "max"):
        value = finite_number(query.get(name), 0, MAX_PRICE)
        if value is None and query.get(name):
            problems.append(
                f"The link's {name} price {_shown(query.get(name))} is not a price: "
                f"a whole number of dollars from 0 to {MAX_PRICE:,}."
            )
        prices[name] = int(value) if value is not None else None
    view = None
    if query.get("view"):
        try:
            view = View.parse(query["view"])
        except ValueError:
            problems.append(f"The link's view {_shown(query['view'])} is not west,south,east,north.")
    cell = None
    if query.get("cell"):
        if h3.is_valid_cell(query["cell"]):
            cell = query["cell"]
        else:
            problems.append(f"The link's cell {_shown(query['cell'])} is not an H3 cell.")
    colours = {
        name: _choice(query, name, choices, words, problems)
        for name, choices, words in (("metric", METRICS, "colour"), ("classes", METHODS, "classes"))
    }
    breaks = query.get("breaks") or None
    if breaks and parse_breaks(breaks)[1]:
        problems.append(f"The link's breaks {_shown(breaks)} do not read: {parse_breaks(breaks)[1]}")
        breaks = None
    area = None
    if query.get("area"):
        try:
            area = Area.parse(query["area"])
        except ValueError as reason:
            problems.append(f"The link's area {_shown(query['area'])} is not an area drawn on the map: {reason}")
    time = query.get("time") == TIME_ON
    if query.get("time") and not time:
        problems.append(f"The link's time {_shown(query['time'])} is not 'on': the map opens without playing the months.")
    return MapLink(
        **place, view=view, sold_from=dates["from"], sold_to=dates["to"], kinds=kinds, min_price=prices["min"],
        max_price=prices["max"], cell=cell, **colours, breaks=breaks, area=area, time=time, problems=tuple(problems),
    )


def _choice(query: Mapping[str, str], name: str, choices, words: str, problems: list[str]) -> str | None:
    """One of `choices`, or None (the default) and a problem said."""
    value = query.get(name)
    if not value:
        return None
    if value in choices:
        return value
    problems.append(f"The link's {words} {_shown(value)} is not one of {', '.join(choices)}.")
    return None


def _place(query: Mapping[str, str], problems: list[str]) -> dict:
    """The market and the place inside it: ZIPs, else a city, else a point (either of its
    coordinates names it)."""
    place: dict = {"market": query.get("market") or None}
    if query.get("zip"):
        place.update(mode=ZIP_CODES, zips=query["zip"])
    elif query.get("city"):
        place.update(mode=CITY, city=query["city"])
    elif query.get("lat") or query.get("lng"):
        place["mode"] = POINT
        for name, field, low, high, words in POINT_FIELDS:
            value = finite_number(query.get(name), low, high)
            if value is None and query.get(name):
                problems.append(f"The link's {words} {_shown(query.get(name))} is not a number from {low:g} to {high:g}.")
            place[field] = value
    return place


def _date(query: Mapping[str, str], name: str, problems: list[str]) -> date | None:
    if not query.get(name):
        return None
    try:
        return date.fromisoformat(query[name])
    except ValueError:
        problems.append(f"The link's {name} date {_shown(query[name])} is not a date (YYYY-MM-DD).")
        return None


def _cut(text: str | None, limit: int = 40) -> str:
    """A value of the link as a person can read it in a message: cut when long."""
    text = text or ""
    return text if len(text) <= limit else text[:limit] + "…"


def _shown(text: str | None) -> str:
    return repr(_cut(text))


def _decimal(value: float) -> str:
    """A coordinate or radius as short as it reads back exactly: `6`, `32.78123` (`%g`
    alone keeps six digits, and a point picked at 1e-5 degrees came back 10 m off)."""
    text = f"{value:g}"
    return text if float(text) == value else repr(float(value))
