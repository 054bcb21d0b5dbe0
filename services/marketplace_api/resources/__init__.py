"""Resource namespaces of `MarketplaceApi`, one module per family of routes."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from services.marketplace_api.client import MarketplaceApi


class MarketplaceResource:
    """A namespace of routes sharing the client's token, transport and parsing."""

    def __init__(self, api: MarketplaceApi) -> None:
        self._api = api
