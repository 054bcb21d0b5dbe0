"""News a publish adds (`POST /_sandbox/publish {"state": "TX", "new_deals": N}`), kept in this process.

The dataset's DuckDB file is opened read-only and shared by every sandbox process, so what a
publish adds lives beside it, in an in-memory database attached as `news`: the added deals, their
loans, and what they change (their buyers' and sellers' counters, their parcels' last sale). Once a
publish has added any, each cursor's search path puts `news` first (`Database.cursor`), where
views of the file's names (`deals`, `loans`, `investor_stats`, `parcels`) add the new rows to the
file's. Every route, cell and count reads them with no SQL of its own changed. A reset drops them
and the file's tables are read directly again.

What the news are, deterministic for a state and its how-manieth publish of news (`targets`):
two deals in three in the state's first market (the Map's default view for Texas: DFW), the rest in
its second; each bought by one of the market's five busiest investors (their 12- and 24-month
counters keep the first build's windows), on a parcel with a recorded deed (sold by its owner of
record, never a wholesaler: the wholesale listings are not added to), dated after the state's data
end over the next `NEWS_DAYS` days; every other one financed, by one of the market's three busiest
lenders, its loan recorded on the day of the sale.
"""

from __future__ import annotations

import hashlib
import threading
from datetime import date, timedelta
from typing import Any

import duckdb

from sandbox.data_api.data.derive import investor_stats_select
from sandbox.data_api.data.markets import MARKETS

# How far a publish of news moves the state's data end: the new deals fall in these days.
NEWS_DAYS = 30
BUSIEST_BUYERS = 5
BUSIEST_LENDERS = 3
KINDS = ("flip", "hold", "flip", "acquisition", "long_hold", "build")
NEWS = "news.main"
# The file's tables whose served rows the news change: name -> (the news' table, and the key a
# recounted row replaces the file's row by; None where the news only add rows).
SERVED = {
    "deals": ("added_deals", None),
    "loans": ("added_loans", None),
    "investor_stats": ("recounted_investor_stats", "investor_id"),
    "parcels": ("recounted_parcels", "property_id"),
}


class News:
    """The rows publishes added, in the `news` database beside the dataset's file."""

    def __init__(self, con: duckdb.DuckDBPyConnection) -> None:
        self._con = con
        self._lock = threading.Lock()
        self.file = con.execute("SELECT current_database()").fetchone()[0]
        con.execute("ATTACH ':memory:' AS news (READ_WRITE)")
        for served, (table, _key) in SERVED.items():
            con.execute(f'CREATE TABLE {NEWS}.{table} AS SELECT * FROM "{self.file}".main.{served} LIMIT 0')
        self.active = False
        # Moves whenever the rows a query reads change (a publish's news added, or forgotten), so
        # answers kept for a state of the data (`Database.memo`) are never served after it.
        self.generation = 0

    @property
    def search_path(self) -> str:
        return f"SET search_path = '{NEWS},\"{self.file}\".main'"

    def forget(self) -> None:
        """Every publish's news gone: the file's tables are read directly again."""
        with self._lock:
            if self.active:
                self.generation += 1
            self.active = False
            for served, (table, _key) in SERVED.items():
                self._con.execute(f"DROP VIEW IF EXISTS {NEWS}.{served}")
                self._con.execute(f"DELETE FROM {NEWS}.{table}")

    def targets(self, state: str, number: int, count: int, cursor: duckdb.DuckDBPyConnection) -> list[dict[str, Any]]:
        """The deals the `number`-th publish of news in `state` adds (0 the first), `count` of them:
        market, parcel, its owner, buyer, lender, kind and price each."""
        markets = [market.code for market in MARKETS if market.state == state]
        if not markets:
            return []
        wanted = [markets[0] if i % 3 != 2 or len(markets) == 1 else markets[1] for i in range(count)]
        planned = []
        for market in dict.fromkeys(wanted):
            indices = [i for i, chosen in enumerate(wanted) if chosen == market]
            planned += self._market_targets(market, f"news:{state}:{number}", indices, cursor)
        return sorted(planned, key=lambda row: row["i"])

    def add(self, targets: list[dict[str, Any]], after: date, tag: str) -> list[dict[str, Any]]:
        """Add the deals `targets` plans, dated from the day after `after`; what was added."""
        if not targets:
            return []
        rows = [_deal_row(target, after, len(targets), tag) for target in targets]
        with self._lock:
            cursor = self._con.cursor()
            try:
                if self.active:
                    cursor.execute(self.search_path)
                self._insert(cursor, rows)
                self._make_views()
                self.active = True
                self.generation += 1
                cursor.execute(self.search_path)
                self._recount(cursor, rows)
            finally:
                cursor.close()
        return [{"deal_id": "deal_" + row["deal_id"], "property_id": "prop_" + row["property_id"],
                 "buyer_id": row["buyer_id"], "lender_id": row["lender_id"], "sale_date": row["sale_date"].isoformat(),
                 "market": row["market"], "kind": row["kind"]} for row in rows]

    # -- the parts --------------------------------------------------------------------------

    def _market_targets(self, market: str, tag: str, indices: list[int], cursor) -> list[dict[str, Any]]:
        buyers = [row[0] for row in cursor.execute(
            "SELECT i.investor_id FROM investors i JOIN investor_stats st USING (investor_id) "
            "WHERE i.market = ? AND NOT i.is_natural_person AND i.org_kind <> 'WHOLESALER' "
            f"ORDER BY st.n_deals DESC, i.investor_id LIMIT {BUSIEST_BUYERS}", [market]).fetchall()]
        lenders = [row[0] for row in cursor.execute(
            "SELECT lender_id FROM loans WHERE market = ? GROUP BY lender_id ORDER BY count(*) DESC, lender_id "
            f"LIMIT {BUSIEST_LENDERS}", [market]).fetchall()]
        parcels = cursor.execute(
            "SELECT p.property_id, p.owner_id, p.last_sale_price FROM parcels p JOIN properties pr USING (property_id) "
            "WHERE p.market = ? AND p.n_deeds >= 1 AND pr.cell IS NOT NULL AND coalesce(p.owner_kind, '') <> 'WHOLESALER' "
            f"ORDER BY md5(? || p.property_id) LIMIT {len(indices)}", [market, tag]).fetchall()
        planned = []
        for j, (i, (property_id, owner_id, last_price)) in enumerate(zip(indices, parcels)):
            buyer = buyers[j % len(buyers)] if buyers else None
            if buyer is None:
                break
            if buyer == owner_id and len(buyers) > 1:
                buyer = buyers[(j + 1) % len(buyers)]
            planned.append({
                "i": i, "market": market, "property_id": property_id, "owner_id": owner_id, "buyer_id": buyer,
                "lender_id": lenders[(j // 2) % len(lenders)] if lenders and j % 2 == 0 else None,
                "kind": KINDS[i % len(KINDS)],
                "price": None if last_price is None else int(round(last_price * 1.08, -3)),
            })
        return planned

    def _insert(self, cursor, rows: list[dict[str, Any]]) -> None:
        columns = ("i", "deal_id", "loan_id", "sale_date", "price", "kind", "buyer_id", "seller_id", "property_id",
                   "lender_id")
        values = [[row[name] for name in columns] for row in rows]
        # A table of this cursor's own (TEMP: its connection's): the plan the two inserts read.
        cursor.execute("CREATE OR REPLACE TEMP TABLE planned (i INTEGER, deal_id VARCHAR, loan_id VARCHAR, sale_date DATE, "
                       "price INTEGER, kind VARCHAR, buyer_id VARCHAR, seller_id VARCHAR, property_id VARCHAR, "
                       "lender_id VARCHAR)")
        cursor.executemany("INSERT INTO planned VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", values)
        cursor.execute(f"INSERT INTO {NEWS}.added_deals BY NAME {_ADDED_DEALS.format(file=self.file)}")
        cursor.execute(f"INSERT INTO {NEWS}.added_loans BY NAME {_ADDED_LOANS}")

    def _recount(self, cursor, rows: list[dict[str, Any]]) -> None:
        """The counters of the added deals' buyers and sellers, and their parcels' last sale, again."""
        investors = sorted({row["buyer_id"] for row in rows} | {row["seller_id"] for row in rows if row["seller_id"]})
        parcels = sorted({row["property_id"] for row in rows})
        cursor.execute(f"DELETE FROM {NEWS}.recounted_investor_stats WHERE investor_id IN (SELECT unnest(?::VARCHAR[]))", [investors])
        cursor.execute(f"INSERT INTO {NEWS}.recounted_investor_stats BY NAME SELECT * FROM "
                       f"({investor_stats_select('SELECT unnest($ids::VARCHAR[])')})", {"ids": investors})
        cursor.execute(f"DELETE FROM {NEWS}.recounted_parcels WHERE property_id IN (SELECT unnest(?::VARCHAR[]))", [parcels])
        cursor.execute(f"INSERT INTO {NEWS}.recounted_parcels BY NAME {_PARCELS_NOW.format(file=self.file)}", [parcels])

    def _make_views(self) -> None:
        """Views named as the file's tables, in `news`: the file's rows and the added ones (a recounted
        row in place of the file's)."""
        for served, (table, key) in SERVED.items():
            kept = "" if key is None else f" WHERE {key} NOT IN (SELECT {key} FROM {NEWS}.{table})"
            self._con.execute(f'CREATE OR REPLACE VIEW {NEWS}.{served} AS SELECT * FROM "{self.file}".main.{served}'
                              f"{kept} UNION ALL SELECT * FROM {NEWS}.{table}")


def _deal_row(target: dict[str, Any], after: date, count: int, tag: str) -> dict[str, Any]:
    i = target["i"]
    sale_date = after + timedelta(days=1 + (i * NEWS_DAYS) // max(count, 1))
    digest = _md5(f"{tag}:{i}")
    return {**target, "deal_id": digest, "loan_id": _md5(f"{tag}:loan:{i}"), "sale_date": sale_date,
            "seller_id": target["owner_id"]}


def _md5(text: str) -> str:
    return hashlib.md5(text.encode()).hexdigest()


# The added deals' rows, denormalised as the build's (sandbox/data_api/data/derive.py): the parcel's
# place and facts, the buyer's and seller's names; after the file's last `seq` (the keyset tie-break).
_ADDED_DEALS = """
SELECT (SELECT max(seq) FROM deals) + row_number() OVER (ORDER BY n.i) AS seq, NULL AS source_row, n.deal_id,
       n.sale_date, n.price, n.kind, NULL AS hold_days, b.investor_id AS buyer_id, b.row::INTEGER AS buyer_seq,
       n.seller_id, s.org_kind AS seller_kind, NULL AS seller_institution, p.property_id, p.market, p.zip, p.city,
       p.county_fips, p.latitude, p.longitude, p.cell, n.lender_id,
       CASE WHEN b.is_natural_person THEN NULL ELSE b.name END AS buyer_name,
       CASE WHEN b.is_natural_person THEN NULL ELSE b.display_name END AS buyer_display_name,
       b.is_natural_person AS buyer_is_person,
       CASE WHEN s.is_natural_person THEN NULL ELSE s.name END AS seller_name, s.is_natural_person AS seller_is_person,
       p.bedrooms, p.bathrooms, p.living_area_sqft, p.year_built, NULL AS listing_id
FROM planned n JOIN "{file}".main.properties p USING (property_id)
JOIN investors b ON b.investor_id = n.buyer_id LEFT JOIN investors s ON s.investor_id = n.seller_id
"""

_ADDED_LOANS = """
SELECT n.loan_id, n.lender_id, n.deal_id, n.buyer_id AS borrower_id,
       CASE WHEN n.price IS NULL THEN NULL ELSE (n.price * 0.75 / 1000)::INTEGER * 1000 END AS amount,
       n.sale_date AS recorded_on, 12 AS term_months, d.property_id, d.market, d.zip, d.county_fips, d.latitude,
       d.longitude, d.cell, n.kind
FROM planned n JOIN news.main.added_deals d USING (deal_id) WHERE n.lender_id IS NOT NULL
"""

# A parcel's owner and last sale from every deed, the file's and the added (derive_parcels.py's rule).
_PARCELS_NOW = """
WITH last_deed AS (
    SELECT property_id, count(*) AS n_deeds, max(sale_date) AS last_sale_date,
           arg_max(buyer_id, strftime(sale_date, '%Y%m%d') || lpad(seq::VARCHAR, 12, '0')) AS owner_id,
           arg_max(price, strftime(sale_date, '%Y%m%d') || lpad(seq::VARCHAR, 12, '0')) AS last_sale_price
    FROM deals WHERE property_id IN (SELECT unnest(?::VARCHAR[])) GROUP BY property_id
)
SELECT p.* REPLACE (l.last_sale_date AS last_sale_date, l.last_sale_price AS last_sale_price,
                    l.n_deeds::INTEGER AS n_deeds, l.owner_id AS owner_id, i.name AS owner_name,
                    i.display_name AS owner_display_name, i.org_kind AS owner_kind,
                    coalesce(i.is_natural_person, true) AS owner_is_person)
FROM "{file}".main.parcels p JOIN last_deed l USING (property_id) LEFT JOIN investors i ON i.investor_id = l.owner_id
"""
