"""The served markets of the synthetic dataset: real counties (FIPS) and ZIP centroids.

Static configuration, not generated data: the generator places parcels around these
markets' ZIP centroids (the offline `zipcodes` package), and `/v1/coverage` serves
each market's dataset matrix from here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

import zipcodes

# Deterministic end of the data (decisions: never today's date).
DATA_END = date(2026, 10, 31)
DATA_START = date(2019, 1, 1)
# The first publish of every state; a republish moves it to the sandbox clock's now.
FIRST_PUBLISHED_AT = "2026-11-03T06:00:00Z"
FIRST_BUILT_AT = "2026-11-03T04:12:00Z"
REGISTRY_RUN = 41
REGISTRY_VERSION = "2026.11"

DATASET_KEYS = (
    "deeds", "listings", "agents", "wholesale", "auction", "str", "parcels",
    "financing", "permits", "owner_profile", "history", "cash_sale", "lenders", "addresses",
)


@dataclass(frozen=True)
class County:
    fips: str
    name: str  # as the zipcodes package spells it, e.g. "Dallas County"


@dataclass(frozen=True)
class Market:
    code: str
    name: str
    state: str
    center: tuple[float, float]  # lat, lng of the core
    counties: tuple[County, ...]
    share: float  # share of the deals
    median_price: int
    # dataset key -> status override (default "served"); see data-api.md, coverage `status`
    dataset_status: dict[str, str] = field(default_factory=dict)
    stale: frozenset[str] = frozenset()


MARKETS: tuple[Market, ...] = (
    Market("DFW", "Dallas-Fort Worth", "TX", (32.80, -96.90),
           (County("48113", "Dallas County"), County("48439", "Tarrant County"),
            County("48085", "Collin County"), County("48121", "Denton County")), 0.22, 345_000),
    Market("HOU", "Houston", "TX", (29.76, -95.37),
           (County("48201", "Harris County"), County("48157", "Fort Bend County")), 0.17, 300_000,
           dataset_status={"str": "not_measured"}),
    Market("ATL", "Atlanta", "GA", (33.75, -84.39),
           (County("13121", "Fulton County"), County("13089", "DeKalb County"),
            County("13067", "Cobb County"), County("13135", "Gwinnett County")), 0.18, 355_000),
    Market("PHX", "Phoenix", "AZ", (33.45, -112.07),
           (County("04013", "Maricopa County"),), 0.17, 420_000, stale=frozenset({"str", "permits"})),
    Market("TPA", "Tampa Bay", "FL", (27.95, -82.46),
           (County("12057", "Hillsborough County"), County("12103", "Pinellas County"),
            County("12101", "Pasco County")), 0.12, 365_000, dataset_status={"auction": "not_measured"}),
    Market("CLT", "Charlotte", "NC", (35.23, -80.84),
           (County("37119", "Mecklenburg County"),), 0.09, 380_000),
    # A partial market with leading-zero ZIPs: no listing feed, agent registry or wholesale listings yet.
    Market("NNJ", "Northern New Jersey", "NJ", (40.74, -74.17),
           (County("34013", "Essex County"), County("34017", "Hudson County")), 0.05, 455_000,
           dataset_status={"listings": "not_published", "agents": "not_published", "lenders": "partial",
                           "wholesale": "not_published",
                           "str": "not_published", "permits": "not_measured", "auction": "not_published"}),
)
MARKETS_BY_CODE = {market.code: market for market in MARKETS}
STATES = tuple(sorted({market.state for market in MARKETS}))


@dataclass(frozen=True)
class Zip:
    zip: str
    city: str
    county_fips: str
    lat: float
    lng: float


def market_zips(market: Market) -> list[Zip]:
    """Active standard ZIPs of the market's counties, with their centroids (lat/long are strings)."""
    found: list[Zip] = []
    for county in market.counties:
        for row in zipcodes.filter_by(state=market.state, county=county.name):
            if row["zip_code_type"] != "STANDARD" or not row["active"] or not row["lat"]:
                continue
            found.append(Zip(row["zip_code"], row["city"].title(), county.fips, float(row["lat"]), float(row["long"])))
    found.sort(key=lambda z: z.zip)
    return found


def dataset_matrix(market: Market) -> dict[str, dict]:
    """`datasets` of one coverage market: each key's `status, dated, stale, as_of, gate, granularity, scope`."""
    matrix = {}
    for key in DATASET_KEYS:
        status = market.dataset_status.get(key, "served")
        published = status in ("served", "partial")
        matrix[key] = {
            "status": status,
            "dated": published and key not in ("owner_profile", "addresses"),
            "stale": key in market.stale,
            "as_of": (DATA_END.isoformat() if key not in market.stale else "2026-05-31") if published else None,
            "gate": "early_access" if key in ("agents", "wholesale", "lenders") else "plan",
            "granularity": "parcel" if key in ("parcels", "permits", "history", "addresses") else "deed",
            "scope": "market" if status == "served" else ("counties" if status == "partial" else None),
        }
    return matrix
