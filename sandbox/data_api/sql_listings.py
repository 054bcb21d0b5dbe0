"""SQL of the listing side: agents, people's listings, marketplace listings, lean buyers.

A mixin of `sandbox.data_api.db.Database` (which owns the connection and the row helpers), kept
apart so that each SQL module stays one subject.
"""

from __future__ import annotations

from typing import Any

from sandbox.data_api.data.markets import DATA_END
from sandbox.data_api.sql_common import Where

_END = f"DATE '{DATA_END.isoformat()}'"


class ListingQueries:
    rows: Any
    one: Any
    rows_tuple: Any

    # -- agents ---------------------------------------------------------------------------

    def agent_markets(self, agent_id: str) -> list[str]:
        return [row[0] for row in self.rows_tuple("SELECT market FROM agents WHERE agent_id = ? ORDER BY market", [agent_id])]

    def agent(self, agent_id: str, market: str) -> dict[str, Any] | None:
        return self.one("SELECT * FROM agents WHERE agent_id = ? AND market = ?", [agent_id, market])

    def agent_listing_stats(self, agent_id: str, market: str) -> dict[str, Any]:
        totals = self.one(
            f"""
            SELECT count(*) AS n_total,
                   count(*) FILTER (status = 'ACTIVE') AS n_active,
                   count(*) FILTER (status = 'PENDING') AS n_pending,
                   count(*) FILTER (status IN ('ACTIVE', 'PENDING')) AS n_on_market,
                   count(*) FILTER (status = 'SOLD') AS n_sold,
                   count(*) FILTER (status = 'OFF_MARKET') AS n_off_market,
                   min(listed_on) AS first_listed_on, max(listed_on) AS last_listed_on,
                   count(*) FILTER (listed_on > {_END} - INTERVAL 12 MONTH) AS n_listed_12m,
                   count(*) FILTER (sold_on > {_END} - INTERVAL 12 MONTH) AS n_sold_12m,
                   median(list_price) AS median_list_price, median(sold_price) AS median_sold_price,
                   count(*) FILTER (self_listing) AS n_self_listings
            FROM listings WHERE agent_id = ? AND market = ?
            """, [agent_id, market])
        by_year = self.rows(
            """
            SELECT year(listed_on) AS year, count(*) AS n_listed, count(*) FILTER (status = 'SOLD') AS n_sold,
                   count(*) FILTER (self_listing) AS n_self
            FROM listings WHERE agent_id = ? AND market = ? AND listed_on IS NOT NULL GROUP BY ALL ORDER BY year
            """, [agent_id, market])
        assert totals is not None
        return {**totals, "by_year": by_year}

    def agent_investor_links(self, agent_id: str, market: str) -> list[dict[str, Any]]:
        return self.rows(
            """
            SELECT i.investor_id, i.name AS investor_name, i.display_name AS investor_display_name, i.org_kind AS kind,
                   a.link_confidence AS confidence,
                   (SELECT count(*) FROM listings l WHERE l.agent_id = a.agent_id AND l.market = a.market
                                                      AND l.self_listing) AS n_self_listings
            FROM agents a JOIN investors i ON i.investor_id = a.investor_id
            WHERE a.agent_id = ? AND a.market = ?
            """, [agent_id, market])

    def agent_search(self, q: str, market: str | None, limit: int) -> tuple[list[dict[str, Any]], bool]:
        """Matches the agent's (unserved) name or brokerage; most listings first."""
        pattern = "%" + q.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        market_clause = "AND a.market = ?" if market else ""
        found = self.rows(
            f"""
            SELECT a.agent_id, a.market, a.kind, a.brokerage, a.identity_basis, a.license_candidates,
                   (SELECT count(*) FROM listings l WHERE l.agent_id = a.agent_id AND l.market = a.market) AS n_listings
            FROM agents a
            WHERE (lower(a.person_name) LIKE ? ESCAPE '\\' OR lower(a.brokerage) LIKE ? ESCAPE '\\') {market_clause}
            ORDER BY lower(a.person_name) LIKE ? ESCAPE '\\' DESC, n_listings DESC, a.agent_id, a.market
            LIMIT {int(limit) + 1}
            """, [pattern, pattern, *([market] if market else []), pattern])
        return found[:limit], len(found) > limit

    def agent_listing_page(self, agent_id: str, market: str, statuses: tuple[str, ...], sort, after, limit: int):
        status_clause = f"AND status IN ({', '.join('?' for _ in statuses)})" if statuses else ""
        keyset, keyset_params = sort.after(after) if after is not None else ("TRUE", [])
        return self.rows(
            f"""
            SELECT listing_id, property_id, zip, county_fips, city, listed_on, status, sold_on, list_price, sold_price,
                   self_listing, is_team, brokerage_name, holder_org_id, n_versions
            FROM listings WHERE agent_id = ? AND market = ? {status_clause} AND {keyset}
            ORDER BY {sort.order_by} LIMIT {int(limit) + 1}
            """, [agent_id, market, *statuses, *keyset_params])

    # -- people (lean) ----------------------------------------------------------------------

    def person_listing_page(self, person_id: str, *, statuses: tuple[str, ...], listed_from, all_versions: bool,
                            self_listing: bool, flagged_purchase: bool, sort, after, limit: int):
        where = Where("person_id = ?", params=[person_id])
        where.among("status", statuses)
        if listed_from is not None:
            where.add("listed_on >= ?", listed_from)
        if not all_versions:
            where.add("is_current")
        if self_listing:
            where.add("self_listing")
        if flagged_purchase:
            where.add("buyer_flagged IS TRUE")
        keyset, keyset_params = sort.after(after) if after is not None else ("TRUE", [])
        return self.rows(
            f"SELECT * FROM mentions WHERE {where.sql} AND {keyset} "
            f"ORDER BY {sort.order_by} LIMIT {int(limit) + 1}", where.params + keyset_params)

    # -- marketplace listings and lean buyers -----------------------------------------------------

    def marketplace_listing(self, listing_id: str) -> dict[str, Any] | None:
        return self.one(
            """
            SELECT m.*, b.org_id AS buyer_org_id, b.name AS buyer_name, b.is_natural_person AS buyer_is_person,
                   w.org_id AS wholesaler_org_id, w.name AS wholesaler_name,
                   p.city, p.county_fips, p.latitude AS parcel_latitude, p.longitude AS parcel_longitude,
                   p.bedrooms, p.bathrooms, p.living_area_sqft, p.year_built
            FROM marketplace_listings m
            JOIN investors b ON b.investor_id = m.buyer_id
            JOIN investors w ON w.investor_id = m.wholesaler_id
            JOIN properties p ON p.property_id = m.property_id
            WHERE m.listing_id = ?
            """, [listing_id])

    def lean_buyers(self, zips: tuple[str, ...], date_from, limit: int) -> list[dict[str, Any]]:
        where = Where()
        where.among("d.zip", zips)
        if date_from is not None:
            where.add("d.sale_date >= ?", date_from)
        return self.rows(
            f"""
            SELECT i.investor_id, i.org_id, i.name, i.display_name, i.is_natural_person, i.state, i.market,
                   i.org_kind, count(*) AS n_purchases, max(d.sale_date) AS last_purchase_on,
                   count(DISTINCT d.zip) AS n_zips
            FROM deals d JOIN investors i ON i.investor_id = d.buyer_id
            WHERE {where.sql} GROUP BY ALL ORDER BY n_purchases DESC, i.org_id LIMIT {int(limit)}
            """, where.params)
