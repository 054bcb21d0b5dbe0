"""The seller's offers inbox and its answers (marketplace-api.md, Endpoints: `GET /sell/offers`;
decisions.md: `POST /sell/offers/{offer_id}/counter`, `/accept`, `/decline`)."""

from __future__ import annotations

from datetime import datetime
from typing import Unpack

from services.contract import DECLINE_REASONS, OFFER_STATUSES, OFFERS_PAGE_LIMIT, OFFERS_PAGE_MAX
from services.errors import InvalidInputError
from services.marketplace_api.checks import OfferTermArgs, offer_terms, require_id
from services.marketplace_api.desk_checks import utc_timestamp
from services.marketplace_api.desk_models import SellerOffer
from services.marketplace_api.models import MarketplaceDeal
from services.marketplace_api.resources import MarketplaceResource
from services.pagination import Page


class SellerOffers(MarketplaceResource):
    def list(
        self,
        *,
        status: str | None = None,
        deal_id: str | None = None,
        changed_after: datetime | str | None = None,
        cursor: str | None = None,
        limit: int = OFFERS_PAGE_LIMIT,
    ) -> Page[SellerOffer]:
        """Rows on the organization's deals (offer + `buyer` + `proof_of_funds`), newest change first."""
        if status is not None and status not in OFFER_STATUSES:
            raise InvalidInputError("status", f"must be one of {', '.join(OFFER_STATUSES)}")
        if not 1 <= limit <= OFFERS_PAGE_MAX:
            raise InvalidInputError("limit", f"must be 1 to {OFFERS_PAGE_MAX}")
        params = {"status": status, "deal_id": require_id("deal", deal_id) if deal_id else None,
                  "changed_after": utc_timestamp(changed_after) if changed_after else None,
                  "cursor": cursor, "limit": limit}
        return self._api.page("/sell/offers", params, SellerOffer)

    def retrieve(self, offer_id: str) -> SellerOffer:
        return self._api.get(f"/sell/offers/{require_id('offer', offer_id)}", SellerOffer)

    def counter(self, offer_id: str, *, idempotency_key: str, **terms: Unpack[OfferTermArgs]) -> SellerOffer:
        return self._write(offer_id, "counter", offer_terms(**terms), idempotency_key)

    def accept(self, offer_id: str, *, idempotency_key: str) -> SellerOffer:
        return self._write(offer_id, "accept", {}, idempotency_key)

    def decline(self, offer_id: str, *, decline_reason: str, idempotency_key: str) -> SellerOffer:
        if decline_reason not in DECLINE_REASONS:
            raise InvalidInputError("decline_reason", f"must be one of {', '.join(DECLINE_REASONS)}")
        return self._write(offer_id, "decline", {"decline_reason": decline_reason}, idempotency_key)

    def _write(self, offer_id: str, verb: str, body: dict, idempotency_key: str) -> SellerOffer:
        path = f"/sell/offers/{require_id('offer', offer_id)}/{verb}"
        return self._api.post(path, SellerOffer, body=body, idempotency_key=idempotency_key)


class SellerDeals(MarketplaceResource):
    def list(self, *, status: str | None = None, cursor: str | None = None,
             limit: int = OFFERS_PAGE_LIMIT) -> Page[MarketplaceDeal]:
        """The organization's own deals, newest published first."""
        return self._api.page("/sell/deals", {"status": status, "cursor": cursor, "limit": limit}, MarketplaceDeal)
