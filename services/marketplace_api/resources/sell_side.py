"""`api.sell`: the seller side's resources under one name (marketplace-api.md, What the service
does 3: `/sell/...` acts for the caller's own organization, limited by role)."""

from __future__ import annotations

from services.marketplace_api.resources.drafts import SellerDrafts
from services.marketplace_api.resources.events import MarketplaceEvents
from services.marketplace_api.resources.seller_desk import (
    SellerBuyers, SellerInquiries, SellerLeads, SellerReviews, Webhooks,
)
from services.marketplace_api.resources.seller_offers import SellerDeals, SellerOffers


class SellSide:
    def __init__(self, api) -> None:
        self.drafts = SellerDrafts(api)
        self.deals = SellerDeals(api)
        self.offers = SellerOffers(api)
        self.leads = SellerLeads(api)
        self.buyers = SellerBuyers(api)
        self.reviews = SellerReviews(api)
        self.inquiries = SellerInquiries(api)
        self.webhooks = Webhooks(api, "sell")
        self.events = MarketplaceEvents(api, "sell")
