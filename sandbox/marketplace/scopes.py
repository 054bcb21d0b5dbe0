"""The 14 scopes of marketplace-api.md (Authentication, The 14 scopes), in words for the consent page."""

from __future__ import annotations

SCOPES: dict[str, str] = {
    "marketplace:profile": "Read your account, organization and trust tier",
    "deals:read": "Read your deals as a seller and the deals you see as a buyer",
    "deals:write": "Create drafts, add media and documents, publish deals and change their status",
    "offers:read": "Read offers on your deals, or your own offers as a buyer",
    "offers:write": "Make, counter, accept, decline and withdraw offers; manage proof of funds",
    "inquiries:read": "Read inquiries and address requests",
    "inquiries:write": "Send inquiries and address requests, and answer address requests",
    "leads:read": "Read leads and their history",
    "leads:write": "Set lead status, add leads and file strikes",
    "contacts:read": "Read buyers' e-mail addresses and phone numbers on your deals",
    "reviews:read": "Read sellers' public profiles and reviews",
    "buy_boxes:manage": "Read and change your buy boxes and their alerts",
    "webhooks:manage": "Create, read and delete webhook endpoints",
    "events:read": "Read the event feed",
}
OFFLINE_ACCESS = "offline_access"
OFFLINE_ACCESS_WORDS = "Stay connected when you are away (a refresh token)"
# RFC 6749 3.3: a request without `scope` gets the default, the profile alone.
DEFAULT_SCOPE = ["marketplace:profile"]


def parse_scope(raw: str | None) -> tuple[list[str], list[str]]:
    """(known scopes in request order without repeats, unknown names)."""
    names = list(dict.fromkeys((raw or "").split()))
    if not names:
        return list(DEFAULT_SCOPE), []
    known = [name for name in names if name in SCOPES or name == OFFLINE_ACCESS]
    unknown = [name for name in names if name not in known]
    return known, unknown


def describe(scope: str) -> str:
    return OFFLINE_ACCESS_WORDS if scope == OFFLINE_ACCESS else SCOPES[scope]
