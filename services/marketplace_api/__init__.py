"""The Marketplace API's buyer side (marketplace-api.md; decisions.md, Marketplace).

    from services.marketplace_api import MarketplaceApi, IdempotencyKeys

`client.py` holds the client (the token, the one transport, the `401` refresh);
`resources/` one module per family of routes (me, offers, deals, proof_of_funds, events);
`models.py` the typed results (`extra="allow"`); `idempotency.py` the write keys;
`checks.py` what is refused before a request is spent. The documents' constants live in
`services.contract`; they are importable from here too while the pages move to it.
"""

from services.contract import (
    DECLINE_REASONS,
    FINANCING_CHOICES,
    IDEMPOTENCY_KEY_MAX,
    OFFER_STATUSES,
    OFFERS_PAGE_LIMIT,
    OFFERS_PAGE_MAX,
    PREVIEW_VALIDITY_S,
    PROOF_OF_FUNDS_CONTENT_TYPE,
)
from services.contract import MARKETPLACE_ID_PATTERNS as ID_PATTERNS
from services.marketplace_api.checks import offer_terms, require_id, require_key
from services.marketplace_api.client import MarketplaceApi
from services.marketplace_api.idempotency import IdempotencyKeys, outcome_unknown
from services.marketplace_api.models import (
    Account,
    MarketplaceDeal,
    MarketplaceEvent,
    MarketplaceOffer,
    OfferPreview,
    ProofOfFundsLetter,
    UploadSlot,
)

__all__ = [
    "DECLINE_REASONS", "FINANCING_CHOICES", "IDEMPOTENCY_KEY_MAX", "ID_PATTERNS", "OFFERS_PAGE_LIMIT",
    "OFFERS_PAGE_MAX", "OFFER_STATUSES", "PREVIEW_VALIDITY_S", "PROOF_OF_FUNDS_CONTENT_TYPE",
    "Account", "IdempotencyKeys", "MarketplaceApi", "MarketplaceDeal", "MarketplaceEvent", "MarketplaceOffer",
    "OfferPreview", "ProofOfFundsLetter", "UploadSlot", "offer_terms", "outcome_unknown", "require_id", "require_key",
]
