"""`GET /me`: who, sides, trust tier, caps and terms (marketplace-api.md)."""

from __future__ import annotations

from services.marketplace_api.models import Account
from services.marketplace_api.resources import MarketplaceResource


class MarketplaceMe(MarketplaceResource):
    """`api.me()` (or `api.me.retrieve()`); answers before the terms are accepted."""

    def __call__(self) -> Account:
        return self.retrieve()

    def retrieve(self) -> Account:
        return self._api.get("/me", Account)
