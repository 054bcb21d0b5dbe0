"""Lender registry (`/v1/lenders...`, early access, 0 credits); loans also as CSV.

data-api.md lists `GET /v1/lenders`, `/v1/lenders/{id}/loans`, `/borrowers`, `/rankings`, `/cells`
in one row, with no query parameter: the registry is read as the host lists it (its cursor only),
and each `{id}` route is one lender's. A market's leading lenders are ranked by each lender's
own `/rankings` (services/data_api/lender_ranking.py), never by a row's place in a list. Query
parameters of the `{id}` routes beyond the documented shared filters are not shown by data-api.md;
extra keyword arguments are passed through, and nothing is sent that is not given.
"""

from __future__ import annotations

from typing import Any

from services import contract
from services.data_api.query_checks import FILTER_NAMES, check_id, check_limit, check_query, place_params
from services.data_api.models import Lender, LenderCell, LenderCellsResult, LoanRow, Ranking, Retrieved, SearchResult
from services.pagination import Page
from services.data_api.resources import Resource, path_segment
from services.data_api.resources.agents import _query_value
from services.data_api.resources.deals import check_resolution
from services.data_api.resources.wholesale import borrowers


class Lenders(Resource):
    def search(self, q: str) -> SearchResult[Lender]:
        return self._search("/v1/lenders/search", check_query(q), Lender, "lender_search")

    def list(self, *, limit: int | None = None) -> Page[Lender]:
        """`GET /v1/lenders`: the registry in the host's own order (data-api.md shows no filter or sort
        for it); `limit` is the sandbox's (docs/contract.md), sent only when given."""
        return self._api.page("/v1/lenders", _query({}, limit), Lender)

    def retrieve(self, lender_id: str) -> Retrieved[Lender]:
        lender_id = check_id("lender", lender_id)
        return self._retrieve(f"/v1/lenders/{path_segment(lender_id)}", None, Lender, "lender")

    def loans(self, lender_id: str, *, limit: int | None = None, **filters: Any) -> Page[LoanRow]:
        lender_id = check_id("lender", lender_id)
        return self._api.page(f"/v1/lenders/{path_segment(lender_id)}/loans", _query(filters, limit), LoanRow)

    def loans_csv(self, lender_id: str, *, limit: int | None = None, **filters: Any) -> str:
        """The lender's loans as CSV (`Accept: text/csv`; up to 50,000 rows, else `422 csv_cap_exceeded`)."""
        lender_id = check_id("lender", lender_id)
        return self._api.get_text(
            f"/v1/lenders/{path_segment(lender_id)}/loans", _query(filters, limit), accept=contract.CSV_MEDIA_TYPE
        )

    def borrowers(self, lender_id: str, *, market: str | None = None, limit: int | None = None):
        """The lender's borrowers, most loans first (0 credits); investors' ids link to their profiles."""
        return borrowers(self, lender_id, market=market, limit=limit)

    def rankings(self, lender_id: str, **filters: Any) -> list[Ranking]:
        """`GET /v1/lenders/{id}/rankings`: the lender's rank in each market it lends in (0 credits)."""
        lender_id = check_id("lender", lender_id)
        data, _meta = self._data(f"/v1/lenders/{path_segment(lender_id)}/rankings", _query(filters, None),
                                 list[Ranking], "lender_rankings")
        return list(data)

    def cells(self, lender_id: str, *, resolution: int = contract.H3_DEFAULT_RESOLUTION,
              **filters: Any) -> LenderCellsResult:
        """`GET /v1/lenders/{id}/cells`: the lender's financed deals per H3 cell in a place."""
        lender_id = check_id("lender", lender_id)
        params = _query(filters, None)
        params["resolution"] = str(check_resolution(resolution))
        data, meta = self._data(f"/v1/lenders/{path_segment(lender_id)}/cells", params, list[LenderCell],
                                "lender_cells")
        return LenderCellsResult(cells=data, resolution=meta.resolution or resolution, meta=meta)


def _query(filters: dict[str, Any], limit: int | None) -> dict[str, Any]:
    shared = {key: value for key, value in filters.items() if key in FILTER_NAMES}
    query: dict[str, Any] = place_params(**shared)
    query.update({key: _query_value(value) for key, value in filters.items() if key not in FILTER_NAMES})
    if check_limit(limit):
        query["limit"] = limit
    return {key: value for key, value in query.items() if value is not None}
