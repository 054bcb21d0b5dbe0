"""Public ids of the marketplace: a type prefix and 12 hex characters (marketplace-api.md,
Resources; decisions.md, Marketplace ids)."""

from __future__ import annotations

import hashlib
import re
import secrets

from sandbox.core.problems import Problem

PREFIXES = {
    "offer": "off_",
    "deal": "mkd_",
    "draft": "drf_",
    "media": "med_",
    "buyer": "byr_",
    "seller": "slr_",
    "user": "usr_",
    "webhook": "whk_",
    "event": "evt_",
    "agreement": "agr_",
    "upload": "upl_",
    "lead": "led_",
    "review": "rev_",
    "buy_box": "bbx_",
    "inquiry": "inq_",
    "address_request": "adr_",
    "document": "doc_",
}
_HEX12 = re.compile(r"^[0-9a-f]{12}$")


def new_id(kind: str) -> str:
    return PREFIXES[kind] + secrets.token_hex(6)


def stable_id(kind: str, name: str) -> str:
    """The same id for the same seed name on every reset, so demo links keep working."""
    return PREFIXES[kind] + hashlib.sha256(f"{kind}:{name}".encode()).hexdigest()[:12]


def require_id(kind: str, value: str) -> str:
    """`400 invalid_id` for an id without its type prefix (marketplace-api.md, Errors)."""
    prefix = PREFIXES[kind]
    if not value.startswith(prefix) or not _HEX12.match(value[len(prefix):]):
        raise Problem(
            400,
            "invalid_id",
            f"'{value[:40]}' is not a {kind} id: expected '{prefix}' followed by 12 hex characters.",
            recovery=f"Send a {kind} id as returned by the API (it starts with '{prefix}').",
        )
    return value
