"""SQL of the wholesale dataset and of a lender's borrowers, over `sandbox.data_api.db.Database`.

A wrapper rather than a mixin: it reads through the database's `rows`/`one` helpers, so the
`Database` class needs no change to serve it (`WholesaleSql(db)`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sandbox.data_api.filters import DealFilters
from sandbox.data_api.sql_common import Sort

LISTING_COLUMNS = """
    wl.listing_id, wl.wholesaler_id, w.name AS wholesaler_name, w.is_natural_person AS wholesaler_is_person,
    w.investor_id AS wholesaler_investor_id, wl.status, wl.published_on, wl.asking_price, wl.sold_on, wl.sold_price,
    wl.deal_id, wl.buyer_id, wl.buyer_name, wl.buyer_display_name, wl.buyer_is_person, wl.property_id,
    wl.market, wl.zip, wl.city, wl.county_fips, wl.latitude, wl.longitude
"""
LISTING_SORTS = {
    "published_desc": Sort("wl.published_on", True, tie_break="wl.listing_id", tie_descending=False, cast="::DATE"),
    "asking_desc": Sort("wl.asking_price", True, tie_break="wl.listing_id", tie_descending=False),
    "asking_asc": Sort("wl.asking_price", False, tie_break="wl.listing_id", tie_descending=False),
}
BORROWER_SORT = Sort("n_loans", True, tie_break="borrower_id", tie_descending=False)


class WholesaleSql:
    def __init__(self, db: Any) -> None:
        self.db = db

    def listing_where(self, filters: DealFilters, statuses: tuple[str, ...], wholesaler_id: str | None,
                      buyer_id: str | None = None) -> tuple[str, list[Any]]:
        """The place of the shared filters (on the listing's parcel), then this route's own filters."""
        clauses: list[str] = []
        params: list[Any] = []
        place_only = replace(filters, date_from=None, date_to=None, kinds=(), min_price=None, max_price=None)
        if any((filters.bbox, filters.zips, filters.city, filters.property_id, filters.radius_miles)):
            place_sql, place_params = self.db.deal_where(place_only, "wl.")
            clauses.append(place_sql)
            params += place_params
        for clause, value in (("wl.published_on >= ?", filters.date_from), ("wl.published_on <= ?", filters.date_to),
                              ("wl.asking_price >= ?", filters.min_price), ("wl.asking_price <= ?", filters.max_price),
                              ("wl.wholesaler_id = ?", wholesaler_id), ("wl.buyer_id = ?", buyer_id)):
            if value is not None:
                clauses.append(clause)
                params.append(value)
        if statuses:
            clauses.append(f"wl.status IN ({', '.join('?' for _ in statuses)})")
            params += list(statuses)
        return " AND ".join(clauses) or "TRUE", params

    def listing_page(self, where: str, params: list[Any], sort: Sort, after, limit: int) -> list[dict[str, Any]]:
        keyset, keyset_params = sort.after(after) if after is not None else ("TRUE", [])
        return self.db.rows(
            f"SELECT {LISTING_COLUMNS}, {sort.expression} AS sort_value "
            f"FROM wholesale_listings wl JOIN wholesalers w USING (wholesaler_id) "
            f"WHERE {where} AND {keyset} ORDER BY {sort.order_by} LIMIT {int(limit) + 1}", params + keyset_params)

    def listing(self, listing_id: str) -> dict[str, Any] | None:
        return self.db.one(f"SELECT {LISTING_COLUMNS} FROM wholesale_listings wl JOIN wholesalers w USING (wholesaler_id) "
                           "WHERE wl.listing_id = ?", [listing_id])

    def wholesaler(self, wholesaler_id: str) -> dict[str, Any] | None:
        return self.db.one(
            """
            SELECT w.wholesaler_id, w.investor_id, w.org_id, w.market, w.name, w.display_name, w.is_natural_person,
                   count(*) AS n_listings, count(*) FILTER (wl.status = 'ACTIVE') AS n_active,
                   count(*) FILTER (wl.status = 'PENDING') AS n_pending, count(*) FILTER (wl.status = 'SOLD') AS n_sold,
                   count(DISTINCT wl.buyer_id) AS n_buyers, median(wl.asking_price)::INTEGER AS median_asking_price,
                   min(wl.published_on) AS first_published_on, max(wl.published_on) AS last_published_on
            FROM wholesalers w JOIN wholesale_listings wl USING (wholesaler_id)
            WHERE w.wholesaler_id = ? GROUP BY ALL
            """, [wholesaler_id])

    def wholesaler_top_buyers(self, wholesaler_id: str, limit: int = 10) -> list[dict[str, Any]]:
        return self.db.rows(
            f"""
            SELECT buyer_id, any_value(buyer_name) AS buyer_name, bool_or(buyer_is_person) AS buyer_is_person,
                   count(*) AS n_purchases
            FROM wholesale_listings WHERE wholesaler_id = ? AND buyer_id IS NOT NULL
            GROUP BY buyer_id ORDER BY n_purchases DESC, buyer_id LIMIT {int(limit)}
            """, [wholesaler_id])

    def wholesaler_search(self, q: str, limit: int) -> tuple[list[dict[str, Any]], bool]:
        pattern = "%" + q.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        found = self.db.rows(
            f"""
            SELECT w.wholesaler_id, w.investor_id, w.org_id, w.market, w.name, w.display_name,
                   (SELECT count(*) FROM wholesale_listings wl WHERE wl.wholesaler_id = w.wholesaler_id) AS n_listings
            FROM wholesalers w
            WHERE NOT w.is_natural_person AND (lower(w.name) LIKE ? ESCAPE '\\' OR lower(w.display_name) LIKE ? ESCAPE '\\')
            ORDER BY n_listings DESC, w.wholesaler_id LIMIT {int(limit) + 1}
            """, [pattern, pattern])
        return found[:limit], len(found) > limit

    def borrower_page(self, lender_id: str, market: str | None, after, limit: int) -> list[dict[str, Any]]:
        """A lender's borrowers, most loans first: the loans grouped by the deal's buyer."""
        keyset, keyset_params = BORROWER_SORT.after(after) if after is not None else ("TRUE", [])
        market_sql, market_params = ("AND l.market = ?", [market]) if market else ("", [])
        return self.db.rows(
            f"""
            WITH agg AS (
                SELECT l.borrower_id, any_value(b.name) AS name, any_value(b.display_name) AS display_name,
                       bool_or(b.is_natural_person) AS is_person, any_value(b.market) AS market,
                       count(*) AS n_loans, coalesce(sum(l.amount), 0)::BIGINT AS volume,
                       min(l.recorded_on) AS first_loan_on, max(l.recorded_on) AS last_loan_on
                FROM loans l JOIN investors b ON b.investor_id = l.borrower_id
                WHERE l.lender_id = ? {market_sql} GROUP BY l.borrower_id
            )
            SELECT * FROM agg WHERE {keyset} ORDER BY {BORROWER_SORT.order_by} LIMIT {int(limit) + 1}
            """, [lender_id, *market_params, *keyset_params])

    def investor_market(self, investor_id: str) -> str | None:
        row = self.db.one("SELECT market FROM investors WHERE investor_id = ?", [investor_id])
        return row["market"] if row else None
