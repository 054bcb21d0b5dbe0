"""What the codes of the desk's and the buyer tools' refusals mean to a person (marketplace-api.md,
Errors), as notes under the shared problem renderer: what happened and what to do next.

Only members the document lists are relied on (`verification_url`, `required_roles`, `role`);
every other member (`balance`, `publish_cost`, `missing`, `floor`, `organization`, an inquiry's
type: the sandbox's, docs/contract.md) adds its words only when a host sends it, so no sentence
ever reads "costs None credits"."""

from __future__ import annotations

from typing import Any

from components.marketplace_tables import count_of, money_text
from components.seller_desk import role_refusal_text
from components.seller_drafts import missing_text

# Codes said the same whatever the problem carries.
FIXED_WORDS = {
    "agreement_required": "Read and accept the address agreement first; then ask for the address again.",
    "address_unavailable": "The seller does not release this deal's address; ask a question instead.",
    "resource_limit": "You keep at most five buy boxes: delete one to add another.",
    "strike_window_closed": "A strike is possible only within 90 days of the buyer's last act on your deals, once per buyer.",
    "strike_exists": "A strike is possible only within 90 days of the buyer's last act on your deals, once per buyer.",
    "resource_exists": "This review already has your response; a review takes one.",
    "draft_under_review": ("This draft is under the marketplace's review: it cannot be opened or changed until the "
                           "review ends, and it goes live when the review passes. Look again later."),
    "offer_required": "This seller releases the address only to buyers who made an offer on the deal: make an offer "
                      "first, then ask for the address again.",
    "person_exists": "This person already has a marketplace account: find them among the buyers on your deals "
                     "instead of adding them as a lead.",
    "forbidden": "The marketplace has stopped this account, its organization or this app: contact the marketplace's "
                 "support to restore access.",
    "not_enabled": "The marketplace is not open to this account yet (it is in private beta): ask the marketplace to "
                   "enable it.",
    "origin_unconfigured": "The marketplace is not reachable behind its gateway right now: try again later.",
}
ICONS = {
    "duplicate_inquiry": ":material/schedule:", "agreement_required": ":material/description:",
    "address_unavailable": ":material/home:", "resource_limit": ":material/inventory_2:",
    "strike_window_closed": ":material/gavel:", "strike_exists": ":material/gavel:", "resource_exists": ":material/chat:",
    "offer_required": ":material/request_quote:", "person_exists": ":material/person_search:",
    "origin_unconfigured": ":material/cloud_off:", "insufficient_role": ":material/lock_person:",
    "insufficient_balance": ":material/credit_card:", "deal_incomplete": ":material/edit_note:",
    "draft_under_review": ":material/hourglass_top:", "idv_required": ":material/badge:",
    "below_floor": ":material/trending_down:", "not_a_member": ":material/group_off:",
    "organization_required": ":material/domain:", "forbidden": ":material/block:", "not_enabled": ":material/toggle_off:",
}


def desk_notes(error: Any) -> list[tuple[str, str]]:
    code = getattr(error, "code", None)
    words = _words(code, error)
    return [(words, ICONS.get(code, ":material/info:"))] if words else []


def _member(error: Any, name: str) -> Any:
    """A member the error's class reads off its problem (services/errors), None where it has none."""
    return getattr(error, name, None)


def _words(code: str | None, error: Any) -> str | None:
    if code == "insufficient_role":
        return role_refusal_text(_member(error, "role"), _member(error, "required_roles") or [])
    if code == "insufficient_balance":
        return balance_refusal_text(_member(error, "balance"), _member(error, "publish_cost"))
    if code == "deal_incomplete":
        missing = _member(error, "missing")
        listed = missing_text(missing) if missing else ""
        return (f"Still needed before publishing: {listed}." if listed else
                "The draft lacks something a deal needs: fill in every detail and add a photo, then publish again.")
    if code == "duplicate_inquiry":
        kind = {"address_request": "address request", "inquiry": "question"}.get(_member(error, "inquiry_type") or "")
        sent = f"one {kind}" if kind else "one question and one address request"
        return f"You can send {sent} per deal a day: try again in 24 hours."
    if code == "idv_required":
        url = _member(error, "verification_url")
        link = isinstance(url, str) and url.startswith(("https://", "http://"))
        where = f"[Verify your identity]({url})" if link else "Verify your identity"
        return f"The marketplace needs your identity verified first. {where} on the marketplace, then try again."
    if code == "below_floor":
        floor = money_text(_member(error, "floor")) if _member(error, "floor") is not None else ""
        return (f"The seller takes no offer below {floor}: raise the amount to at least {floor} and send again."
                if floor else "The amount is below the lowest the seller takes: raise it and send again.")
    if code in ("not_a_member", "organization_required"):
        return organization_text(code, _member(error, "organization_name"))
    return FIXED_WORDS.get(code or "")


def balance_refusal_text(balance: Any, cost: Any) -> str:
    """`402 insufficient_balance` in words; the amounts only when the host states both."""
    amounts = ""
    if count_of(balance) is not None and count_of(cost) is not None:
        amounts = f" Publishing costs {count_of(cost):,} credits and your organization has {count_of(balance):,}."
    return ("Your organization's credits are too low to publish this deal." + amounts +
            " Add credits to the organization, then publish again. Nothing was charged.")


def organization_text(code: str, name: str | None) -> str:
    if code == "not_a_member":
        which = name or "the organization this login acts for"
        return (f"You are no longer a member of {which}: ask its owner to add you again, or log in with an "
                "account that is a member.")
    join = f"join {name}" if name else "make it from your company's marketplace account"
    return f"This seller takes offers only from buyers acting for a company: {join}, then offer again."
