"""The Marketplace page's link: `marketplace?status=countered`, the offers' status filter.

It rides through a login as the pending login's `return_to`, so the session after the
login opens where this one was. An unknown status is dropped (all offers)."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qs, urlencode, urlsplit

from services.contract import OFFER_STATUSES

PAGE = "marketplace"  # also the OAuth callback's path: the redirect URI is `<app>/marketplace`
LOGIN_ROUTE = PAGE + "/login"  # the login's start (adapter/login_routes.py), relative to the page
# What the callback route sends the browser on with: the page says it once and drops it.
LOGGED_IN_PARAM = "logged_in"
LOGIN_ERROR_PARAM = "login_error"


@dataclass(frozen=True)
class MarketplaceLink:
    status: str | None = None


def parse(page_and_query: str) -> MarketplaceLink:
    status = parse_qs(urlsplit(page_and_query).query).get("status", [None])[0]
    return MarketplaceLink(status=status if status in OFFER_STATUSES else None)


def write(link: MarketplaceLink) -> str:
    return PAGE + (f"?{urlencode({'status': link.status})}" if link.status in OFFER_STATUSES else "")
