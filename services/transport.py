"""All HTTP of both clients: one request function with one retry loop.

Retries exactly as the documents allow (data-api.md, Limits 1 and 4; marketplace-api.md,
Endpoints): `429` after `Retry-After` (the only identical retry, Limits 1: a `503` is raised
with its `Retry-After` as `.retry_after`); `409 idempotency_in_progress` after its
`Retry-After: 1` (same key); connection errors on reads (GET) only. Never `504 statement_timeout`, never anything else. A wait
past `max_retry_wait` is not slept: the error is raised at once with `.retry_after` set.
"""

from __future__ import annotations

import functools
import logging
import ssl
import threading
import time
import uuid
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import httpx2

from services import contract
from services.errors import ApiConnectionError, ApiStatusError, ApiTimeoutError, error_from_response

logger = logging.getLogger("services.transport")

AuthHeaders = Callable[[str], Mapping[str, str]]
ResponseHook = Callable[[httpx2.Response], None]
REDACTED = "[redacted]"

_shared_client: httpx2.Client | None = None
_shared_lock = threading.Lock()


@functools.cache
def shared_tls_context() -> ssl.SSLContext:
    """httpx2's own default verification, built once per process. Each client would otherwise load
    the system's certificates again: about 20 ms of a core for every session's client and every
    login's exchange (an SSLContext is safe to share between clients and threads)."""
    return httpx2.create_ssl_context()


def new_http_client(**options: Any) -> httpx2.Client:
    """An `httpx2.Client` with our timeouts, pool limits and the process's one TLS context."""
    options.setdefault("verify", shared_tls_context())
    options.setdefault(
        "timeout", httpx2.Timeout(contract.READ_TIMEOUT_S, connect=contract.CONNECT_TIMEOUT_S)
    )
    options.setdefault(
        "limits",
        httpx2.Limits(
            max_connections=contract.MAX_CONNECTIONS,
            max_keepalive_connections=contract.MAX_KEEPALIVE_CONNECTIONS,
        ),
    )
    return httpx2.Client(**options)


def shared_http_client() -> httpx2.Client:
    """The one client of this process (pooled connections shared by every session)."""
    global _shared_client
    with _shared_lock:
        if _shared_client is None or _shared_client.is_closed:
            _shared_client = new_http_client()
        return _shared_client


class Transport:
    """Sends requests to one base URL with auth headers from a provider, retrying as documented.

    `auth_headers(path)` is called on every attempt (a refreshed token is picked up);
    `secrets()` lists values that must never appear in an error text or a log line;
    `on_response(response)` sees every response, success or error (credits, version).
    """

    def __init__(
        self,
        base_url: str,
        *,
        auth_headers: AuthHeaders | None = None,
        http_client: httpx2.Client | None = None,
        sleep: Callable[[float], None] = time.sleep,
        wall_clock: Callable[[], float] = time.time,
        max_retry_wait: float = contract.DEFAULT_MAX_RETRY_WAIT_S,
        max_attempts: int = contract.DEFAULT_MAX_ATTEMPTS,
        secrets: Callable[[], Iterable[str]] = tuple,
        on_response: ResponseHook | None = None,
    ) -> None:
        if max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        self.base_url = base_url.rstrip("/")
        self._auth_headers = auth_headers or (lambda path: {})
        self._owns_client = http_client is None
        self.http_client = http_client if http_client is not None else new_http_client()
        self._sleep = sleep
        self._wall_clock = wall_clock
        self.max_retry_wait = max_retry_wait
        self.max_attempts = max_attempts
        self._secrets = secrets
        self._on_response = on_response
        self.retries = 0  # retries made by this transport, for tests and diagnostics

    def close(self) -> None:
        if self._owns_client:
            self.http_client.close()

    def request(
        self,
        method: str,
        path: str,
        *,
        params: Mapping[str, Any] | None = None,
        json: Any = None,
        data: Mapping[str, Any] | None = None,
        files: Mapping[str, Any] | None = None,
        headers: Mapping[str, str] | None = None,
        idempotency_key: str | bool | None = None,
        timeout: float | httpx2.Timeout | None = None,
        extensions: Mapping[str, Any] | None = None,
        retry_timeouts: bool = True,
    ) -> httpx2.Response:
        """Send one request, retrying what the documents allow; return a success or a 304.

        `idempotency_key=True` makes a key; it is made once, here, before the loop, so a
        retry resends the same key (marketplace-api.md, Endpoints). `path` is under the base
        URL, or an absolute URL the service handed out (an upload slot); `data` and `files`
        send a multipart form instead of `json`. `retry_timeouts=False`: no answer in time is
        not sent again (a CSV export may still hold the one export in flight)."""
        method = method.upper()
        url = path if "://" in path else self.base_url + path
        # The key is made once, before the loop: every retry resends it.
        base_headers = _request_headers(headers, idempotency_key)
        extra = _send_options(timeout=timeout, extensions=extensions, data=data, files=files)
        attempt = 0
        unnamed_429s = 0
        while True:
            attempt += 1
            request = self.http_client.build_request(
                method,
                url,
                params=_clean_params(params),
                json=json,
                headers={**base_headers, **self._auth_headers(path)},
                **extra,
            )
            response = self._send(request, method, path, attempt if retry_timeouts else self.max_attempts)
            if response is None:
                continue
            if self._on_response is not None:
                self._on_response(response)
            if response.is_success or response.status_code == 304:
                logger.debug("%s %s -> %s", method, path, response.status_code)
                return response

            error = self._error(response)
            unnamed_429s += error.status == 429 and error.retry_after is None
            wait = self._server_directed_wait(error, unnamed_429s)
            if wait is None or attempt >= self.max_attempts:
                logger.info("%s %s -> %s %s", method, path, error.status, error.code)
                raise error
            if wait > self.max_retry_wait:
                # Honor server-directed delays only up to the cap; the page says "try again in N s".
                logger.info("%s %s -> %s, wait %.0f s exceeds the cap", method, path, error.code, wait)
                raise error
            self._log_retry(method, path, attempt, wait, error.code or str(error.status))
            self._sleep(wait)

    def _send(self, request: httpx2.Request, method: str, path: str, attempt: int) -> httpx2.Response | None:
        """The server's answer, or None once a connection failure worth retrying was waited out."""
        try:
            return self.http_client.send(request)
        except httpx2.TimeoutException as exc:
            failure: ApiConnectionError = ApiTimeoutError(self._redact(f"No answer in time: {exc}"), method=method, path=path)
            reason = "timeout"
        except httpx2.TransportError as exc:
            failure = ApiConnectionError(self._redact(f"Could not reach the service: {exc}"), method=method, path=path)
            reason = "connection error"
        wait = self._connection_wait(method, attempt)
        if wait is None:
            raise failure
        self._log_retry(method, path, attempt, wait, reason)
        self._sleep(wait)
        return None

    def _error(self, response: httpx2.Response) -> ApiStatusError:
        body = response.read()
        error = error_from_response(
            response.status_code,
            response.headers.get("content-type"),
            body,
            {k.lower(): v for k, v in response.headers.items()},
            now=self._wall_clock(),
        )
        error.detail = self._redact(error.detail or "")
        error.problem = {k: self._redact(v) if isinstance(v, str) else v for k, v in error.problem.items()}
        error.args = (str(error),)
        return error

    @staticmethod
    def _server_directed_wait(error: ApiStatusError, unnamed_429s: int = 0) -> float | None:
        """Seconds to wait before an identical retry, or None when none is allowed."""
        if error.status == 429:
            # data-api.md, Limits 1: the only status where an identical retry is correct.
            if error.retry_after is not None:
                return error.retry_after
            # A 429 naming no wait (a proxy stripped it) is retried once (docs/contract.md).
            return contract.FALLBACK_429_WAIT_S if unnamed_429s <= 1 else None
        if error.status == 503 and error.code in contract.RETRYABLE_503_CODES:
            return error.retry_after
        if error.status == 409 and error.code in contract.RETRYABLE_409_CODES:
            return error.retry_after if error.retry_after is not None else 1.0
        return None

    def _connection_wait(self, method: str, attempt: int) -> float | None:
        # A read can be repeated safely; a write may have reached the server.
        if method not in ("GET", "HEAD") or attempt >= self.max_attempts:
            return None
        return min(contract.CONNECTION_RETRY_BASE_S * 2 ** (attempt - 1), contract.CONNECTION_RETRY_MAX_S)

    def _log_retry(self, method: str, path: str, attempt: int, wait: float, reason: str) -> None:
        self.retries += 1
        logger.warning("%s %s: %s; retry %d after %.2f s", method, path, reason, attempt, wait)

    def _redact(self, text: str) -> str:
        for secret in self._secrets():
            if secret:
                text = text.replace(secret, REDACTED)
        return text


def _clean_params(params: Mapping[str, Any] | None) -> dict[str, Any] | None:
    if not params:
        return None
    return {key: value for key, value in params.items() if value is not None}


def _request_headers(headers: Mapping[str, str] | None, idempotency_key: str | bool | None) -> dict[str, str]:
    """The headers every attempt sends: JSON accepted, the caller's, and the `Idempotency-Key`."""
    sent = {"Accept": contract.JSON_MEDIA_TYPE, **(headers or {})}
    if idempotency_key is True:
        idempotency_key = str(uuid.uuid4())
    if idempotency_key:
        sent[contract.IDEMPOTENCY_HEADER] = str(idempotency_key)
    return sent


def _send_options(
    *,
    timeout: float | httpx2.Timeout | None,
    extensions: Mapping[str, Any] | None,
    data: Mapping[str, Any] | None,
    files: Mapping[str, Any] | None,
) -> dict[str, Any]:
    """httpx2's request options the caller set, and only those (its defaults stay its own)."""
    options: dict[str, Any] = {}
    if timeout is not None:
        options["timeout"] = timeout
    if extensions:
        options["extensions"] = dict(extensions)
    if data is not None:
        options["data"] = dict(data)
    if files is not None:
        options["files"] = dict(files)
    return options
