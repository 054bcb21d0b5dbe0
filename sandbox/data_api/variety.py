"""`python -m sandbox --variety`: what the documents let a live host send and the default profile never does.

The app is tested on it (tests/pages/test_variety.py; `DEEDSCOPE_TEST_SANDBOX_PROFILE=variety`
runs every page test on it), so a client tuned to this sandbox's habits fails there first.
Each choice is a row of docs/contract.md ("Sandbox `--variety`"):

- Pages: the plan's largest page is `LARGEST_PAGE` (a larger `limit` is lowered, `page.limit`
  says so: data-api.md, Pagination); a page with rows after it serves two thirds of its limit
  (a short page is not the end); the first page a cursor opens is empty and carries a cursor to
  the same place (an empty page is not the end either).
- Unknown fields (`/v1` is additive, Versioning 1): every row object, `meta`, `page` and the
  envelope carry `EXTRA_FIELD`.
- Nulls: every other row (the 2nd, 4th, ...) of a list, and the nested objects in it, serves its
  `NULLABLE` fields as null, and so does a single record (a profile, a listing) and its nested
  objects; `meta.financing_as_of` is null.
- `UNPUBLISHED_MARKET` publishes neither parcels, history nor addresses (coverage
  `not_published`; the routes answer `422 parcels_unavailable`, `history_unavailable`,
  `addresses_unavailable`).
- `/v1/lenders` lists the registry by id and ignores `sort` (data-api.md names no parameter of
  it): a row's place there is no rank.
The key `zpka_sandbox_noearly` (every profile) is refused on the early-access routes
(sandbox/data_api/keys.py; data-api.md, Versioning 5): `404 not_found` on the default profile,
`403 plan_limit` here (sandbox/data_api/gate.py:early_access_refusal).
"""

from __future__ import annotations

from typing import Any

from sandbox.data_api.data.markets import MARKETS_BY_CODE
from sandbox.data_api.sql_common import Sort

LARGEST_PAGE = 200
# The order `/v1/lenders` lists the registry in, whatever `sort` asks.
REGISTRY_ORDER = Sort("lender_id", False, tie_break="lender_id", nullable=False)
EXTRA_FIELD = "added_later"
EXTRA_VALUE = {"note": "a field this client was not written for"}
UNPUBLISHED_MARKET = "CLT"
UNPUBLISHED_DATASETS = ("parcels", "history", "addresses")
# Fields a live host may serve as null (the documents type them "or null", or say nothing of the object).
NULLABLE = frozenset({
    "distance_miles", "nearest_miles", "last_bought_nearby_on", "median_price_nearby", "recorded_on",
    "published_on", "as_of", "financing_as_of", "listed_on", "sold_on", "seen_to", "last_loan_on", "first_loan_on",
    "last_sale", "sale_date", "price", "sold_price", "buy_now_price", "amount", "term_months", "last_bought_on",
    "first_deed", "last_deed", "issued_on", "closing",
    # A home's facts: the documents serve them on deals and listings, each "or null" on a listing's parcel.
    "bedrooms", "bathrooms", "living_area_sqft", "year_built",
})


def apply_market_profile() -> None:
    """Mark the market's parcel datasets not published (the process's own copy of the market list)."""
    MARKETS_BY_CODE[UNPUBLISHED_MARKET].dataset_status.update(dict.fromkeys(UNPUBLISHED_DATASETS, "not_published"))


def page_limit(limit: int) -> int:
    return min(limit, LARGEST_PAGE)


def served_count(limit: int) -> int:
    """How many rows a page with rows after it serves: two thirds of its limit (at least 1)."""
    return max(1, (2 * limit) // 3)


def rows(data: Any) -> Any:
    """`data` with the unknown field on each object and the nulls on every other row."""
    if isinstance(data, list):
        return [_row(item, nulls=index % 2 == 1) for index, item in enumerate(data)]
    if isinstance(data, dict):
        # One record (a profile, a listing): its nullable fields null, its lists varied as lists.
        shaped = {key: rows(value) if isinstance(value, list) else (None if key in NULLABLE else _nested(value, True))
                  for key, value in data.items()}
        return {**shaped, EXTRA_FIELD: EXTRA_VALUE}
    return data


def _row(item: Any, *, nulls: bool) -> Any:
    if not isinstance(item, dict):
        return item
    shaped = {key: (None if nulls and key in NULLABLE else _nested(value, nulls)) for key, value in item.items()}
    shaped[EXTRA_FIELD] = EXTRA_VALUE
    return shaped


def _nested(value: Any, nulls: bool) -> Any:
    if isinstance(value, dict):
        return {key: (None if nulls and key in NULLABLE else item) for key, item in value.items()}
    return value


def meta(meta: dict[str, Any]) -> dict[str, Any]:
    shaped = {**meta, EXTRA_FIELD: EXTRA_VALUE}
    if "financing_as_of" in shaped:
        shaped["financing_as_of"] = None
    return shaped


def page(page: dict[str, Any] | None) -> dict[str, Any] | None:
    return None if page is None else {**page, EXTRA_FIELD: EXTRA_VALUE}
