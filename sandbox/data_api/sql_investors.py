"""SQL of the investor registry: pages, name search, the profile's parts (a mixin of `sandbox.data_api.db.Database`)."""

from __future__ import annotations

from typing import Any

from sandbox.data_api.filters import DealFilters
from sandbox.data_api.sql_common import Sort


class InvestorQueries:
    rows: Any
    one: Any
    rows_tuple: Any
    deal_where: Any

    INVESTOR_SORTS = {
        "events_desc": "agg.n_deals",
        "parcels_desc": "agg.n_parcels",
        "volume_desc": "agg.volume",
        "last_bought_desc": "agg.last_bought_on",
        "last_deal_desc": "st.last_deed",
        "flips_desc": "agg.n_flips",
        "holds_desc": "agg.n_holds",
    }

    def investor_sort(self, name: str) -> Sort:
        expression = self.INVESTOR_SORTS[name]
        cast = "::DATE" if name in ("last_bought_desc", "last_deal_desc") else ""
        return Sort(expression, True, tie_break="agg.investor_id", tie_descending=False, cast=cast)

    def investor_page(self, filters: DealFilters, sort: Sort, after: list[Any] | None, limit: int) -> list[dict[str, Any]]:
        where, params = self.deal_where(filters)
        keyset, keyset_params = sort.after(after) if after is not None else ("TRUE", [])
        return self.rows(
            f"""
            WITH agg AS (
                SELECT buyer_id AS investor_id, count(*) AS n_deals, count(DISTINCT property_id) AS n_parcels,
                       coalesce(sum(price), 0)::BIGINT AS volume, max(sale_date) AS last_bought_on,
                       count(*) FILTER (kind = 'flip') AS n_flips,
                       count(*) FILTER (kind IN ('hold', 'long_hold')) AS n_holds
                FROM deals WHERE {where} GROUP BY buyer_id
            )
            SELECT agg.*, i.name, i.display_name, i.is_natural_person, i.market, i.state, i.org_kind, i.org_id,
                   st.last_deed, {sort.expression} AS sort_value
            FROM agg JOIN investors i ON i.investor_id = agg.investor_id
            JOIN investor_stats st ON st.investor_id = agg.investor_id
            WHERE {keyset}
            ORDER BY {sort.order_by} LIMIT {int(limit) + 1}
            """,
            params + keyset_params,
        )

    def investor_search(self, q: str, market: str | None, limit: int) -> tuple[list[dict[str, Any]], bool]:
        """Ranked name lookup: whole-name and prefix matches first, then by activity."""
        escaped = q.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        market_clause = "AND i.market = ?" if market else ""
        found = self.rows(
            f"""
            SELECT i.investor_id, i.name, i.display_name, i.market, i.state, i.org_kind, i.org_id,
                   st.n_deals, st.last_bought_on,
                   CASE WHEN lower(i.display_name) = lower(?) THEN 0
                        WHEN lower(i.display_name) LIKE ? ESCAPE '\\' THEN 1 ELSE 2 END AS rank
            FROM investors i JOIN investor_stats st USING (investor_id)
            WHERE NOT i.is_natural_person AND (lower(i.display_name) LIKE ? ESCAPE '\\' OR lower(i.name) LIKE ? ESCAPE '\\')
                  {market_clause}
            ORDER BY rank, st.n_deals DESC, i.investor_id LIMIT {int(limit) + 1}
            """,
            [q, escaped + "%", f"%{escaped}%", f"%{escaped}%"] + ([market] if market else []),
        )
        return found[:limit], len(found) > limit

    def investor(self, investor_id: str) -> dict[str, Any] | None:
        return self.one(
            "SELECT i.*, st.* EXCLUDE (investor_id) FROM investors i JOIN investor_stats st USING (investor_id) "
            "WHERE i.investor_id = ?", [investor_id])

    def investor_financing(self, investor_id: str) -> list[dict[str, Any]]:
        return self.rows(
            """
            SELECT l.lender_id AS id, l.name, l.lender_class, l.is_hard_money, count(*) AS n,
                   count(*) FILTER (loans.recorded_on > DATE '2026-10-31' - INTERVAL 24 MONTH) AS n_24m,
                   max(loans.recorded_on) AS last_loan_on
            FROM loans JOIN lenders l USING (lender_id) WHERE loans.borrower_id = ?
            GROUP BY ALL ORDER BY n DESC, id
            """, [investor_id])

    def investor_last_loan(self, investor_id: str) -> dict[str, Any] | None:
        return self.one(
            "SELECT loan_id, lender_id, amount, recorded_on, term_months, 'deal_' || deal_id AS deal_id FROM loans "
            "WHERE borrower_id = ? ORDER BY recorded_on DESC, loan_id LIMIT 1", [investor_id])

    def investor_agent_links(self, investor_id: str) -> list[dict[str, Any]]:
        return self.rows(
            """
            SELECT a.agent_id, a.market, a.link_confidence AS confidence,
                   count(l.listing_id) FILTER (l.self_listing) AS n_self_listings
            FROM agents a LEFT JOIN listings l ON l.agent_id = a.agent_id AND l.market = a.market
            WHERE a.investor_id = ? GROUP BY ALL ORDER BY confidence, agent_id
            """, [investor_id])

    def investor_share_financed_24m(self, investor_id: str) -> float | None:
        row = self.one(
            "SELECT count(*) AS n, count(lender_id) AS financed FROM deals "
            "WHERE buyer_id = ? AND sale_date > DATE '2026-10-31' - INTERVAL 24 MONTH", [investor_id])
        if not row or not row["n"]:
            return None
        return round(row["financed"] / row["n"], 3)

    def investor_segment_mix(self, investor_id: str) -> dict[str, float]:
        found = self.rows_tuple(
            "SELECT kind, count(*) FROM deals WHERE buyer_id = ? GROUP BY kind ORDER BY kind", [investor_id])
        total = sum(n for _, n in found) or 1
        return {kind: round(n / total, 3) for kind, n in found}
