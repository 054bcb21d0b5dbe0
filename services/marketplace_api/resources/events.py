"""A side's event feed (decisions.md, Marketplace: `GET /buy/events`, `GET /sell/events`)."""

from __future__ import annotations

from services.contract import OFFERS_PAGE_LIMIT
from services.marketplace_api.models import MarketplaceEvent
from services.marketplace_api.resources import MarketplaceResource
from services.pagination import Page


class MarketplaceEvents(MarketplaceResource):
    def __init__(self, api, side: str = "buy") -> None:
        super().__init__(api)
        self._path = f"/{side}/events"

    def list(self, *, type: str | None = None, cursor: str | None = None,
             limit: int = OFFERS_PAGE_LIMIT) -> Page[MarketplaceEvent]:
        return self._api.page(self._path, {"type": type, "cursor": cursor, "limit": limit}, MarketplaceEvent)
