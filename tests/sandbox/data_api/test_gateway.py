"""The gateway rules of every data route: keys, plans, on-behalf, Accept, parameters, envelope, credits."""

from __future__ import annotations

import pytest

from tests.sandbox.data_api.helpers import DEMO_KEY, assert_problem, fixtures, get


def a_zip(url: str) -> str:
    """A ZIP of a served market, discovered from the dataset (never hard-coded)."""
    deals = get(url, "/v1/deals", {"bbox": ",".join(map(str, fixtures(url)["markets"]["DFW"])), "limit": 1},
                key="zpka_sandbox_bench").json()["data"]
    return deals[0]["property"]["zip"]


@pytest.mark.parametrize("key", [None, "zpka_not_a_key", "Basic abc"], ids=["missing", "unknown", "not-bearer"])
def test_missing_or_invalid_key_is_401(sandbox, key):
    """data-api.md, Authentication 2: a missing or invalid key answers 401 unauthorized."""
    import httpx2

    sent = {"X-On-Behalf-Of": "dev_demo"}
    if key:
        sent["Authorization"] = key if key.startswith("Basic") else f"Bearer {key}"
    response = httpx2.get(f"{sandbox.url}/v1/dataset", headers=sent, timeout=60)
    assert_problem(response, 401, "unauthorized")
    assert "zpka_not_a_key" not in response.text  # a key never reaches an error message


@pytest.mark.parametrize("key, code", [("zpka_sandbox_noplan", "subscription_required"),
                                       ("zpka_sandbox_overdue", "payment_overdue")])
def test_plan_refusals_are_403(sandbox, key, code):
    """data-api.md, Authentication 2: no active plan 403 subscription_required; overdue 403 payment_overdue."""
    assert_problem(get(sandbox.url, "/v1/dataset", key=key), 403, code)


def test_on_behalf_header_is_required_on_v1_but_not_on_probes_or_v3(sandbox):
    """data-api.md, Authentication 4 and decisions.md: /v1 needs X-On-Behalf-Of, probes and /v3 do not."""
    zip_code = a_zip(sandbox.url)
    assert_problem(get(sandbox.url, "/v1/deals", {"zip": zip_code}, on_behalf=None), 400, "on_behalf_of_required")
    assert_problem(get(sandbox.url, "/v1/deals/summary", {"zip": zip_code}, on_behalf=None), 400, "on_behalf_of_required")
    for path in ("/v1/dataset", "/v1/coverage", "/v3/build"):
        assert get(sandbox.url, path, on_behalf=None).status_code == 200, path


def test_accept_naming_nothing_produced_is_406(sandbox):
    """data-api.md, Errors: 406 not_acceptable for an Accept naming no representation the endpoint produces."""
    assert_problem(get(sandbox.url, "/v1/dataset", Accept="text/html"), 406, "not_acceptable")
    assert get(sandbox.url, "/v1/dataset", Accept="text/html, */*;q=0.1").status_code == 200
    assert get(sandbox.url, "/v1/dataset", Accept="application/json").status_code == 200


def test_unknown_query_parameter_is_400(sandbox):
    """decisions.md: unknown query parameters answer 400 unknown_parameter, naming them."""
    problem = assert_problem(get(sandbox.url, "/v1/deals", {"zip": a_zip(sandbox.url), "colour": "red"}),
                             400, "unknown_parameter")
    assert "colour" in problem["detail"]
    assert problem["errors"][0]["param"] == "colour"


def test_envelope_and_success_headers(sandbox):
    """data-api.md, Envelope and Endpoints: {data, meta, page}; ETag, X-Request-Id, X-Rows, X-Dataset-Version, X-Data-End."""
    response = get(sandbox.url, "/v1/deals", {"zip": a_zip(sandbox.url), "limit": 3})
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"data", "meta", "page"}
    meta = body["meta"]
    assert meta["generated_at"].endswith("Z")
    assert "{terms_url}" in meta["terms"]
    assert len(meta["build"]["states"]) >= 5
    for state in meta["build"]["states"]:
        assert {"state", "build_id", "built_at", "published_at", "run_id"} <= set(state)
        assert isinstance(state["run_id"], int)
    assert meta["coverage"] and meta["coverage"][0]["market"] == "DFW"
    for field in ("market", "state", "counties", "bbox", "data_end", "build_run_id", "registry_run", "dataset_version",
                  "n_parcels", "listings_data_end", "auction_counted", "lenders"):
        assert field in meta["coverage"][0], field
    assert body["page"]["limit"] == 3 and body["page"]["returned"] == len(body["data"]) == 3
    assert response.headers["ETag"].startswith('"')
    assert response.headers["X-Request-Id"]
    assert response.headers["X-Rows"] == "3"
    assert response.headers["X-Dataset-Version"] == str(meta["coverage"][0]["dataset_version"])
    assert response.headers["X-Data-End"] == meta["coverage"][0]["data_end"]


def test_if_none_match_answers_304_and_charges_nothing(sandbox):
    """data-api.md, Endpoints (ETag) and Limits 3: a conditional GET of the same data answers 304."""
    params = {"zip": a_zip(sandbox.url), "limit": 2}
    first = get(sandbox.url, "/v1/deals", params)
    again = get(sandbox.url, "/v1/deals", params, **{"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    assert again.content == b""
    assert again.headers["ETag"] == first.headers["ETag"]
    assert "X-Credits-Charged" not in again.headers


def test_credits_new_item_costs_one_then_nothing(sandbox):
    """data-api.md, What the service does 7 and Limits 3: a deal new to the account costs 1, again 0."""
    deal = get(sandbox.url, "/v1/deals", {"zip": a_zip(sandbox.url), "limit": 1}, key="zpka_sandbox_bench").json()["data"][0]
    first = get(sandbox.url, f"/v1/deals/{deal['id']}")
    second = get(sandbox.url, f"/v1/deals/{deal['id']}")
    assert first.headers["X-Credits-Charged"] == "1"
    assert second.headers["X-Credits-Charged"] == "0"
    assert int(second.headers["X-Credits-Remaining"]) == int(first.headers["X-Credits-Remaining"])
    investor = get(sandbox.url, f"/v1/investors/{deal['buyer']['investor_id']}")
    assert investor.headers["X-Credits-Charged"] == "1"


def test_free_routes_carry_no_charge(sandbox):
    """data-api.md, Limits 3: name searches, cells, summary, probes and coverage cost 0."""
    zip_code = a_zip(sandbox.url)
    for path, params in [("/v1/deals/cells", {"zip": zip_code}), ("/v1/deals/summary", {"zip": zip_code}),
                         ("/v1/investors/search", {"q": "homes"}), ("/v1/dataset", {}), ("/v1/coverage", {})]:
        response = get(sandbox.url, path, params)
        assert response.status_code == 200, (path, response.text)
        assert response.headers.get("X-Credits-Charged", "0") == "0", path


def test_failed_request_charges_nothing(sandbox):
    """data-api.md, Errors (Rules): a failed request charges nothing."""
    zip_code = a_zip(sandbox.url)
    before = get(sandbox.url, "/v1/deals", {"zip": zip_code, "limit": 1})
    assert_problem(get(sandbox.url, "/v1/deals", {"zip": zip_code, "limit": 5, "sort": "distance"}), 400,
                   "sort_requires_point")
    after = get(sandbox.url, "/v1/deals", {"zip": zip_code, "limit": 1})
    assert after.headers["X-Credits-Charged"] == "0"
    assert after.headers["X-Credits-Remaining"] == before.headers["X-Credits-Remaining"]


def test_empty_account_gets_quota_exceeded_on_charged_reads_only(sandbox):
    """data-api.md, Limits 2 and decisions.md: zpka_sandbox_empty answers 403 quota_exceeded on a charged read."""
    zip_code = a_zip(sandbox.url)
    assert_problem(get(sandbox.url, "/v1/deals", {"zip": zip_code, "limit": 1}, key="zpka_sandbox_empty"),
                   403, "quota_exceeded")
    assert get(sandbox.url, "/v1/deals/cells", {"zip": zip_code}, key="zpka_sandbox_empty").status_code == 200


def test_reset_restores_credits(sandbox):
    """decisions.md, control routes: a reset restores the credits ledger."""
    get(sandbox.url, "/v1/deals", {"zip": a_zip(sandbox.url), "limit": 5})
    sandbox.reset()
    probe = get(sandbox.url, "/v1/deals", {"zip": a_zip(sandbox.url), "limit": 1})
    assert probe.headers["X-Credits-Charged"] == "1"
    assert probe.headers["X-Credits-Remaining"] == str(10_000 - 1)
    assert DEMO_KEY not in probe.text


def test_monthly_allowance_runs_out_with_quota_exceeded_and_held_items_stay_free(sandbox):
    """data-api.md, Limits 2 and 3: an exhausted allowance answers 403 quota_exceeded; held items cost nothing again."""
    bbox = ",".join(map(str, fixtures(sandbox.url)["markets"]["DFW"]))
    charged, cursor, first_page = 0, None, None
    while True:
        params = {"bbox": bbox, "limit": 500, **({"cursor": cursor} if cursor else {})}
        response = get(sandbox.url, "/v1/deals", params)
        if response.status_code != 200:
            break
        first_page = first_page or params
        charged += int(response.headers["X-Credits-Charged"])
        assert int(response.headers["X-Credits-Remaining"]) == 10_000 - charged
        cursor = response.json()["page"]["next_cursor"]
        assert cursor, "the market ran out of deals before the allowance did"
    problem = assert_problem(response, 403, "quota_exceeded")
    assert "credits" in problem["detail"]
    assert charged == 10_000
    again = get(sandbox.url, "/v1/deals", first_page)
    assert again.status_code == 200
    assert again.headers["X-Credits-Charged"] == "0" and again.headers["X-Credits-Remaining"] == "0"
