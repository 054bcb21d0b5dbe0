"""A marketplace problem in place: what happened, its `recovery`, and what the codes imply.

`cap_reached` / `daily_cap_reached` say when the cap resets; `terms_required` says what to
accept and where; `insufficient_scope` names the scope. These are notes drawn by the one
renderer, `components.feedback.render_error` (detail, recovery, request id, then the notes).
"""

from __future__ import annotations

from typing import Any

from components.feedback import render_error
from components.marketplace_tables import utc_text

CAP_CODES = ("cap_reached", "daily_cap_reached")


def cap_reset_text(error: Any, caps: list[dict] | None = None) -> str | None:
    """When a refused action can be tried again: the problem's `resets_at`, the cap row's, or Retry-After."""
    problem = getattr(error, "problem", None) or {}
    resets_at = problem.get("resets_at")
    action = problem.get("action")
    if not resets_at and caps:
        row = next((cap for cap in caps if cap.get("action") == action), None)
        resets_at = row.get("resets_at") if row else None
    if resets_at:
        return f"The cap resets at {utc_text(resets_at)}."
    retry_after = getattr(error, "retry_after", None)
    if retry_after:
        hours, rest = divmod(int(retry_after), 3600)
        return f"The cap resets in {hours} h {rest // 60} min."
    return None


def marketplace_notes(error: BaseException, caps: list[dict] | None = None) -> list[tuple[str, str]]:
    """What the marketplace's own codes add to a problem, as (text, icon) notes."""
    code = getattr(error, "code", None)
    if code in CAP_CODES:
        reset = cap_reset_text(error, caps)
        return [(reset, "🕛")] if reset else []
    if code == "terms_required":
        agreement = getattr(error, "agreement_id", None) or "—"
        return [(
            f"Accept the Marketplace API Terms (agreement {agreement}): log out, log in again and tick "
            "the terms box on the marketplace consent page.",
            "📄",
        )]
    if code == "insufficient_scope":
        return [(f"This needs the `{getattr(error, 'scope', None) or 'missing'}` scope: log in again and allow it.", "🔑")]
    return []


def render_marketplace_problem(error: BaseException, *, key: str, title: str | None = None, caps: list[dict] | None = None) -> None:
    """The shared `render_error` with the marketplace's notes."""
    render_error(error, title=title, notes=marketplace_notes(error, caps))
