"""Deterministic synthetic deed records: numpy-vectorised, one market at a time.

`generate(scale, seed)` returns plain pandas tables; `sandbox.data_api.data.build` loads them
into DuckDB and derives every investor counter from the deals with SQL, so a profile
always agrees with the deals it is made of.
"""

from __future__ import annotations

import h3
import numpy as np
import pandas as pd

from sandbox.data_api.data import homes, names, parcels
from sandbox.data_api.data.markets import DATA_END, DATA_START, MARKETS, Market, market_zips

DEALS_BY_SCALE = {"small": 50_000, "medium": 250_000, "large": 1_100_000}
DEAL_KINDS = ("flip", "wholesale", "long_hold", "hold", "build", "acquisition")
ORG_KINDS = ("IBUYER", "SFR_BULK_HOLDER", "BUILDER", "FLIPPER", "WHOLESALER", "LANDLORD")
# Probability of each deal kind (columns in DEAL_KINDS order) by the buyer's kind.
KIND_BY_ORG = np.array([
    [0.85, 0.00, 0.00, 0.10, 0.00, 0.05],
    [0.00, 0.00, 0.60, 0.30, 0.00, 0.10],
    [0.00, 0.00, 0.00, 0.00, 0.85, 0.15],
    [0.70, 0.05, 0.00, 0.15, 0.00, 0.10],
    [0.10, 0.85, 0.00, 0.00, 0.00, 0.05],
    [0.10, 0.00, 0.35, 0.50, 0.00, 0.05],
])
PRICE_FACTOR = np.array([1.0, 0.72, 1.05, 0.95, 0.35, 0.9])
LISTING_STATUSES = ("ACTIVE", "PENDING", "SOLD", "OFF_MARKET")
IDENTITY_BASES = ("LICENSE_EXACT", "LICENSE_FUZZY", "LICENSE_NAME", "LICENSE_CONTACT",
                  "CONTACT_CLUSTER", "NAME_BROKERAGE", "NAME_ONLY")
EPOCH = np.datetime64("1970-01-01")


def hex_ids(rng: np.random.Generator, count: int, width: int, prefix: str = "") -> list[str]:
    """`count` random lower-case hex ids of `width` characters (deterministic from `rng`)."""
    raw = rng.bytes(count * width // 2 + 1).hex()
    return [prefix + raw[i * width:(i + 1) * width] for i in range(count)]


def _day_weights() -> tuple[np.ndarray, np.ndarray]:
    """Recording days with seasonality (spring/summer), growth, and few weekend recordings."""
    days = np.arange(np.datetime64(DATA_START), np.datetime64(DATA_END) + 1)
    day_of_year = (days - days.astype("datetime64[Y]")).astype(int)
    weekday = (days.astype(int) + 3) % 7  # 0 = Monday
    t = np.linspace(0, 1, len(days))
    weights = (1 + 0.3 * np.sin(2 * np.pi * (day_of_year - 80) / 365)) * (0.8 + 0.6 * t)
    weights *= np.where(weekday >= 5, 0.04, 1.0)
    return days, weights / weights.sum()


def _zipf(count: int, exponent: float) -> np.ndarray:
    weights = 1.0 / np.arange(1, count + 1) ** exponent
    return weights / weights.sum()


def _investors(rng: np.random.Generator, market: Market, count: int) -> pd.DataFrame:
    """Heavy-tailed organizations: the largest ranks are iBuyers, SFR holders and builders."""
    kind = rng.choice([3, 4, 5, 2], size=count, p=[0.45, 0.22, 0.28, 0.05])
    kind[0:2] = 0
    kind[2:5] = 1
    kind[5:8] = 2
    org_names = names.organization_names(rng, count)
    org_names[0:2] = [f"{n} ({market.code})" for n in names.IBUYERS[:2]]
    org_names[2:5] = [f"{n} {market.state}" for n in names.SFR_BULK[:3]]
    org_names[5:8] = [f"{n} {market.code}" for n in names.BUILDERS[:3]]
    # A few natural persons buy as themselves: their name is never served (data-api.md, 6).
    natural = rng.random(count) < 0.03
    natural[:8] = False
    return pd.DataFrame({
        "market": market.code,
        "state": market.state,
        "org_kind": np.array(ORG_KINDS)[kind],
        "deed_name": [n.upper() for n in org_names],
        "display_name": org_names,
        "is_natural_person": natural,
        "weight": _zipf(count, 1.05),
    })


def _market_tables(rng: np.random.Generator, market: Market, n_deals: int,
                   days: np.ndarray, day_p: np.ndarray) -> dict[str, pd.DataFrame]:
    # Over 60 lines: the random draws of one market stay in one place, in the order that makes a seed's dataset.
    zips = market_zips(market)
    z_lat = np.array([z.lat for z in zips])
    z_lng = np.array([z.lng for z in zips])
    # Denser in the core: ZIP weight falls off with distance from the market centre.
    distance = np.hypot(z_lat - market.center[0], (z_lng - market.center[1]) * np.cos(np.radians(market.center[0])))
    zip_p = np.exp(-distance / 0.25)
    zip_p /= zip_p.sum()

    n_properties = int(n_deals * 0.8)
    prop_zip = rng.choice(len(zips), size=n_properties, p=zip_p)
    lat = z_lat[prop_zip] + rng.normal(0, 0.012, n_properties)
    lng = z_lng[prop_zip] + rng.normal(0, 0.014, n_properties)
    missing = rng.random(n_properties) < 0.01  # parcels with no coordinates, on purpose
    properties = pd.DataFrame({
        "market": market.code,
        "zip": np.array([z.zip for z in zips])[prop_zip],
        "city": np.array([z.city for z in zips])[prop_zip],
        "county_fips": np.array([z.county_fips for z in zips])[prop_zip],
        "latitude": np.where(missing, np.nan, lat.round(6)),
        "longitude": np.where(missing, np.nan, lng.round(6)),
        "bedrooms": rng.choice([2, 3, 3, 3, 4, 4, 5], size=n_properties),
        "bathrooms": rng.choice([1.0, 1.5, 2.0, 2.0, 2.5, 3.0], size=n_properties),
        "living_area_sqft": rng.lognormal(np.log(1750), 0.3, n_properties).astype(int),
        "year_built": rng.integers(1925, 2026, n_properties),
    })

    investors = _investors(rng, market, max(60, n_deals // 14))
    buyer = rng.choice(len(investors), size=n_deals, p=investors["weight"].to_numpy())
    org_kind_index = pd.Categorical(investors["org_kind"], categories=ORG_KINDS).codes[buyer]
    cumulative = KIND_BY_ORG.cumsum(axis=1)[org_kind_index]
    kind = (rng.random(n_deals)[:, None] > cumulative).sum(axis=1).clip(0, 5)

    sale_day = rng.choice(days, size=n_deals, p=day_p)
    price = market.median_price * PRICE_FACTOR[kind] * rng.lognormal(0, 0.45, n_deals)
    price = (price / 100).round() * 100
    unpriced = rng.random(n_deals) < 0.06  # the deed carries no price: null, never 0
    hold_center = np.array([150, 21, np.nan, 640, 260, np.nan])[kind]
    hold_days = np.where(np.isnan(hold_center), np.nan, hold_center * rng.lognormal(0, 0.35, n_deals)).round()

    # Sellers: another investor (often a wholesaler), an institution, or a natural person.
    seller_draw = rng.random(n_deals)
    wholesaler_rows = np.flatnonzero(investors["org_kind"].to_numpy() == "WHOLESALER")
    any_rows = rng.integers(0, len(investors), n_deals)
    seller = np.where(seller_draw < 0.12, wholesaler_rows[rng.integers(0, len(wholesaler_rows), n_deals)],
                      np.where(seller_draw < 0.22, any_rows, -1))
    seller = np.where(seller == buyer, -1, seller)
    institution = np.where((seller < 0) & (seller_draw > 0.92),
                           rng.integers(0, len(names.INSTITUTIONAL_SELLERS), n_deals), -1)

    deals = pd.DataFrame({
        "market": market.code,
        "property_row": rng.integers(0, n_properties, n_deals),
        "buyer_row": buyer,
        "seller_row": seller,
        "seller_institution": institution,
        "sale_date": sale_day,
        "price": np.where(unpriced, np.nan, price),
        "kind": np.array(DEAL_KINDS)[kind],
        "hold_days": hold_days,
    })
    return {"properties": properties, "investors": investors, "deals": deals}


def _listings(rng: np.random.Generator, market: Market, agents: pd.DataFrame, n_listings: int,
              n_properties: int, n_investors: int) -> pd.DataFrame:
    agent_rows = rng.choice(len(agents), size=n_listings, p=agents["weight"].to_numpy())
    span = (np.datetime64(DATA_END) - np.datetime64(DATA_START)).astype(int)
    listed_on = np.datetime64(DATA_START) + rng.integers(0, span, n_listings).astype("timedelta64[D]")
    age = (np.datetime64(DATA_END) - listed_on).astype(int)
    status = rng.choice(4, size=n_listings, p=[0.12, 0.08, 0.58, 0.22])
    # Only recent listings are still on the market.
    status = np.where((age > 180) & (status < 2), rng.choice([2, 3], size=n_listings), status)
    n_versions = np.minimum(1 + rng.geometric(0.3, n_listings), np.maximum(1, age // 7 + 1))
    sold_on = listed_on + (n_versions * 7 + rng.integers(0, 14, n_listings)).astype("timedelta64[D]")
    # A sale after the end of the data is not known yet: such listings are still pending.
    status = np.where((status == 2) & (sold_on > np.datetime64(DATA_END)), 1, status)
    linked_investor = agents["investor_row"].to_numpy()[agent_rows]
    self_listing = (linked_investor >= 0) & (rng.random(n_listings) < 0.4)
    holder = np.where(self_listing, linked_investor,
                      np.where(rng.random(n_listings) < 0.25, rng.integers(0, n_investors, n_listings), -1))
    flagged_buy = (status == 2) & (rng.random(n_listings) < 0.35)
    undated = rng.random(n_listings) < 0.02
    list_price = (market.median_price * rng.lognormal(0.05, 0.4, n_listings) / 1000).round() * 1000
    return pd.DataFrame({
        "market": market.code,
        "agent_row": agent_rows,
        "property_row": rng.integers(0, n_properties, n_listings),
        "listed_on": np.where(undated, np.datetime64("NaT"), listed_on),
        "status": np.array(LISTING_STATUSES)[status],
        "sold_on": np.where(status == 2, sold_on, np.datetime64("NaT")),
        "n_versions": n_versions,
        "list_price": list_price,
        "sold_price": np.where(status == 2, (list_price * rng.uniform(0.93, 1.02, n_listings) / 100).round() * 100, np.nan),
        "self_listing": self_listing,
        "holder_row": holder,
        "buyer_flagged": np.where(status == 2, flagged_buy, None),
        "buyer_row": np.where(flagged_buy, rng.integers(0, n_investors, n_listings), -1),
        "buyer_deed_lag": rng.integers(1, 20, n_listings),
        "price_match": np.where(flagged_buy, rng.random(n_listings) < 0.7, None),
        "is_team": rng.random(n_listings) < 0.08,
    })


def _agents(rng: np.random.Generator, market: Market, count: int, n_investors: int) -> pd.DataFrame:
    linked = rng.random(count) < 0.08
    return pd.DataFrame({
        "market": market.code,
        "kind": np.where(rng.random(count) < 0.95, "PERSON", "TEAM"),
        "identity_basis": rng.choice(IDENTITY_BASES, size=count, p=[0.4, 0.15, 0.1, 0.1, 0.1, 0.1, 0.05]),
        "license_candidates": rng.choice([1, 1, 1, 1, 1, 1, 2, 3], size=count),
        "n_name_variants": rng.choice([1, 1, 1, 2, 3], size=count),
        "brokerage": rng.choice(names.BROKERAGES, size=count),
        "person_name": [f"{names.AGENT_FIRST[a]} {names.AGENT_LAST[b]}" for a, b in
                        zip(rng.integers(0, len(names.AGENT_FIRST), count), rng.integers(0, len(names.AGENT_LAST), count))],
        "investor_row": np.where(linked, rng.integers(0, n_investors, count), -1),
        "link_confidence": rng.choice(["HIGH", "MEDIUM"], size=count, p=[0.6, 0.4]),
        "weight": _zipf(count, 0.9),
    })


def generate(scale: str, seed: int) -> dict[str, pd.DataFrame]:
    """Every table of the dataset, each row already carrying its final id."""
    rng = np.random.default_rng(seed)
    total_deals = DEALS_BY_SCALE[scale]
    days, day_p = _day_weights()
    parts: dict[str, list[pd.DataFrame]] = {"properties": [], "investors": [], "deals": [], "agents": [], "listings": []}
    offsets = {"properties": 0, "investors": 0, "agents": 0}
    for market in MARKETS:
        tables = _market_tables(rng, market, int(total_deals * market.share), days, day_p)
        n_properties, n_investors = len(tables["properties"]), len(tables["investors"])
        deals = tables["deals"]
        deals["property_row"] += offsets["properties"]
        deals["buyer_row"] += offsets["investors"]
        deals["seller_row"] = np.where(deals["seller_row"] >= 0, deals["seller_row"] + offsets["investors"], -1)
        if "agents" not in market.dataset_status:
            agents = _agents(rng, market, max(40, len(deals) // 45), n_investors)
            listings = _listings(rng, market, agents, int(len(deals) * 0.3), n_properties, n_investors)
            listings["agent_row"] += offsets["agents"]
            listings["property_row"] += offsets["properties"]
            for column in ("holder_row", "buyer_row"):
                listings[column] = np.where(listings[column] >= 0, listings[column] + offsets["investors"], -1)
            agents["investor_row"] = np.where(agents["investor_row"] >= 0, agents["investor_row"] + offsets["investors"], -1)
            parts["agents"].append(agents)
            parts["listings"].append(listings)
            offsets["agents"] += len(agents)
        for name in ("properties", "investors", "deals"):
            parts[name].append(tables[name])
        offsets["properties"] += n_properties
        offsets["investors"] += n_investors

    tables = {name: pd.concat(frames, ignore_index=True) for name, frames in parts.items()}
    _assign_ids(rng, tables)
    _add_cells(tables["properties"])
    # Its own random stream: the draws above are unchanged (issue 46, comparable sales).
    homes.shape_homes(seed, tables, dict(zip(DEAL_KINDS, PRICE_FACTOR.tolist())))
    tables["lenders"], tables["loans"] = _lenders_and_loans(rng, tables["deals"], scale)
    _awkward_names(tables["investors"])
    tables.update(parcels.parcel_tables(seed, tables))  # its own random stream: the draws above are unchanged
    return tables


def _assign_ids(rng: np.random.Generator, tables: dict[str, pd.DataFrame]) -> None:
    properties, investors, deals, agents = (tables[n] for n in ("properties", "investors", "deals", "agents"))
    properties["property_id"] = hex_ids(rng, len(properties), 32)
    investors["investor_id"] = hex_ids(rng, len(investors), 12, "inv_")
    investors["registry_number"] = rng.integers(10**9, 10**10, len(investors)).astype(str)
    deals["deal_id"] = hex_ids(rng, len(deals), 32)
    agents["agent_id"] = hex_ids(rng, len(agents), 12, "agt_")
    agents["person_id"] = hex_ids(rng, len(agents), 12, "person:")
    # The same licensee lists in both Texas markets: one id, two markets (market_required).
    dfw = np.flatnonzero(agents["market"].to_numpy() == "DFW")[:12]
    hou = np.flatnonzero(agents["market"].to_numpy() == "HOU")[:12]
    for source, target in zip(dfw, hou):
        same = ["agent_id", "person_id", "person_name"]
        agents.loc[target, same] = agents.loc[source, same].to_numpy()
    listings = tables["listings"]
    listings["listing_id"] = hex_ids(rng, len(listings), 32)


def _add_cells(properties: pd.DataFrame) -> None:
    """Resolution-10 H3 cell of each parcel; coarser cells are derived with bit operations in SQL."""
    cells = np.zeros(len(properties), dtype=np.int64)
    lat = properties["latitude"].to_numpy()
    lng = properties["longitude"].to_numpy()
    to_cell = h3.api.basic_int.latlng_to_cell
    for i in np.flatnonzero(~np.isnan(lat)):
        cells[i] = to_cell(lat[i], lng[i], 10)
    properties["cell"] = pd.array(np.where(cells == 0, None, cells), dtype="Int64")


def _lenders_and_loans(rng: np.random.Generator, deals: pd.DataFrame, scale: str) -> tuple[pd.DataFrame, pd.DataFrame]:
    n_banks = {"small": 40, "medium": 70, "large": 120}[scale]
    n_hard = {"small": 12, "medium": 20, "large": 30}[scale]
    lenders = pd.DataFrame({
        "lender_id": hex_ids(rng, n_banks + n_hard, 12, "len_"),
        "name": names.lender_names(n_banks) + names.hard_money_names(n_hard),
        "lender_class": ["BANK"] * n_banks + ["PRIVATE"] * n_hard,
        "is_hard_money": [False] * n_banks + [True] * n_hard,
        "registry_number": rng.integers(10**9, 10**10, n_banks + n_hard).astype(str),
    })
    bank_p = _zipf(n_banks, 0.9)
    # One bank holds a sixth of all loans, so it passes the 50,000-row CSV cap at `large`.
    bank_p = np.concatenate([[0.36], bank_p[1:] / bank_p[1:].sum() * 0.64])
    n = len(deals)
    short_term = deals["kind"].isin(["flip", "wholesale", "build"]).to_numpy()
    financed = rng.random(n) < np.where(short_term, 0.5, 0.38)
    hard = short_term & (rng.random(n) < 0.55)
    lender_row = np.where(hard, n_banks + rng.choice(n_hard, size=n, p=_zipf(n_hard, 0.8)),
                          rng.choice(n_banks, size=n, p=bank_p))
    lender_row = np.where(financed, lender_row, -1)
    deals["lender_id"] = np.where(lender_row >= 0, lenders["lender_id"].to_numpy()[np.maximum(lender_row, 0)], None)
    rows = np.flatnonzero(financed)
    loans = pd.DataFrame({
        "loan_id": hex_ids(rng, len(rows), 32),
        "deal_row": rows,
        "lender_id": lenders["lender_id"].to_numpy()[lender_row[rows]],
        "ltv": rng.uniform(0.6, 0.9, len(rows)).round(3),
        "lag_days": rng.integers(0, 3, len(rows)),
        "term_months": np.where(hard[rows], rng.choice([12, 18, 24], size=len(rows)), 360),
    })
    return lenders, loans


def _awkward_names(investors: pd.DataFrame) -> None:
    """Put the awkward names on mid-sized organizations of several markets."""
    for offset, name in enumerate(names.AWKWARD):
        row = 20 + offset * 97
        investors.loc[row, ["deed_name", "display_name"]] = [name.upper() if offset == 3 else name, name]
        investors.loc[row, "is_natural_person"] = False
