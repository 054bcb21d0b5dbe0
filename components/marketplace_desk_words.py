"""What the codes of the desk's and the buyer tools' refusals mean to a person (marketplace-api.md,
Errors), as notes under the shared problem renderer."""

from __future__ import annotations

from typing import Any

from components.seller_desk import role_refusal_text
from components.seller_drafts import missing_text


def desk_notes(error: Any) -> list[tuple[str, str]]:
    code = getattr(error, "code", None)
    problem = getattr(error, "problem", None) or {}
    if code == "insufficient_role":
        return [(role_refusal_text(problem.get("role"), problem.get("required_roles") or []), ":material/lock_person:")]
    if code == "insufficient_balance":
        return [(f"Publishing costs {problem.get('publish_cost')} credits and your organization has "
                 f"{problem.get('balance')}: add credits, then publish again. Nothing was charged.", ":material/credit_card:")]
    if code == "deal_incomplete":
        return [(f"Still needed before publishing: {missing_text(problem.get('missing') or [])}.", ":material/edit_note:")]
    if code == "duplicate_inquiry":
        kind = "address request" if problem.get("inquiry_type") == "address_request" else "question"
        return [(f"You can send one {kind} per deal a day: try again in 24 hours.", ":material/schedule:")]
    if code == "agreement_required":
        return [("Read and accept the address agreement first; then ask for the address again.", ":material/description:")]
    if code == "address_unavailable":
        return [("The seller does not release this deal's address; ask a question instead.", ":material/home:")]
    if code == "resource_limit":
        return [("You keep at most five buy boxes: delete one to add another.", ":material/inventory_2:")]
    if code in ("strike_window_closed", "strike_exists"):
        return [("A strike is possible only within 90 days of the buyer's last act on your deals, once per buyer.", ":material/gavel:")]
    if code == "resource_exists":
        return [("This review already has your response; a review takes one.", ":material/chat:")]
    return []
