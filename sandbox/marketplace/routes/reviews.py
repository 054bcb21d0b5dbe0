"""Reviews and the seller's public profile (marketplace-api.md: scope reviews:read, "read a seller's
public profile and reviews"; `/sell/reviews/{review_id}/response`; Errors: `409 resource_exists`,
"a review that already has a response").

- `GET /buy/sellers/{seller_id}`: the public profile with its reviews (a buyer deciding on a deal);
- `GET /sell/reviews`: the organization's own reviews, newest first;
- `POST /sell/reviews/{review_id}/response` `{body}`: one response per review (`deals:write`,
  docs/contract.md: it is the organization's public word, as its listings are).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse
from pydantic import Field

from sandbox.core.problems import Problem
from sandbox.marketplace import offers
from sandbox.marketplace.bodies import Strict
from sandbox.marketplace.gateway import Caller, SellDealsWrite, caller_for
from sandbox.marketplace.models import MarketState, Organization
from sandbox.marketplace.params import NoQuery, Paged, ReviewId, SellerId
from sandbox.marketplace.strict import parse_body
from sandbox.marketplace.views import review_json
from sandbox.marketplace.wire import envelope, page_of
from sandbox.marketplace.writes import idempotent_write

BuyReviews = Annotated[Caller, Depends(caller_for("reviews:read", "buy"))]
SellReviews = Annotated[Caller, Depends(caller_for("reviews:read", "sell"))]
router = APIRouter(tags=["marketplace: reviews"])


class ResponseBody(Strict):
    body: Annotated[str, Field(min_length=1, max_length=2000)]


def _reviews(state: MarketState, organization_id: str) -> list:
    return sorted((r for r in state.reviews.values() if r.organization_id == organization_id),
                  key=lambda r: (r.created_at, r.id), reverse=True)


def profile_json(state: MarketState, organization: Organization) -> dict:
    reviews = _reviews(state, organization.id)
    ratings = [r.rating for r in reviews]
    return {"seller_id": organization.id, "name": organization.name, "slug": organization.slug,
            "n_deals": sum(1 for d in state.deals.values() if d.organization_id == organization.id),
            "n_reviews": len(reviews), "average_rating": round(sum(ratings) / len(ratings), 2) if ratings else None,
            "reviews": [review_json(r, state.user_by_buyer(r.buyer_id)) for r in reviews[:20]]}


@router.get("/buy/sellers/{seller_id}")
def seller_profile(request: Request, caller: BuyReviews, _: NoQuery, seller_id: SellerId) -> JSONResponse:
    state = caller.runtime.state
    with state.lock:
        organization = state.organizations.get(seller_id)
        if organization is None or "seller" not in organization.designations:
            raise offers.not_found("seller", seller_id)
        return envelope(request, profile_json(state, organization))


@router.get("/sell/reviews")
def own_reviews(request: Request, caller: SellReviews, query: Paged) -> JSONResponse:
    state = caller.runtime.state
    with state.lock:
        items, page = page_of(request, caller.principal, _reviews(state, caller.organization.id), query)
        return envelope(request, [review_json(r, state.user_by_buyer(r.buyer_id)) for r in items], page=page)


@router.post("/sell/reviews/{review_id}/response")
async def respond(request: Request, caller: SellDealsWrite, _: NoQuery, review_id: ReviewId) -> JSONResponse:
    def change(state: MarketState, raw: bytes) -> dict:
        review = offers.owned("review", state.reviews, review_id,
                              lambda r: r.organization_id == caller.organization.id)
        body = parse_body(request, raw, ResponseBody)
        if review.response is not None:
            raise Problem(409, "resource_exists", "This review already has a response.",
                          recovery="A review takes one response; it stands as written.", review_id=review.id)
        review.response = {"body": body.body, "created_at": caller.runtime.now}
        return review_json(review, state.user_by_buyer(review.buyer_id))

    return await idempotent_write(request, caller, change)
