"""Public ids of the marketplace: a type prefix and 12 hex characters (marketplace-api.md,
Resources; decisions.md, Marketplace ids).

Only six kinds' prefixes are written in the documents (`byr_`, `slr_`; decisions.md: `off_`,
`mkd_`, `drf_`, `med_`); the others are this sandbox's. `--variety` gives those others another
form (`use_other_forms`: a word, a colon, 32 hex), as a host written from the documents may, so a
client that checks or builds them fails there (docs/contract.md, "Sandbox `--variety`")."""

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
HEX_LENGTH = 12
DOCUMENTED_KINDS = ("offer", "deal", "draft", "media", "buyer", "seller")
# `--variety`: the kinds whose id form no document states, in another form.
OTHER_FORMS = {"webhook": "hook:", "lead": "lead:", "review": "review:", "buy_box": "box:", "inquiry": "question:",
               "address_request": "address:", "event": "event:"}
OTHER_HEX_LENGTH = 32
_lengths: dict[str, int] = {}


def use_other_forms() -> None:
    """`--variety`: the undocumented kinds' ids in another form (this process's own table)."""
    for kind, prefix in OTHER_FORMS.items():
        PREFIXES[kind] = prefix
        _lengths[kind] = OTHER_HEX_LENGTH


def _length(kind: str) -> int:
    return _lengths.get(kind, HEX_LENGTH)


def new_id(kind: str) -> str:
    return PREFIXES[kind] + secrets.token_hex(_length(kind) // 2)


def stable_id(kind: str, name: str) -> str:
    """The same id for the same seed name on every reset, so demo links keep working."""
    return PREFIXES[kind] + hashlib.sha256(f"{kind}:{name}".encode()).hexdigest()[:_length(kind)]


def require_id(kind: str, value: str) -> str:
    """`400 invalid_id` for an id without its type prefix (marketplace-api.md, Errors)."""
    prefix, length = PREFIXES[kind], _length(kind)
    if not value.startswith(prefix) or not re.fullmatch(f"[0-9a-f]{{{length}}}", value[len(prefix):]):
        raise Problem(
            400,
            "invalid_id",
            f"'{value[:40]}' is not a {kind} id: expected '{prefix}' followed by {length} hex characters.",
            recovery=f"Send a {kind} id as returned by the API (it starts with '{prefix}').",
        )
    return value
