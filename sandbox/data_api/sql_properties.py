"""SQL of the parcel level: the parcel search, a parcel's deeds, loans, permits and listings,
the buyers match, and the short-term-rental parcels.

`PropertyQueries(db)` wraps the one `Database` (its `rows` helper and connection); it holds
no state, so a route makes one per request.
"""

from __future__ import annotations

import math
from typing import Any

from sandbox.data_api.data.markets import DATA_END
from sandbox.data_api.property_search import PropertySearch
from sandbox.data_api.sql_common import Sort, distance_sql

_END = f"DATE '{DATA_END.isoformat()}'"
PARCEL_COLUMNS = """
    seq, property_id, market, zip, city, county_fips, latitude, longitude, bedrooms, bathrooms, living_area_sqft,
    lot_sqft, year_built, line, unit, apn, last_sale_date, last_sale_price, n_deeds, owner_id, owner_name,
    owner_display_name, owner_kind, owner_is_person
"""
PARCEL_SORTS = {
    "zip": Sort("seq", False, nullable=False),
    "last_sale_desc": Sort("last_sale_date", True, cast="::DATE"),
    "last_sale_price_desc": Sort("last_sale_price", True),
}


def _box(lat: float, lng: float, radius: float, prefix: str = "") -> tuple[str, list[Any]]:
    """A bounding box around a circle (prunes by zone maps) and the exact great-circle test."""
    lat_span = radius / 69.0
    lng_span = radius / max(0.01, 69.0 * abs(math.cos(math.radians(lat))))
    return (f"{prefix}latitude BETWEEN ? AND ? AND {prefix}longitude BETWEEN ? AND ? "
            f"AND {distance_sql(lat, lng, prefix)} <= ?", [lat - lat_span, lat + lat_span, lng - lng_span,
                                                          lng + lng_span, radius])


class PropertyQueries:
    def __init__(self, db: Any) -> None:
        self.db = db

    # -- the parcel search -------------------------------------------------------------

    def search_where(self, search: PropertySearch) -> tuple[str, list[Any]]:
        clauses: list[str] = []
        params: list[Any] = []

        def add(clause: str, *values: Any) -> None:
            clauses.append(clause)
            params.extend(values)

        place = search.place
        if place.radius_miles is not None:
            clause, values = _box(place.lat, place.lng, place.radius_miles)
            add(clause, *values)
        if place.bbox is not None:
            west, south, east, north = place.bbox
            add("longitude BETWEEN ? AND ? AND latitude BETWEEN ? AND ?", west, east, south, north)
        if place.zip:
            add(f"zip IN ({', '.join('?' for _ in place.zip)})", *place.zip)
        if place.city is not None:
            add("lower(city) = lower(?)", place.city.strip())
        if place.property_id is not None:
            add("property_id = ?", place.property_id.removeprefix("prop_"))
        if place.address is not None:
            add("zip = ? AND lower(line) = lower(?)", place.address.zip, " ".join(place.address.line.split()))
            if place.address.unit is not None:
                add("lower(unit) = lower(?)", place.address.unit.strip())
        if place.apn is not None:
            add("apn = ?", place.apn.strip())
            if place.county_fips is not None:
                add("county_fips = ?", place.county_fips)
        criteria = search.property
        for column, op, value in (("bedrooms", ">=", criteria.beds_min), ("bedrooms", "<=", criteria.beds_max),
                                  ("bathrooms", ">=", criteria.baths_min),
                                  ("year_built", ">=", criteria.year_built_min),
                                  ("year_built", "<=", criteria.year_built_max),
                                  ("living_area_sqft", ">=", criteria.sqft_min),
                                  ("living_area_sqft", "<=", criteria.sqft_max),
                                  ("last_sale_date", ">=", search.last_sale.date_from),
                                  ("last_sale_date", "<=", search.last_sale.date_to),
                                  ("last_sale_price", ">=", search.last_sale.min_price),
                                  ("last_sale_price", "<=", search.last_sale.max_price)):
            if value is not None:
                add(f"{column} {op} ?", value)
        if search.owner.kind is not None:
            add("owner_is_person = ?", search.owner.kind == "person")
        if search.owner.investor_id is not None:
            add("owner_id = ?", search.owner.investor_id)
        return " AND ".join(clauses) or "TRUE", params

    def parcel_page(self, where: str, params: list[Any], sort: Sort, after: list[Any] | None, limit: int,
                    point: tuple[float, float] | None) -> list[dict[str, Any]]:
        distance = distance_sql(*point) if point else "NULL::DOUBLE"
        keyset, keyset_params = sort.after(after) if after is not None else ("TRUE", [])
        return self.db.rows(
            f"""
            SELECT {PARCEL_COLUMNS}, {distance} AS distance FROM parcels
            WHERE {where} AND {keyset} ORDER BY {sort.order_by} LIMIT {int(limit) + 1}
            """, params + keyset_params)

    def parcel_by_id(self, where: str, params: list[Any]) -> list[dict[str, Any]]:
        """The one parcel a property id names: no ORDER BY/LIMIT, so DuckDB looks it up through its index."""
        return self.db.rows(f"SELECT {PARCEL_COLUMNS}, NULL::DOUBLE AS distance FROM parcels WHERE {where}", params)

    def candidates(self, where: str, params: list[Any]) -> list[dict[str, Any]]:
        """Every parcel an address or an APN names (at most 20), for `ambiguous_address` / `ambiguous_apn`."""
        return self.db.rows(f"SELECT 'prop_' || property_id AS property_id, line, unit, zip, county_fips, apn "
                            f"FROM parcels WHERE {where} ORDER BY seq LIMIT 20", params)

    # -- one parcel ------------------------------------------------------------------------

    def parcel(self, property_id: str) -> dict[str, Any] | None:
        return self.db.one(f"SELECT {PARCEL_COLUMNS} FROM parcels WHERE property_id = ?", [property_id])

    def deeds(self, property_id: str) -> list[dict[str, Any]]:
        return self.db.rows(
            "SELECT deal_id, sale_date, price, kind, buyer_id, buyer_name, buyer_display_name, buyer_is_person, "
            "seller_id, seller_name, seller_is_person, seller_institution, lender_id FROM deals "
            "WHERE property_id = ? ORDER BY sale_date DESC, seq DESC", [property_id])

    def loans(self, property_id: str) -> list[dict[str, Any]]:
        return self.db.rows(
            "SELECT l.loan_id, 'deal_' || l.deal_id AS deal_id, l.recorded_on, l.amount, l.term_months, l.kind, "
            "l.lender_id, le.name AS lender_name, le.lender_class, le.is_hard_money, l.borrower_id, "
            "b.name AS borrower_name, b.is_natural_person AS borrower_is_person "
            "FROM loans l JOIN lenders le USING (lender_id) JOIN investors b ON b.investor_id = l.borrower_id "
            "WHERE l.property_id = ? ORDER BY l.recorded_on DESC, l.loan_id", [property_id])

    def permits(self, property_id: str) -> list[dict[str, Any]]:
        return self.db.rows(
            "SELECT permit_number, kind, status, issued_on, finaled_on, valuation, contractor_name FROM permits "
            "WHERE property_id = ? ORDER BY issued_on DESC, permit_number", [property_id])

    def listings(self, property_id: str) -> list[dict[str, Any]]:
        return self.db.rows(
            "SELECT listing_id, listed_on, status, sold_on, list_price, sold_price, n_versions, brokerage_name, "
            "self_listing FROM listings WHERE property_id = ? ORDER BY listed_on DESC NULLS LAST, listing_id",
            [property_id])

    # -- who would buy it ----------------------------------------------------------------------

    def buyers_match(self, parcel: dict[str, Any], radius: float, months: int, reference_price: int | None,
                     sort: Sort, after: list[Any] | None, limit: int) -> list[dict[str, Any]]:
        """Investors who bought near the parcel lately, scored (docs/contract.md, Buyers match)."""
        near, near_params = _box(parcel["latitude"], parcel["longitude"], radius)
        distance = distance_sql(parcel["latitude"], parcel["longitude"])
        keyset, keyset_params = sort.after(after) if after is not None else ("TRUE", [])
        price = "NULL::DOUBLE" if reference_price is None else f"{int(reference_price)}::DOUBLE"
        return self.db.rows(
            f"""
            WITH nearby AS (
                SELECT buyer_id, kind, price, sale_date, {distance} AS distance FROM deals
                WHERE {near} AND sale_date > {_END} - INTERVAL {int(months)} MONTH AND property_id <> ?
            ), agg AS (
                SELECT buyer_id AS investor_id, count(*) AS n_bought_nearby, min(distance) AS nearest_miles,
                       max(sale_date) AS last_bought_nearby_on, median(price) AS median_price_nearby,
                       list(DISTINCT kind ORDER BY kind) AS kinds_nearby
                FROM nearby GROUP BY buyer_id
            ), scored AS (
                SELECT agg.*, i.name, i.display_name, i.org_kind, i.is_natural_person, s.p25, s.p50, s.p75,
                       s.n_deals,
                       CASE WHEN {price} IS NULL OR s.p25 IS NULL THEN NULL
                            ELSE {price} BETWEEN s.p25 * 0.9 AND s.p75 * 1.1 END AS in_price_band,
                       round(ln(1 + n_bought_nearby) + 0.5 * coalesce((CASE WHEN {price} IS NULL OR s.p25 IS NULL
                             THEN NULL ELSE {price} BETWEEN s.p25 * 0.9 AND s.p75 * 1.1 END)::INTEGER, 0)
                             + 0.3 * (last_bought_nearby_on > {_END} - INTERVAL 6 MONTH)::INTEGER
                             - 0.1 * nearest_miles, 4) AS score
                FROM agg JOIN investors i USING (investor_id) JOIN investor_stats s USING (investor_id)
            ), ranked AS (
                SELECT *, row_number() OVER (ORDER BY score DESC, investor_id) AS rank FROM scored
            )
            SELECT * FROM ranked WHERE {keyset} ORDER BY {sort.order_by} LIMIT {int(limit) + 1}
            """, near_params + [parcel["property_id"]] + keyset_params)

    # -- short-term rentals ---------------------------------------------------------------------------

    def str_page(self, where: str, params: list[Any], active: bool | None, after: list[Any] | None,
                 limit: int) -> list[dict[str, Any]]:
        sort = Sort("seq", False, nullable=False)
        keyset, keyset_params = sort.after(after) if after is not None else ("TRUE", [])
        if active is not None:
            where += " AND is_active = ?"
            params = params + [active]
        return self.db.rows(
            f"SELECT s.*, p.line, p.unit FROM str_parcels s JOIN parcels p USING (seq) "
            f"WHERE {where} AND {keyset} ORDER BY {sort.order_by} LIMIT {int(limit) + 1}",
            params + keyset_params)

    # -- notable parcels for tests (`GET /_sandbox/fixtures`) -------------------------------------

    def fixtures(self) -> dict[str, Any]:
        def first(sql: str) -> Any:
            found = self.db.rows_tuple(sql)
            return found[0][0] if found else None

        return {
            "ambiguous_apn": first("SELECT apn FROM parcels GROUP BY apn HAVING count(DISTINCT county_fips) > 1 "
                                   "ORDER BY apn LIMIT 1"),
            "ambiguous_address": [dict(zip(("line", "zip"), row)) for row in self.db.rows_tuple(
                "SELECT line, zip FROM parcels WHERE unit IS NOT NULL GROUP BY line, zip HAVING count(*) > 1 "
                "ORDER BY zip, line LIMIT 1")][0],
            "parcel_with_everything": first(
                "SELECT 'prop_' || p.property_id FROM parcels p WHERE n_deeds >= 2 AND market = 'DFW' "
                "AND EXISTS (SELECT 1 FROM loans l WHERE l.property_id = p.property_id) "
                "AND EXISTS (SELECT 1 FROM permits x WHERE x.property_id = p.property_id) "
                "AND EXISTS (SELECT 1 FROM listings x WHERE x.property_id = p.property_id) ORDER BY seq LIMIT 1"),
            "parcel_of_person_deed": first(
                "SELECT 'prop_' || property_id FROM deals WHERE buyer_is_person ORDER BY seq LIMIT 1"),
            "parcel_nnj": first("SELECT 'prop_' || property_id FROM parcels WHERE market = 'NNJ' AND latitude IS NOT NULL "
                                "ORDER BY seq LIMIT 1"),
            "str_zip": first("SELECT zip FROM str_parcels GROUP BY zip ORDER BY count(*) DESC, zip LIMIT 1"),
        }
