"""Id forms (data-api.md, Conventions; decisions.md, Data API ids) and `400 invalid_id`."""

from __future__ import annotations

import re

from sandbox.core.problems import Problem

_HEX = {width: re.compile(rf"^[0-9a-f]{{{width}}}$") for width in (12, 32)}


def parse_prefixed(raw: str, prefix: str, width: int, name: str = "id") -> str:
    """The hex part of `prefix` + `width` lower-case hex characters, or `400 invalid_id`."""
    if raw.startswith(prefix) and _HEX[width].match(raw[len(prefix):]):
        return raw[len(prefix):]
    raise Problem(400, "invalid_id", f"{name} {_shown(raw)} is not of the form {prefix}{'0' * width} "
                  f"({prefix} then {width} lower-case hex characters).")


def check_prefixed(raw: str, prefix: str, width: int, name: str = "id") -> str:
    """The whole id when well-formed (prefix kept), or `400 invalid_id`."""
    parse_prefixed(raw, prefix, width, name)
    return raw


def parse_lean(raw: str, prefix: str, width: int, name: str) -> str:
    """Lean ids (data-api.md, Conventions): `person:` + 12 hex, or bare 32 hex."""
    return prefix + parse_prefixed(raw, prefix, width, name)


def _shown(raw: str) -> str:
    # Echo at most a short, printable prefix of what was sent.
    printable = "".join(ch for ch in raw[:40] if ch.isprintable())
    return repr(printable + ("…" if len(raw) > 40 else ""))
