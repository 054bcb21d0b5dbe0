"""Input checked before a request is spent: each refusal names the input and what would be right."""

from __future__ import annotations

import inspect
import sys
from datetime import date

import pytest
import typing_extensions

from services.errors import InvalidInputError
from services.data_api.query_checks import (
    DATE_KIND_FILTER_NAMES,
    FILTER_NAMES,
    DateKindFilters,
    PlaceFilters,
    check_id,
    check_query,
    date_kind_params,
    place_params,
)
from services.data_api.resources.deals import Deals
from services.data_api.resources.investors import Investors

HEX12 = "0123456789ab"
HEX32 = "0123456789abcdef0123456789abcdef"


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        pytest.param({"lat": 32.7767, "lng": -96.797, "radius_miles": 20}, {"lat": "32.7767", "lng": "-96.797", "radius_miles": "20"}, id="point-at-the-limit"),
        pytest.param({"bbox": (-97.0, 32.5, -96.5, 33.0)}, {"bbox": "-97,32.5,-96.5,33"}, id="bbox-tuple"),
        pytest.param({"bbox": "-97,32.5,-96.5,33"}, {"bbox": "-97,32.5,-96.5,33"}, id="bbox-string"),
        pytest.param({"zip": ["75201", "75202"]}, {"zip": "75201,75202"}, id="zip-list"),
        pytest.param({"zip": "75201"}, {"zip": "75201"}, id="zip-string"),
        pytest.param({"from_": date(2024, 1, 1), "to": "2024-12-31"}, {"from": "2024-01-01", "to": "2024-12-31"}, id="dates"),
        pytest.param({"kind": ["flip", "wholesale"]}, {"kind": "flip,wholesale"}, id="kinds"),
        pytest.param({"min_price": 1000, "max_price": 2000}, {"min_price": "1000", "max_price": "2000"}, id="prices"),
        pytest.param({"city": " Dallas "}, {"city": "Dallas"}, id="city"),
        pytest.param({"property_id": "prop_" + HEX32}, {"property_id": "prop_" + HEX32}, id="property"),
        pytest.param({"zip": []}, {}, id="empty-zip-list-is-no-filter"),
    ],
)
def test_place_params(kwargs: dict, expected: dict) -> None:
    assert place_params(**kwargs) == expected


@pytest.mark.parametrize(
    ("kwargs", "param"),
    [
        pytest.param({"lat": 1, "lng": 1, "radius_miles": 20.01}, "radius_miles", id="radius-over-20"),
        pytest.param({"lat": 1, "lng": 1, "radius_miles": 0}, "radius_miles", id="radius-zero"),
        pytest.param({"radius_miles": 5}, "radius_miles", id="radius-without-point"),
        pytest.param({"lat": 1}, "lat/lng", id="half-a-point"),
        pytest.param({"lat": 91, "lng": 0}, "lat", id="latitude-range"),
        pytest.param({"lat": "north", "lng": 0}, "lat", id="latitude-not-number"),
        pytest.param({"bbox": (1, 2, 3)}, "bbox", id="bbox-three-numbers"),
        pytest.param({"bbox": (-96, 33, -97, 32)}, "bbox", id="bbox-reversed"),
        pytest.param({"zip": ["7520"]}, "zip", id="zip-four-digits"),
        pytest.param({"from_": "2024-13-01"}, "from", id="bad-month"),
        pytest.param({"to": "01/02/2024"}, "to", id="us-date"),
        pytest.param({"from_": "2024-05-01", "to": "2024-01-01"}, "from", id="from-after-to"),
        pytest.param({"kind": ["flip", "rental"]}, "kind", id="unknown-kind"),
        pytest.param({"min_price": -1}, "min_price", id="negative-price"),
        pytest.param({"min_price": 10, "max_price": 5}, "min_price", id="min-above-max"),
        pytest.param({"property_id": "prop_123"}, "property id", id="short-property-id"),
    ],
)
def test_place_params_refusals(kwargs: dict, param: str) -> None:
    with pytest.raises(InvalidInputError) as caught:
        place_params(**kwargs)
    assert caught.value.param == param
    assert caught.value.detail.startswith(f"Invalid {param}:")


@pytest.mark.parametrize(
    ("kind", "value", "ok"),
    [
        pytest.param("deal", "deal_" + HEX32, True, id="deal"),
        pytest.param("deal", " deal_" + HEX32 + " ", True, id="deal-stripped"),
        pytest.param("deal", "deal_" + HEX32.upper(), True, id="deal-upper-case-hex"),
        pytest.param("deal", HEX32, False, id="deal-without-prefix"),
        pytest.param("investor", "inv_" + HEX12, True, id="investor"),
        pytest.param("investor", "inv_" + HEX12 + "0", False, id="investor-too-long"),
        pytest.param("agent", "agt_" + HEX12, True, id="agent"),
        pytest.param("agent", "inv_" + HEX12, False, id="agent-wrong-prefix"),
        pytest.param("lender", "len_" + HEX12, True, id="lender"),
        pytest.param("person", "person:" + HEX12, True, id="person"),
        pytest.param("person", "person:" + HEX12[:-1] + "g", False, id="person-not-hex"),
        pytest.param("investor", None, False, id="none"),
    ],
)
def test_check_id(kind: str, value, ok: bool) -> None:
    if ok:
        assert check_id(kind, value) == value.strip()
    else:
        with pytest.raises(InvalidInputError, match="expected"):
            check_id(kind, value)


@pytest.mark.parametrize(
    ("q", "ok"),
    [pytest.param("ab", True, id="two"), pytest.param("a", False, id="one"), pytest.param("x" * 101, False, id="101"),
     pytest.param("  a  ", False, id="one-after-strip")],
)
def test_check_query(q: str, ok: bool) -> None:
    if ok:
        assert check_query(q) == q
    else:
        with pytest.raises(InvalidInputError):
            check_query(q)


# --- one typed definition of the filters ---------------------------------------------------------


def _unpacked_filters(method) -> type:
    # Only the annotation of **filters is evaluated (a return type may name a module imported for type checking only).
    annotation = inspect.signature(method).parameters["filters"].annotation
    unpacked = eval(annotation, sys.modules[method.__module__].__dict__) if isinstance(annotation, str) else annotation
    assert typing_extensions.get_origin(unpacked) is typing_extensions.Unpack, f"{method.__qualname__} takes **filters untyped"
    return typing_extensions.get_args(unpacked)[0]


@pytest.mark.parametrize(
    ("method", "filters"),
    [
        pytest.param(Deals.list, PlaceFilters, id="deals.list"),
        pytest.param(Deals.summary, PlaceFilters, id="deals.summary"),
        pytest.param(Deals.cells, PlaceFilters, id="deals.cells"),
        pytest.param(Deals.cells_frame, PlaceFilters, id="deals.cells_frame"),
        pytest.param(Investors.list, PlaceFilters, id="investors.list"),
        pytest.param(Investors.deals, DateKindFilters, id="investors.deals"),
    ],
)
def test_methods_take_the_one_typed_definition(method, filters) -> None:
    assert _unpacked_filters(method) is filters
    names = set(typing_extensions.get_type_hints(filters))
    assert names == set(filters.__optional_keys__), "every filter is optional"


def test_filter_names_follow_decisions_md() -> None:
    # decisions.md, Data API: the geometry, from, to, kind, min_price, max_price (`from_` in Python).
    assert FILTER_NAMES == {
        "bbox", "lat", "lng", "radius_miles", "zip", "city", "property_id",
        "from_", "to", "kind", "min_price", "max_price",
    }
    assert DATE_KIND_FILTER_NAMES == {"from_", "to", "kind"} < FILTER_NAMES


@pytest.mark.parametrize(
    ("call", "name"),
    [
        pytest.param(lambda: place_params(radius=5), "radius", id="place-misspelt"),
        pytest.param(lambda: place_params(**{"from": "2024-01-01"}), "from", id="from-without-underscore"),
        pytest.param(lambda: date_kind_params(bbox=(0, 0, 1, 1)), "bbox", id="date-kind-has-no-geometry"),
        pytest.param(lambda: date_kind_params(min_price=5), "min_price", id="date-kind-has-no-price"),
    ],
)
def test_unknown_filter_is_a_type_error_naming_it(call, name: str) -> None:
    with pytest.raises(TypeError, match=rf"unknown filter\(s\) {name};"):
        call()


def test_date_kind_params() -> None:
    assert date_kind_params(from_="2024-01-01", kind="flip") == {"from": "2024-01-01", "kind": "flip"}
