"""The buyer's offers: list, retrieve, the counter preview, accept, counter, withdraw
(marketplace-api.md, Endpoints and States; decisions.md, Marketplace)."""

from __future__ import annotations

from typing import Unpack

from services.contract import DECLINE_REASONS, OFFER_STATUSES, OFFERS_PAGE_LIMIT, OFFERS_PAGE_MAX
from services.errors import InvalidInputError
from services.marketplace_api.checks import OfferTermArgs, offer_terms, require_id
from services.marketplace_api.models import MarketplaceOffer, OfferPreview
from services.marketplace_api.resources import MarketplaceResource
from services.pagination import Page


class MarketplaceOffers(MarketplaceResource):
    def list(
        self,
        *,
        status: str | None = None,
        deal_id: str | None = None,
        cursor: str | None = None,
        limit: int = OFFERS_PAGE_LIMIT,
    ) -> Page[MarketplaceOffer]:
        """The buyer's offers, newest change first; `cursor` is opaque (from `next_cursor`)."""
        if status is not None and status not in OFFER_STATUSES:
            raise InvalidInputError("status", f"must be one of {', '.join(OFFER_STATUSES)}")
        if deal_id is not None:
            deal_id = require_id("deal", deal_id)
        if not 1 <= limit <= OFFERS_PAGE_MAX:
            raise InvalidInputError("limit", f"must be 1 to {OFFERS_PAGE_MAX}")
        params = {"status": status, "deal_id": deal_id, "cursor": cursor, "limit": limit}
        return self._api.page("/buy/offers", params, MarketplaceOffer)

    def retrieve(self, offer_id: str) -> MarketplaceOffer:
        """One round with its `chain` of rounds."""
        return self._api.get(f"/buy/offers/{require_id('offer', offer_id)}", MarketplaceOffer)

    def preview(self, offer_id: str, *, idempotency_key: str) -> OfferPreview:
        """The counter preview of an open seller round: `{preview_token, expires_at, terms}`, valid five minutes.
        A POST, so keyed like every write (marketplace-api.md:83); a new press is a new key."""
        return self._api.post(f"/buy/offers/{require_id('offer', offer_id)}/preview", OfferPreview, body={},
                              idempotency_key=idempotency_key)

    def accept(self, offer_id: str, *, preview_token: str, idempotency_key: str) -> MarketplaceOffer:
        """Accept the seller's round with a preview's token (`422 preview_expired`, `409 deal_changed`)."""
        if not preview_token:
            raise InvalidInputError("preview_token", "fetch the counter preview first")
        path = f"/buy/offers/{require_id('offer', offer_id)}/accept"
        return self._write(path, {"preview_token": preview_token}, idempotency_key)

    def counter(self, offer_id: str, *, idempotency_key: str, **terms: Unpack[OfferTermArgs]) -> MarketplaceOffer:
        return self._write(f"/buy/offers/{require_id('offer', offer_id)}/counter", offer_terms(**terms), idempotency_key)

    def withdraw(
        self, offer_id: str, *, decline_reason: str | None = None, idempotency_key: str
    ) -> MarketplaceOffer:
        """Withdraw the buyer's own open round; the reason is optional."""
        body: dict[str, str] = {}
        if decline_reason:
            if decline_reason not in DECLINE_REASONS:
                raise InvalidInputError("decline_reason", f"must be one of {', '.join(DECLINE_REASONS)}")
            body["decline_reason"] = decline_reason
        return self._write(f"/buy/offers/{require_id('offer', offer_id)}/withdraw", body, idempotency_key)

    def _write(self, path: str, body: dict, idempotency_key: str) -> MarketplaceOffer:
        return self._api.post(path, MarketplaceOffer, body=body, idempotency_key=idempotency_key)
