"""The place picked, as a request of the Data API and the view that shows it."""

from __future__ import annotations

import pytest

from mapspec.place import CITY, POINT, WHOLE_MARKET, ZIP_CODES, PlaceChoice, place_request, request_for_view
from services.data_api.models import CoverageMarket
from mapspec.view import View

MARKET = CoverageMarket(market="DFW", bbox=[-97.58, 32.54, -96.34, 33.41])
MARKET_VIEW = View(*MARKET.bbox)


@pytest.mark.parametrize(
    ("place", "geometry", "problem"),
    [
        pytest.param(PlaceChoice("DFW", WHOLE_MARKET), {"bbox": MARKET_VIEW.text()}, None, id="the-whole-market"),
        pytest.param(PlaceChoice("DFW", ZIP_CODES, zips="75201; 75204"), {"zip": ["75201", "75204"]}, None, id="zips"),
        pytest.param(PlaceChoice("DFW", ZIP_CODES, zips="7520"), {"bbox": MARKET_VIEW.text()}, "a ZIP code is 5 digits", id="a-short-zip"),
        pytest.param(PlaceChoice("DFW", CITY, city="D"), {"bbox": MARKET_VIEW.text()}, "Type a postal city", id="a-letter-for-a-city"),
        pytest.param(PlaceChoice("DFW", POINT, latitude=32.8, longitude=-96.8, radius_miles=2.0),
                     {"lat": 32.8, "lng": -96.8, "radius_miles": 2.0}, None, id="a-circle"),
        pytest.param(PlaceChoice("DFW", POINT, latitude=32.8, longitude=-96.8, radius_miles=25.0),
                     {"bbox": MARKET_VIEW.text()}, "at most 20 miles", id="a-radius-over-the-contracts-20"),
    ],
)
def test_a_place_as_a_request(place, geometry, problem):
    got, view, said = place_request(place, MARKET)
    assert got == geometry
    assert (said is None) if problem is None else (problem in said)
    assert view is not None


def test_a_whole_market_zoomed_in_reads_only_the_part_in_view():
    place = PlaceChoice("DFW", WHOLE_MARKET)
    close = View.around(*MARKET_VIEW.center, 3)
    assert request_for_view(place, {"bbox": MARKET_VIEW.text()}, MARKET_VIEW, close) == ({"bbox": close.text()}, close)
    away = View(-90.0, 30.0, -89.9, 30.1)
    assert request_for_view(place, {"bbox": MARKET_VIEW.text()}, MARKET_VIEW, away) == ({"bbox": MARKET_VIEW.text()}, MARKET_VIEW)
    assert request_for_view(place, {"bbox": "x"}, MARKET_VIEW, MARKET_VIEW) == ({"bbox": "x"}, MARKET_VIEW)


def test_a_view_set_for_one_place_is_told_from_another():
    assert PlaceChoice("DFW", CITY, city="Dallas").signature() != PlaceChoice("DFW", CITY, city="Plano").signature()
