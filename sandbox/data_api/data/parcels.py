"""The parcel level of the synthetic dataset: addresses and APNs, permits, short-term-rental parcels.

Drawn from a generator of its own (`seed` and `PARCEL_STREAM`), after every other table, so
the draws of the deals, investors, listings and loans are the same with or without it.
Chain of title, loans and listing history are not drawn here: they are the deals, loans and
listings already in the dataset, read per parcel (`sandbox.data_api.data.derive_parcels`).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from sandbox.data_api.data.markets import DATA_END, DATA_START, MARKETS, dataset_matrix

PARCEL_STREAM = 19  # the issue that added these tables: a separate stream of the seed
STREETS = (
    "Oak", "Maple", "Cedar", "Elm", "Pecan", "Magnolia", "Willow", "Hickory", "Mesquite", "Live Oak",
    "Lakeview", "Ridge", "Meadow", "Sunset", "Highland", "Park", "Forest", "River", "Spring", "Hill",
    "Cherry", "Walnut", "Birch", "Aspen", "Juniper", "Laurel", "Poplar", "Sycamore", "Cypress", "Dogwood",
)
SUFFIXES = ("St", "Ave", "Dr", "Ln", "Ct", "Blvd", "Way", "Pl", "Rd", "Trl")
PERMIT_KINDS = ("ROOF", "HVAC", "ELECTRICAL", "PLUMBING", "REMODEL", "ADDITION", "POOL", "SOLAR", "DEMOLITION")
CONTRACTORS = ("Summit Roofing LLC", "Allied Air Services Inc", "BrightLine Electric LLC", "Clearflow Plumbing Co",
               "Cornerstone Remodeling LLC", "Keystone Builders Inc", "Bluewater Pools LLC", "SunPeak Solar Inc",
               "Ironside Demolition LLC")
STR_PLATFORMS = ("airbnb", "vrbo", "airbnb,vrbo")
# Parcels whose APN another county also uses, and addresses two parcels share (the 422 cases).
N_SHARED = 12


def _str_markets() -> set[str]:
    """Markets whose `str` dataset is published (served or partial); the others answer `422 str_unavailable`."""
    return {m.code for m in MARKETS if dataset_matrix(m)["str"]["status"] in ("served", "partial")}


def parcel_tables(seed: int, tables: dict[str, pd.DataFrame]) -> dict[str, pd.DataFrame]:
    """`parcel_extra` (one row per property, same order), `permits`, `str_parcels` (raw rows, joined in SQL)."""
    rng = np.random.default_rng([seed, PARCEL_STREAM])
    properties, deals = tables["properties"], tables["deals"]
    return {
        "parcel_extra": _addresses(rng, properties),
        "permits": _permits(rng, properties, deals),
        "str_parcels": _str_parcels(rng, properties),
    }


def _addresses(rng: np.random.Generator, properties: pd.DataFrame) -> pd.DataFrame:
    n = len(properties)
    number = rng.integers(100, 9900, n)
    street = rng.integers(0, len(STREETS), n)
    suffix = rng.integers(0, len(SUFFIXES), n)
    line = [f"{a} {STREETS[b]} {SUFFIXES[c]}" for a, b, c in zip(number, street, suffix)]
    book = rng.integers(1, 999, n)
    page = rng.integers(1, 9999, n)
    county = properties["county_fips"].to_numpy()
    apn = [f"{c[2:]}-{b:03d}-{p:04d}" for c, b, p in zip(county, book, page)]
    unit = np.full(n, None, dtype=object)
    # Shared addresses: another parcel of the same ZIP takes a chosen parcel's line; units A and B tell them apart.
    zips = properties["zip"].to_numpy()
    for row in rng.choice(n, size=N_SHARED, replace=False):
        same_zip = np.flatnonzero(zips == zips[row])[:50]
        other = int(same_zip[rng.integers(0, len(same_zip))])
        if other != row and unit[row] is None and unit[other] is None:
            line[other] = line[row]
            unit[row], unit[other] = "Unit A", "Unit B"
    # Shared APNs: a parcel of another county of the same market takes the APN's digits of a chosen one.
    markets = properties["market"].to_numpy()
    for row in rng.choice(n, size=N_SHARED, replace=False):
        others = np.flatnonzero((markets == markets[row]) & (county != county[row]))[:50]
        if len(others):
            apn[int(others[rng.integers(0, len(others))])] = apn[row]
    return pd.DataFrame({"line": line, "unit": unit, "apn": apn,
                         "lot_sqft": (rng.lognormal(np.log(7200), 0.35, n) / 10).round().astype(int) * 10})


def _permits(rng: np.random.Generator, properties: pd.DataFrame, deals: pd.DataFrame) -> pd.DataFrame:
    """Permits after flips and builds (the work a flip is), and a few on any parcel; none where permits are not measured."""
    measured = {m.code for m in MARKETS if dataset_matrix(m)["permits"]["status"] in ("served", "partial")}
    kinds = deals["kind"].to_numpy()
    worked = np.flatnonzero(np.isin(kinds, ("flip", "build")) & (rng.random(len(deals)) < 0.7))
    after_deal = pd.DataFrame({
        "property_row": deals["property_row"].to_numpy()[worked],
        "issued_on": deals["sale_date"].to_numpy()[worked] + rng.integers(7, 75, len(worked)).astype("timedelta64[D]"),
        "kind": np.where(kinds[worked] == "build", "NEW_CONSTRUCTION",
                         np.array(PERMIT_KINDS)[rng.choice([0, 1, 2, 3, 4, 4, 4], size=len(worked))]),
    })
    n_any = len(properties) // 4
    span = (np.datetime64(DATA_END) - np.datetime64(DATA_START)).astype(int)
    anywhere = pd.DataFrame({
        "property_row": rng.integers(0, len(properties), n_any),
        "issued_on": np.datetime64(DATA_START) + rng.integers(0, span, n_any).astype("timedelta64[D]"),
        "kind": np.array(PERMIT_KINDS)[rng.integers(0, len(PERMIT_KINDS), n_any)],
    })
    permits = pd.concat([after_deal, anywhere], ignore_index=True)
    permits = permits[permits["issued_on"] <= np.datetime64(DATA_END)]
    permits = permits[np.isin(properties["market"].to_numpy()[permits["property_row"].to_numpy()], list(measured))]
    n = len(permits)
    kind_index = np.array([PERMIT_KINDS.index(k) if k in PERMIT_KINDS else 5 for k in permits["kind"]])
    closed_after = rng.integers(20, 200, n).astype("timedelta64[D]")
    finaled = permits["issued_on"].to_numpy() + closed_after
    open_permit = (finaled > np.datetime64(DATA_END)) | (rng.random(n) < 0.08)
    return permits.assign(
        valuation=(rng.lognormal(np.log(18000), 0.8, n) / 100).round().astype(int) * 100,
        finaled_on=np.where(open_permit, np.datetime64("NaT"), finaled),
        status=np.where(open_permit, "ISSUED", "FINALED"),
        contractor=np.array(CONTRACTORS + ("Keystone Builders Inc",))[kind_index],
    ).reset_index(drop=True)


def _str_parcels(rng: np.random.Generator, properties: pd.DataFrame) -> pd.DataFrame:
    """About 3% of the parcels of the markets that publish short-term rentals."""
    rows = np.flatnonzero(np.isin(properties["market"].to_numpy(), sorted(_str_markets()))
                          & (rng.random(len(properties)) < 0.03))
    n = len(rows)
    span = (np.datetime64(DATA_END) - np.datetime64("2021-01-01")).astype(int)
    first_seen = np.datetime64("2021-01-01") + rng.integers(0, span, n).astype("timedelta64[D]")
    active = rng.random(n) < 0.8
    last_seen = np.where(active, np.datetime64(DATA_END),
                         np.minimum(first_seen + rng.integers(60, 900, n).astype("timedelta64[D]"), np.datetime64(DATA_END)))
    nightly = (rng.lognormal(np.log(165), 0.35, n)).round().astype(int)
    occupancy = rng.uniform(0.35, 0.85, n).round(2)
    return pd.DataFrame({
        "property_row": rows,
        "platforms": np.array(STR_PLATFORMS)[rng.integers(0, len(STR_PLATFORMS), n)],
        "first_seen_on": first_seen,
        "last_seen_on": last_seen,
        "is_active": active,
        "nightly_rate": nightly,
        "occupancy_rate": occupancy,
        "annual_revenue_est": (nightly * occupancy * 365 / 100).round().astype(int) * 100,
        "has_permit": rng.random(n) < 0.55,
    })
