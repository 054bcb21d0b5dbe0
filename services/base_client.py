"""What both API clients share, after openai-python's `_base_client` and stripe-python.

`BaseClient` owns one `services.transport.Transport`: every request of a client, its
retries and its cap (`max_retry_wait`) go through that one request function, and every
refusal arrives as one of `services.errors`' tree. It also turns a body into a typed
result and says what did not fit (`UnexpectedResponseError`, with the request id).

    DataApi(settings, *, http_client=None, cache=None, sleep=..., clock=..., max_retry_wait=..., max_attempts=...)
    MarketplaceApi(settings, tokens, *, http_client=None, sleep=..., wall_clock=..., max_retry_wait=..., max_attempts=...)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Self, TypeVar

import httpx2
import pydantic

from services import contract
from services.errors import UnexpectedResponseError
from services.transport import AuthHeaders, ResponseHook, Transport

R = TypeVar("R")


class BaseClient:
    """One API's base URL and the transport that sends to it.

    `http_client` is meant to be shared by every session of the process; without it the
    transport makes its own (and closes it with the client). `sleep` and `wall_clock` are
    injectable so tests never really sleep; a server-directed wait over `max_retry_wait`
    is not slept: the error is raised with `.retry_after` set ("try again in 40 s").
    """

    def __init__(
        self,
        base_url: str,
        *,
        http_client: httpx2.Client | None = None,
        sleep: Callable[[float], None] = time.sleep,
        wall_clock: Callable[[], float] = time.time,
        max_retry_wait: float = contract.DEFAULT_MAX_RETRY_WAIT_S,
        max_attempts: int = contract.DEFAULT_MAX_ATTEMPTS,
        auth_headers: AuthHeaders | None = None,
        secrets: Callable[[], Iterable[str]] = tuple,
        on_response: ResponseHook | None = None,
    ) -> None:
        self._transport = Transport(
            base_url,
            auth_headers=auth_headers,
            http_client=http_client,
            sleep=sleep,
            wall_clock=wall_clock,
            max_retry_wait=max_retry_wait,
            max_attempts=max_attempts,
            secrets=secrets,
            on_response=on_response,
        )

    @property
    def base_url(self) -> str:
        return self._transport.base_url

    @property
    def max_retry_wait(self) -> float:
        return self._transport.max_retry_wait

    @property
    def retries(self) -> int:
        """Retries made by this client, for tests and diagnostics."""
        return self._transport.retries

    def close(self) -> None:
        self._transport.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def parse_body(body: bytes, parse: Callable[[bytes], R], path: str, request_id: str | None) -> R:
    """`parse(body)`, or `UnexpectedResponseError` saying which field did not fit."""
    try:
        return parse(body)
    except (pydantic.ValidationError, ValueError, KeyError, TypeError) as error:
        raise UnexpectedResponseError(path, describe_parse_error(error), request_id=request_id) from error


def describe_parse_error(error: Exception) -> str:
    if isinstance(error, pydantic.ValidationError):
        first = error.errors()[0]
        where = ".".join(str(part) for part in first.get("loc", ()))
        return f"{error.error_count()} field error(s), first at {where}: {first.get('msg')}"
    return type(error).__name__
