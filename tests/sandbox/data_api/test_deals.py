"""`/v1/deals`, `/v1/deals/{id}`, `/v1/deals/summary`, `/v1/deals/cells`: filters, geometry, bad input."""

from __future__ import annotations

import h3
import pytest

from tests.sandbox.data_api.helpers import assert_problem, fixtures, get, walk

BENCH = "zpka_sandbox_bench"


@pytest.fixture(scope="module")
def dfw(sandbox_url):
    """A DFW bbox and one busy ZIP of it, discovered from the dataset."""
    bbox = fixtures(sandbox_url)["markets"]["DFW"]
    deals = get(sandbox_url, "/v1/deals", {"bbox": ",".join(map(str, bbox)), "limit": 200}, key=BENCH).json()["data"]
    zips = [deal["property"]["zip"] for deal in deals]
    return {"bbox": ",".join(map(str, bbox)), "zip": max(set(zips), key=zips.count), "deal": deals[0]}


def test_geometry_required(sandbox):
    """decisions.md, shared filters: no geometry answers 400 geometry_required."""
    assert_problem(get(sandbox.url, "/v1/deals", {"from": "2025-01-01"}), 400, "geometry_required")
    assert_problem(get(sandbox.url, "/v1/deals/summary", {"lat": 32.8, "lng": -96.8}), 400, "geometry_required")


def test_geometry_conflict(sandbox, dfw):
    """decisions.md, shared filters: two geometries answer 400 geometry_conflict."""
    problem = assert_problem(get(sandbox.url, "/v1/deals", {"zip": dfw["zip"], "bbox": dfw["bbox"]}), 400,
                             "geometry_conflict")
    assert "bbox" in problem["detail"] and "zip" in problem["detail"]


@pytest.mark.parametrize("radius", ["20.5", "100", "inf"])
def test_radius_over_20_miles_is_a_validation_error(sandbox, radius):
    """data-api.md, Limits 6: radius_miles at most 20."""
    problem = assert_problem(get(sandbox.url, "/v1/deals", {"lat": 32.8, "lng": -96.8, "radius_miles": radius}),
                             400, "validation_error")
    assert problem["errors"][0]["param"] == "radius_miles"
    assert problem["errors"][0]["code"] == "too_big"


@pytest.mark.parametrize("params, param", [
    pytest.param({"bbox": "1,2,3"}, "bbox", id="bbox-three-numbers"),
    pytest.param({"bbox": "-96,33,-97,32"}, "bbox", id="bbox-west-east-swapped"),
    pytest.param({"zip": "7500"}, "zip", id="zip-four-digits"),
    pytest.param({"zip": "75001", "from": "2025-13-01"}, "from", id="month-13"),
    pytest.param({"zip": "75001", "from": "2025-06-01", "to": "2025-01-01"}, "from", id="from-after-to"),
    pytest.param({"zip": "75001", "kind": "flip,teardown"}, "kind", id="unknown-kind"),
    pytest.param({"zip": "75001", "min_price": "-1"}, "min_price", id="negative-price"),
    pytest.param({"zip": "75001", "limit": "0"}, "limit", id="limit-zero"),
    pytest.param({"lat": "north", "lng": -96.8, "radius_miles": 2}, "lat", id="lat-not-a-number"),
    pytest.param({"lat": 32.8, "lng": -96.8, "radius_miles": "nan"}, "radius_miles", id="radius-nan"),
    pytest.param({"bbox": "nan,32,-96,33"}, "bbox", id="bbox-nan"),
])
def test_malformed_parameters_name_the_parameter(sandbox, params, param):
    """Issue 2, Bad input: every malformed parameter answers a documented code naming it, never a 500."""
    problem = assert_problem(get(sandbox.url, "/v1/deals", params), 400, "validation_error")
    assert param in [error["param"] for error in problem["errors"]]
    assert param in problem["detail"]


def test_unknown_zip_is_outside_coverage_with_zips_unknown(sandbox, dfw):
    """data-api.md, geometry rules: an unknown ZIP answers 422 outside_coverage naming zips_unknown."""
    problem = assert_problem(get(sandbox.url, "/v1/deals", {"zip": f"{dfw['zip']},99999"}), 422, "outside_coverage")
    assert problem["zips_unknown"] == ["99999"]


def test_leading_zero_zips_are_served(sandbox):
    """Issue 2, Dataset: ZIPs with leading zeros (the NNJ market) keep them."""
    bbox = ",".join(map(str, fixtures(sandbox.url)["markets"]["NNJ"]))
    deals = get(sandbox.url, "/v1/deals", {"bbox": bbox, "limit": 20}, key=BENCH).json()["data"]
    assert deals and all(deal["property"]["zip"].startswith("0") for deal in deals)
    zip_code = deals[0]["property"]["zip"]
    again = get(sandbox.url, "/v1/deals", {"zip": zip_code, "limit": 5}, key=BENCH)
    assert again.status_code == 200 and again.json()["data"]


def test_sort_distance_needs_a_point_and_orders_by_distance(sandbox, dfw):
    """data-api.md, /v1/deals: sort=distance needs a point (400 sort_requires_point); distance_miles with a point only."""
    assert_problem(get(sandbox.url, "/v1/deals", {"zip": dfw["zip"], "sort": "distance"}), 400, "sort_requires_point")
    prop = dfw["deal"]["property"]
    response = get(sandbox.url, "/v1/deals", {"lat": prop["latitude"], "lng": prop["longitude"], "radius_miles": 2,
                                               "sort": "distance", "limit": 50}, key=BENCH)
    deals = response.json()["data"]
    distances = [deal["distance_miles"] for deal in deals]
    assert distances == sorted(distances) and distances[0] < 0.01 and distances[-1] <= 2
    plain = get(sandbox.url, "/v1/deals", {"zip": dfw["zip"], "limit": 5}, key=BENCH).json()["data"]
    assert all("distance_miles" not in deal for deal in plain)


def test_reference_point_with_a_place_gives_distances(sandbox, dfw):
    """data-api.md, Conventions: with a place, lat/lng are the reference point only."""
    prop = dfw["deal"]["property"]
    response = get(sandbox.url, "/v1/deals", {"zip": prop["zip"], "lat": prop["latitude"], "lng": prop["longitude"],
                                               "sort": "distance", "limit": 10}, key=BENCH)
    assert response.status_code == 200
    assert all(deal["property"]["zip"] == prop["zip"] and "distance_miles" in deal for deal in response.json()["data"])


def test_deal_object_shape_and_null_prices(sandbox, dfw):
    """decisions.md, Deal object; data-api.md, Conventions: price null when the deed has none, never 0."""
    deals = walk(sandbox.url, "/v1/deals", {"bbox": dfw["bbox"], "to": "2019-12-31", "sort": "price_asc"})
    assert {"id", "sale_date", "price", "kind", "buyer", "seller", "property", "lender_id", "listing_id"} <= set(deals[0])
    assert {"property_id", "city", "zip", "county_fips", "latitude", "longitude", "bedrooms", "bathrooms",
            "living_area_sqft", "year_built"} <= set(deals[0]["property"])
    prices = [deal["price"] for deal in deals]
    assert 0 not in prices
    assert None in prices
    assert all(p is not None for p in prices[:prices.index(None)])  # nulls last
    redacted = [deal["seller"] for deal in deals if deal["seller"].get("contact_redacted")]
    assert redacted and all(seller["name"] is None for seller in redacted)


def test_filters_narrow_the_set(sandbox, dfw):
    """decisions.md, shared filters: from, to, kind, min_price, max_price."""
    params = {"bbox": dfw["bbox"], "from": "2025-01-01", "to": "2025-03-31", "kind": ["flip", "hold"],
              "min_price": 200000, "max_price": 400000}
    deals = walk(sandbox.url, "/v1/deals", params)
    assert deals
    for deal in deals:
        assert "2025-01-01" <= deal["sale_date"] <= "2025-03-31"
        assert deal["kind"] in ("flip", "hold")
        assert 200000 <= deal["price"] <= 400000
    summary = get(sandbox.url, "/v1/deals/summary", params).json()["data"]
    assert summary["n_deals"] == len(deals)


def test_deal_by_id_and_bad_ids(sandbox, dfw):
    """data-api.md, Errors: invalid_id when an id lacks its prefix or hex length; unknown deal 404."""
    deal = dfw["deal"]
    response = get(sandbox.url, f"/v1/deals/{deal['id']}")
    assert response.status_code == 200 and response.json()["data"] == deal
    problem = assert_problem(get(sandbox.url, f"/v1/deals/{deal['id'][5:]}"), 400, "invalid_id")
    assert "deal_" in problem["detail"]
    assert_problem(get(sandbox.url, "/v1/deals/deal_XYZ"), 400, "invalid_id")
    assert_problem(get(sandbox.url, "/v1/deals/deal_" + "0" * 32), 404, "not_found")


def test_summary_adds_up(sandbox, dfw):
    """decisions.md, /v1/deals/summary: n_deals, n_investors, n_priced, median_price, by_kind, by_month."""
    body = get(sandbox.url, "/v1/deals/summary", {"zip": dfw["zip"]}).json()
    summary = body["data"]
    assert summary["n_deals"] == sum(summary["by_kind"].values()) == sum(m["n"] for m in summary["by_month"])
    assert summary["n_priced"] <= summary["n_deals"]
    assert summary["n_investors"] >= 1 and summary["median_price"] > 0
    assert set(summary["by_kind"]) <= {"flip", "wholesale", "long_hold", "hold", "build", "acquisition"}
    assert [m["month"] for m in summary["by_month"]] == sorted(m["month"] for m in summary["by_month"])
    deals = walk(sandbox.url, "/v1/deals", {"zip": dfw["zip"]})
    assert len(deals) == summary["n_deals"]


def test_cells_are_h3_and_add_up_to_the_summary(sandbox, dfw):
    """decisions.md, /v1/deals/cells: lower-case hex H3 cells at `resolution` (default 8), meta.resolution."""
    params = {"bbox": dfw["bbox"], "from": "2025-11-01", "to": "2026-10-31"}
    body = get(sandbox.url, "/v1/deals/cells", params).json()
    assert body["meta"]["resolution"] == 8
    cells = body["data"]
    assert cells
    for cell in cells[:200]:
        assert cell["cell"] == cell["cell"].lower() and h3.is_valid_cell(cell["cell"])
        assert h3.get_resolution(cell["cell"]) == 8
        assert cell["n_investors"] <= cell["n_deals"]
    summary = get(sandbox.url, "/v1/deals/summary", params).json()["data"]
    assert sum(cell["n_deals"] for cell in cells) == summary["n_deals"]
    coarse = get(sandbox.url, "/v1/deals/cells", {**params, "resolution": 5}).json()
    assert coarse["meta"]["resolution"] == 5
    assert len(coarse["data"]) < len(cells)
    assert sum(cell["n_deals"] for cell in coarse["data"]) == summary["n_deals"]


@pytest.mark.parametrize("resolution", ["3", "11", "eight"])
def test_cells_resolution_outside_4_to_10(sandbox, dfw, resolution):
    """decisions.md, /v1/deals/cells: resolution 4 to 10."""
    problem = assert_problem(get(sandbox.url, "/v1/deals/cells", {"zip": dfw["zip"], "resolution": resolution}),
                             400, "validation_error")
    assert problem["errors"][0]["param"] == "resolution"
