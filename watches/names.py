"""A watch's name, by what it follows: "ZIPs 75201, 75204 · flips", "Acme Homes LLC", "12 Oak St, Dallas 75201".

Names are a person's words: no id, code or field name (a parcel without an address is named by its
place, an investor the records do not name by its market). `month_words` and `money` say a month
and a price as the Watching page does.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date

from links.map import MapLink
from mapspec.filters import DealFilters, filter_words
from mapspec.place import CITY, POINT, ZIP_CODES

KIND_PLURALS = {
    "flip": "flips", "wholesale": "wholesales", "long_hold": "long holds", "hold": "holds", "build": "builds",
    "acquisition": "acquisitions",
}
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def view_name(link: MapLink, market_names: Mapping[str, str] | None = None) -> str:
    """"ZIPs 75201, 75204 · flips": the place, then the filters that narrow it."""
    filters = DealFilters(link.sold_from, link.sold_to, link.kinds, link.min_price, link.max_price)
    return " · ".join([_place_words(link, market_names or {}),
                       *filter_words(filters, day=day_words, kinds=_kind_plurals, price=money)])


def _kind_plurals(kinds: tuple[str, ...]) -> str:
    return ", ".join(KIND_PLURALS.get(kind, kind) for kind in kinds)


def _place_words(link: MapLink, market_names: Mapping[str, str]) -> str:
    if link.mode == ZIP_CODES and link.zips:
        zips = [part.strip() for part in link.zips.split(",") if part.strip()]
        return ("ZIP " if len(zips) == 1 else "ZIPs ") + ", ".join(zips)
    if link.mode == CITY and link.city:
        return link.city.strip().title()
    if link.mode == POINT and None not in (link.latitude, link.longitude, link.radius_miles):
        return f"{link.radius_miles:g} mi around {link.latitude:.4f}, {link.longitude:.4f}"
    market = link.market or ""
    return market_names.get(market) or (f"Market {market}" if market else "The first market")


def investor_name(display_name: str | None, name: str | None, market: str | None) -> str:
    """The investor's name to print; one the records do not name (a natural person's) by its market."""
    for candidate in (display_name, name):
        if candidate and candidate.strip():
            return candidate.strip()
    return f"An individual investor in {market}" if market else "An individual investor"


def parcel_name(line: str | None, city: str | None, zip_code: str | None) -> str:
    """"12 Oak St, Dallas 75201"; a parcel whose address is held back, by its city and ZIP."""
    place = " ".join(part for part in ((city or "").strip().title(), (zip_code or "").strip()) if part)
    if line and line.strip():
        return f"{line.strip()}, {place}" if place else line.strip()
    return f"A property in {place}" if place else "A property"


def organisation_name(display_name: str | None, name: str | None, fallback: str) -> str:
    """A lender's or wholesaler's name; `fallback` ("A lender") when the records give none."""
    for candidate in (display_name, name):
        if candidate and candidate.strip():
            return candidate.strip()
    return fallback


def month_words(month: str) -> str:
    """"Nov 2026" of "2026-11" (a month that does not read is given back as it came)."""
    try:
        year, number = month.split("-")[:2]
        return f"{MONTHS[int(number) - 1]} {int(year)}"
    except (ValueError, IndexError):
        return month


def day_words(day: date | str) -> str:
    """"3 Nov 2026" of a date or its ISO text."""
    try:
        value = day if isinstance(day, date) else date.fromisoformat(str(day)[:10])
    except ValueError:
        return str(day)
    return f"{value.day} {MONTHS[value.month - 1]} {value.year}"


def money(dollars: int) -> str:
    """"$200k", "$1.25M", "$950": a price as short as it reads."""
    if dollars >= 1_000_000:
        return f"${dollars / 1_000_000:.3g}M"
    if dollars >= 1_000:
        return f"${dollars / 1_000:.3g}k"
    return f"${dollars:,}"
