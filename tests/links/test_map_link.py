"""The Map page's link: what the page writes reads back the same, and a malformed link
keeps what it can and says the rest."""

from __future__ import annotations

from datetime import date

import pytest

from mapspec.area import Area
from links.map import NAMES, MapLink, of_controls, parse, restored, write
from mapspec.classes import MANUAL, PRICE, ColourChoice
from mapspec.filters import DealFilters
from mapspec.map_state import Controls
from mapspec.place import CITY, POINT, ZIP_CODES, PlaceChoice
from mapspec.view import View

CELL = "8826c86015fffff"
DALLAS = View.parse("-97.5800,32.5400,-96.3400,33.4100")
AREA = Area.of([(-96.8, 32.7), (-96.71234, 32.7), (-96.75, 32.80001), (-96.79, 32.76)])


@pytest.mark.parametrize(
    "link",
    [
        pytest.param(MapLink(), id="empty"),
        pytest.param(MapLink(market="DFW"), id="a-whole-market"),
        pytest.param(MapLink(market="DFW", mode=ZIP_CODES, zips="75201,75204"), id="zips"),
        pytest.param(MapLink(market="DFW", mode=CITY, city="Fort Worth"), id="a-city-with-a-space"),
        pytest.param(MapLink(market="DFW", mode=POINT, latitude=32.78, longitude=-96.8, radius_miles=6.0), id="a-circle"),
        pytest.param(
            MapLink(market="DFW", mode=POINT, latitude=32.78123, longitude=-96.80456, radius_miles=0.25),
            id="a-point-picked-at-five-decimals",
        ),
        pytest.param(MapLink(mode=POINT, latitude=32.78), id="a-point-half-typed"),
        pytest.param(MapLink(market="DFW", view=DALLAS), id="a-view"),
        pytest.param(MapLink(sold_from=date(2025, 1, 1), sold_to=date(2025, 6, 30)), id="dates"),
        pytest.param(MapLink(kinds=("flip", "hold")), id="kinds-in-the-order-chosen"),
        pytest.param(MapLink(kinds=("wholesale", "long_hold", "acquisition")), id="kinds-with-underscores"),
        pytest.param(MapLink(min_price=0, max_price=500_000), id="a-price-range-from-zero"),
        pytest.param(MapLink(cell=CELL), id="a-cell"),
        pytest.param(MapLink(metric="price", classes="log"), id="colours"),
        pytest.param(MapLink(metric="investors"), id="a-metric-with-the-default-classes"),
        pytest.param(MapLink(metric="price", classes="manual", breaks="150000,250000"), id="manual-breaks"),
        pytest.param(MapLink(market="DFW", area=AREA), id="a-drawn-area"),
        pytest.param(MapLink(market="DFW", time=True), id="time-on"),
        pytest.param(
            MapLink(
                market="PHX", mode=POINT, latitude=33.44838, longitude=-112.07404, radius_miles=20.0, view=DALLAS,
                sold_from=date(2024, 2, 29), kinds=("build",), min_price=200_000, cell=CELL, metric="price", classes="equal",
                area=AREA, time=True,
            ),
            id="everything",
        ),
    ],
)
def test_a_written_link_reads_back_the_same(link):
    assert parse(write(link)) == link


@pytest.mark.parametrize(
    ("link", "query"),
    [
        pytest.param(MapLink(market="DFW"), {"market": "DFW"}, id="a-market"),
        pytest.param(MapLink(mode=ZIP_CODES, zips="75201, 75204"), {"zip": "75201,75204"}, id="zips-without-spaces"),
        pytest.param(MapLink(mode=POINT, latitude=32.78, longitude=-96.8, radius_miles=6.0),
                     {"lat": "32.78", "lng": "-96.8", "radius": "6"}, id="numbers-as-short-as-they-read"),
        pytest.param(MapLink(mode=POINT, latitude=32.78123), {"lat": "32.78123"}, id="five-decimals-kept"),
        pytest.param(MapLink(mode="Whole market", zips="75201", city="Dallas"), {}, id="the-whole-market-names-no-place"),
        pytest.param(MapLink(mode=CITY, city=""), {}, id="an-empty-city"),
        pytest.param(MapLink(view=DALLAS), {"view": "-97.5800,32.5400,-96.3400,33.4100"}, id="a-view-to-four-decimals"),
        pytest.param(MapLink(kinds=("flip", "hold"), min_price=200_000), {"kind": "flip,hold", "min": "200000"}, id="filters"),
        pytest.param(MapLink(metric="price", classes="log"), {"metric": "price", "classes": "log"}, id="colours"),
        pytest.param(MapLink(area=AREA), {"area": "-96.8,32.7,-96.71234,32.7,-96.75,32.80001,-96.79,32.76"}, id="an-area-lng-lat-pairs"),
        pytest.param(MapLink(time=True), {"time": "on"}, id="time-on"),
        pytest.param(MapLink(time=False), {}, id="time-off-says-nothing"),
    ],
)
def test_the_parameters_written(link, query):
    assert write(link) == query


def test_every_name_a_link_writes_is_one_the_link_owns():
    """The page writes only `NAMES` (adapter.routing.set_url_params): a name written and not
    owned would never be cleared from the URL."""
    links = [
        MapLink(market="DFW", mode=ZIP_CODES, zips="75201", sold_from=date(2024, 1, 1), sold_to=date(2024, 6, 30),
                kinds=("flip",), min_price=1, max_price=2, cell=CELL, metric="price", classes="manual", breaks="1,3",
                area=AREA, time=True, view=DALLAS),
        MapLink(mode=CITY, city="Dallas"),
        MapLink(mode=POINT, latitude=32.78, longitude=-96.8, radius_miles=6.0),
    ]
    written = {name for link in links for name in write(link)}
    assert written == set(NAMES)


PRICE_PROBLEM = "The link's {} price {} is not a price: a whole number of dollars from 0 to 1,000,000,000."


@pytest.mark.parametrize(
    ("query", "kept", "problem"),
    [
        pytest.param({"lat": "north", "lng": "-96.8"}, MapLink(mode=POINT, longitude=-96.8),
                     "The link's latitude 'north' is not a number from -90 to 90.", id="a-word-for-a-latitude"),
        pytest.param({"lat": "32.7", "lng": "inf", "radius": "1"}, MapLink(mode=POINT, latitude=32.7, radius_miles=1.0),
                     "The link's longitude 'inf' is not a number from -180 to 180.", id="inf-for-a-longitude"),
        pytest.param({"to": "31/12/2024"}, MapLink(), "The link's to date '31/12/2024' is not a date (YYYY-MM-DD).", id="a-date-not-iso"),
        pytest.param({"kind": "flip,teardown"}, MapLink(kinds=("flip",)), "Unknown deal kinds in the link: teardown.", id="an-unknown-kind"),
        pytest.param({"metric": "profit", "classes": "log"}, MapLink(classes="log"),
                     "The link's colour 'profit' is not one of deals, investors, price.", id="an-unknown-metric"),
        pytest.param({"classes": "jenks"}, MapLink(),
                     "The link's classes 'jenks' is not one of quantile, equal, log, manual.", id="unknown-classes"),
        pytest.param({"classes": "manual", "breaks": "3,1"}, MapLink(classes="manual"),
                     "The link's breaks '3,1' do not read: The breaks go up, each larger than the last (e.g. 1, 3, 10).",
                     id="breaks-going-down"),
        pytest.param({"view": "1,2,3"}, MapLink(), "The link's view '1,2,3' is not west,south,east,north.", id="three-numbers-for-a-view"),
        pytest.param({"view": "-96,32,-97,33"}, MapLink(), "The link's view '-96,32,-97,33' is not west,south,east,north.", id="a-view-inside-out"),
        pytest.param({"cell": "not-a-cell"}, MapLink(), "The link's cell 'not-a-cell' is not an H3 cell.", id="not-a-cell"),
        pytest.param({"min": "cheap", "max": "9"}, MapLink(max_price=9), PRICE_PROBLEM.format("min", "'cheap'"), id="a-word-for-a-price"),
        pytest.param({"min": "1e300"}, MapLink(), PRICE_PROBLEM.format("min", "'1e300'"), id="1e300-for-a-price"),
        pytest.param({"max": "9" * 300}, MapLink(), PRICE_PROBLEM.format("max", repr("9" * 40 + "…")), id="300-digits-for-a-price"),
        pytest.param({"min": "-5"}, MapLink(), PRICE_PROBLEM.format("min", "'-5'"), id="a-negative-price"),
        pytest.param({"min": "NaN"}, MapLink(), PRICE_PROBLEM.format("min", "'NaN'"), id="nan-for-a-price"),
        pytest.param({"area": "-96.8,32.7,-96.7,32.7"}, MapLink(),
                     "The link's area '-96.8,32.7,-96.7,32.7' is not an area drawn on the map: An area needs at least 3 corners.",
                     id="an-area-of-two-corners"),
        pytest.param({"area": "0,0,1,1,1,0,0,1", "cell": CELL}, MapLink(cell=CELL),
                     "The link's area '0,0,1,1,1,0,0,1' is not an area drawn on the map: The area's edges cross each other.",
                     id="an-area-crossing-itself"),
        pytest.param({"area": "0,0,1,1,1"}, MapLink(),
                     "The link's area '0,0,1,1,1' is not an area drawn on the map: An area is written as longitude,latitude pairs.",
                     id="an-area-of-odd-numbers"),
        pytest.param({"time": "yes", "cell": CELL}, MapLink(cell=CELL),
                     "The link's time 'yes' is not 'on': the map opens without playing the months.", id="time-not-on"),
    ],
)
def test_a_malformed_link_keeps_what_reads_and_says_the_rest(query, kept, problem):
    link = parse(query)
    assert link.problems == (problem,)
    assert link == MapLink(**{**kept.__dict__, "problems": (problem,)})


@pytest.mark.parametrize(
    ("query", "mode"),
    [
        pytest.param({"zip": "75201", "city": "Dallas", "lat": "32.7"}, ZIP_CODES, id="zips-first"),
        pytest.param({"city": "Dallas", "lat": "32.7"}, CITY, id="then-a-city"),
        pytest.param({"lng": "-96.8"}, POINT, id="either-coordinate-names-a-point"),
        pytest.param({"radius": "3"}, None, id="a-radius-alone-names-nothing"),
    ],
)
def test_the_place_a_link_names(query, mode):
    assert parse(query).mode == mode


def test_a_link_restores_the_maps_state_over_the_widgets_defaults():
    link = MapLink(market="PHX", mode=ZIP_CODES, zips="85004", view=DALLAS, kinds=("flip",), min_price=1000, cell=CELL,
                   metric="price", classes="manual", breaks="1,3", area=AREA, time=True)
    event = restored(link, ["DFW", "PHX"])
    controls = Controls(PlaceChoice("PHX", ZIP_CODES, zips="85004"), DealFilters(kinds=("flip",), min_price=1000),
                        ColourChoice(PRICE, MANUAL, "1,3"), time=True)
    assert (event.controls, event.view, event.cell, event.area, event.problems) == (controls, DALLAS, CELL, AREA, ())
    assert write(of_controls(controls, view=DALLAS, cell=CELL, area=AREA)) == write(link), "the state writes its link back"


def test_a_link_naming_nothing_of_the_map_keeps_its_state_and_a_market_not_served_is_said():
    assert restored(parse({}), ["DFW"]).controls is None, "the sidebar's link keeps the Map as it was left"
    bad = restored(parse({"cell": "nonsense"}), ["DFW"])
    assert bad.controls is None and bad.problems, "what does not read is said, and changes nothing"
    elsewhere = restored(parse({"market": "XXX"}), ["DFW", "PHX"])
    assert elsewhere.controls.place.market == "DFW"
    assert elsewhere.problems == ("The link's market 'XXX' is not served; showing DFW.",)
