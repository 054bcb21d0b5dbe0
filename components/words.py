"""Words a page puts in front of a person: counts with their noun in the right number, and
no API or document wording (routes, headers, documents belong in logs and docs)."""

from __future__ import annotations

import re

from components.tables import escape_markdown


def plural(count: int, noun: str, plural_noun: str | None = None) -> str:
    """`1 deal`, `2 deals`, `1,200 deals`, `0 credits`."""
    word = noun if count == 1 else (plural_noun or f"{noun}s")
    return f"{count:,} {word}"


def credits_text(cost: int, what: str, *, plan: str = "") -> str:
    """What a charged read (`what`, "Opening this property") may cost, as its question says it;
    `plan` names whose credits where another service's page asks ("of your deed-records plan")."""
    if cost == 0:
        return f"{what} costs nothing: this session has been served it already."
    of_plan = f" {plan}" if plan else ""
    return f"{what} may cost up to {plural(cost, 'credit')}{of_plan} (1 for each record new to your account)."


# What belongs in logs and docs, not in front of a person: routes, headers, documents.
API_WORDING = re.compile(r"\b(GET|POST|PATCH|PUT|DELETE) /|/v[13]/|\b[\w-]+\.md\b|\bLimits \d|\bX-[A-Z][A-Za-z]+-|problem\+json|\bIdempotency-Key\b")


def without_api_wording(text: str) -> str:
    """The text less its sentences that speak of routes, headers or documents (a server's
    `detail` may add "See GET /v1/coverage for the served markets.")."""
    sentences = re.split(r"(?<=[.!?])\s+", text.strip())
    kept = [sentence for sentence in sentences if not API_WORDING.search(sentence)]
    return " ".join(kept)


# The glossary (issue 44, 4): the data's and the services' terms as a person reads them. One place:
# a page or component that shows a code, a field's name or a dataset's key asks here.
# Codes whose words are not their letters (the rest read as their words, first one capitalised).
CODE_WORDS = {
    "SFR_BULK_HOLDER": "Single-family rental bulk holder",
    "IBUYER": "iBuyer",
    "HIGH": "High",
    "MEDIUM": "Medium",
    "long_hold": "Long hold",
    "str": "Short-term rental",
    # How a listing agent was identified (data-api.md, Listing agent profile), in a table's few words.
    "LICENSE_EXACT": "State licence, exact match",
    "LICENSE_FUZZY": "State licence, close match",
    "LICENSE_NAME": "State licence, by name",
    "LICENSE_CONTACT": "State licence, by contact details",
    "CONTACT_CLUSTER": "Listings' contact details",
    "NAME_BROKERAGE": "Name and brokerage",
    "NAME_ONLY": "Name only",
}
# What an investor's scale and buyer status say (data-api.md, the investor's identity: `scale`, `buyer_status`).
SCALE_WORDS = {"small": "Small (a few deals)", "mid": "Mid-size", "large": "Large", "institutional": "Institutional"}
BUYER_STATUS_WORDS = {"active": "Buying now", "cooling": "Buying less", "dormant": "Not buying lately",
                      "inactive": "Not buying", "new": "New buyer"}
# Fields of a request or a record, named as the forms and tables name them (a refusal may name one).
FIELD_WORDS = {
    "offer_amount": "the offer amount", "emd_amount": "the earnest money deposit", "financing": "the financing",
    "note": "the note", "media": "the photos", "asking_price": "the asking price", "min_emd": "the minimum deposit",
    "title": "the title", "closing_date": "the closing date", "email": "the e-mail address", "zips": "the ZIP codes",
    "body": "the text", "zip": "the ZIP code", "line": "the street address", "city": "the city", "message": "the message", "reason": "the reason", "name": "the name",
}


def code_label(code: object) -> str:
    """A code of the API as a person reads it: `SFR_BULK_HOLDER` -> "Single-family rental bulk
    holder", `long_hold` -> "Long hold", `LANDLORD` -> "Landlord"; "—" for none."""
    if code is None or code == "":
        return "—"
    text = str(code)
    if text in CODE_WORDS:
        return CODE_WORDS[text]
    words = text.replace("_", " ").strip().lower()
    return words[:1].upper() + words[1:]


def scale_words(scale: object) -> str:
    """An investor's `scale` ("mid") as words ("Mid-size")."""
    return SCALE_WORDS.get(str(scale).lower(), code_label(scale)) if scale else "—"


def buyer_status_words(status: object) -> str:
    """An investor's `buyer_status` ("active") as words ("Buying now")."""
    return BUYER_STATUS_WORDS.get(str(status).lower(), code_label(status)) if status else "—"


def field_name_words(field: object) -> str:
    """A field's name in a request or a refusal (`emd_amount`) as words ("the earnest money deposit")."""
    name = str(field).split(".")[-1]
    return FIELD_WORDS.get(name, "the " + name.replace("_", " "))


# An address's parts as a choice names them (data-api.md: a parcel's `address`, a candidate's own).
ADDRESS_PARTS = ("line", "unit", "city", "zip")


def fields_of(block: object) -> dict | None:
    """A block as served (a dict) or typed (a model: iterating one gives its fields and extras) as a
    dict of its fields; None for anything else."""
    return block if isinstance(block, dict) else dict(block) if hasattr(type(block), "model_fields") else None


def address_words(address: object) -> str:
    """An address as a person reads it in a list: "2617 Ridge Blvd · Addison · 75001"."""
    fields = fields_of(address) or {}
    parts = [str(fields[part]) for part in ADDRESS_PARTS if fields.get(part)]
    return " · ".join(parts) or "address not given"


def distinct_labels(labels: dict) -> dict:
    """Choices' labels a person tells apart without an id: two that read alike are numbered
    ("Agent at Keller Realty · DFW (1 of 2)", "… (2 of 2)"), in the order given."""
    counts: dict[str, int] = {}
    for label in labels.values():
        counts[label] = counts.get(label, 0) + 1
    seen: dict[str, int] = {}
    distinct = {}
    for choice, label in labels.items():
        if counts[label] == 1:
            distinct[choice] = label
        else:
            seen[label] = seen.get(label, 0) + 1
            distinct[choice] = f"{label} ({seen[label]} of {counts[label]})"
    return distinct


def host_words(host: str) -> str:
    """Where a configured service is, as a person names it: its host's name ("records.example.com"),
    "a service on this computer" for a loopback address; never an address and port ("127.0.0.1:34993")."""
    name = host.rsplit("@", 1)[-1]
    name = name[1:].split("]", 1)[0] if name.startswith("[") else name.rsplit(":", 1)[0] if name.count(":") == 1 else name
    if name in ("localhost", "::1") or name.startswith("127.") or not name:
        return "a service on this computer"
    if re.fullmatch(r"[\d.]+|[0-9a-fA-F:]+", name):
        return "a service on your network"
    return name


# A person's input quoted back: a few characters, so a 5,000-character paste is one short line.
GLIMPSE_CHARS = 12


def glimpse(text: object) -> str:
    """Typed text quoted in a message (markdown, escaped: markup shows as typed): “7524x”, or
    “xxxxxxxxxxxx…” (5,000 characters) for a paste."""
    value = " ".join(str(text).split())
    if len(value) <= GLIMPSE_CHARS:
        return f"“{escape_markdown(value)}”"
    return f"“{escape_markdown(value[:GLIMPSE_CHARS])}…” ({len(value):,} characters)"


# A natural person's name is never served (data-api.md, What the service does 6): said so, in words.
PRIVATE_PERSON = "a private person (name withheld)"
PRIVATE_OWNER = "a private owner (name withheld)"


def party_name(party: object) -> str:
    """An investor, buyer or seller as a person reads it: its display name, else its registered
    name; a natural person's name is never served (data-api.md, What the service does 6), which
    is said rather than showing an id or "None"."""
    if party is None:
        return "—"
    # Typed parties of several models (an investor row, a match's owner, a search hit): each member
    # read where its model (or a host's extra) has it.
    name = getattr(party, "display_name", None) or getattr(party, "name", None)
    if name:
        return str(name)
    if getattr(party, "contact_redacted", None) or getattr(party, "is_natural_person", None):
        return PRIVATE_PERSON
    return "name not recorded"
