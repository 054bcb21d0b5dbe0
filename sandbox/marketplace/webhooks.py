"""Webhook endpoint rules (marketplace-api.md, Events 2-4): ten per side; `https` on a public host.

The sandbox never resolves names (no network): an IP literal must be global; a name must
not be a local one (`localhost`, `.local`, `.internal`, a single label).
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from sandbox.core.problems import Problem

MAX_ENDPOINTS_PER_SIDE = 10
_LOCAL_SUFFIXES = (".localhost", ".local", ".internal", ".lan", ".home.arpa", ".test", ".invalid")


def _refused(url: str, why: str) -> Problem:
    return Problem(422, "webhook_url_refused", f"The webhook URL is refused: {why}.",
                   recovery="Use an https URL on a public host name.", url=url[:200])


def check_webhook_url(url: str) -> str:
    parts = urlsplit(url)
    if parts.scheme != "https":
        raise _refused(url, "it must use https")
    host = (parts.hostname or "").lower()
    if not host:
        raise _refused(url, "it has no host")
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        address = None
    if address is not None:
        if not address.is_global:
            raise _refused(url, "it points at a private or reserved address")
    elif host == "localhost" or "." not in host or host.endswith(_LOCAL_SUFFIXES):
        raise _refused(url, "its host is not public")
    return url


def limit_reached(side: str) -> Problem:
    return Problem(409, "webhook_limit", f"This side already has {MAX_ENDPOINTS_PER_SIDE} webhook endpoints.",
                   recovery="Delete an endpoint you no longer use, then create the new one.")
