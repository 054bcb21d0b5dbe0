"""How an API error reads on a page: what happened and what to do, never a stack trace.

Duck-typed on the error (`code`, `status`, `detail`, `recovery`, `retry_after`,
`request_id`, `zips_unknown`, `errors`) so it renders any error of `services.errors`.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

import streamlit as st

from components.words import field_name_words, without_api_wording
from services.errors import ApiError, GoneError, InvalidInputError, NotFoundError

T = TypeVar("T")

log = logging.getLogger(__name__)

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
    "connection_error": "The data service could not be reached: check the network or try again.",
}


# Codes that mean "a value of the request was refused": the server's words name fields, types
# and patterns ("Invalid value for place.address.zip: String should match pattern …"), so the
# page says which of its fields in a person's words and keeps the rest for the details.
VALUE_CODES = ("validation_error", "validation_failed", "invalid_input")

# Machine wording in a server's sentence: a snake_case or dotted field name, a regex pattern,
# pydantic's phrasing, a bare float amount ("4600.0").
MACHINE_WORDING = re.compile(
    r"\b[a-z]+_[a-z_]+\b|\b[a-z]+\.[a-z]+\.[a-z_]+\b|\bpattern\b|\bInput should\b|\bString should\b"
    r"|\b\d+\.0\b",
)


def plain_words(text: str) -> str:
    """The sentences of a server's text a person can read: none naming routes, headers, fields or patterns."""
    kept = [sentence for sentence in re.split(r"(?<=[.!?])\s+", without_api_wording(text))
            if sentence and not MACHINE_WORDING.search(sentence)]
    return " ".join(kept)


def field_words(error: BaseException, fields: Mapping[str, str]) -> list[str]:
    """The page's names (`fields`: a parameter -> "the ZIP") of the values the service refused."""
    names = []
    for item in getattr(error, "field_errors", None) or []:
        param = item.param or ""
        label = fields.get(param) or next((words for name, words in fields.items() if param.endswith(name)), None)
        # A field the page did not name is named by the glossary ("emd_amount" -> "the earnest money deposit").
        label = label or (field_name_words(param) if param else None)
        if label and label not in names:
            names.append(label)
    return names


def describe_error(error: BaseException, fields: Mapping[str, str] | None = None) -> str:
    """One paragraph in a person's words: what failed, and what to do about it.

    Field names, codes, patterns and the request id are not in it: `error_details` has them,
    for the log and the "Details" expander."""
    code = getattr(error, "code", None) or "connection_error"
    if code in VALUE_CODES:
        named = field_words(error, fields or {})
        parts = [f"The service did not accept {' and '.join(named)}." if named else
                 "The service did not accept a value of this request."]
        recovery = "Check it and try again." if named else "Check what you entered and try again."
    else:
        # A server's detail may point at its routes or name its fields: those sentences go.
        detail = plain_words(getattr(error, "detail", None) or str(error)) or "The request was refused"
        parts = [detail.rstrip(".") + "."]
        recovery = plain_words(getattr(error, "recovery", None) or "") or ADVICE.get(code)
    zips = getattr(error, "zips_unknown", None)
    if zips:
        parts.append("Unknown ZIPs: " + ", ".join(map(str, zips)) + ".")
    if recovery:
        parts.append(recovery)
    retry_after = getattr(error, "retry_after", None)
    if retry_after:
        parts.append(f"Try again in {int(retry_after)} s.")
    return " ".join(parts)


# Set by the "Try again" of a timed-out read; the adapter lets such reads be sent again on the
# rerun it causes (adapter/data.py:TRY_AGAIN_KEY names the same key).
TRY_AGAIN_KEY = "data_try_again"


def error_details(error: BaseException) -> list[str]:
    """What support needs and a person does not: the code, the server's own words, each
    refused field with its message, the request id."""
    lines = [f"Code: {getattr(error, 'code', None) or type(error).__name__}"]
    for name in ("detail", "recovery"):
        value = getattr(error, name, None)
        if value:
            lines.append(f"{name.capitalize()}: {value}")
    for item in (getattr(error, "field_errors", None) or [])[:5]:
        lines.append(f"{item.param or 'input'}: {item.message or 'invalid'}")
    request_id = getattr(error, "request_id", None)
    if request_id:
        lines.append(f"Request: {request_id}")
    return lines


def render_error(error: BaseException, *, title: str | None = None, notes: Sequence[tuple[str, str]] = (),
                 fields: Mapping[str, str] | None = None, text: str | None = None) -> None:
    """Show an error in place of the panel that failed; the rest of the page goes on.

    The one way a page shows a problem with its `recovery`: what failed and what to do
    (`describe_error`), then any `notes` an API adds for its own codes, as (text, icon)
    (the marketplace's cap resets, terms, scopes: components/marketplace_problem.py), then a
    closed "Details" expander with the code, the server's words and the request id (also logged).
    `fields` names the page's fields by the request's parameters, so a refused value is said
    as the page calls it ("the ZIP"); `text`, when the page knows the case better than the
    server's words (a deposit "of at least $4,600"), stands in for `describe_error`.
    """
    status = getattr(error, "status", None)
    text = text or describe_error(error, fields)
    details = error_details(error)
    log.warning("Shown to a person: %s | %s", title or "problem", " | ".join(details))
    if title:
        text = f"**{title}** — {text}"
    if status in (429, 503) or getattr(error, "code", None) in ("quota_exceeded",):
        st.warning(text, icon=":material/hourglass_top:")
    else:
        st.error(text, icon=":material/error:")
    for note, icon in notes:
        st.info(note, icon=icon)
    with st.expander("Details"):
        st.code("\n".join(details), language=None)
    if status == 504:
        # data-api.md, Limits 4: a timed-out query is not resent by itself (nor by the next rerun).
        st.button("Try again", key=f"try_again_{getattr(error, 'request_id', None) or id(error)}",
                  on_click=_ask_again, help="Send the read that timed out once more.")


def _ask_again() -> None:
    st.session_state[TRY_AGAIN_KEY] = True


def read_or_say(read: Callable[[], T], *, title: str, fields: Mapping[str, str] | None = None,
                say: Callable[[ApiError], None] | None = None) -> T | None:
    """What `read()` answers, or None once its error is said in place of the panel that failed:
    `render_error` under `title` (its `fields` named as the page names them), or `say(error)`
    where a page says its problems its own way (the marketplace's notes). The one shape of the
    pages' `try: read() except ApiError: render_error(...)`."""
    try:
        return read()
    except ApiError as error:
        if say is not None:
            say(error)
        else:
            render_error(error, title=title, fields=fields)
        return None


def unpublished_or_error(code: str, note: Callable[[], None], *, title: str) -> Callable[[ApiError], None]:
    """A `say` for `read_or_say`: the refusal `code` (a dataset the market does not publish, data-api.md,
    Errors 422) said in the page's words (`note()`), any other problem under `title`."""
    def say(error: ApiError) -> None:
        if getattr(error, "code", None) == code:
            note()
        else:
            render_error(error, title=title)

    return say


def read_record(read: Callable[[], T], *, title: str, not_an_id: str, not_found: str,
                gone: str | None = None) -> T | None:
    """What `read()` answers for a record opened by its id, or None once why not is said in place:
    an id that is no id (the client's own check, `not_an_id`), a retired record (`gone`, where the
    page words it; else as any problem), an unknown one (`not_found`), or the service's problem under
    `title`. The one shape of the pages' "open by id, or say why" blocks."""
    try:
        return read()
    except InvalidInputError:
        st.error(not_an_id, icon=":material/error:")
    except GoneError as error:
        if gone is None:
            render_error(error, title=title)
        else:
            st.warning(gone, icon=":material/inventory_2:")
    except NotFoundError:
        st.error(not_found, icon=":material/error:")
    except ApiError as error:
        render_error(error, title=title)
    return None

