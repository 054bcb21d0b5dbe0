"""The lists both sides answer: deals and offers, their filters (decisions.md: status, deal_id,
changed_after) and their order."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from fastapi import Depends, Request
from fastapi.responses import JSONResponse

from sandbox.marketplace.gateway import Caller
from sandbox.marketplace.models import Deal, MarketState, Offer
from sandbox.marketplace.params import DealIdFilter, PageQuery, UtcTimestamp, one_of, strict_query
from sandbox.marketplace.views import deal_json
from sandbox.marketplace.wire import envelope, page_of, timestamp, varied

OFFER_STATUSES = ("new", "countered", "accepted", "declined", "withdrawn")
DEAL_STATUSES = ("active", "pending")


class DealQuery(PageQuery):
    status: Annotated[str, one_of(*DEAL_STATUSES)] | None = None


class OfferQuery(PageQuery):
    """The query of both offers lists (decisions.md: status, deal_id, changed_after)."""

    status: Annotated[str, one_of(*OFFER_STATUSES)] | None = None
    deal_id: DealIdFilter | None = None
    changed_after: UtcTimestamp | None = None

    def wants(self, offer: Offer) -> bool:
        return ((self.status is None or offer.status == self.status)
                and (self.deal_id is None or offer.deal_id == self.deal_id)
                and (self.changed_after is None or offer.updated_at > self.changed_after))


class StatusOnlyQuery(PageQuery):
    """`--variety`'s seller list: a status filter only (marketplace-api.md:97 does not show the
    filters' names), so a `deal_id` or `changed_after` answers `400 unknown_parameter`."""

    status: Annotated[str, one_of(*OFFER_STATUSES)] | None = None

    def wants(self, offer: Offer) -> bool:
        return self.status is None or offer.status == self.status


def seller_offer_query(request: Request) -> OfferQuery | StatusOnlyQuery:
    return strict_query(StatusOnlyQuery if varied(request) else OfferQuery)(request)


DealList = Annotated[DealQuery, Depends(strict_query(DealQuery))]
OfferList = Annotated[OfferQuery, Depends(strict_query(OfferQuery))]
SellOfferList = Annotated[OfferQuery | StatusOnlyQuery, Depends(seller_offer_query)]


def offer_list(request: Request, caller: Caller, query: OfferQuery | StatusOnlyQuery, mine: Callable[[MarketState, Offer], bool],
               as_json: Callable[[MarketState, Offer], dict]) -> JSONResponse:
    """A page of the offers `mine` keeps, by the query's filters, newest change first (both sides)."""
    state = caller.runtime.state
    with state.lock:
        # marketplace-api.md, Endpoints: the seller's list is newest change first; the buyer's follows it.
        rows = sorted((o for o in state.offers.values() if mine(state, o) and query.wants(o)),
                      key=lambda o: (timestamp(o.updated_at), o.round, o.id), reverse=True)
        items, page = page_of(request, caller.principal, rows, query)
        return envelope(request, [as_json(state, o) for o in items], page=page)


def deal_list(request: Request, caller: Caller, query: DealQuery, mine: Callable[[Deal], bool]) -> JSONResponse:
    """A page of the deals `mine` keeps, by `query.status`, newest published first (both sides)."""
    state = caller.runtime.state
    with state.lock:
        deals = [d for d in state.deals.values() if mine(d) and (query.status is None or d.status == query.status)]
        deals.sort(key=lambda d: (d.published_at, d.id), reverse=True)
        rows, page = page_of(request, caller.principal, deals, query)
        return envelope(request, [deal_json(state, d) for d in rows], page=page)
