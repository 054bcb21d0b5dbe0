"""Deals the buyer can see and a new offer on one (decisions.md, Marketplace: buyer routes)."""

from __future__ import annotations

from typing import Unpack

from services.contract import OFFERS_PAGE_LIMIT
from services.marketplace_api.checks import OfferTermArgs, offer_terms, require_id
from services.marketplace_api.models import MarketplaceDeal, MarketplaceOffer
from services.marketplace_api.resources import MarketplaceResource
from services.pagination import Page


class MarketplaceDeals(MarketplaceResource):
    def list(self, *, cursor: str | None = None, limit: int = OFFERS_PAGE_LIMIT) -> Page[MarketplaceDeal]:
        """Deals the buyer can see, with their terms."""
        return self._api.page("/buy/deals", {"cursor": cursor, "limit": limit}, MarketplaceDeal)

    def retrieve(self, deal_id: str) -> MarketplaceDeal:
        return self._api.get(f"/buy/deals/{require_id('deal', deal_id)}", MarketplaceDeal)

    def make_offer(self, deal_id: str, *, idempotency_key: str, **terms: Unpack[OfferTermArgs]) -> MarketplaceOffer:
        body = offer_terms(**terms)
        path = f"/buy/deals/{require_id('deal', deal_id)}/offers"
        return self._api.post(path, MarketplaceOffer, body=body, idempotency_key=idempotency_key)
