"""The Marketplace page's link: `marketplace?status=countered`, the offers' status filter, and
`present=1` while presenter mode is on (issue 29: a login keeps the room's view).

It rides through a login as the pending login's `return_to`, so the session after the
login opens where this one was. An unknown status is dropped (all offers)."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qs, urlencode, urlsplit

from services.contract import OFFER_STATUSES

PAGE = "marketplace"  # also the OAuth callback's path: the redirect URI is `<app>/marketplace`
LOGIN_ROUTE = PAGE + "/login"  # the login's start (web/login_routes.py), relative to the page
# What the callback route sends the browser on with: the page says it once and drops it.
LOGGED_IN_PARAM = "logged_in"
LOGIN_ERROR_PARAM = "login_error"


@dataclass(frozen=True)
class MarketplaceLink:
    status: str | None = None
    present: bool = False


def parse(page_and_query: str) -> MarketplaceLink:
    query = parse_qs(urlsplit(page_and_query).query)
    status = query.get("status", [None])[0]
    return MarketplaceLink(status=status if status in OFFER_STATUSES else None, present=query.get("present") == ["1"])


def write(link: MarketplaceLink) -> str:
    query = {"status": link.status} if link.status in OFFER_STATUSES else {}
    if link.present:
        query["present"] = "1"
    return PAGE + (f"?{urlencode(query)}" if query else "")
