"""Coverage entries: `meta.coverage[]` of `/v1` responses and the markets of `/v1/coverage`.

Fields per data-api.md, Envelope (`meta.coverage[]` of `/v1` responses); the `datasets`
matrix per decisions.md (`/v1/coverage`).
"""

from __future__ import annotations

from typing import Any

from sandbox.data_api.data.markets import MARKETS_BY_CODE, REGISTRY_RUN, REGISTRY_VERSION, dataset_matrix
from sandbox.data_api.db import Database
from sandbox.data_api.publishing import Publishing


def coverage_entry(code: str, db: Database, publishing: Publishing) -> dict[str, Any]:
    market = MARKETS_BY_CODE[code]
    build = next(b for b in publishing.states() if b.state == market.state)
    datasets = dataset_matrix(market)
    end = publishing.data_end_of(market.state)  # a publish with news moves it

    def as_of(key: str) -> str | None:
        return datasets[key]["as_of"]

    return {
        "market": code,
        "state": market.state,
        "name": market.name,
        "counties": [{"fips": c.fips, "name": c.name, "data_end": end} for c in market.counties],
        "bbox": db.market_bbox.get(code),
        "data_end": end,
        "build_run_id": build.run_id,
        "registry_run": REGISTRY_RUN,
        "registry_version": REGISTRY_VERSION,
        "dataset_version": publishing.dataset_version,
        "loaded_at": build.published_at,
        "metro_buy_to_resale_ratio": round(1.6 + (sum(map(ord, code)) % 9) / 10, 2),
        "universe_kind": "counties",
        "universe_zips": sum(1 for market_code in db.zip_markets.values() if market_code == code),
        "point_tolerance_miles": 0.25,
        "n_parcels": db.market_parcels.get(code, 0),
        "listings_data_end": as_of("listings"),
        "agents_data_end": as_of("agents"),
        "wholesale_as_of": as_of("wholesale"),
        "str_as_of": as_of("str"),
        "str": datasets["str"]["status"],
        "auction_counted": datasets["auction"]["status"] == "served",
        "parcel_as_of": as_of("parcels"),
        "address_as_of": as_of("addresses"),
        "parcel": datasets["parcels"]["status"],
        "lenders": datasets["lenders"]["status"],
    }


def coverage_market(code: str, db: Database, publishing: Publishing) -> dict[str, Any]:
    """One market of `GET /v1/coverage`: the coverage fields plus its dataset matrix."""
    return {**coverage_entry(code, db, publishing), "datasets": dataset_matrix(MARKETS_BY_CODE[code])}
