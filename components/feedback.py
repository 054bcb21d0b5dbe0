"""How an API error reads on a page: what happened and what to do, never a stack trace.

Duck-typed on the error (`code`, `status`, `detail`, `recovery`, `retry_after`,
`request_id`, `zips_unknown`, `errors`) so it renders any error of `services.errors`.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from components.words import without_api_wording

# What a person can do about each documented code (data-api.md and marketplace-api.md, Errors).
ADVICE = {
    "unauthorized": "Check the API key (DEEDSCOPE_API_KEY) or log in again.",
    "subscription_required": "This key has no active plan: choose a plan in the developer console.",
    "payment_overdue": "A payment is overdue: settle it in the developer console to read again.",
    "quota_exceeded": "This month's credits are used up: free reads (cells, summaries, searches) still work.",
    "plan_limit": "Your plan does not include this: upgrade it, or narrow the request.",
    "outside_coverage": "Choose a place inside a served market (see the Coverage page).",
    "rate_limited": "Too many requests: wait and try again.",
    "statement_timeout": "The query took too long: narrow the place or the dates and try again.",
    "pool_saturated": "The service is busy: try again in a moment.",
    "ledger_unavailable": "The credit ledger is briefly unavailable: try again in a few seconds.",
    "database_unavailable": "The data service is briefly unavailable: try again shortly.",
    "invalid_cursor": "The data changed while paging: start again from the first page.",
    "gone": "This record was retired from the registry.",
    "not_found": "Nothing has this id: check it, or search by name.",
    "market_required": "This id exists in several markets: choose one.",
    "validation_error": "Correct the value named here and try again.",
    "connection_error": "The data service could not be reached: check the network or try again.",
}


def describe_error(error: BaseException) -> str:
    """One paragraph: what failed, and what to do about it."""
    code = getattr(error, "code", None) or "connection_error"
    detail = getattr(error, "detail", None) or str(error)
    # A server's detail may point at its routes ("See GET /v1/coverage"): those sentences go.
    detail = without_api_wording(detail) or "The request was refused"
    parts = [detail.rstrip(".") + "."]
    zips = getattr(error, "zips_unknown", None)
    if zips:
        parts.append("Unknown ZIPs: " + ", ".join(map(str, zips)) + ".")
    field_errors = getattr(error, "errors", None) or []
    for item in field_errors[:5]:
        message = str(item.get("message", "invalid")).rstrip(".") if isinstance(item, dict) else ""
        # A field's message the detail already says is said once.
        if message and message not in detail:
            parts.append(f"{item.get('param', 'input')}: {message}.")
    # A server's recovery may name a header or route too ("… with the same Idempotency-Key"): the
    # page's own advice for the code stands in for it.
    recovery = without_api_wording(getattr(error, "recovery", None) or "") or ADVICE.get(code)
    if recovery:
        parts.append(recovery)
    retry_after = getattr(error, "retry_after", None)
    if retry_after:
        parts.append(f"Try again in {int(retry_after)} s.")
    request_id = getattr(error, "request_id", None)
    if request_id:
        parts.append(f"(request {request_id})")
    return " ".join(parts)


# Set by the "Try again" of a timed-out read; the adapter lets such reads be sent again on the
# rerun it causes (adapter/data.py:TRY_AGAIN_KEY names the same key).
TRY_AGAIN_KEY = "data_try_again"


def render_error(error: BaseException, *, title: str | None = None, notes: Sequence[tuple[str, str]] = ()) -> None:
    """Show an error in place of the panel that failed; the rest of the page goes on.

    The one way a page shows a problem with its `recovery`: what failed and what to do
    (`describe_error`), then any `notes` an API adds for its own codes, as (text, icon)
    (the marketplace's cap resets, terms, scopes: components/marketplace_problem.py).
    """
    status = getattr(error, "status", None)
    text = describe_error(error)
    if title:
        text = f"**{title}** — {text}"
    if status in (429, 503) or getattr(error, "code", None) in ("quota_exceeded",):
        st.warning(text, icon="⏳")
    else:
        st.error(text, icon="⚠️")
    for note, icon in notes:
        st.info(note, icon=icon)
    if status == 504:
        # data-api.md, Limits 4: a timed-out query is not resent by itself (nor by the next rerun).
        st.button("Try again", key=f"try_again_{getattr(error, 'request_id', None) or id(error)}",
                  on_click=_ask_again, help="Send the read that timed out once more.")


def _ask_again() -> None:
    st.session_state[TRY_AGAIN_KEY] = True
