"""`GET /v1/lenders/{id}/borrowers` (data-api.md, lender registry; early access, 0 credits).

A lender's borrowers are the buyers of the deals its loans financed, most loans first. A
natural person's name is never served (What the service does 6): `name` null, `contact_redacted`.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request, Response

from sandbox.data_api import shapes
from sandbox.data_api.datasets import lenders_published
from sandbox.data_api.envelope import keyset_page, page_limit, respond
from sandbox.data_api.gate import V1Caller
from sandbox.data_api.routes.common import problem_responses
from sandbox.data_api.routes.deals import Cursor
from sandbox.data_api.routes.lenders import LenderId, MarketCode, current_lender, market_code
from sandbox.data_api.sql_wholesale import WholesaleSql

router = APIRouter(tags=["lenders"])
BORROWERS_LIMIT = (100, 500)



@router.get("/v1/lenders/{lender_id}/borrowers", responses=problem_responses(400, 404, 410, 422),
            summary="A lender's borrowers, most loans first")
def lender_borrowers(request: Request, caller: V1Caller, lender_id: LenderId, market: MarketCode = None,
                     limit: Annotated[int | None, Query(ge=1, description="1-500, default 100")] = None,
                     cursor: Cursor = None) -> Response:
    current, resolved_from = current_lender(caller, lender_id)
    code = lenders_published(market_code(market))
    sql = WholesaleSql(caller.runtime.db)
    rows, page = keyset_page(request, caller, lambda after, n: sql.borrower_page(current, code, after, n),
                             lambda row: [row["n_loans"], row["borrower_id"]], cursor,
                             page_limit(limit, *BORROWERS_LIMIT))
    data = [{**shapes.party(r["borrower_id"], r["name"], r["is_person"], display_name=r["display_name"],
                            with_display=True),
             "market": r["market"], "n_loans": r["n_loans"], "volume": r["volume"],
             "first_loan_on": r["first_loan_on"], "last_loan_on": r["last_loan_on"]} for r in rows]
    meta = {"resolved_from": resolved_from} if resolved_from else None
    return respond(request, caller, data, page=page, meta=meta, markets=[code] if code else [])
