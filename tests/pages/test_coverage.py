"""The Coverage page (AppTest) against the real sandbox: matrix, counties, builds, "is my place covered?"."""

from __future__ import annotations

import httpx2
import pytest

from components.coverage_matrix import STATUS_MARKS
from services.contract import dataset_words
from tests.pages.apptest import frame_with, page_runner, texts
from tests.processes import sandbox_env

run_page = page_runner("coverage")


def coverage(sandbox, **params) -> dict:
    # A probe: the key, but no on-behalf header (data-api.md, Authentication 4).
    key = sandbox_env(sandbox.url)["DEEDSCOPE_API_KEY"]
    response = httpx2.get(f"{sandbox.url}/v1/coverage", params=params, headers={"Authorization": f"Bearer {key}"}, timeout=30)
    response.raise_for_status()
    return response.json()["data"]


def test_the_matrix_has_a_row_per_market_and_a_column_per_dataset(app_env):
    markets = coverage(app_env)["markets"]
    app = run_page()
    assert not app.exception
    matrix = frame_with(app, "Dataset")
    assert list(matrix.columns[1:]) == [market["market"] for market in markets]
    for market in markets:
        cells = dict(zip(matrix["Dataset"], matrix[market["market"]]))
        assert cells["data end"] == market["data_end"]
        for key, dataset in market["datasets"].items():
            assert cells[dataset_words(key).capitalize()].startswith(STATUS_MARKS[dataset["status"]].split(" ")[0])
            assert dataset.get("as_of") is None or dataset["as_of"] in cells[dataset_words(key).capitalize()]
            assert cells[dataset_words(key).capitalize()].endswith("⚠") == bool(dataset.get("stale"))
    counties = frame_with(app, "County FIPS")
    assert len(counties) == sum(len(market["counties"]) for market in markets)
    builds = frame_with(app, "Published")
    assert len(builds) >= 1
    assert any(metric.label == "Dataset version" for metric in app.metric)


def test_a_county_inside_a_market_is_covered(app_env):
    market = coverage(app_env)["markets"][0]
    county = market["counties"][0]
    app = run_page(county=county["fips"])
    assert not app.exception
    answer = "\n".join(str(element.value) for element in app.success)
    assert answer.startswith("Covered:") and county["fips"] in answer
    assert f"is in {market['market']}" in answer
    assert app.query_params["county"] in (county["fips"], [county["fips"]])


def test_a_place_outside_every_market_says_so(app_env):
    app = run_page(lat="64.8378", lng="-147.7164")  # Fairbanks, Alaska: no market is near
    assert not app.exception
    assert "Not covered" in texts(app)
    assert coverage(app_env, lat=64.8378, lng=-147.7164)["markets"] == []


@pytest.mark.shape_independent("a malformed ZIP is refused before any request")
def test_the_place_form_refuses_a_bad_zip_before_asking(app_env):
    app = run_page()
    app.radio(key="cov_place_kind").set_value("ZIP")
    app.text_input(key="cov_zip").input("75a01")
    app.button[0].click()  # the form's submit button
    app.run()
    assert not app.exception
    assert "A ZIP is 5 digits" in texts(app)
    assert "zip" not in app.query_params


def test_the_form_asks_about_a_zip_and_the_url_keeps_it(app_env):
    market = coverage(app_env)["markets"][0]
    env = sandbox_env(app_env.url)
    headers = {"Authorization": f"Bearer {env['DEEDSCOPE_API_KEY']}", "X-On-Behalf-Of": env["DEEDSCOPE_ON_BEHALF_OF"]}
    deal = httpx2.get(f"{app_env.url}/v1/deals", params={"bbox": ",".join(map(str, market["bbox"])), "limit": 1},
                      headers=headers, timeout=30).json()["data"][0]
    zip_code = deal["property"]["zip"]
    app = run_page()
    app.radio(key="cov_place_kind").set_value("ZIP")
    app.text_input(key="cov_zip").input(zip_code)
    app.button[0].click()
    app.run()
    assert not app.exception
    answer = "\n".join(str(element.value) for element in app.success)
    assert answer.startswith(f"Covered: ZIP {zip_code} is in")
    assert app.query_params["zip"] in (zip_code, [zip_code])
    # What the market serves reads as the matrix says it ("owner profile"), not as keys.
    serves = next(str(element.value) for element in app.markdown if "serves" in str(element.value))
    assert "owner profile" in serves and "owner_profile" not in serves and "cash_sale" not in serves, serves


@pytest.mark.parametrize(("count", "sizes"), [(1, [1]), (7, [7]), (8, [4, 4]), (10, [5, 5]), (15, [5, 5, 5]), (16, [6, 6, 4])])
def test_many_markets_take_even_tables_of_at_most_seven(count, sizes):
    from components.coverage_matrix import market_groups

    markets = [{"market": f"M{number}"} for number in range(count)]
    groups = market_groups(markets)
    assert [len(group) for group in groups] == sizes
    assert [market for group in groups for market in group] == markets, "every market once, in order"
