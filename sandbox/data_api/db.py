"""The Data API's database: the read-only DuckDB file, the row helpers, the deal filters, deals and cells.

The rest of its SQL is in mixins, one subject each: `sql_investors`, `sql_listings`, `sql_lenders`
(`sql_common` holds the keyset `Sort`). One connection per server process; each request takes
its own cursor (`con.cursor()`), since FastAPI runs sync routes in a thread pool. Routes never
write SQL; they call the methods here with parsed, validated values and get plain dicts back.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import duckdb
from cachetools import LRUCache

from sandbox.data_api.filters import DealFilters
from sandbox.data_api.sql_common import Sort, Where, distance_sql
from sandbox.data_api.sql_investors import InvestorQueries
from sandbox.data_api.sql_lenders import LenderQueries
from sandbox.data_api.sql_listings import ListingQueries
from sandbox.data_api.sql_news import News

DEAL_COLUMNS = """
    seq, deal_id, sale_date, price, kind, buyer_id, seller_id, seller_institution, property_id, lender_id,
    listing_id, buyer_name, buyer_display_name, buyer_is_person, seller_name, seller_is_person, city, zip,
    county_fips, latitude, longitude, bedrooms, bathrooms, living_area_sqft, year_built
"""


T = TypeVar("T")
# Answers kept per state of the data (`Database.memo`): every query's rows, and a few summaries and
# markets' rankings; a result longer than MEMO_ROWS_MAX is not kept (a whole market's cells stay under).
MEMO_SIZE = 4096
MEMO_ROWS_MAX = 20_000

# How the dataset is opened. DuckDB keeps one database per file in a process: any other connection to
# it in the same process (a test reading the built file) must ask for the same configuration.
CONNECTION_CONFIG = {"threads": 2, "memory_limit": "1GB"}


class Database(InvestorQueries, ListingQueries, LenderQueries):
    def __init__(self, path: Path, *, max_cells: int = 50_000) -> None:
        self.max_cells = max_cells  # decisions.md, /v1/deals/cells: more answers 400
        self._con = duckdb.connect(str(path), read_only=True, config=CONNECTION_CONFIG)
        # What publishes of news added, beside the read-only file (sandbox/data_api/sql_news.py).
        self.news = News(self._con)
        self._memo: LRUCache = LRUCache(maxsize=MEMO_SIZE)
        self._memo_lock = threading.Lock()
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

    def cursor(self) -> duckdb.DuckDBPyConnection:
        """A cursor of its own for one request, reading the news a publish added when there are any."""
        cursor = self._con.cursor()
        if self.news.active:
            cursor.execute(self.news.search_path)
        return cursor

    def memo(self, key: tuple, compute: Callable[[], T]) -> T:
        """`compute()`, once per state of the data: the file never changes, and the news only by a
        publish or a reset (`news.generation`). For the reads asked again and again with the same
        arguments: a map's summary at each rerun, and each lender's rankings in a market, which rank
        every lender there. The caller must not change what it gets."""
        full_key = (self.news.generation, *key)
        with self._memo_lock:
            if full_key in self._memo:
                return self._memo[full_key]
        value = compute()
        with self._memo_lock:
            self._memo[full_key] = value
        return value

    def rows(self, sql: str, params: list[Any] | None = None) -> list[dict[str, Any]]:
        """The query's rows as dicts (dates as ISO strings), kept for the data's state: tests and pages
        ask the same reads again and again (each test resets, then opens the same pages). Each
        caller gets rows of its own to change."""
        found = self._kept_query("rows", sql, params, self._rows)
        return [dict(row) for row in found]

    def rows_tuple(self, sql: str, params: list[Any] | None = None) -> list[tuple]:
        return list(self._kept_query("rows_tuple", sql, params, self._rows_tuple))

    def _kept_query(self, kind: str, sql: str, params: list[Any] | None, run: Callable[[str, list[Any]], list]) -> list:
        # The state the query starts on names what it found (a publish meanwhile moves the next ones).
        key = (self.news.generation, kind, sql, repr(params))
        with self._memo_lock:
            kept = self._memo.get(key)
        if kept is not None:
            return kept
        found = run(sql, params or [])
        if len(found) <= MEMO_ROWS_MAX:
            with self._memo_lock:
                self._memo[key] = found
        return found

    def _rows(self, sql: str, params: list[Any]) -> list[dict[str, Any]]:
        cursor = self.cursor()
        try:
            result = cursor.execute(sql, params)
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

    def _rows_tuple(self, sql: str, params: list[Any]) -> list[tuple]:
        cursor = self.cursor()
        try:
            return cursor.execute(sql, params).fetchall()
        finally:
            cursor.close()

    def one(self, sql: str, params: list[Any] | None = None) -> dict[str, Any] | None:
        found = self.rows(sql, params)
        return found[0] if found else None

    # -- the shared deal filters --------------------------------------------------

    def deal_where(self, filters: DealFilters, prefix: str = "") -> tuple[str, list[Any]]:
        where = Where()
        if filters.radius_miles is not None and filters.point is not None:
            lat, lng, radius = filters.point.lat, filters.point.lng, filters.radius_miles
            lat_span = radius / 69.0
            lng_span = radius / max(0.01, 69.0 * abs(math.cos(math.radians(lat))))
            where.add(f"{prefix}latitude BETWEEN ? AND ? AND {prefix}longitude BETWEEN ? AND ?",
                      lat - lat_span, lat + lat_span, lng - lng_span, lng + lng_span)
            where.add(f"{distance_sql(lat, lng, prefix)} <= ?", radius)
        if filters.bbox is not None:
            west, south, east, north = filters.bbox
            where.add(f"{prefix}longitude BETWEEN ? AND ? AND {prefix}latitude BETWEEN ? AND ?", west, east, south, north)
        where.among(f"{prefix}zip", filters.zips)
        if filters.city:
            where.add(f"lower({prefix}city) = lower(?)", filters.city)
        if filters.property_id:
            where.add(f"{prefix}property_id = ?", filters.property_id)
        if filters.date_from:
            where.add(f"{prefix}sale_date >= ?", filters.date_from)
        if filters.date_to:
            where.add(f"{prefix}sale_date <= ?", filters.date_to)
        where.among(f"{prefix}kind", filters.kinds)
        if filters.min_price is not None:
            where.add(f"{prefix}price >= ?", filters.min_price)
        if filters.max_price is not None:
            where.add(f"{prefix}price <= ?", filters.max_price)
        return where.sql, where.params

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
        totals, by_kind, by_month = self.memo(("deal_summary", where, repr(params)), lambda: (
            self.one(f"SELECT count(*) AS n_deals, count(DISTINCT buyer_id) AS n_investors, count(price) AS n_priced, "
                     f"median(price) AS median_price FROM deals WHERE {where}", params),
            self.rows_tuple(f"SELECT kind, count(*) FROM deals WHERE {where} GROUP BY kind ORDER BY kind", params),
            self.rows_tuple(f"SELECT strftime(sale_date, '%Y-%m') AS month, count(*) FROM deals WHERE {where} "
                            f"GROUP BY month ORDER BY month", params)))
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

    # -- ids of every entity: merged (old -> current) and retired -----------------------

    def resolve_old_id(self, entity: str, old_id: str) -> str | None:
        row = self.one("SELECT current_id FROM old_ids WHERE entity = ? AND old_id = ?", [entity, old_id])
        return row["current_id"] if row else None

    def is_retired(self, entity: str, retired_id: str) -> bool:
        return self.one("SELECT 1 AS x FROM retired_ids WHERE entity = ? AND retired_id = ?", [entity, retired_id]) is not None

    def old_ids_of(self, entity: str, current_id: str) -> list[dict[str, Any]]:
        return self.rows("SELECT old_id, registry_run, jaccard FROM old_ids WHERE entity = ? AND current_id = ? "
                         "ORDER BY registry_run, old_id", [entity, current_id])

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
