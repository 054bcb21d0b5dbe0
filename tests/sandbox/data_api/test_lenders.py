"""The lender registry: search, list, profile, loans (JSON and CSV), rankings, cells (data-api.md)."""

from __future__ import annotations

import csv
import io

import h3
import pytest

from tests.sandbox.data_api.helpers import assert_problem, fixtures, get, walk

BENCH = "zpka_sandbox_bench"


@pytest.fixture(scope="module")
def notable(sandbox_url):
    return fixtures(sandbox_url)


def test_lender_profile_agrees_with_its_loans(sandbox, notable):
    """Issue 2, Dataset: lenders with loans; the profile counts what the loans route serves."""
    lender_id = notable["large_lender_id"]
    profile = get(sandbox.url, f"/v1/lenders/{lender_id}").json()["data"]
    loans = walk(sandbox.url, f"/v1/lenders/{lender_id}/loans", {"market": "CLT"})
    by_market = {m["market"]: m["n_loans"] for m in profile["markets"]}
    assert len(loans) == by_market["CLT"] == len({loan["loan_id"] for loan in loans})
    assert profile["n_loans"] == sum(by_market.values())
    dates = [loan["recorded_on"] for loan in loans]
    assert dates == sorted(dates, reverse=True)


def test_loans_csv_has_every_row(sandbox, notable):
    """data-api.md, /v1/lenders/{id}/loans: loans also as CSV with Accept: text/csv."""
    lender_id = notable["large_lender_id"]
    response = get(sandbox.url, f"/v1/lenders/{lender_id}/loans", {"market": "TPA"}, Accept="text/csv")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.text)))
    json_rows = walk(sandbox.url, f"/v1/lenders/{lender_id}/loans", {"market": "TPA"})
    assert [row["loan_id"] for row in rows] == [row["loan_id"] for row in json_rows]
    assert response.headers["X-Rows"] == str(len(rows))


def test_csv_exports_are_limited_to_12_a_minute(sandbox, notable):
    """data-api.md, Limits 5: 12 CSV exports per minute per developer account; 429 with Retry-After and bucket."""
    path = f"/v1/lenders/{notable['large_lender_id']}/loans"
    sandbox.start_of_a_minute()
    for _ in range(12):
        assert get(sandbox.url, path, {"market": "NNJ"}, Accept="text/csv").status_code == 200
    problem = assert_problem(get(sandbox.url, path, {"market": "NNJ"}, Accept="text/csv"), 429, "rate_limited")
    assert problem["bucket"] == "csv" and problem["retry_after"] >= 1
    assert get(sandbox.url, path, {"market": "NNJ"}).status_code == 200  # JSON is not a CSV export
    sandbox.advance_clock(60)
    assert get(sandbox.url, path, {"market": "NNJ"}, Accept="text/csv").status_code == 200


def test_accept_naming_neither_json_nor_csv_is_406(sandbox, notable):
    """data-api.md, Errors: 406 not_acceptable."""
    assert_problem(get(sandbox.url, f"/v1/lenders/{notable['large_lender_id']}/loans", Accept="application/xml"),
                   406, "not_acceptable")


def test_natural_person_borrowers_have_their_keys_omitted(sandbox, notable):
    """data-api.md, What the service does 6: on a lender's loan rows the keys are omitted and no flag is carried."""
    lenders = get(sandbox.url, "/v1/lenders", {"limit": 200}, key=BENCH).json()["data"]
    seen_omitted = False
    for lender in lenders[:6]:
        for loan in walk(sandbox.url, f"/v1/lenders/{lender['id']}/loans", {"from": "2025-01-01"}):
            assert "contact_redacted" not in loan
            if "borrower_id" not in loan:
                assert "borrower_name" not in loan
                seen_omitted = True
    assert seen_omitted


def test_search_list_and_rankings(sandbox):
    """data-api.md, lender registry routes; 0 credits (Limits 3)."""
    search = get(sandbox.url, "/v1/lenders/search", {"q": "bank"})
    assert search.status_code == 200 and search.json()["page"]["capped"] in (True, False)
    assert all("bank" in hit["name"].lower() for hit in search.json()["data"])
    assert search.headers.get("X-Credits-Charged", "0") == "0"
    hard = walk(sandbox.url, "/v1/lenders", {"hard_money": "true", "limit": 3})
    assert hard and all(lender["is_hard_money"] for lender in hard)
    counts = [lender["n_loans"] for lender in walk(sandbox.url, "/v1/lenders", {"market": "ATL", "limit": 7})]
    assert counts == sorted(counts, reverse=True)
    leader = walk(sandbox.url, "/v1/lenders", {"market": "PHX", "limit": 1})[0]
    ranks = get(sandbox.url, f"/v1/lenders/{leader['id']}/rankings", {"market": "PHX"}).json()["data"]
    assert [(r["market"], r["rank"]) for r in ranks] == [("PHX", 1)] and ranks[0]["n_lenders"] > 1
    assert ranks[0]["n_loans"] == leader["n_loans"] and 0 < ranks[0]["share"] <= 1


def test_lender_routes_read_literally_per_lender(sandbox):
    """data-api.md lists `/v1/lenders/{id}/loans`, `/borrowers`, `/rankings`, `/cells` in one row: per lender,
    so `rankings` and `cells` in the id's place are lender ids, malformed (`400 invalid_id`)."""
    for path in ("/v1/lenders/rankings", "/v1/lenders/cells"):
        assert_problem(get(sandbox.url, path), 400, "invalid_id")


def test_lender_cells(sandbox, notable):
    """data-api.md, /v1/lenders/{id}/cells: the lender's financed deals per H3 cell."""
    bbox = ",".join(map(str, notable["markets"]["PHX"]))
    body = get(sandbox.url, f"/v1/lenders/{notable['large_lender_id']}/cells", {"bbox": bbox, "resolution": 6}).json()
    assert body["meta"]["resolution"] == 6
    assert body["data"] and all(h3.get_resolution(cell["cell"]) == 6 and cell["n_lenders"] == 1
                                for cell in body["data"])


def test_merged_retired_and_malformed_lender_ids(sandbox, notable):
    """data-api.md, Conventions (Old ids) and Errors: old len_ ids followed, retired 410, malformed invalid_id."""
    merged = notable["merged_lender_ids"][0]
    body = get(sandbox.url, f"/v1/lenders/{merged['old']}").json()
    assert body["data"]["id"] == merged["current"] and body["meta"]["resolved_from"] == [merged["old"]]
    assert_problem(get(sandbox.url, f"/v1/lenders/{notable['retired_lender_ids'][0]}"), 410, "gone")
    assert_problem(get(sandbox.url, "/v1/lenders/len_12"), 400, "invalid_id")
    assert_problem(get(sandbox.url, "/v1/lenders/len_000000000000"), 404, "not_found")
    assert_problem(get(sandbox.url, "/v1/lenders", {"market": "XYZ"}), 400, "validation_error")
