"""The buyer side's event feed (decisions.md, Marketplace: `GET /buy/events`)."""

from __future__ import annotations

from services.contract import OFFERS_PAGE_LIMIT
from services.marketplace_api.models import MarketplaceEvent
from services.marketplace_api.resources import MarketplaceResource
from services.pagination import Page


class MarketplaceEvents(MarketplaceResource):
    def list(self, *, cursor: str | None = None, limit: int = OFFERS_PAGE_LIMIT) -> Page[MarketplaceEvent]:
        return self._api.page("/buy/events", {"cursor": cursor, "limit": limit}, MarketplaceEvent)
