"""`/v1/deals`, `/v1/deals/{id}`, `/v1/deals/summary`, `/v1/deals/cells` (data-api.md; decisions.md)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Iterable

from typing_extensions import Unpack

from services import contract
from services.errors import InvalidInputError
from services.data_api.query_checks import PlaceFilters, check_choice, check_id, check_limit, place_params
from services.data_api.models import Cell, CellsResult, Deal, DealSummary, Meta
from services.pagination import Page
from services.data_api.resources import Resource, holder, path_segment

if TYPE_CHECKING:
    import pandas as pd

CELL_COLUMNS = ["cell", "n_deals", "n_investors", "median_price"]


def check_resolution(resolution: int) -> int:
    if isinstance(resolution, bool) or not isinstance(resolution, int) or not (
        contract.H3_MIN_RESOLUTION <= resolution <= contract.H3_MAX_RESOLUTION
    ):
        raise InvalidInputError(
            "resolution",
            f"the H3 resolution is a whole number from {contract.H3_MIN_RESOLUTION} to {contract.H3_MAX_RESOLUTION}",
        )
    return resolution


def check_sort(sort: str | None, allowed: Iterable[str], params: dict[str, str]) -> str | None:
    check_choice("sort", sort, allowed)
    if sort == "distance" and "lat" not in params:
        # data-api.md, /v1/deals: sort=distance needs a point (400 sort_requires_point).
        raise InvalidInputError("sort", "sorting by distance needs a point (lat and lng)")
    return sort


class Deals(Resource):
    def list(
        self, *, sort: str | None = None, limit: int | None = None, **filters: Unpack[PlaceFilters]
    ) -> Page[Deal]:
        """Deals in a geometry or place; iterate the page to walk them all. Each new deal costs 1 credit."""
        params = _list_params(sort, limit, filters)
        return self._api.page("/v1/deals", params, Deal, hold=holder(self._api, "deal", "id"))

    def list_served(self, *, sort: str | None = None, limit: int | None = None, **filters: Unpack[PlaceFilters]) -> bool:
        """Whether this account's answer to `list`'s first page is kept: its deals were then served to
        the account, which holds them, so reading them again costs nothing (data-api.md, Limits 3)."""
        return self._api.served("/v1/deals", _list_params(sort, limit, filters))

    def retrieve(self, deal_id: str) -> Deal:
        """One deal by its `deal_` id (1 credit when new to the account)."""
        deal_id = check_id("deal", deal_id)
        data, _ = self._data(f"/v1/deals/{path_segment(deal_id)}", None, Deal, "deal")
        self._api.credits.hold("deal", [data.id])
        return data

    def summary(self, **filters: Unpack[PlaceFilters]) -> DealSummary:
        """Counts over the filtered set (decisions.md: n_deals, n_investors, by_kind, by_month)."""
        data, _ = self._data("/v1/deals/summary", place_params(**filters), DealSummary, "summary")
        return data

    def cells(
        self, *, resolution: int = contract.H3_DEFAULT_RESOLUTION, **filters: Unpack[PlaceFilters]
    ) -> CellsResult:
        """Deals per H3 hexagon (0 credits); typed cells. For 20,000+ cells use `cells_frame`."""
        params = self._cell_params(resolution, filters)
        data, meta = self._data("/v1/deals/cells", params, list[Cell], "cells")
        return CellsResult(cells=data, resolution=meta.resolution or resolution, meta=meta)

    def cells_frame(
        self, *, resolution: int = contract.H3_DEFAULT_RESOLUTION, **filters: Unpack[PlaceFilters]
    ) -> pd.DataFrame:
        """Deals per H3 hexagon as a DataFrame (columns cell, n_deals, n_investors, median_price).

        The fast path for the map: no model per cell. The frame is a copy: change it freely.
        """
        params = self._cell_params(resolution, filters)
        frame, _ = self._api.get("/v1/deals/cells", params, parse=cells_frame_from_json, parser_name="cells_frame")
        return frame.copy()

    def _cell_params(self, resolution: int, filters: PlaceFilters) -> dict[str, str]:
        params = place_params(**filters)
        params["resolution"] = str(check_resolution(resolution))
        return params


def cells_frame_from_json(body: bytes) -> pd.DataFrame:
    """`data` of a cells answer as columns; `attrs` keeps `resolution` and `meta`."""
    import pandas as pd  # imported here: only the map needs it, and it is slow to import

    document = json.loads(body)
    rows = document.get("data") or []
    frame = pd.DataFrame(rows, columns=CELL_COLUMNS) if rows else pd.DataFrame(columns=CELL_COLUMNS)
    meta = document.get("meta") or {}
    frame.attrs["resolution"] = meta.get("resolution")
    frame.attrs["meta"] = Meta.model_validate(meta)
    return frame


def _list_params(sort: str | None, limit: int | None, filters: PlaceFilters) -> dict[str, Any]:
    params: dict[str, Any] = place_params(**filters)
    params["sort"] = check_sort(sort, contract.DEAL_SORTS, params)
    params["limit"] = check_limit(limit, "deals")
    return _present(params)


def _present(params: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in params.items() if value is not None}
