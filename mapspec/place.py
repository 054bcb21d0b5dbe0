"""Where the map looks: a market, then the whole market, ZIPs, a city or a circle, as a
request of the Data API and the view that shows it.

Plain values: the Map page's place picker (components/place_picker.py) gives a
`PlaceChoice`; `place_request` turns it into the request's geometry and a view, and
`request_for_view` into the cells' request of the view the map shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mapspec.labels import markets_with_city
from mapspec.markets import Market, market_box, market_codes
from mapspec.view import MAX_VIEW_CELLS, View, choose_resolution, estimated_cells
from services.contract import MAX_RADIUS_MILES

WHOLE_MARKET, ZIP_CODES, CITY, POINT = "Whole market", "ZIP codes", "City", "Point + radius"
MODES = (WHOLE_MARKET, ZIP_CODES, CITY, POINT)
# The longest postal city name is under 40 characters; the service takes at most 64.
MAX_CITY_CHARS = 64
# A mistyped input is quoted back with at most this many characters.
QUOTED_CHARS = 12
# The height of the place picker's row and the filters' row under the Map's title, held
# while they wait for the map's first paint so that the map does not move when they come
# (pages/map_sections/first_paint.py; tests/browser/test_map_first_paint.py checks it). The
# point's three inputs stand one above the other. A link's first paint stands under them too.
CONTROLS_PX = 124
POINT_CONTROLS_PX = 292


@dataclass(frozen=True)
class PlaceChoice:
    market: str | None
    mode: str
    zips: str = ""
    city: str = ""
    latitude: float | None = None
    longitude: float | None = None
    radius_miles: float | None = None

    def signature(self) -> tuple:
        """What identifies the place: a view set for one place holds while it does."""
        return (self.market, self.mode, self.zips, self.city, self.latitude, self.longitude, self.radius_miles)


def controls_px(place_mode: str | None) -> int:
    """The Map's controls' held height for a place of this mode."""
    return POINT_CONTROLS_PX if place_mode == POINT else CONTROLS_PX


def place_in(state: Mapping, key: str, codes: Sequence[str]) -> PlaceChoice:
    """What the place picker (components/place_picker.py, widgets keyed `{key}_<name>`)
    gives for these widget values, read before it is drawn: the Map page's first run draws
    the map before its controls (pages/map_sections/first_paint.py). The picker's rules:
    a market not served is the first one; only the chosen mode's inputs count."""
    market = state.get(f"{key}_market")
    mode = state.get(f"{key}_mode")
    mode = mode if mode in MODES else MODES[0]
    place = PlaceChoice(market if market in codes else (codes[0] if codes else None), mode)
    if mode == ZIP_CODES:
        return PlaceChoice(place.market, mode, zips=str(state.get(f"{key}_zips") or "").strip())
    if mode == CITY:
        return PlaceChoice(place.market, mode, city=str(state.get(f"{key}_city") or "").strip())
    if mode == POINT:
        return PlaceChoice(
            place.market, mode, latitude=state.get(f"{key}_lat"), longitude=state.get(f"{key}_lng"),
            radius_miles=state.get(f"{key}_radius"),
        )
    return place


def place_widgets(place: PlaceChoice, key: str) -> dict[str, Any]:
    """The picker's widget values that give `place` back (`place_in` reads them): what a
    link, a point picked or a person's kept state puts into the widgets before they are drawn."""
    values: dict[str, Any] = {f"{key}_mode": place.mode}
    if place.market is not None:
        values[f"{key}_market"] = place.market
    if place.mode == ZIP_CODES:
        values[f"{key}_zips"] = place.zips
    elif place.mode == CITY:
        values[f"{key}_city"] = place.city
    elif place.mode == POINT:
        values.update({f"{key}_lat": place.latitude, f"{key}_lng": place.longitude, f"{key}_radius": place.radius_miles})
    return values


def place_zips(place: PlaceChoice) -> list[str]:
    """The ZIPs typed for a ZIP place, split on commas or semicolons (checked by `place_request`)."""
    return [part.strip() for part in (place.zips or "").replace(";", ",").split(",") if part.strip()]


def place_request(place: PlaceChoice, market: Market | None) -> tuple[dict, View | None, str | None]:
    """The request geometry, the view that shows it, and what is wrong with the input if anything."""
    market_view = market_box(market)
    whole = ({"bbox": market_view.text()} if market_view else {}, market_view)
    if place.mode == ZIP_CODES:
        zips = place_zips(place)
        if not zips:
            return (*whole, "Type one or more 5-digit ZIP codes, separated by commas.")
        bad = [code for code in zips if not (len(code) == 5 and code.isdigit())]
        if bad:
            # One short line whatever was pasted (5,000 characters filled the screen in red).
            shown = bad[0] if len(bad[0]) <= QUOTED_CHARS else f"{bad[0][:QUOTED_CHARS]}…"
            more = f" and {len(bad) - 1:,} more" if len(bad) > 1 else ""
            return (*whole, f"“{shown}”{more}: a ZIP code is 5 digits (e.g. 75201). Correct it to see those ZIPs.")
        return {"zip": zips}, market_view, None
    if place.mode == CITY:
        if len(place.city) < 2:
            return (*whole, "Type a postal city (e.g. Dallas).")
        if len(place.city) > MAX_CITY_CHARS:
            return (*whole, f"A postal city's name is at most {MAX_CITY_CHARS} characters: type the city (e.g. Dallas).")
        return {"city": place.city}, market_view, None
    if place.mode == POINT:
        if place.latitude is None or place.longitude is None or place.radius_miles is None:
            return (*whole, "Give a latitude, a longitude and a radius in miles.")
        if not 0 < place.radius_miles <= MAX_RADIUS_MILES:
            # data-api.md, Limits 6: radius_miles at most 20.
            return (*whole, f"The radius is at most {MAX_RADIUS_MILES:g} miles (and more than 0): enter 20 or less.")
        geometry = {"lat": place.latitude, "lng": place.longitude, "radius_miles": place.radius_miles}
        return geometry, View.around(place.latitude, place.longitude, place.radius_miles), None
    return (*whole, None)


def request_for_view(place: PlaceChoice, geometry: dict, place_view: View | None, view: View) -> tuple[dict, View]:
    """The cells' request for the view, and the view that sets its resolution: the place
    as it is while the view holds it at that resolution. A whole market too large for the
    view's resolution is read in the part of it the view shows (else zooming in would read
    the whole market's finest cells); a view outside the market reads the whole market at
    its own resolution, so the map still has cells to pan back to. ZIPs, a city and a
    circle are read whole: they are small, and their cells stay drawn as the map pans."""
    if place.mode != WHOLE_MARKET or place_view is None:
        return geometry, view
    if estimated_cells(place_view, choose_resolution(view)) <= MAX_VIEW_CELLS:
        return geometry, view
    part = view.intersection(place_view)
    if part is None:
        return geometry, place_view
    return {"bbox": part.text()}, view


def nothing_drawn_text(place: PlaceChoice, *, filtered: bool, markets: Sequence[Market]) -> str:
    """What is true when the map draws no cell: a city no served market holds, set filters
    that leave nothing, or a view (or place) with no deals at all."""
    if place.mode == CITY and place.city.strip():
        holding = markets_with_city(place.city, markets)
        if not holding:
            served = ", ".join(market_codes(markets))
            return f"{place.city.strip()!r} is not a city of any served market ({served}): check its spelling, or pick another market."
        if place.market not in holding:
            return f"{place.city.strip()} is in {', '.join(holding)}, not in {place.market}: pick that market to see it."
    if filtered:
        return "No deals here with these filters: widen the dates, kinds or prices."
    if place.mode == WHOLE_MARKET:
        return "No deals in this view: zoom out or move the map to find cells."
    return "No deals recorded in this place: try a larger one."
