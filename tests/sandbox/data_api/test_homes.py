"""The sandbox's homes and prices make comparable sales sensible (issue 46; sandbox/data_api/data/homes.py):
a neighbourhood has its own price per square foot, a larger home sells for more than a smaller one
nearby, bedrooms follow the living area, prices rise over the years, and what a live host also
serves is there (homes without a recorded building, nominal-price deeds)."""

from __future__ import annotations

import statistics

import duckdb
import pytest

from sandbox.data_api.data.build import ensure_database
from sandbox.data_api.db import CONNECTION_CONFIG
from tests.sandbox.data_api.helpers import fixtures, get

FLOOR = 10_000  # a deed under it is a transfer, not a sale (the client's stated floor)


@pytest.fixture(scope="module")
def con(sandbox_process):
    """The built dataset the sandbox serves (the same seed and scale: built once, shared)."""
    from services.sandbox_process import DATA_DIR

    with duckdb.connect(str(ensure_database(DATA_DIR, "small", 7)), read_only=True, config=CONNECTION_CONFIG) as connection:
        yield connection


def test_neighbourhoods_have_their_own_price_per_square_foot(con):
    levels = [level for (level,) in con.execute(
        f"SELECT median(price / living_area_sqft) FROM deals WHERE market = 'DFW' AND price >= {FLOOR} "
        "AND kind IN ('flip', 'hold', 'long_hold') GROUP BY zip HAVING count(*) >= 40").fetchall()]
    assert len(levels) >= 20
    low, high = statistics.quantiles(levels, n=10)[0], statistics.quantiles(levels, n=10)[-1]
    assert high > 1.4 * low, (low, high)


def test_a_larger_home_sells_for_more_in_the_same_zip(con):
    (correlation,) = con.execute(
        f"SELECT avg(c) FROM (SELECT corr(living_area_sqft, price) AS c FROM deals WHERE market = 'DFW' "
        f"AND price >= {FLOOR} AND kind = 'flip' GROUP BY zip HAVING count(*) >= 30)").fetchone()
    assert correlation > 0.6


def test_bedrooms_follow_the_living_area_and_some_homes_have_no_building_recorded(con):
    sizes = dict(con.execute("SELECT bedrooms, median(living_area_sqft) FROM properties WHERE bedrooms IS NOT NULL "
                             "GROUP BY 1").fetchall())
    assert sizes[2] < sizes[3] < sizes[4] < sizes[5]
    unrecorded, no_year, total = con.execute(
        "SELECT count(*) FILTER (living_area_sqft IS NULL AND bedrooms IS NULL), count(*) FILTER (year_built IS NULL), "
        "count(*) FROM properties").fetchone()
    assert 0.01 * total < unrecorded < 0.06 * total and no_year > 0


def test_prices_rise_over_the_years(con):
    medians = [median for _year, median in con.execute(
        f"SELECT year(sale_date), median(price) FROM deals WHERE price >= {FLOOR} GROUP BY 1 ORDER BY 1").fetchall()]
    assert medians[-1] > 1.2 * medians[0]


def test_the_served_deals_carry_nominal_prices_and_homes_without_a_size(sandbox):
    """What the client's comps drop or work around is served, near a parcel of the default profile."""
    notable = fixtures(sandbox.url)
    rows = get(sandbox.url, "/v1/deals", {"bbox": ",".join(str(v) for v in notable["markets"]["DFW"]),
                                          "min_price": 1, "max_price": FLOOR - 1, "limit": 50}).json()["data"]
    assert rows and all(row["price"] < FLOOR for row in rows), "deeds at a nominal price"
    sizeless = get(sandbox.url, "/v1/deals", {"bbox": ",".join(str(v) for v in notable["markets"]["DFW"]),
                                              "limit": 500}).json()["data"]
    assert any(row["property"]["living_area_sqft"] is None and row["price"] for row in sizeless)
