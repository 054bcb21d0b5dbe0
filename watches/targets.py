"""What a watch follows, made from what a page shows: the Map's place and filters, a record's id and
name; and back, a view's watch as the Map link that opens it (with its new deals, from their month).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import date

import links.map as map_link
from links.map import MapLink
from mapspec.filters import DealFilters
from mapspec.place import WHOLE_MARKET, PlaceChoice
from watches.model import VIEW, Seen, Watch, new_watch
from watches.names import view_name

# The Map link's names a view's watch holds: its place and filters (links/map.py), nothing of its camera.
VIEW_NAMES = ("market", "zip", "city", "lat", "lng", "radius", "from", "to", "kind", "min", "max")


def view_watch(place: PlaceChoice, filters: DealFilters, added_at: str, *,
               market_names: Mapping[str, str] | None = None, seen: Seen | None = None) -> Watch:
    """The Map's view as a watch: its place and filters (never its camera, cell or colours), named by them."""
    link = MapLink(market=place.market, mode=place.mode, zips=place.zips or None, city=place.city or None,
                   latitude=place.latitude, longitude=place.longitude, radius_miles=place.radius_miles,
                   sold_from=filters.sold_from, sold_to=filters.sold_to, kinds=filters.kinds,
                   min_price=filters.min_price, max_price=filters.max_price)
    target = {name: value for name, value in map_link.write(link).items() if name in VIEW_NAMES}
    return new_watch(VIEW, target, view_name(link, market_names), added_at, seen)


def record_watch(kind: str, record_id: str, name: str, added_at: str, seen: Seen | None = None) -> Watch:
    return new_watch(kind, {"id": record_id}, name, added_at, seen)


def view_link(watch: Watch) -> MapLink:
    """A view's watch as the Map's link (what it was made from)."""
    return map_link.parse(watch.target_map)


def view_place(watch: Watch) -> tuple[PlaceChoice, DealFilters]:
    """A view's watch as the Map's place and filters, to read its figures as the Map reads them."""
    return place_and_filters(view_link(watch))


def place_and_filters(link: MapLink) -> tuple[PlaceChoice, DealFilters]:
    place = PlaceChoice(link.market, link.mode or WHOLE_MARKET, zips=link.zips or "", city=link.city or "",
                        latitude=link.latitude, longitude=link.longitude, radius_miles=link.radius_miles)
    return place, DealFilters(link.sold_from, link.sold_to, link.kinds, link.min_price, link.max_price)


def map_query_of_new(watch: Watch, first_month: str | None) -> dict[str, str]:
    """The Map link that shows a view's new deals: its place and filters, from the first new month on
    (never before the view's own start)."""
    link = view_link(watch)
    if first_month:
        start = date.fromisoformat(f"{first_month}-01")
        if link.sold_from is None or link.sold_from < start:
            link = replace(link, sold_from=start)
    return map_link.write(link)
