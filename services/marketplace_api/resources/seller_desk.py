"""The rest of the seller's desk: leads with history, a buyer's standing and the strike, reviews
and their response, inquiries and address requests, webhook endpoints (marketplace-api.md, States:
`lead_locked`, strike window; Errors: `resource_exists`, `insufficient_role`; shapes: docs/contract.md).

Lead, review, address-request and webhook ids have no documented form: each is sent back as the
host gave it (`path_id`). Every write takes the person's `idempotency_key` (marketplace-api.md:83)."""

from __future__ import annotations

from services.contract import LEAD_LIMITS, RESPONSE_LIMITS, STRIKE_LIMITS, WEBHOOK_LIMITS
from services.errors import InvalidInputError
from services.marketplace_api.checks import path_id
from services.marketplace_api.desk_checks import require_within
from services.marketplace_api.desk_models import BuyerStanding, DeletedResource, Inquiry, Lead, Review, Webhook
from services.marketplace_api.resources import MarketplaceResource
from services.pagination import Page

LEAD_STATUSES = ("open", "contacted", "negotiating", "won", "lost")
PAGE_SIZE = 25


class SellerLeads(MarketplaceResource):
    def list(self, *, cursor: str | None = None, limit: int = PAGE_SIZE) -> Page[Lead]:
        return self._api.page("/sell/leads", {"cursor": cursor, "limit": limit}, Lead)

    def add(self, *, name: str, email: str | None = None, phone: str | None = None, idempotency_key: str) -> Lead:
        require_within(LEAD_LIMITS, {"name": name, "email": email})
        body = {"name": name.strip(), **{k: v for k, v in (("email", email), ("phone", phone)) if v}}
        return self._api.post("/sell/leads", Lead, body=body, idempotency_key=idempotency_key)

    def set_status(self, lead_id: str, status: str, *, idempotency_key: str) -> Lead:
        if status not in LEAD_STATUSES:
            raise InvalidInputError("status", f"must be one of {', '.join(LEAD_STATUSES)}")
        return self._api.patch(f"/sell/leads/{path_id('lead', lead_id)}", Lead, body={"status": status},
                               idempotency_key=idempotency_key)


class SellerBuyers(MarketplaceResource):
    def retrieve(self, buyer_id: str) -> BuyerStanding:
        return self._api.get(f"/sell/buyers/{path_id('buyer', buyer_id)}", BuyerStanding)

    def strike(self, buyer_id: str, *, reason: str, idempotency_key: str) -> BuyerStanding:
        """Within 90 days of the buyer's last act on our deals, once (`strike_window_closed`, `strike_exists`)."""
        require_within(STRIKE_LIMITS, {"reason": reason})
        return self._api.post(f"/sell/buyers/{path_id('buyer', buyer_id)}/strike", BuyerStanding,
                              body={"reason": reason.strip()}, idempotency_key=idempotency_key)


class SellerReviews(MarketplaceResource):
    def list(self, *, cursor: str | None = None, limit: int = PAGE_SIZE) -> Page[Review]:
        return self._api.page("/sell/reviews", {"cursor": cursor, "limit": limit}, Review)

    def respond(self, review_id: str, *, body: str, idempotency_key: str) -> Review:
        """One response per review (`409 resource_exists`)."""
        require_within(RESPONSE_LIMITS, {"body": body})
        return self._api.post(f"/sell/reviews/{path_id('review', review_id)}/response", Review,
                              body={"body": body.strip()}, idempotency_key=idempotency_key)


class SellerInquiries(MarketplaceResource):
    def inquiries(self, *, cursor: str | None = None, limit: int = PAGE_SIZE) -> Page[Inquiry]:
        return self._api.page("/sell/inquiries", {"cursor": cursor, "limit": limit}, Inquiry)

    def address_requests(self, *, cursor: str | None = None, limit: int = PAGE_SIZE) -> Page[Inquiry]:
        return self._api.page("/sell/address-requests", {"cursor": cursor, "limit": limit}, Inquiry)

    def answer(self, address_request_id: str, *, approve: bool, idempotency_key: str) -> Inquiry:
        path = f"/sell/address-requests/{path_id('address_request', address_request_id)}/answer"
        return self._api.post(path, Inquiry, body={"decision": "approve" if approve else "decline"},
                              idempotency_key=idempotency_key)


class Webhooks(MarketplaceResource):
    """One side's webhook endpoints (`/buy/webhooks` or `/sell/webhooks`): the seller side needs an
    owner or admin (`403 insufficient_role` names `required_roles`)."""

    def __init__(self, api, side: str) -> None:
        super().__init__(api)
        self._base = f"/{side}/webhooks"

    def list(self, *, cursor: str | None = None, limit: int = PAGE_SIZE) -> Page[Webhook]:
        return self._api.page(self._base, {"cursor": cursor, "limit": limit}, Webhook)

    def create(self, *, url: str, events: list[str] | None = None, idempotency_key: str) -> Webhook:
        require_within(WEBHOOK_LIMITS, {"url": url})
        body = {"url": url, **({"events": events} if events else {})}
        return self._api.post(self._base, Webhook, body=body, idempotency_key=idempotency_key)

    def delete(self, webhook_id: str, *, idempotency_key: str) -> DeletedResource:
        return self._api.delete(f"{self._base}/{path_id('webhook', webhook_id)}", DeletedResource,
                                idempotency_key=idempotency_key)
