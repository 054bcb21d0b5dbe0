"""All SQL of the Data API half, over the read-only DuckDB file.

One connection per server process; each request takes its own cursor (`con.cursor()`),
since FastAPI runs sync routes in a thread pool. Routes never write SQL; they call the
methods here with parsed, validated values and get plain dicts back.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import duckdb

from sandbox.data_api.filters import DealFilters
from sandbox.data_api.sql_lenders import LenderQueries
from sandbox.data_api.sql_listings import ListingQueries

EARTH_RADIUS_MILES = 3958.7613
DEAL_COLUMNS = """
    seq, deal_id, sale_date, price, kind, buyer_id, seller_id, seller_institution, property_id, lender_id,
    listing_id, buyer_name, buyer_display_name, buyer_is_person, seller_name, seller_is_person, city, zip,
    county_fips, latitude, longitude, bedrooms, bathrooms, living_area_sqft, year_built
"""


@dataclass(frozen=True)
class Sort:
    """One keyset order: a SQL expression, its direction, and the unique tie-break column."""

    expression: str
    descending: bool
    tie_break: str = "seq"
    tie_descending: bool | None = None  # None: the same direction as the expression
    cast: str = ""  # e.g. "::DATE" for cursor values that travel as strings
    nullable: bool = True  # a NOT NULL key gets a plain range bound that zone maps can prune on

    @property
    def order_by(self) -> str:
        tie_descending = self.descending if self.tie_descending is None else self.tie_descending
        # data-api.md, Pagination: rows with a null sort key sort last in both directions.
        return (f"{self.expression} {'DESC' if self.descending else 'ASC'} NULLS LAST, "
                f"{self.tie_break} {'DESC' if tie_descending else 'ASC'}")

    def after(self, last_key: list[Any]) -> tuple[str, list[Any]]:
        """WHERE fragment selecting the rows strictly after `last_key` = [value, tie]."""
        value, tie = last_key
        tie_descending = self.descending if self.tie_descending is None else self.tie_descending
        tie_op = "<" if tie_descending else ">"
        if value is None:
            return f"({self.expression} IS NULL AND {self.tie_break} {tie_op} ?)", [tie]
        op = "<" if self.descending else ">"
        after = f"({self.expression} {op} ?{self.cast} OR ({self.expression} = ?{self.cast} AND {self.tie_break} {tie_op} ?))"
        if self.nullable:
            return f"({after} OR {self.expression} IS NULL)", [value, value, tie]
        return f"{self.expression} {op}= ?{self.cast} AND {after}", [value, value, value, tie]


def distance_sql(lat: float, lng: float, prefix: str = "") -> str:
    """Great-circle miles from a validated point (floats, inlined as literals)."""
    lat, lng = float(lat), float(lng)
    return (f"{EARTH_RADIUS_MILES} * 2 * asin(sqrt(pow(sin(radians({prefix}latitude - ({lat!r})) / 2), 2) + "
            f"cos(radians({lat!r})) * cos(radians({prefix}latitude)) * pow(sin(radians({prefix}longitude - ({lng!r})) / 2), 2)))")


class Database(ListingQueries, LenderQueries):
    def __init__(self, path: Path, *, max_cells: int = 50_000) -> None:
        self.max_cells = max_cells  # decisions.md, /v1/deals/cells: more answers 400
        self._con = duckdb.connect(str(path), read_only=True, config={"threads": 2, "memory_limit": "1GB"})
        self.zip_markets: dict[str, str] = dict(self.rows_tuple("SELECT DISTINCT zip, market FROM properties"))
        self.market_bbox: dict[str, list[float]] = {
            market: [round(w, 4), round(s, 4), round(e, 4), round(n, 4)]
            for market, w, s, e, n in self.rows_tuple(
                "SELECT market, min(longitude), min(latitude), max(longitude), max(latitude) FROM properties GROUP BY market")
        }
        self.market_parcels: dict[str, int] = dict(self.rows_tuple("SELECT market, count(*) FROM properties GROUP BY market"))
        self.city_markets: dict[str, set[str]] = {}
        for city, market in self.rows_tuple("SELECT DISTINCT lower(city), market FROM properties"):
            self.city_markets.setdefault(city, set()).add(market)

    # -- plumbing -----------------------------------------------------------------

    def rows(self, sql: str, params: list[Any] | None = None) -> list[dict[str, Any]]:
        cursor = self._con.cursor()
        try:
            result = cursor.execute(sql, params or [])
            columns = [column[0] for column in result.description]
            dates = [name for name, type_code, *_ in result.description if str(type_code) == "DATE"]
            found = [dict(zip(columns, row)) for row in result.fetchall()]
            for row in found:
                for name in dates:
                    if row[name] is not None:
                        row[name] = row[name].isoformat()
            return found
        finally:
            cursor.close()

    def rows_tuple(self, sql: str, params: list[Any] | None = None) -> list[tuple]:
        cursor = self._con.cursor()
        try:
            return cursor.execute(sql, params or []).fetchall()
        finally:
            cursor.close()

    def one(self, sql: str, params: list[Any] | None = None) -> dict[str, Any] | None:
        found = self.rows(sql, params)
        return found[0] if found else None

    # -- the shared deal filters --------------------------------------------------

    def deal_where(self, filters: DealFilters, prefix: str = "") -> tuple[str, list[Any]]:
        clauses: list[str] = []
        params: list[Any] = []
        if filters.radius_miles is not None and filters.point is not None:
            lat, lng, radius = filters.point.lat, filters.point.lng, filters.radius_miles
            lat_span = radius / 69.0
            lng_span = radius / max(0.01, 69.0 * abs(math.cos(math.radians(lat))))
            clauses.append(f"{prefix}latitude BETWEEN ? AND ? AND {prefix}longitude BETWEEN ? AND ?")
            params += [lat - lat_span, lat + lat_span, lng - lng_span, lng + lng_span]
            clauses.append(f"{distance_sql(lat, lng, prefix)} <= ?")
            params.append(radius)
        if filters.bbox is not None:
            west, south, east, north = filters.bbox
            clauses.append(f"{prefix}longitude BETWEEN ? AND ? AND {prefix}latitude BETWEEN ? AND ?")
            params += [west, east, south, north]
        if filters.zips:
            clauses.append(f"{prefix}zip IN ({', '.join('?' for _ in filters.zips)})")
            params += list(filters.zips)
        if filters.city:
            clauses.append(f"lower({prefix}city) = lower(?)")
            params.append(filters.city)
        if filters.property_id:
            clauses.append(f"{prefix}property_id = ?")
            params.append(filters.property_id)
        if filters.date_from:
            clauses.append(f"{prefix}sale_date >= ?")
            params.append(filters.date_from)
        if filters.date_to:
            clauses.append(f"{prefix}sale_date <= ?")
            params.append(filters.date_to)
        if filters.kinds:
            clauses.append(f"{prefix}kind IN ({', '.join('?' for _ in filters.kinds)})")
            params += list(filters.kinds)
        if filters.min_price is not None:
            clauses.append(f"{prefix}price >= ?")
            params.append(filters.min_price)
        if filters.max_price is not None:
            clauses.append(f"{prefix}price <= ?")
            params.append(filters.max_price)
        return " AND ".join(clauses) or "TRUE", params

    def markets_of(self, filters: DealFilters) -> list[str]:
        """The markets a query touches, for `meta.coverage`."""
        if filters.zips:
            found = {self.zip_markets[z] for z in filters.zips if z in self.zip_markets}
        elif filters.city:
            found = self.city_markets.get(filters.city.lower(), set())
        elif filters.property_id:
            row = self.one("SELECT market FROM properties WHERE property_id = ?", [filters.property_id])
            found = {row["market"]} if row else set()
        else:
            if filters.bbox is not None:
                west, south, east, north = filters.bbox
            else:
                assert filters.point is not None and filters.radius_miles is not None
                span = filters.radius_miles / 50.0
                west, south, east, north = (filters.point.lng - span, filters.point.lat - span,
                                            filters.point.lng + span, filters.point.lat + span)
            found = {market for market, (w, s, e, n) in self.market_bbox.items()
                     if w <= east and west <= e and s <= north and south <= n}
        return sorted(found)

    # -- deals ----------------------------------------------------------------------

    def deal_page(self, where: str, params: list[Any], sort: Sort, after: list[Any] | None, limit: int,
                  point: tuple[float, float] | None) -> list[dict[str, Any]]:
        """Up to `limit` + 1 deal rows (the extra one tells whether a next page exists).

        `distance` is a select-list alias, which DuckDB accepts in WHERE, so the keyset of
        `sort=distance` compares the same computed value the ORDER BY sorts on.
        """
        distance = distance_sql(*point) if point else "NULL::DOUBLE"
        keyset, keyset_params = sort.after(after) if after is not None else ("TRUE", [])
        # Late materialisation: order and cut on the narrow key columns first, then read the
        # wide columns of the page's rows only.
        return self.rows(
            f"""
            WITH page AS (
                SELECT seq, {distance} AS distance FROM deals WHERE {where} AND {keyset}
                ORDER BY {sort.order_by} LIMIT {int(limit) + 1}
            )
            SELECT {DEAL_COLUMNS}, page.distance
            FROM deals JOIN page USING (seq)
            ORDER BY {sort.order_by}
            """,
            params + keyset_params,
        )

    def deal_page_offset(self, where: str, params: list[Any], sort: Sort, offset: int, limit: int) -> int:
        """The OFFSET form of a deal page, for comparison with keyset paging (bench/sandbox_large.py only)."""
        return len(self.rows(
            f"""
            WITH page AS (
                SELECT seq FROM deals WHERE {where} ORDER BY {sort.order_by} LIMIT {int(limit)} OFFSET {int(offset)}
            )
            SELECT {DEAL_COLUMNS} FROM deals JOIN page USING (seq) ORDER BY {sort.order_by}
            """, params))

    def deal(self, deal_id: str) -> dict[str, Any] | None:
        found = self.deal_page("deal_id = ?", [deal_id], Sort("sale_date", True), None, 1, None)
        return found[0] if found else None

    def deal_summary(self, filters: DealFilters) -> dict[str, Any]:
        where, params = self.deal_where(filters)
        totals = self.one(
            f"SELECT count(*) AS n_deals, count(DISTINCT buyer_id) AS n_investors, count(price) AS n_priced, "
            f"median(price) AS median_price FROM deals WHERE {where}", params)
        by_kind = self.rows_tuple(f"SELECT kind, count(*) FROM deals WHERE {where} GROUP BY kind ORDER BY kind", params)
        by_month = self.rows_tuple(
            f"SELECT strftime(sale_date, '%Y-%m') AS month, count(*) FROM deals WHERE {where} GROUP BY month ORDER BY month",
            params)
        assert totals is not None
        median = totals["median_price"]
        return {
            "n_deals": totals["n_deals"],
            "n_investors": totals["n_investors"],
            "n_priced": totals["n_priced"],
            "median_price": None if median is None else int(round(median)),
            "by_kind": {kind: n for kind, n in by_kind},
            "by_month": [{"month": month, "n": n} for month, n in by_month],
        }

    def deal_cells(self, filters: DealFilters, resolution: int) -> list[tuple] | None:
        """Counts per H3 cell, or None when there are more than `max_cells` cells.

        The resolution-10 cell of each parcel is stored; its parent at `resolution` is the
        same index with the resolution field set and the finer digits set to 7 (H3 layout).
        """
        where, params = self.deal_where(filters)
        # Distinct buyers counted on the integer `buyer_seq`: hashing it is cheaper than the id string.
        return self._cells(resolution, where, params, "buyer_seq")

    def lender_cells(self, filters: DealFilters, resolution: int, lender_id: str | None) -> list[tuple] | None:
        """Financed deals per H3 cell: `n_loans`, `n_lenders`, `median_price` (of the financed purchases)."""
        where, params = self.deal_where(filters)
        where += " AND lender_id IS NOT NULL" + (" AND lender_id = ?" if lender_id else "")
        return self._cells(resolution, where, params + ([lender_id] if lender_id else []), "lender_id")

    def _cells(self, resolution: int, where: str, params: list[Any], distinct: str) -> list[tuple] | None:
        """(hex cell, count, distinct count, median price) per H3 cell at `resolution`, or None over the cap."""
        r = int(resolution)
        parent = f"(cell & ~(15::BIGINT << 52)) | ({r}::BIGINT << 52) | ((1::BIGINT << {3 * (15 - r)}) - 1)"
        # Group on the integer index; format the few thousand cells as hex afterwards.
        found = self.rows_tuple(
            f"""
            SELECT lower(hex(parent)), n, n_distinct, median_price FROM (
                SELECT {parent} AS parent, count(*) AS n, count(DISTINCT {distinct}) AS n_distinct,
                       round(median(price))::BIGINT AS median_price
                FROM deals WHERE cell IS NOT NULL AND {where} GROUP BY parent
            ) ORDER BY parent LIMIT {int(self.max_cells) + 1}
            """,
            params,
        )
        if len(found) > self.max_cells:
            return None
        return found

    # -- investors ----------------------------------------------------------------------

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

    def resolve_old_id(self, entity: str, old_id: str) -> str | None:
        row = self.one("SELECT current_id FROM old_ids WHERE entity = ? AND old_id = ?", [entity, old_id])
        return row["current_id"] if row else None

    def is_retired(self, entity: str, retired_id: str) -> bool:
        return self.one("SELECT 1 AS x FROM retired_ids WHERE entity = ? AND retired_id = ?", [entity, retired_id]) is not None

    def old_ids_of(self, entity: str, current_id: str) -> list[dict[str, Any]]:
        return self.rows("SELECT old_id, registry_run, jaccard FROM old_ids WHERE entity = ? AND current_id = ? "
                         "ORDER BY registry_run, old_id", [entity, current_id])

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

    # -- notable ids for tests (`GET /_sandbox/fixtures`) -----------------------------------

    def fixtures(self) -> dict[str, Any]:
        def column(sql: str) -> list[Any]:
            return [row[0] for row in self.rows_tuple(sql)]

        return {
            "retired_investor_ids": column("SELECT retired_id FROM retired_ids WHERE entity = 'investor' ORDER BY 1"),
            "merged_investor_ids": [{"old": old, "current": current} for old, current in self.rows_tuple(
                "SELECT old_id, current_id FROM old_ids WHERE entity = 'investor' ORDER BY 1 LIMIT 20")],
            "retired_agent_ids": column("SELECT retired_id FROM retired_ids WHERE entity = 'agent' ORDER BY 1"),
            "merged_agent_ids": [{"old": old, "current": current} for old, current in self.rows_tuple(
                "SELECT old_id, current_id FROM old_ids WHERE entity = 'agent' ORDER BY 1 LIMIT 20")],
            "retired_lender_ids": column("SELECT retired_id FROM retired_ids WHERE entity = 'lender' ORDER BY 1"),
            "merged_lender_ids": [{"old": old, "current": current} for old, current in self.rows_tuple(
                "SELECT old_id, current_id FROM old_ids WHERE entity = 'lender' ORDER BY 1")],
            "multi_market_agent_ids": [{"agent_id": agent_id, "markets": markets} for agent_id, markets in self.rows_tuple(
                "SELECT agent_id, list(market ORDER BY market) FROM agents GROUP BY agent_id HAVING count(*) > 1 ORDER BY 1")],
            "agent_name_queries": column(
                "SELECT person_name FROM agents GROUP BY person_name ORDER BY count(*) DESC, person_name LIMIT 5"),
            "person_ids_with_listings": column(
                "SELECT person_id FROM listings GROUP BY person_id ORDER BY count(*) DESC, person_id LIMIT 20"),
            "awkward_investor_ids": column(
                "SELECT investor_id FROM investors WHERE length(display_name) >= 150 OR display_name LIKE '%<%' "
                "OR display_name LIKE '%&%' OR regexp_matches(display_name, '[^\\x00-\\x7F]') ORDER BY 1"),
            "natural_person_investor_ids": column(
                "SELECT investor_id FROM investors WHERE is_natural_person ORDER BY 1 LIMIT 10"),
            "large_lender_id": column(
                "SELECT lender_id FROM loans GROUP BY lender_id ORDER BY count(*) DESC, lender_id LIMIT 1")[0],
            "listing_ids": column("SELECT listing_id FROM marketplace_listings ORDER BY listing_id LIMIT 20"),
            "top_investor_ids": column(
                "SELECT investor_id FROM investor_stats ORDER BY n_deals DESC, investor_id LIMIT 10"),
            "markets": dict(self.market_bbox),
        }
