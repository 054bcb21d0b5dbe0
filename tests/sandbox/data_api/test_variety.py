"""`python -m sandbox --variety` (sandbox/data_api/variety.py): short and empty pages with cursors,
unknown fields, nulls, a market without parcel datasets, and a key refused on early access."""

from __future__ import annotations

from tests.sandbox.data_api.helpers import _client, assert_problem, get, headers

DALLAS = {"zip": "75201,75204,75206", "limit": "60"}


def walk(url: str, path: str, params: dict) -> tuple[list[dict], list[int]]:
    rows: list[dict] = []
    sizes: list[int] = []
    cursor = None
    while True:
        answer = get(url, path, {**params, **({"cursor": cursor} if cursor else {})})
        assert answer.status_code == 200, answer.text
        body = answer.json()
        rows += body["data"]
        sizes.append(body["page"]["returned"])
        cursor = body["page"]["next_cursor"]
        if not cursor:
            return rows, sizes


def test_short_and_empty_pages_carry_cursors_and_walk_the_same_rows(sandbox, variety_sandbox) -> None:
    plain, plain_sizes = walk(sandbox.url, "/v1/deals", DALLAS)
    varied, varied_sizes = walk(variety_sandbox.url, "/v1/deals", DALLAS)
    assert [row["id"] for row in varied] == [row["id"] for row in plain]
    assert len(plain_sizes) < len(varied_sizes)
    assert varied_sizes[0] == 40 and varied_sizes[1] == 0  # two thirds of 60, then one empty page


def test_largest_page_is_lowered_and_said(variety_sandbox) -> None:
    page = get(variety_sandbox.url, "/v1/deals", {"bbox": "-97.5,32.5,-96.5,33.2", "limit": "500"}).json()["page"]
    assert page["limit"] == 200 and page["returned"] == 133 and page["next_cursor"]


def test_unknown_fields_and_nulls(variety_sandbox) -> None:
    body = get(variety_sandbox.url, "/v1/deals", {"zip": "75201", "limit": "10"}).json()
    assert "added_later" in body and "added_later" in body["meta"] and "added_later" in body["page"]
    assert all("added_later" in row for row in body["data"])
    second = body["data"][1]
    nulled = [name for name in ("price", "distance_miles", "recorded_on", "sale_date") if name in second]
    assert nulled and all(second[name] is None for name in nulled)


def test_a_market_without_parcel_datasets_answers_their_422(variety_sandbox) -> None:
    answer = _client.post(f"{variety_sandbox.url}/v1/properties/search", headers=headers(),
                          json={"place": {"zip": ["28202"]}})
    assert_problem(answer, 422, "parcels_unavailable")
    answer = _client.post(f"{variety_sandbox.url}/v1/properties/search", headers=headers(),
                          json={"place": {"address": {"line": "1 Main St", "zip": "28202"}}})
    assert_problem(answer, 422, "addresses_unavailable")
    coverage = get(variety_sandbox.url, "/v1/coverage", {"market": "CLT"}).json()["data"]["markets"][0]
    assert {coverage["datasets"][key]["status"] for key in ("parcels", "history", "addresses")} == {"not_published"}


def test_early_access_refused_for_one_key(sandbox) -> None:
    for path, params in (("/v1/lenders/search", {"q": "bank"}), ("/v1/agents/search", {"q": "realty"})):
        assert_problem(get(sandbox.url, path, params, key="zpka_sandbox_noearly"), 404, "not_found")
    assert get(sandbox.url, "/v1/deals/summary", {"zip": "75201"}, key="zpka_sandbox_noearly").status_code == 200


def test_early_access_is_refused_by_the_plan_on_variety(variety_sandbox) -> None:
    """data-api.md, Versioning 5 (line 272): how an early-access route is restricted is not shown; the
    default profile answers as absent (404), `--variety` as refused by the plan (403 plan_limit)."""
    for path, params in (("/v1/lenders", {}), ("/v1/wholesale-listings", {"zip": "75201"}),
                         ("/v1/agents/search", {"q": "realty"})):
        assert_problem(get(variety_sandbox.url, path, params, key="zpka_sandbox_noearly"), 403, "plan_limit")
    assert get(variety_sandbox.url, "/v1/deals/summary", {"zip": "75201"}, key="zpka_sandbox_noearly").status_code == 200


def test_the_lender_registry_is_listed_by_id_whatever_sort_asks(sandbox, variety_sandbox) -> None:
    """data-api.md line 171 names no parameter of `GET /v1/lenders`: `--variety` lists it its own way."""
    varied, _sizes = walk(variety_sandbox.url, "/v1/lenders", {"sort": "loans_desc"})
    ids = [row["id"] for row in varied]
    assert ids == sorted(ids) and len(ids) == len(set(ids))
    plain, _ = walk(sandbox.url, "/v1/lenders", {"sort": "loans_desc"})
    assert sorted(ids) == sorted(row["id"] for row in plain) and ids != [row["id"] for row in plain]
