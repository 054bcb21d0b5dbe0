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


# Codes whose words are not their letters (the rest read as their words, first one capitalised).
CODE_WORDS = {
    "SFR_BULK_HOLDER": "Single-family rental bulk holder",
    "IBUYER": "iBuyer",
    "HIGH": "High",
    "MEDIUM": "Medium",
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


# A person's input quoted back: a few characters, so a 5,000-character paste is one short line.
GLIMPSE_CHARS = 12


def glimpse(text: object) -> str:
    """Typed text quoted in a message (markdown, escaped: markup shows as typed): “7524x”, or
    “xxxxxxxxxxxx…” (5,000 characters) for a paste."""
    value = " ".join(str(text).split())
    if len(value) <= GLIMPSE_CHARS:
        return f"“{escape_markdown(value)}”"
    return f"“{escape_markdown(value[:GLIMPSE_CHARS])}…” ({len(value):,} characters)"


def party_name(party: object) -> str:
    """An investor, buyer or seller as a person reads it: its display name, else its registered
    name; a natural person's name is never served (data-api.md, What the service does 6), which
    is said rather than showing an id or "None"."""
    if party is None:
        return "—"
    # A party block as served (a dict) or typed (a model: iterating one gives its fields and extras).
    party = party if isinstance(party, dict) else dict(party) if hasattr(type(party), "model_fields") else None
    if party is None:
        return "—"
    name = party.get("display_name") or party.get("name")
    if name:
        return str(name)
    if party.get("contact_redacted") or party.get("is_natural_person"):
        return "a private person (name not served)"
    return "name not recorded"
