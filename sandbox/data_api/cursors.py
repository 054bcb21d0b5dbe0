"""Opaque keyset cursors (data-api.md, Pagination and Limits 6).

A cursor is base64url of a JSON body `{k: last sort key, q: query hash, v: dataset version}`
and an HMAC of it, so a client cannot build or edit one. It is valid only for the same
route and query (every parameter but `cursor` and `limit`: a change of `limit` alone
keeps it valid) and the same dataset version; otherwise `400 invalid_cursor`.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
from typing import Any

from sandbox.core.problems import Problem

MAX_CURSOR_LENGTH = 4096
_NOT_PART_OF_QUERY = {"cursor", "limit"}


class CursorCodec:
    def __init__(self, secret: bytes | None = None) -> None:
        self._secret = secret or secrets.token_bytes(32)

    @staticmethod
    def query_hash(path: str, params: list[tuple[str, str]]) -> str:
        kept = sorted((name, value) for name, value in params if name not in _NOT_PART_OF_QUERY)
        return hashlib.sha256(json.dumps([path, kept]).encode()).hexdigest()[:16]

    def encode(self, last_key: list[Any], query_hash: str, dataset_version: int, *, marked: bool = False) -> str:
        """`marked`: a flag the cursor carries on (`--variety`: its walk was served its empty page)."""
        fields: dict[str, Any] = {"k": last_key, "q": query_hash, "v": dataset_version}
        if marked:
            fields["e"] = 1
        body = json.dumps(fields, separators=(",", ":"), default=str)
        payload = base64.urlsafe_b64encode(body.encode()).decode().rstrip("=")
        return f"{payload}.{self._sign(payload)}"

    def decode(self, cursor: str, query_hash: str, dataset_version: int) -> list[Any]:
        """The last sort key the cursor carries, or `400 invalid_cursor`."""
        return self.decode_marked(cursor, query_hash, dataset_version)[0]

    def decode_marked(self, cursor: str, query_hash: str, dataset_version: int) -> tuple[list[Any], bool]:
        """The last sort key and the cursor's `marked` flag, or `400 invalid_cursor`."""
        restart = "Restart at page 1 without a cursor."
        if not 1 <= len(cursor) <= MAX_CURSOR_LENGTH:
            raise Problem(400, "invalid_cursor", f"A cursor is 1 to {MAX_CURSOR_LENGTH} characters. {restart}")
        payload, _, signature = cursor.partition(".")
        if not hmac.compare_digest(signature.encode(), self._sign(payload).encode()):
            raise Problem(400, "invalid_cursor", f"This cursor was not issued by this service. {restart}")
        body = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
        if body["v"] != dataset_version:
            raise Problem(400, "invalid_cursor", f"The data was published again since this cursor was issued. {restart}")
        if body["q"] != query_hash:
            raise Problem(400, "invalid_cursor", f"This cursor belongs to a different query or sort. {restart}")
        return body["k"], bool(body.get("e"))

    def _sign(self, payload: str) -> str:
        return hmac.new(self._secret, payload.encode(), hashlib.sha256).hexdigest()[:24]
