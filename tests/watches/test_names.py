"""A watch is named by what it follows, in a person's words (watches/names.py, watches/targets.py)."""

from __future__ import annotations

from datetime import date

import pytest

from mapspec.filters import DealFilters
from mapspec.place import CITY, POINT, WHOLE_MARKET, ZIP_CODES, PlaceChoice
from watches.names import investor_name, money, month_words, organisation_name, parcel_name
from watches.targets import map_query_of_new, view_place, view_watch

ADDED = "2026-11-27T10:00:00+00:00"


@pytest.mark.parametrize(("place", "filters", "name"), [
    pytest.param(PlaceChoice("DFW", ZIP_CODES, zips="75201, 75204"), DealFilters(kinds=("flip",)),
                 "ZIPs 75201, 75204 · flips", id="the-issues-example"),
    pytest.param(PlaceChoice("DFW", ZIP_CODES, zips="75201"), DealFilters(), "ZIP 75201", id="one-zip"),
    pytest.param(PlaceChoice("DFW", CITY, city="dallas"), DealFilters(kinds=("hold", "long_hold")),
                 "Dallas · holds, long holds", id="a-city"),
    pytest.param(PlaceChoice("DFW", WHOLE_MARKET), DealFilters(), "Dallas-Fort Worth", id="a-whole-market"),
    pytest.param(PlaceChoice("HOU", POINT, latitude=29.76, longitude=-95.37, radius_miles=2), DealFilters(),
                 "2 mi around 29.7600, -95.3700", id="a-circle"),
    pytest.param(PlaceChoice("DFW", WHOLE_MARKET), DealFilters(sold_from=date(2025, 1, 1), min_price=200_000, max_price=500_000),
                 "Dallas-Fort Worth · from 1 Jan 2025 · $200k to $500k", id="dates-and-prices"),
])
def test_a_views_name(place, filters, name):
    watch = view_watch(place, filters, ADDED, market_names={"DFW": "Dallas-Fort Worth"})
    assert watch.name == name


def test_a_view_watch_keeps_place_and_filters_and_gives_them_back():
    place, filters = PlaceChoice("DFW", ZIP_CODES, zips="75201,75204"), DealFilters(kinds=("flip",), max_price=400_000)
    watch = view_watch(place, filters, ADDED)
    assert watch.target_map == {"market": "DFW", "zip": "75201,75204", "kind": "flip", "max": "400000"}
    assert view_place(watch) == (place, filters)
    same = view_watch(PlaceChoice("DFW", ZIP_CODES, zips="75201, 75204"), filters, "2026-12-01T00:00:00")
    assert same.key == watch.key, "one place, one watch, whenever it was made"
    query = map_query_of_new(watch, "2026-11")
    assert query["from"] == "2026-11-01" and query["zip"] == "75201,75204" and query["kind"] == "flip"
    later = view_watch(place, DealFilters(sold_from=date(2026, 11, 15)), ADDED)
    assert map_query_of_new(later, "2026-11")["from"] == "2026-11-15", "never before the view's own start"


@pytest.mark.parametrize(("made", "name"), [
    pytest.param(lambda: investor_name("Acme Homes LLC", "ACME HOMES LLC", "DFW"), "Acme Homes LLC", id="an-investor"),
    pytest.param(lambda: investor_name(None, None, "DFW"), "An individual investor in DFW", id="a-person-unnamed"),
    pytest.param(lambda: parcel_name("12 Oak St", "DALLAS", "75201"), "12 Oak St, Dallas 75201", id="a-parcel"),
    pytest.param(lambda: parcel_name(None, "Dallas", "75201"), "A property in Dallas 75201", id="an-address-held-back"),
    pytest.param(lambda: organisation_name(None, "First Bank", "A lender"), "First Bank", id="a-lender"),
    pytest.param(lambda: organisation_name(None, "  ", "A wholesaler"), "A wholesaler", id="no-name"),
    pytest.param(lambda: month_words("2026-11"), "Nov 2026", id="a-month"),
    pytest.param(lambda: month_words("soon"), "soon", id="no-month"),
    pytest.param(lambda: money(1_250_000), "$1.25M", id="millions"),
])
def test_names_in_words(made, name):
    assert made() == name
