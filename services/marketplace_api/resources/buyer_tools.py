"""The buyer's tools around an offer: buy boxes with their matches and alerts, inquiries and
address requests (with the agreement step), a seller's public profile (marketplace-api.md,
Limits: five buy boxes, one inquiry per type per deal per 24 h; Errors: `resource_limit`,
`duplicate_inquiry`, `agreement_required`, `address_unavailable`; shapes: docs/contract.md).

A buy box's id has no documented form: it is sent back as the host gave it (`path_id`). Every
list is a `Page` a caller walks by its cursor; every write takes the person's `idempotency_key`."""

from __future__ import annotations

from services.marketplace_api.checks import path_id, require_id
from services.contract import BUY_BOX_LIMITS, QUESTION_LIMITS
from services.marketplace_api.desk_checks import buy_box_criteria, require_within
from services.marketplace_api.desk_models import BuyBox, BuyBoxAlert, DeletedResource, Inquiry, SellerProfile
from services.marketplace_api.models import MarketplaceDeal
from services.marketplace_api.resources import MarketplaceResource
from services.pagination import Page

PAGE_SIZE = 25


class BuyBoxes(MarketplaceResource):
    def list(self, *, limit: int | None = None) -> Page[BuyBox]:
        """The buyer's boxes; five at most (Limits), yet a host may page them: walk the cursor."""
        return self._api.page("/buy/buy-boxes", {"limit": limit}, BuyBox)

    def create(self, *, name: str, idempotency_key: str, **criteria) -> BuyBox:
        require_within({"name": BUY_BOX_LIMITS["name"]}, {"name": name})
        body = {"name": name.strip(), "criteria": buy_box_criteria(**criteria)}
        return self._api.post("/buy/buy-boxes", BuyBox, body=body, idempotency_key=idempotency_key)

    def delete(self, buy_box_id: str, *, idempotency_key: str) -> DeletedResource:
        return self._api.delete(f"/buy/buy-boxes/{path_id('buy_box', buy_box_id)}", DeletedResource,
                                idempotency_key=idempotency_key)

    def matches(self, buy_box_id: str, *, limit: int = PAGE_SIZE) -> Page[MarketplaceDeal]:
        return self._api.page(f"/buy/buy-boxes/{path_id('buy_box', buy_box_id)}/matches", {"limit": limit},
                              MarketplaceDeal)

    def alerts(self, buy_box_id: str, *, limit: int = PAGE_SIZE) -> Page[BuyBoxAlert]:
        return self._api.page(f"/buy/buy-boxes/{path_id('buy_box', buy_box_id)}/alerts", {"limit": limit},
                              BuyBoxAlert)


class BuyerInquiries(MarketplaceResource):
    def send(self, deal_id: str, *, message: str, idempotency_key: str) -> Inquiry:
        require_within(QUESTION_LIMITS, {"message": message})
        return self._api.post(f"/buy/deals/{require_id('deal', deal_id)}/inquiries", Inquiry,
                              body={"message": message.strip()}, idempotency_key=idempotency_key)

    def request_address(self, deal_id: str, *, agreement_id: str | None, message: str | None = None,
                        idempotency_key: str) -> Inquiry:
        """Without the agreement accepted the service answers `409 agreement_required` naming it."""
        body: dict = {}
        if message and message.strip():
            body["message"] = message.strip()
        if agreement_id:
            body["accept_agreement"] = {"id": agreement_id}
        return self._api.post(f"/buy/deals/{require_id('deal', deal_id)}/address-requests", Inquiry, body=body,
                              idempotency_key=idempotency_key)

    def inquiries(self, *, limit: int = PAGE_SIZE) -> Page[Inquiry]:
        return self._api.page("/buy/inquiries", {"limit": limit}, Inquiry)

    def address_requests(self, *, limit: int = PAGE_SIZE) -> Page[Inquiry]:
        return self._api.page("/buy/address-requests", {"limit": limit}, Inquiry)


class Sellers(MarketplaceResource):
    def retrieve(self, seller_id: str) -> SellerProfile:
        """A seller's public profile with its reviews."""
        return self._api.get(f"/buy/sellers/{require_id('seller', seller_id)}", SellerProfile)
