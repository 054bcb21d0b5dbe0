"""Whether a market publishes a dataset, as its coverage says (data-api.md, Errors: `<dataset>_unavailable`)."""

from __future__ import annotations

from sandbox.core.problems import Problem
from sandbox.data_api.data.markets import MARKETS_BY_CODE

UNPUBLISHED = ("not_published", "not_measured")


def lenders_published(code: str | None) -> str | None:
    """The market code, or `422 lenders_unavailable` for a market whose coverage publishes no lender registry."""
    if code is not None and MARKETS_BY_CODE[code].dataset_status.get("lenders") in UNPUBLISHED:
        raise Problem(422, "lenders_unavailable", f"Market {code} has no published lender registry yet. "
                      "GET /v1/coverage shows which markets serve lenders.")
    return code


PARCEL_LEVEL_CODES = {"parcels": "parcels_unavailable", "history": "history_unavailable",
                      "addresses": "addresses_unavailable"}


def published(code: str, dataset: str) -> bool:
    return MARKETS_BY_CODE[code].dataset_status.get(dataset) not in UNPUBLISHED


def require_published(code: str, dataset: str) -> None:
    """`422 <dataset>_unavailable` for a market whose coverage publishes no such dataset (parcel level)."""
    if not published(code, dataset):
        raise Problem(422, PARCEL_LEVEL_CODES[dataset], f"Market {code} does not publish its {dataset} dataset yet. "
                      "GET /v1/coverage shows which markets serve it.")
