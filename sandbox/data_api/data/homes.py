"""The homes' facts and the prices they sold for, drawn so that comparable sales make sense (issue 46).

The first draws of `generate` place the parcels and date the deals; here, from a generator of
its own (`seed` and `HOMES_STREAM`, so every earlier draw stays the same), each home gets facts
that hang together and each sale a price that follows them:

- a neighbourhood's price per square foot: each ZIP has a level, higher near the market's core
  (`CORE_PREMIUM` at the centre, fading over `CORE_FADE_DEG`) and varied by ZIP
  (`ZIP_SPREAD`), scaled so the market's typical home still sells near its `median_price`;
- bedrooms follow the living area, bathrooms the bedrooms; the core's homes are older
  (`year_built` about 1950 at the centre, 2000s at the edges);
- a sale's price = the ZIP's price per square foot × the living area × the deal kind's factor
  (a wholesale buys at a discount, a builder buys the lot) × the home's age × the month's
  market (prices rise `YEARLY_RISE` a year) × a small noise (`PRICE_NOISE`);
- what a live host also serves: homes whose building the assessor never recorded (no beds,
  baths or living area: `NO_BUILDING_SHARE`), or without a year built (`NO_YEAR_SHARE`), and
  deeds at a nominal price (`NOMINAL_SHARE`: $10 to $5,000, a transfer rather than a sale).

Deeds with no price (drawn before) keep none.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from sandbox.data_api.data.markets import DATA_START, MARKETS, market_zips

HOMES_STREAM = 46  # the issue that added these draws: a separate stream of the seed
TYPICAL_SQFT = 1750  # the living area of the market's typical home (the generator's median)
CORE_PREMIUM = 0.65  # a core ZIP's price per sq ft above the edge's, as a share
CORE_FADE_DEG = 0.22  # how fast the premium fades with distance from the core (degrees)
ZIP_SPREAD = 0.14  # each ZIP's own level, a lognormal's sigma
PRICE_NOISE = 0.12  # one sale against its neighbours, a lognormal's sigma
YEARLY_RISE = 0.05
AGE_PREMIUM_PER_YEAR = 0.0025  # a newer home sells for a little more a square foot
NO_BUILDING_SHARE = 0.03
NO_YEAR_SHARE = 0.02
NOMINAL_SHARE = 0.008
NOMINAL_PRICES = (10, 100, 500, 1000, 5000)


def zip_levels(rng: np.random.Generator) -> dict[str, tuple[float, float]]:
    """Each served ZIP's (price level, distance to its market's core in degrees)."""
    levels: dict[str, tuple[float, float]] = {}
    for market in MARKETS:
        zips = market_zips(market)
        lat = np.array([z.lat for z in zips])
        lng = np.array([z.lng for z in zips])
        distance = np.hypot(lat - market.center[0], (lng - market.center[1]) * np.cos(np.radians(market.center[0])))
        level = (1 + CORE_PREMIUM * np.exp(-distance / CORE_FADE_DEG)) * rng.lognormal(0, ZIP_SPREAD, len(zips))
        levels.update({z.zip: (float(v), float(d)) for z, v, d in zip(zips, level, distance)})
    return levels


def shape_homes(seed: int, tables: dict[str, pd.DataFrame], kind_factors: dict[str, float]) -> None:
    """Give `tables["properties"]` their facts and `tables["deals"]` their prices, in place;
    `kind_factors`: a deal kind's price against a plain purchase's (the generator's)."""
    rng = np.random.default_rng([seed, HOMES_STREAM])
    properties, deals = tables["properties"], tables["deals"]
    levels = zip_levels(rng)
    level = np.array([levels[z][0] for z in properties["zip"]])
    core_distance = np.array([levels[z][1] for z in properties["zip"]])
    # The market's typical home sells near its median price: its levels are scaled to a median of 1.
    level /= properties.assign(level=level).groupby("market")["level"].transform("median").to_numpy()
    sqft = properties["living_area_sqft"].to_numpy().astype(float)
    n = len(properties)
    beds = np.clip(np.round(0.5 + sqft / 600 + rng.normal(0, 0.45, n)), 1, 6)
    baths = np.clip(np.round((beds * 0.6 + sqft / 2500 + rng.normal(0, 0.3, n)) * 2) / 2, 1, 5)
    year = np.clip(np.round(1950 + 58 * (1 - np.exp(-core_distance / 0.3)) + rng.normal(0, 14, n)), 1900, 2025)
    _price_deals(rng, deals, kind_factors, level=level, sqft=sqft, year=year)
    no_building = rng.random(n) < NO_BUILDING_SHARE
    no_year = rng.random(n) < NO_YEAR_SHARE
    properties["bedrooms"] = pd.array(np.where(no_building, np.nan, beds), dtype="Float64").astype("Int64")
    properties["bathrooms"] = np.where(no_building, np.nan, baths)
    properties["living_area_sqft"] = pd.array(np.where(no_building, np.nan, sqft), dtype="Float64").astype("Int64")
    properties["year_built"] = pd.array(np.where(no_year, np.nan, year), dtype="Float64").astype("Int64")


def _price_deals(rng: np.random.Generator, deals: pd.DataFrame, kind_factors: dict[str, float], *, level: np.ndarray, sqft: np.ndarray,
                 year: np.ndarray) -> None:
    """Each priced deal's price from its home and its month (the building's size is known to the
    seller even where the assessor serves none)."""
    median_price = deals["market"].map({m.code: m.median_price for m in MARKETS}).to_numpy(dtype=float)
    home = deals["property_row"].to_numpy()
    kind_factor = deals["kind"].map(kind_factors).to_numpy(dtype=float)
    years = (deals["sale_date"].to_numpy().astype("datetime64[D]") - np.datetime64(DATA_START)).astype(int) / 365.25
    # The period's middle sells at the market's level: earlier cheaper, later dearer.
    market_then = (1 + YEARLY_RISE) ** (years - years.mean())
    age = 1 + AGE_PREMIUM_PER_YEAR * (year[home] - 1985)
    price = (median_price / TYPICAL_SQFT * level[home] * sqft[home] * kind_factor * age * market_then
             * rng.lognormal(0, PRICE_NOISE, len(deals)))
    price = (price / 100).round() * 100
    nominal = rng.random(len(deals)) < NOMINAL_SHARE
    price = np.where(nominal, np.array(NOMINAL_PRICES)[rng.integers(0, len(NOMINAL_PRICES), len(deals))], price)
    deals["price"] = np.where(deals["price"].isna().to_numpy(), np.nan, price)
