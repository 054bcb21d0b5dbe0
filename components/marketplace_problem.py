"""A marketplace problem in place: what happened, its `recovery`, and what the codes imply.

`cap_reached` / `daily_cap_reached` say when the cap resets; `terms_required` says what to
accept and where; `insufficient_scope` names the scope. These are notes drawn by the one
renderer, `components.feedback.render_error` (detail, recovery, request id, then the notes).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import streamlit as st

from components.feedback import render_error
from components.marketplace_desk_words import desk_notes
from components.marketplace_tables import utc_text
from services.errors import ApiConnectionError
from services.marketplace_api.models import UsageCap

CAP_CODES = ("cap_reached", "daily_cap_reached")


def cap_reset_text(error: Any, caps: Sequence[UsageCap] | None = None) -> str | None:
    """When a refused action can be tried again: the problem's `resets_at`, the cap row's, or Retry-After."""
    resets_at, action = getattr(error, "resets_at", None), getattr(error, "action", None)  # CapReachedError's
    if not resets_at and caps:
        row = next((cap for cap in caps if cap.action == action), None)
        resets_at = row.resets_at if row else None
    if resets_at:
        return f"The cap resets at {utc_text(resets_at)}."
    retry_after = getattr(error, "retry_after", None)
    if retry_after:
        return f"The cap resets in {duration_text(retry_after)}."
    return None


def duration_text(seconds: float) -> str:
    """A wait as a person reads it: "4 s", "2 min 5 s", "1 h 27 min" (never "0 h 0 min")."""
    total = max(1, round(seconds))
    if total < 60:
        return f"{total} s"
    if total < 3600:
        minutes, rest = divmod(total, 60)
        return f"{minutes} min {rest} s" if rest else f"{minutes} min"
    hours, rest = divmod(total, 3600)
    return f"{hours} h {rest // 60} min"


def marketplace_notes(error: BaseException, caps: Sequence[UsageCap] | None = None) -> list[tuple[str, str]]:
    """What the marketplace's own codes add to a problem, as (text, icon) notes."""
    code = getattr(error, "code", None)
    if code in CAP_CODES:
        reset = cap_reset_text(error, caps)
        return [(reset, ":material/schedule:")] if reset else []
    if code == "terms_required":
        return [(
            "Accept the Marketplace API Terms first: log out, log in again and tick "
            "the terms box on the marketplace consent page.",
            ":material/description:",
        )]
    if code == "insufficient_scope":
        return [(f"This needs the `{getattr(error, 'scope', None) or 'missing'}` scope: log in again and allow it.", ":material/key:")]
    return desk_notes(error)


# The offer's fields by their parameters (marketplace-api.md, Offer terms), as the form names them.
OFFER_FIELDS = {"offer_amount": "the offer amount", "emd_amount": "the earnest money deposit",
                "financing": "the financing", "note": "the note to the seller"}


def requirement_text(error: BaseException) -> str | None:
    """A deal's unmet requirement in dollars ("at least $4,600"), where the server's words say
    `emd_amount` and `4600.0`; None for other problems."""
    minimum = getattr(error, "min_emd", None)  # RequirementUnmetError's, None where the host does not say it
    if getattr(error, "code", None) != "requirement_unmet" or minimum is None:
        return None
    return f"This deal asks for an earnest money deposit of at least ${minimum:,.0f}: raise the deposit and send again."


def render_marketplace_problem(error: BaseException, *, key: str, title: str | None = None, caps: Sequence[UsageCap] | None = None,
                               text: str | None = None) -> None:
    """The shared `render_error` with the marketplace's notes, its fields named as the forms name them
    (`text`, when the page says it better: a refusal already said under the fields it named)."""
    render_error(error, title=title, notes=marketplace_notes(error, caps), fields=OFFER_FIELDS,
                 text=text or requirement_text(error))


def render_still_working(error: BaseException, action: str) -> bool:
    """Say "still working" for `409 idempotency_in_progress` (the first send is still being
    processed; its key is kept, so pressing again shows its outcome and never acts twice), and
    "may have been done" for a write whose answer was lost (no answer, a 5xx: the adapter keeps
    its key too). True when it was one of those and was said."""
    if _outcome_unknown(error):
        st.warning(
            f"No answer came back for your {action}: it may have been done. Look at the offer's status; if the "
            "button is still there, press it again: it is sent as the same request, so it is never done twice.",
            icon=":material/help:",
        )
        return True
    if getattr(error, "code", None) != "idempotency_in_progress":
        return False
    retry_after = getattr(error, "retry_after", None)
    wait = duration_text(retry_after) if retry_after else "a moment"
    st.info(
        f"Still working on your {action}: the marketplace has not finished it yet. "
        f"Press the button again in {wait} to see how it ended; it will not be sent twice.",
        icon=":material/hourglass_top:",
    )
    return True


def _outcome_unknown(error: BaseException) -> bool:
    """No answer or a server error: the write may have happened (services/marketplace_api/idempotency.py)."""
    return isinstance(error, ApiConnectionError) or (getattr(error, "status", None) or 0) >= 500
