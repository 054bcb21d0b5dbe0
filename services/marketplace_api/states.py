"""Offer and deal states as the documents give them (marketplace-api.md, States and transitions).

The open round of a chain is derived from the chain itself, not from one status word: it is
the round no later round follows (none names it `parent_offer_id`; the highest `round` when
the chain carries no parent ids), unless that round is closed. The documents name the
statuses `new`, `countered`, `accepted`, `declined`, `withdrawn`; a round that is
`countered` has a later round, and `accepted`, `declined`, `withdrawn` close it. Any other
status word (a host may add one) is shown as it comes and the round stays actionable: the
server has the last word (`422 invalid_transition`). docs/contract.md records these choices.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, TypeVar

from services.marketplace_api.models import MarketplaceDeal, MarketplaceOffer

O = TypeVar("O", bound=MarketplaceOffer)

# Statuses after which a round takes no action (States: countered has a later round).
ENDED_ROUND_STATUSES = frozenset({"countered", "accepted", "declined", "withdrawn"})
# Deal statuses that take no new offer: the documents name only `pending` (an accepted
# offer moves the deal there); any other value is offered and the server decides (`409 deal_closed`).
DEAL_STATUSES_WITHOUT_OFFERS = frozenset({"pending"})


def latest_round(chain: Sequence[O]) -> O | None:
    """The round no later round follows, or None for an empty chain."""
    if not chain:
        return None
    parents = {item.parent_offer_id for item in chain if item.parent_offer_id}
    last = [item for item in chain if item.id not in parents] or list(chain)
    return max(last, key=lambda item: item.round or 0)


def open_round(chain: Sequence[O]) -> O | None:
    """The chain's open round (its latest, unless that one ended), or None when the chain is closed."""
    latest = latest_round(chain)
    if latest is None or latest.status in ENDED_ROUND_STATUSES:
        return None
    return latest


def takes_offers(deal: MarketplaceDeal) -> bool:
    """Whether the page offers a new offer on this deal (the server still has the last word)."""
    return deal.status not in DEAL_STATUSES_WITHOUT_OFFERS


def offer_passes(row: MarketplaceOffer, filters: Mapping[str, Any]) -> bool:
    """Whether an offers-list row passes the filters a host refused to take (`400 unknown_parameter`:
    marketplace-api.md:97 does not show the seller's list's filter names; docs/contract.md), applied
    here instead: `status`, `deal_id` equal; `changed_after`: `updated_at` strictly later (UTC)."""
    for name, wanted in filters.items():
        if wanted is None:
            continue
        if name == "changed_after":
            updated = _utc(row.updated_at)
            if updated is None or updated <= _utc(wanted):
                return False
        elif getattr(row, name, None) != wanted:
            return False
    return True


def _utc(value: Any) -> datetime | None:
    try:
        return datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except ValueError:
        return None
