"""SQL of the lender registry: lenders, their loans, rankings and cells (a mixin of `sandbox.data_api.db.Database`)."""

from __future__ import annotations

from typing import Any

from sandbox.data_api.data.markets import DATA_END
from sandbox.data_api.sql_common import Where

_END = f"DATE '{DATA_END.isoformat()}'"

LOAN_COLUMNS = """
    l.loan_id, 'deal_' || l.deal_id AS deal_id, l.recorded_on, l.amount, l.term_months, l.kind,
    l.borrower_id, b.name AS borrower_name, b.is_natural_person AS borrower_is_person,
    'prop_' || l.property_id AS property_id, l.zip, l.county_fips, l.market
"""


class LenderQueries:
    rows: Any
    one: Any
    rows_tuple: Any

    def lender(self, lender_id: str) -> dict[str, Any] | None:
        return self.one(
            f"""
            SELECT le.lender_id, le.org_id, le.name, le.lender_class, le.is_hard_money,
                   count(lo.loan_id) AS n_loans, count(DISTINCT lo.borrower_id) AS n_borrowers,
                   count(lo.loan_id) FILTER (lo.recorded_on > {_END} - INTERVAL 24 MONTH) AS n_loans_24m,
                   coalesce(sum(lo.amount), 0)::BIGINT AS volume, median(lo.amount) AS median_amount,
                   min(lo.recorded_on) AS first_loan_on, max(lo.recorded_on) AS last_loan_on
            FROM lenders le LEFT JOIN loans lo ON lo.lender_id = le.lender_id
            WHERE le.lender_id = ? GROUP BY ALL
            """, [lender_id])

    def lender_known(self, lender_id: str) -> bool:
        return self.one("SELECT 1 AS known FROM lenders WHERE lender_id = ?", [lender_id]) is not None

    def lender_markets(self, lender_id: str) -> list[dict[str, Any]]:
        return self.rows("SELECT market, count(*) AS n_loans FROM loans WHERE lender_id = ? GROUP BY market "
                         "ORDER BY n_loans DESC, market", [lender_id])

    def lender_by_year(self, lender_id: str) -> list[dict[str, Any]]:
        return self.rows("SELECT year(recorded_on) AS year, count(*) AS n_loans FROM loans WHERE lender_id = ? "
                         "GROUP BY ALL ORDER BY year", [lender_id])

    def lender_search(self, q: str, limit: int) -> tuple[list[dict[str, Any]], bool]:
        pattern = "%" + q.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        found = self.rows(
            f"""
            SELECT le.lender_id, le.org_id, le.name, le.lender_class, le.is_hard_money,
                   (SELECT count(*) FROM loans lo WHERE lo.lender_id = le.lender_id) AS n_loans
            FROM lenders le WHERE lower(le.name) LIKE ? ESCAPE '\\'
            ORDER BY n_loans DESC, le.lender_id LIMIT {int(limit) + 1}
            """, [pattern])
        return found[:limit], len(found) > limit

    def lender_page(self, market: str | None, hard_money: bool | None, sort, after, limit: int,
                    bbox: tuple[float, float, float, float] | None = None):
        where = Where("TRUE")
        if market:
            where.add("lo.market = ?", market)
        if bbox is not None:
            # The loans whose parcel lies in the box (west, south, east, north).
            where.add("lo.longitude BETWEEN ? AND ?", bbox[0], bbox[2])
            where.add("lo.latitude BETWEEN ? AND ?", bbox[1], bbox[3])
        if hard_money is not None:
            where.add("le.is_hard_money = ?", hard_money)
        keyset, keyset_params = sort.after(after) if after is not None else ("TRUE", [])
        return self.rows(
            f"""
            WITH agg AS (
                SELECT le.lender_id, le.org_id, le.name, le.lender_class, le.is_hard_money,
                       count(*) AS n_loans, count(DISTINCT lo.borrower_id) AS n_borrowers,
                       coalesce(sum(lo.amount), 0)::BIGINT AS volume, max(lo.recorded_on) AS last_loan_on
                FROM lenders le JOIN loans lo ON lo.lender_id = le.lender_id
                WHERE {where.sql} GROUP BY ALL
            )
            SELECT *, {sort.expression} AS sort_value FROM agg WHERE {keyset}
            ORDER BY {sort.order_by} LIMIT {int(limit) + 1}
            """, where.params + keyset_params)

    def loan_where(self, lender_id: str, market: str | None, date_from, date_to) -> tuple[str, list[Any]]:
        where = Where("l.lender_id = ?", params=[lender_id])
        if market:
            where.add("l.market = ?", market)
        if date_from is not None:
            where.add("l.recorded_on >= ?", date_from)
        if date_to is not None:
            where.add("l.recorded_on <= ?", date_to)
        return where.sql, where.params

    def loan_count(self, where: str, params: list[Any]) -> int:
        return self.rows_tuple(f"SELECT count(*) FROM loans l WHERE {where}", params)[0][0]

    def loan_page(self, where: str, params: list[Any], sort, after, limit: int):
        keyset, keyset_params = sort.after(after) if after is not None else ("TRUE", [])
        return self.rows(
            f"SELECT {LOAN_COLUMNS} FROM loans l JOIN investors b ON b.investor_id = l.borrower_id "
            f"WHERE {where} AND {keyset} ORDER BY {sort.order_by} LIMIT {int(limit) + 1}", params + keyset_params)

    def loan_batches(self, where: str, params: list[Any], batch: int = 5000):
        """Every loan row, in recorded order, a batch at a time (for the CSV export)."""
        cursor = self.cursor()  # type: ignore[attr-defined]
        try:
            result = cursor.execute(
                f"SELECT {LOAN_COLUMNS} FROM loans l JOIN investors b ON b.investor_id = l.borrower_id "
                f"WHERE {where} ORDER BY l.recorded_on DESC, l.loan_id", params)
            columns = [column[0] for column in result.description]
            while True:
                chunk = result.fetchmany(batch)
                if not chunk:
                    return
                yield columns, chunk
        finally:
            cursor.close()

    def lender_rankings(self, lender_id: str, market: str | None, date_from, date_to) -> list[dict[str, Any]]:
        """The lender's rank by loans among the lenders of each market it lends in (1 = most loans).

        Every lender of the markets is ranked for one; a page that shows a market's lenders asks each
        one's rankings in turn, so the ranking is kept for the data's state (`Database.memo`)."""
        ranked = self.memo(("lender_rankings", market, date_from, date_to),
                           lambda: self._every_lenders_rankings(market, date_from, date_to))
        return [dict(row) for row in ranked.get(lender_id, ())]

    def _every_lenders_rankings(self, market: str | None, date_from, date_to) -> dict[str, list[dict[str, Any]]]:
        clauses, params = ["TRUE"], []
        for clause, value in (("lo.market = ?", market), ("lo.recorded_on >= ?", date_from),
                              ("lo.recorded_on <= ?", date_to)):
            if value is not None:
                clauses.append(clause)
                params.append(value)
        rows = self.rows(
            f"""
            WITH per AS (
                SELECT lo.market, lo.lender_id, count(*) AS n_loans, coalesce(sum(lo.amount), 0)::BIGINT AS volume
                FROM loans lo WHERE {' AND '.join(clauses)} GROUP BY ALL
            ), ranked AS (
                SELECT *, rank() OVER (PARTITION BY market ORDER BY n_loans DESC) AS rank,
                       count(*) OVER (PARTITION BY market) AS n_lenders,
                       round(n_loans / sum(n_loans) OVER (PARTITION BY market), 4) AS share
                FROM per
            )
            SELECT lender_id, market, rank, n_lenders, n_loans, volume, share FROM ranked
            ORDER BY lender_id, n_loans DESC, market
            """, params)
        by_lender: dict[str, list[dict[str, Any]]] = {}
        for row in rows:
            by_lender.setdefault(row.pop("lender_id"), []).append(row)
        return by_lender
