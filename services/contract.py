"""Every decision on what the documents leave open, in one place.

`data-api.md` and `marketplace-api.md` win where they speak; `decisions.md` where they
are silent; the remaining choices are ours and each is a row in `docs/contract.md`.
Change a value here the day the live host is known to differ.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

# --- Headers (data-api.md, Authentication; decisions.md, Names) ---------------------------
ON_BEHALF_HEADER = "X-On-Behalf-Of"
DATASET_VERSION_HEADER = "X-Dataset-Version"
CREDITS_CHARGED_HEADER = "X-Credits-Charged"
CREDITS_REMAINING_HEADER = "X-Credits-Remaining"
REQUEST_ID_HEADER = "X-Request-Id"
IDEMPOTENCY_HEADER = "Idempotency-Key"  # marketplace-api.md, Endpoints
JSON_MEDIA_TYPE = "application/json"
CSV_MEDIA_TYPE = "text/csv"

# The on-behalf header goes on every `/v1` path and `/mcp` (data-api.md, Authentication 4),
# never on the probes; `/v3` is not behind the lock (our choice: the document names `/v1` only).
ON_BEHALF_PREFIXES = ("/v1/", "/mcp")
PROBE_PATHS = frozenset({"/v1/dataset", "/v1/coverage"})

# --- Retries (data-api.md, Limits 1 and 4; marketplace-api.md, Endpoints) ------------------
DEFAULT_MAX_RETRY_WAIT_S = 120.0
DEFAULT_MAX_ATTEMPTS = 4
# No 503 is retried identically: data-api.md, Limits 1 calls 429 "the only status where an
# identical retry is correct"; the Retry-After of pool_saturated / ledger_unavailable (Limits 4)
# is carried on the raised error (`.retry_after`) so the page says when to try again.
RETRYABLE_503_CODES: frozenset[str] = frozenset()
# A 429 without Retry-After or `retry_after` (a proxy's): wait this long once.
FALLBACK_429_WAIT_S = 1.0
# Marketplace: a key still processing answers 409 idempotency_in_progress with Retry-After: 1.
RETRYABLE_409_CODES = frozenset({"idempotency_in_progress"})
# Connection errors on reads: short exponential backoff (no server guidance exists).
CONNECTION_RETRY_BASE_S = 0.25
CONNECTION_RETRY_MAX_S = 2.0

# --- HTTP client ---------------------------------------------------------------------------
# The statement limit is 10 s (data-api.md, Limits 4); a read timeout above it lets the
# server's 504 arrive as a problem rather than a client timeout.
CONNECT_TIMEOUT_S = 5.0
READ_TIMEOUT_S = 30.0
CSV_READ_TIMEOUT_S = 120.0  # up to 50,000 rows stream (data-api.md, Limits 5)
MAX_CONNECTIONS = 20
MAX_KEEPALIVE_CONNECTIONS = 10

# --- Cache (data-api.md, Limits 7) ---------------------------------------------------------
CACHE_MAX_TTL_S = 30 * 86400
CACHE_MAX_BYTES = 256 * 1024 * 1024
VERSION_POLL_INTERVAL_S = 600.0  # learn the version from GET /v1/dataset at most every 10 minutes
# After a version change the old answers' ETag copies may revalidate (If-None-Match) this long,
# then are dropped: well within "one business day" of the change.
REVALIDATION_GRACE_S = 12 * 3600.0

# --- Limits and value sets -----------------------------------------------------------------
MAX_RADIUS_MILES = 20.0  # data-api.md, Limits 6
CURSOR_MAX_LENGTH = 4096
NAME_QUERY_MIN_LENGTH = 2  # decisions.md, Data API: `q` 2 to 100 characters
NAME_QUERY_MAX_LENGTH = 100
H3_MIN_RESOLUTION = 4  # decisions.md, /v1/deals/cells
H3_MAX_RESOLUTION = 10
H3_DEFAULT_RESOLUTION = 8
DEAL_KINDS = frozenset({"flip", "wholesale", "long_hold", "hold", "build", "acquisition"})
DEAL_SORTS = frozenset({"distance", "date_desc", "date_asc", "price_desc", "price_asc"})
INVESTOR_SORTS = frozenset(
    {"events_desc", "parcels_desc", "volume_desc", "last_bought_desc", "last_deal_desc", "flips_desc", "holds_desc"}
)

# (default, maximum) page sizes (data-api.md, Pagination). Lists the document leaves out
# (agents' listings, lenders, loans, buyers) get no client-side maximum: the server lowers it.
PAGE_LIMITS = {
    "deals": (500, 500),
    "investor_deals": (500, 500),
    "investors": (100, 200),
    "people_listings": (100, 500),
    "properties_search": (100, 500),
    "buyers_match": (100, 200),
    "str_parcels": (500, 500),
}
# Wholesale listing statuses and sorts (docs/contract.md; data-api.md shows neither).
WHOLESALE_STATUSES = ("ACTIVE", "PENDING", "SOLD")
WHOLESALE_SORTS = frozenset({"published_desc", "asking_desc", "asking_asc"})
# Loans as CSV: at most this many rows in one export (data-api.md, Limits 5).
CSV_ROW_CAP = 50_000

# --- The coverage's datasets (data-api.md, `/v1/coverage`) as a person names them (our words: the
# documents give only the keys). components/words.py is the glossary; these are here because the map's
# logic (mapspec/markets.py) names a market's incomplete datasets too.
DATASET_WORDS = {
    "deeds": "deeds", "listings": "listings", "agents": "agents", "wholesale": "wholesale listings",
    "auction": "auctions", "str": "short-term rentals", "parcels": "parcel records", "financing": "financing",
    "permits": "permits", "owner_profile": "owner profiles", "history": "chain of title", "cash_sale": "cash sales",
    "lenders": "lenders", "addresses": "addresses",
}


def dataset_words(key: object) -> str:
    """A coverage dataset's key as a person names it (`str` -> "short-term rentals")."""
    return DATASET_WORDS.get(str(key), str(key).replace("_", " "))


# --- Ids (data-api.md, Conventions; decisions.md, Data API) --------------------------------
# Hex of either case: the documents say hex, not which case (the sandbox serves lower case).
ID_PATTERNS = {
    "deal": re.compile(r"deal_[0-9a-fA-F]{32}"),
    "property": re.compile(r"prop_[0-9a-fA-F]{32}"),
    "investor": re.compile(r"inv_[0-9a-fA-F]{12}"),
    "agent": re.compile(r"agt_[0-9a-fA-F]{12}"),
    "lender": re.compile(r"len_[0-9a-fA-F]{12}"),
    "wholesaler": re.compile(r"wsr_[0-9a-fA-F]{12}"),
    "wholesale_listing": re.compile(r"wl_[0-9a-fA-F]{12}"),
    "person": re.compile(r"person:[0-9a-fA-F]{12}"),
    "listing": re.compile(r"[0-9a-fA-F]{32}"),
}
ID_EXAMPLES = {
    "deal": "deal_ followed by 32 hex characters",
    "property": "prop_ followed by 32 hex characters",
    "investor": "inv_ followed by 12 hex characters",
    "agent": "agt_ followed by 12 hex characters",
    "lender": "len_ followed by 12 hex characters",
    "wholesaler": "wsr_ followed by 12 hex characters",
    "wholesale_listing": "wl_ followed by 12 hex characters",
    "person": "person: followed by 12 hex characters",
    "listing": "32 hex characters",
}

# ZIPs are five digits (ZIP+4 is refused before the request: the documents never show it).
ZIP_PATTERN = re.compile(r"\d{5}")
MARKET_MAX_LENGTH = 16  # data-api.md, agents: query `market` (string 1-16)

# Lean `/v3/people/{id}/listings` filter names (decisions.md, Data API).
PEOPLE_LISTING_PARAMS = ("status", "listed_from", "all_versions", "self_listing", "flagged_purchase")

# --- Marketplace (marketplace-api.md, Resources and Limits; decisions.md, Marketplace) -----
# Public ids: a type prefix and 12 hex characters (marketplace-api.md:15). Only these kinds'
# prefixes are stated: `byr_` and `slr_` by the document, `off_`, `mkd_`, `drf_`, `med_` by
# decisions.md:96. Every other id (leads, reviews, buy boxes, address requests, webhooks, ...) is
# whatever the host sends: it is sent back as an encoded path segment, never checked
# (services/marketplace_api/checks.py:path_id; docs/contract.md).
MARKETPLACE_ID_PATTERNS = {
    "offer": re.compile(r"off_[0-9a-fA-F]{12}"),
    "deal": re.compile(r"mkd_[0-9a-fA-F]{12}"),
    "draft": re.compile(r"drf_[0-9a-fA-F]{12}"),
    "media": re.compile(r"med_[0-9a-fA-F]{12}"),
    "buyer": re.compile(r"byr_[0-9a-fA-F]{12}"),
    "seller": re.compile(r"slr_[0-9a-fA-F]{12}"),
}
OFFER_STATUSES = ("new", "countered", "accepted", "declined", "withdrawn")
DECLINE_REASONS = (
    "price_too_low",
    "emd_too_low",
    "terms_unacceptable",
    "financing_unacceptable",
    "another_offer_accepted",
    "buyer_unresponsive",
    "other",
)
# The document shows only `cash`; the others are docs/contract.md's choice, offered as
# suggestions (the page also takes a value typed in; the server has the last word).
FINANCING_CHOICES = ("cash", "hard_money", "private_money", "conventional", "dscr")
IDEMPOTENCY_KEY_MAX = 255  # marketplace-api.md, Limits
OFFERS_PAGE_LIMIT = 25
OFFERS_PAGE_MAX = 100
PREVIEW_VALIDITY_S = 5 * 60  # marketplace-api.md, Limits
PROOF_OF_FUNDS_CONTENT_TYPE = "application/pdf"

# --- What the marketplace's forms send (issue 44) ------------------------------------------
# marketplace-api.md states counts (five buy boxes, ten webhook endpoints), formats (a webhook is
# `https` on a public host; the seven decline reasons) and no length or range: those are ours
# (docs/contract.md, "Forms: limits"), said beside each field before a send and checked before a
# request (services/marketplace_api/desk_checks.py). A host that draws its line elsewhere is said
# beside the field as well (components/form_fields.py): nothing here relies on a sandbox's numbers.


@dataclass(frozen=True)
class TextLimit:
    """Free text: at most `max_chars` characters; `required` says what to write when it is empty;
    a `pattern` is said as its `shape` and an `example` ("five digits", "78154")."""

    max_chars: int
    required: str | None = None
    pattern: re.Pattern | None = None
    shape: str = ""
    example: str = ""

    def said(self) -> str:
        if not self.shape:
            return f"At most {self.max_chars:,} characters."
        like = f", like {self.example}" if self.example else ""
        return f"{self.shape[:1].upper()}{self.shape[1:]}{like}."

    def problem(self, value: Any) -> str | None:
        text = "" if value is None else str(value)
        if not text.strip():
            return self.required
        if self.pattern and not self.pattern.fullmatch(text.strip()):
            like = f", like {self.example}" if self.example else ""
            return f"“{glimpse_of(text.strip())}” is not {self.shape}{like}."
        if len(text) > self.max_chars:
            return f"At most {self.max_chars:,} characters; this is {len(text):,}."
        return None


@dataclass(frozen=True)
class NumberLimit:
    """A number from `low` (or more than `low`, `above_low`) to `high`, in dollars or plain."""

    low: float
    high: float
    dollars: bool = False
    above_low: bool = False
    step: float | None = None  # a bathroom count comes in halves

    def amount(self, value: float) -> str:
        if abs(value) >= 1e15:  # a pasted 300-digit number is said by its length, not printed
            return f"a number of {len(f'{abs(value):.0f}'):,} digits"
        return f"${value:,.0f}" if self.dollars else f"{value:,g}"

    def said(self) -> str:
        low = f"More than {self.amount(self.low)}" if self.above_low else f"From {self.amount(self.low)}"
        joint = " and at most " if self.above_low else " to "
        return f"{low}{joint}{self.amount(self.high)}."

    def problem(self, value: Any) -> str | None:
        if value is None:
            return None
        if not isinstance(value, int | float) or value != value:  # NaN is no number
            return f"A number: {self.said()[0].lower()}{self.said()[1:]}"
        too_low = value <= self.low if self.above_low else value < self.low
        if too_low or value > self.high:
            return f"{self.said()[:-1]}; this is {self.amount(value)}."
        if self.step and (value / self.step) % 1:
            return f"In steps of {self.amount(self.step)}; this is {self.amount(value)}."
        return None


@dataclass(frozen=True)
class ListLimit:
    """A list typed comma-separated: at most `max_items` `noun`, each within `item`."""

    max_items: int
    noun: str
    item: TextLimit

    def said(self) -> str:
        each = f", like {self.item.example}" if self.item.example else f", each at most {self.item.max_chars:,} characters"
        return f"Comma-separated, at most {self.max_items:,} {self.noun}{each}."

    def problem(self, value: Any) -> str | None:
        items = list(value or [])
        if len(items) > self.max_items:
            return f"At most {self.max_items:,} {self.noun}; this is {len(items):,}."
        return next((wrong for item in items if (wrong := self.item.problem(item))), None)


def glimpse_of(text: str, chars: int = 12) -> str:
    """A few characters of a typed value, so a pasted page is one short line."""
    return text if len(text) <= chars else text[:chars] + "…"


def form_problems(limits: Mapping[str, TextLimit | NumberLimit | ListLimit], values: Mapping[str, Any]) -> dict[str, str]:
    """What is wrong with each of a form's `values` under its `limits`, by field ({} when all hold)."""
    said = {}
    for name, limit in limits.items():
        if name in values and (problem := limit.problem(values[name])):
            said[name] = problem
    return said


MAX_DOLLARS = 100_000_000  # a deal's or an offer's amount past this is a slip of the keyboard
US_ZIP = TextLimit(5, pattern=ZIP_PATTERN, shape="a ZIP of five digits", example="78154")
US_STATE = TextLimit(2, pattern=re.compile(r"[A-Za-z]{2}"), shape="a state's two letters", example="TX")
# An address a mail server takes (RFC 5321: 254 characters); a host's stricter rule is said beside.
EMAIL = TextLimit(254, pattern=re.compile(r"[^@\s]+@[^@\s]+\.[^@\s.]+"), shape="an e-mail address",
              example="ana@example.com")
# marketplace-api.md, Events 3: `https` on a public host (the host judges "public": its refusal is said).
WEBHOOK_URL = TextLimit(2000, required="Type the endpoint's address.", pattern=re.compile(r"https://[^\s/?#]+\S*"),
                        shape="an https address", example="https://hooks.example.com/deals")
DRAFT_LIMITS = {
    "title": TextLimit(200, required="Give the draft a title: buyers read it first."),
    "street": TextLimit(200), "city": TextLimit(100), "state": US_STATE, "zip": US_ZIP,
    "bedrooms": NumberLimit(0, 50), "bathrooms": NumberLimit(0, 50, step=0.5), "living_area_sqft": NumberLimit(1, 200_000),
    "asking_price": NumberLimit(0, MAX_DOLLARS, dollars=True, above_low=True),
    "min_emd": NumberLimit(0, MAX_DOLLARS, dollars=True),
    "property_id": TextLimit(37, pattern=ID_PATTERNS["property"], shape="a parcel of the deed records (prop_ and 32 letters and digits)"),
}
OFFER_LIMITS = {
    "offer_amount": NumberLimit(0, MAX_DOLLARS, dollars=True, above_low=True),
    "emd_amount": NumberLimit(0, MAX_DOLLARS, dollars=True),
    "note": TextLimit(1_000),
}
MAX_BUY_BOXES = 5  # marketplace-api.md, Limits
BUY_BOX_LIMITS = {
    "name": TextLimit(100, required="Name the buy box."),
    "cities": ListLimit(20, "cities", TextLimit(100)),
    "zips": ListLimit(50, "ZIPs", TextLimit(5, pattern=ZIP_PATTERN, shape="a ZIP of five digits", example="78154, 78155")),
    "max_price": NumberLimit(0, MAX_DOLLARS, dollars=True, above_low=True),
    "min_bedrooms": NumberLimit(0, 50),
}
QUESTION_LIMITS = {"message": TextLimit(2_000, required="Write your question first.")}
RESPONSE_LIMITS = {"body": TextLimit(2_000, required="Write the response first.")}
STRIKE_LIMITS = {"reason": TextLimit(1_000, required="Say why you file the strike.")}
LEAD_LIMITS = {"name": TextLimit(200, required="Name the person."), "email": EMAIL}
WEBHOOK_LIMITS = {"url": WEBHOOK_URL}
MAX_WEBHOOKS = 10  # marketplace-api.md, Events 2: per side
PROOF_LIMITS = {"lender_name": TextLimit(200, required="Name the lender or bank that wrote the letter.")}

# --- Where things are (decisions.md, Names and configuration and Sandbox) -------------------
# The marketplace and its issuer default under the data service's base URL.
MARKETPLACE_BASE_PATH = "/marketplace/v1"
AUTH_BASE_PATH = "/auth"
# The embedded sandbox's demo key and on-behalf identity.
SANDBOX_API_KEY = "zpka_sandbox_demo"
SANDBOX_ON_BEHALF_OF = "dev_demo"

# --- Marketplace login (marketplace-api.md, Authentication 2 and 4) -------------------------
OAUTH_DISCOVERY_PATH = "/.well-known/openid-configuration"
OAUTH_REGISTRATION_PATH = "/oauth2/register"
OAUTH_REVOCATION_PATH = "/oauth2/revoke"
ACCESS_TOKEN_LIFETIME_S = 15 * 60
RETRY_AFTER_HEADER = "Retry-After"
