"""`python -m sandbox --variety`, the marketplace half: what a host written from marketplace-api.md
alone may do and this sandbox's default profile never does (docs/contract.md, "Sandbox `--variety`",
marketplace row). The page tests run on it (`DEEDSCOPE_TEST_SANDBOX_PROFILE=variety`; the desk's
and the buyer's tools' walk in tests/pages/test_marketplace_variety.py always).

- Ids of the kinds no document gives a form (leads, reviews, buy boxes, inquiries, address
  requests, webhooks, events) take another form (`ids.use_other_forms`).
- No balance route: `GET /sell/credits` is not served (no document names it).
- Every write without an `Idempotency-Key` answers `400 invalid_parameter` (`writes.plain_write`).
- Short pages: a page with rows after it serves two thirds of its limit, with its cursor.
- Unknown fields: the envelope, `meta`, `page` and every object carry `EXTRA_FIELD`.
- Nulls: every other row of a list (and the objects in it) serves its `NULLABLE` members null.
Publishing goes under review on every profile (publishing.py).
"""

from __future__ import annotations

from typing import Any

EXTRA_FIELD = "added_later"
EXTRA_VALUE = {"note": "a field this client was not written for"}
# Members whose presence the documents leave open (deals, drafts, leads, inquiries, reviews, buy
# boxes: "not shown"; the offer's `note`, `decline_reason`, `channel`; a row's buyer contacts).
NULLABLE = frozenset({
    "note", "decline_reason", "channel", "entity_name", "phone", "phone_type", "lender_name", "expires_at",
    "title", "city", "bedrooms", "bathrooms", "living_area_sqft", "min_emd", "closing_date", "property_id",
    "terms_version", "email", "message", "buyer_name", "answered_at", "n_alerts", "name", "body",
})


def served_count(limit: int) -> int:
    """Rows a page with rows after it serves: two thirds of its limit (at least 1)."""
    return max(1, (2 * limit) // 3)


def rows(data: Any) -> Any:
    """A list's rows with the unknown field, and every other row's nullable members null."""
    return [_row(item, nulls=index % 2 == 1) for index, item in enumerate(data)]


def record(data: Any) -> Any:
    """One object (a write's answer, a record) with the unknown field."""
    return {**data, EXTRA_FIELD: EXTRA_VALUE} if isinstance(data, dict) else data


def _row(item: Any, *, nulls: bool) -> Any:
    if not isinstance(item, dict):
        return item
    shaped = {key: None if nulls and key in NULLABLE else _nested(value, nulls) for key, value in item.items()}
    return {**shaped, EXTRA_FIELD: EXTRA_VALUE}


def _nested(value: Any, nulls: bool) -> Any:
    if isinstance(value, dict):
        return {**{key: None if nulls and key in NULLABLE else item for key, item in value.items()},
                EXTRA_FIELD: EXTRA_VALUE}
    return value


# A host's own length for free text, shorter than the default profile's strict bodies and the
# client's choices (services/contract.py): the client says this refusal under the field it names.
TEXT_MAX_CHARS = 160
FREE_TEXT = frozenset({"title", "street", "city", "name", "message", "body", "reason", "note", "lender_name"})


def text_refusals(document: Any, path: str = "") -> list[dict]:
    """The free-text members of a request body longer than this host keeps, as `errors[]` items."""
    if not isinstance(document, dict):
        return []
    found = []
    for key, value in document.items():
        param = f"{path}{key}"
        if isinstance(value, dict):
            found += text_refusals(value, f"{param}.")
        elif key in FREE_TEXT and isinstance(value, str) and len(value) > TEXT_MAX_CHARS:
            found.append({"param": param, "message": f"Too long for this host: {TEXT_MAX_CHARS} characters at most."})
    return found
