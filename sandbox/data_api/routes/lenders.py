"""The lender registry: `/v1/lenders/search`, `/v1/lenders`, `/{id}`, `/{id}/loans` (JSON or CSV), `/{id}/rankings`,
`/{id}/cells`: per lender, read literally as data-api.md lists them with `/{id}/loans` and `/borrowers`.
A market's or an area's leading lenders are `GET /v1/lenders?market=|bbox=&sort=` (docs/contract.md).

Early-access routes: 0 credits (data-api.md, Limits 3). Loans as CSV with `Accept: text/csv`,
at most 50,000 rows (`422 csv_cap_exceeded`), 12 exports a minute and one in flight (Limits 5).
A loan row omits the borrower's keys when the borrower is a natural person (What the service does 6).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from datetime import date
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Query, Request, Response
from fastapi.responses import StreamingResponse

from sandbox.core.problems import Problem, request_id
from sandbox.data_api import shapes, variety
from sandbox.data_api.sql_common import Sort
from sandbox.data_api.envelope import keyset_page, page_limit, respond
from sandbox.data_api.filters import DealFilters, deal_filters, market_code, parse_bbox, validation_error
from sandbox.data_api.gate import CSV, JSON, Caller, V1Caller, accepted_media, produces
from sandbox.data_api.datasets import lenders_published
from sandbox.data_api.db import Database
from sandbox.data_api.routes.common import ENVELOPE_SCHEMA, Registry, problem_responses
from sandbox.data_api.routes.deals import Cursor, checked_filters

router = APIRouter(tags=["lenders"])
LenderId = Annotated[str, Path(description="len_ + 12 hex; an old id is followed to the current record")]
MarketCode = Annotated[str | None, Query(min_length=1, max_length=16, description="Market code, e.g. DFW")]
LENDERS_LIMIT = (100, 200)
LOANS_LIMIT = (500, 500)
LENDER_SORTS = {"loans_desc": "n_loans", "volume_desc": "volume", "borrowers_desc": "n_borrowers",
                "last_loan_desc": "last_loan_on"}
LOAN_SORT = Sort("l.recorded_on", True, tie_break="l.loan_id", tie_descending=False, cast="::DATE")
CSV_COLUMNS = ("loan_id", "deal_id", "recorded_on", "amount", "term_months", "kind", "borrower_id", "borrower_name",
               "property_id", "zip", "county_fips", "market")


LENDERS = Registry("lender", "len_", Database.lender, known=Database.lender_known)


def current_lender(caller: Caller, lender_id: str) -> tuple[str, list[str]]:
    return LENDERS.current(caller, lender_id)


def lender_of(caller: V1Caller, lender_id: LenderId) -> tuple[str, list[str]]:
    """The path's lender, checked before the query's place (an id is the first thing a route reads)."""
    return current_lender(caller, lender_id)


def loan_row(row: dict[str, Any]) -> dict[str, Any]:
    shaped = {k: v for k, v in row.items() if k != "borrower_is_person"}
    if row["borrower_is_person"]:
        del shaped["borrower_id"], shaped["borrower_name"]
    return shaped


@router.get("/v1/lenders/search", responses=problem_responses(400), summary="Lenders by name (0 credits)")
def search_lenders(request: Request, caller: V1Caller,
                   q: Annotated[str, Query(min_length=2, max_length=100, description="2-100 characters")],
                   limit: Annotated[int | None, Query(ge=1, description="1-50, default 50")] = None) -> Response:
    if len(q.strip()) < 2:
        raise validation_error("q", "q needs at least 2 characters besides spaces.", "too_small")
    used = page_limit(limit, 50, 50)
    hits, capped = caller.runtime.db.lender_search(q.strip(), used)
    data = [{"id": h["lender_id"], "org_id": h["org_id"], "name": h["name"], "lender_class": h["lender_class"],
             "is_hard_money": h["is_hard_money"], "n_loans": h["n_loans"]} for h in hits]
    return respond(request, caller, data, page={"next_cursor": None, "limit": used, "returned": len(data), "capped": capped})


@router.get("/v1/lenders", responses=problem_responses(400), summary="Lenders, most loans first")
def list_lenders(request: Request, caller: V1Caller, market: MarketCode = None, hard_money: bool | None = None,
                 bbox: Annotated[str | None, Query(description="west,south,east,north: loans on parcels in it")] = None,
                 sort: Literal["loans_desc", "volume_desc", "borrowers_desc", "last_loan_desc"] = "loans_desc",
                 limit: Annotated[int | None, Query(ge=1, description="1-200, default 100")] = None,
                 cursor: Cursor = None) -> Response:
    code = lenders_published(market_code(market))
    db = caller.runtime.db
    order = Sort(LENDER_SORTS[sort], True, tie_break="lender_id", tie_descending=False,
                 cast="::DATE" if sort == "last_loan_desc" else "")
    if caller.runtime.context.config.variety:
        order = variety.REGISTRY_ORDER  # a host that lists its registry its own way and ignores `sort`
    box = parse_bbox(bbox) if bbox is not None else None
    rows, page = keyset_page(request, caller, lambda after, n: db.lender_page(code, hard_money, order, after, n, box),
                             lambda row: [row["sort_value"], row["lender_id"]], cursor,
                             page_limit(limit, *LENDERS_LIMIT))
    data = [{"id": r["lender_id"], "org_id": r["org_id"], "name": r["name"], "lender_class": r["lender_class"],
             "is_hard_money": r["is_hard_money"], "n_loans": r["n_loans"], "n_borrowers": r["n_borrowers"],
             "volume": r["volume"], "last_loan_on": r["last_loan_on"]} for r in rows]
    return respond(request, caller, data, page=page, markets=[code] if code else [])


@router.get("/v1/lenders/{lender_id}", responses=problem_responses(400, 404, 410), summary="One lender")
def get_lender(request: Request, caller: V1Caller, lender_id: LenderId) -> Response:
    db = caller.runtime.db
    row, resolved_from = LENDERS.record(caller, lender_id)
    current = row["lender_id"]
    data = {
        "id": row["lender_id"], "org_id": row["org_id"], "name": row["name"], "lender_class": row["lender_class"],
        "is_hard_money": row["is_hard_money"], "n_loans": row["n_loans"], "n_borrowers": row["n_borrowers"],
        "n_loans_24m": row["n_loans_24m"], "volume": row["volume"],
        "median_amount": None if row["median_amount"] is None else int(round(row["median_amount"])),
        "first_loan_on": row["first_loan_on"], "last_loan_on": row["last_loan_on"],
        "markets": db.lender_markets(current), "by_year": db.lender_by_year(current),
        "financing_as_of": caller.runtime.publishing.data_end,
    }
    return respond(request, caller, data, markets=[m["market"] for m in data["markets"]], resolved_from=resolved_from)


@router.get("/v1/lenders/{lender_id}/loans", summary="A lender's loans, newest first; CSV with Accept: text/csv",
            responses={**problem_responses(400, 404, 410, 422),
                       200: {"content": {JSON: {"schema": ENVELOPE_SCHEMA}, CSV: {"schema": {"type": "string"}}},
                             "description": "Loans as JSON (paged) or CSV (every row, at most 50,000)"}})
@produces(JSON, CSV)
def lender_loans(request: Request, caller: V1Caller, lender_id: LenderId, market: MarketCode = None,
                 date_from: Annotated[date | None, Query(alias="from", description="Recorded on or after")] = None,
                 date_to: Annotated[date | None, Query(alias="to", description="Recorded on or before")] = None,
                 limit: Annotated[int | None, Query(ge=1, description="1-500, default 500 (JSON only)")] = None,
                 cursor: Cursor = None) -> Response:
    db = caller.runtime.db
    current, resolved_from = current_lender(caller, lender_id)
    code = lenders_published(market_code(market))
    if date_from and date_to and date_from > date_to:
        raise validation_error("from", "from is after to.")
    where, params = db.loan_where(current, code, date_from, date_to)
    if accepted_media(request, (JSON, CSV)) == CSV:
        return _csv_export(request, caller, where, params)
    rows, page = keyset_page(request, caller, lambda after, n: db.loan_page(where, params, LOAN_SORT, after, n),
                             lambda row: [row["recorded_on"], row["loan_id"]], cursor, page_limit(limit, *LOANS_LIMIT))
    return respond(request, caller, [loan_row(row) for row in rows], page=page, resolved_from=resolved_from,
                   markets=sorted({row["market"] for row in rows}))


def _csv_export(request: Request, caller: Caller, where: str, params: list[Any]) -> Response:
    runtime = caller.runtime
    count = runtime.db.loan_count(where, params)
    cap = runtime.context.config.csv_cap  # data-api.md, Limits 5: up to 50,000 rows
    if count > cap:
        raise Problem(422, "csv_cap_exceeded",
                      f"This export would be {count:,} rows; a CSV export is at most {cap:,}. "
                      "Narrow it with from/to or market, or page through the JSON form.")
    key = caller.plan.key
    runtime.csv_exports.start(key)

    def lines() -> Iterator[str]:
        try:
            buffer = io.StringIO()
            writer = csv.writer(buffer, lineterminator="\n")
            writer.writerow(CSV_COLUMNS)
            for columns, chunk in runtime.db.loan_batches(where, params):
                for values in chunk:
                    row = loan_row(dict(zip(columns, values)))
                    writer.writerow(["" if row.get(c) is None else row.get(c) for c in CSV_COLUMNS])
                yield buffer.getvalue()
                buffer.seek(0)
                buffer.truncate()
            yield buffer.getvalue()
        finally:
            runtime.csv_exports.finish(key)

    publishing = runtime.publishing
    headers = {"X-Request-Id": request_id(request), "X-Rows": str(count),
               "X-Dataset-Version": str(publishing.dataset_version), "X-Data-End": publishing.data_end,
               "ETag": f'"csv-{publishing.dataset_version}-{count}"',
               "Content-Disposition": 'attachment; filename="loans.csv"'}
    return StreamingResponse(lines(), media_type="text/csv; charset=utf-8", headers=headers)


@router.get("/v1/lenders/{lender_id}/rankings", responses=problem_responses(400, 404, 410, 422),
            summary="The lender's rank by loans in each market it lends in")
def lender_rankings(request: Request, caller: V1Caller, lender_id: LenderId, market: MarketCode = None,
                    date_from: Annotated[date | None, Query(alias="from")] = None,
                    date_to: Annotated[date | None, Query(alias="to")] = None) -> Response:
    current, resolved_from = current_lender(caller, lender_id)
    code = lenders_published(market_code(market))
    if date_from and date_to and date_from > date_to:
        raise validation_error("from", "from is after to.")
    rows = caller.runtime.db.lender_rankings(current, code, date_from, date_to)
    data = [{"market": r["market"], "rank": r["rank"], "n_lenders": r["n_lenders"], "n_loans": r["n_loans"],
             "volume": r["volume"], "share": float(r["share"])} for r in rows]
    return respond(request, caller, data, markets=[r["market"] for r in data], resolved_from=resolved_from)


@router.get("/v1/lenders/{lender_id}/cells", responses=problem_responses(400, 404, 410, 422),
            summary="The lender's financed deals per H3 cell")
def lender_cells(request: Request, caller: V1Caller, lender: Annotated[tuple[str, list[str]], Depends(lender_of)],
                 filters: Annotated[DealFilters, Depends(deal_filters)],
                 resolution: Annotated[int, Query(ge=4, le=10, description="H3 resolution 4-10")] = 8) -> Response:
    current, resolved_from = lender
    filters = checked_filters(caller, filters)
    cells = caller.runtime.db.lender_cells(filters, resolution, current)
    if cells is None:
        message = f"more than {caller.runtime.db.max_cells:,} cells; lower the resolution or narrow the place."
        raise Problem(400, "validation_error", f"Invalid value for resolution: {message}",
                      errors=[{"param": "resolution", "message": message, "code": "too_big"}])
    return respond(request, caller, None, data_json=shapes.cells_json(cells, "n_loans", "n_lenders"), rows=len(cells),
                   markets=caller.runtime.db.markets_of(filters), meta={"resolution": resolution},
                   resolved_from=resolved_from)
