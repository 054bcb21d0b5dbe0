"""`MarketplaceApi`: the buyer side of the Marketplace API (marketplace-api.md; decisions.md, Marketplace).

    api = MarketplaceApi(settings, tokens, http_client=shared_http_client())
    me = api.me()                                   # Account
    for offer in api.offers.list(status="new"):     # MarketplaceOffer, every page
        ...

All HTTP goes through the one transport of `services.base_client.BaseClient` (its retry
loop and `max_retry_wait`), with the bearer token of one person's `TokenHolder`. A `401`
is answered once by refreshing the token and sending the request again: the access token
lives 15 minutes and the server's clock, not ours, decides when it ended. A second `401`,
or a refresh the issuer refuses, raises `LoginError`: the person must log in again.

Writes carry an `Idempotency-Key` the caller makes once per click (`IdempotencyKeys`).
Resources by verb, one module each under `resources/`: `api.me()`, `api.offers.list/
retrieve/preview/accept/counter/withdraw`, `api.deals.list/retrieve/make_offer`,
`api.proof_of_funds.retrieve/upload`, `api.events.list`; the buyer's tools `api.buy_boxes`,
`api.inquiries`, `api.sellers`; the seller side under `api.sell` (`drafts`, `deals`, `offers`,
`leads`, `buyers`, `reviews`, `inquiries`, `webhooks`, `events`). Results are the typed models
of `models.py` and `desk_models.py` (`extra="allow"`: /v1 is additive).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any, TypeVar

import httpx2

from services import contract
from services.base_client import BaseClient, parse_body
from services.envelope import Envelope, envelope_parser
from services.errors import AuthenticationError
from services.marketplace_api.checks import require_key
from services.marketplace_api.resources.buyer_tools import BuyBoxes, BuyerInquiries, Sellers
from services.marketplace_api.resources.deals import MarketplaceDeals
from services.marketplace_api.resources.events import MarketplaceEvents
from services.marketplace_api.resources.me import MarketplaceMe
from services.marketplace_api.resources.offers import MarketplaceOffers
from services.marketplace_api.resources.proof_of_funds import MarketplaceProofOfFunds
from services.marketplace_api.resources.sell_side import SellSide
from services.oauth import LoginError, TokenHolder
from services.pagination import Page
from services.settings import MarketplaceSettings, Settings
from services.transport import shared_http_client

T = TypeVar("T")
logger = logging.getLogger("services.marketplace_api")


class MarketplaceApi(BaseClient):
    """Client of the Marketplace API for one logged-in person (their `TokenHolder`).

    `settings` is the app's `Settings` or a `MarketplaceSettings` (only `marketplace_url`
    is read). Without `http_client` the process's shared one is used.
    """

    def __init__(
        self,
        settings: Settings | MarketplaceSettings,
        tokens: TokenHolder,
        *,
        http_client: httpx2.Client | None = None,
        sleep: Callable[[float], None] = time.sleep,
        wall_clock: Callable[[], float] = time.time,
        max_retry_wait: float = contract.DEFAULT_MAX_RETRY_WAIT_S,
        max_attempts: int = contract.DEFAULT_MAX_ATTEMPTS,
    ) -> None:
        self.settings = MarketplaceSettings.of(settings)
        self.tokens = tokens
        super().__init__(
            self.settings.marketplace_url,
            http_client=http_client or shared_http_client(),
            sleep=sleep,
            wall_clock=wall_clock,
            max_retry_wait=max_retry_wait,
            max_attempts=max_attempts,
            secrets=self._secrets,
        )
        self.me = MarketplaceMe(self)
        self.offers = MarketplaceOffers(self)
        self.deals = MarketplaceDeals(self)
        self.proof_of_funds = MarketplaceProofOfFunds(self)
        self.events = MarketplaceEvents(self)
        self.buy_boxes = BuyBoxes(self)
        self.inquiries = BuyerInquiries(self)
        self.sellers = Sellers(self)
        self.sell = SellSide(self)

    def __repr__(self) -> str:
        return f"MarketplaceApi(marketplace_url={self.base_url!r})"

    # --- requests -----------------------------------------------------------------------------

    def request(self, method: str, path: str, cast_to: Any, **options: Any) -> Envelope[Any]:
        """One call with the person's token, its body parsed as `{data: cast_to, meta, page}`;
        on `401` the token is refreshed once and the call sent again."""
        access_token = self.tokens.access_token()
        try:
            return self._send(method, path, cast_to, access_token, **options)
        except AuthenticationError:
            access_token = self.tokens.refresh_after_rejection(access_token)
        try:
            return self._send(method, path, cast_to, access_token, **options)
        except AuthenticationError as error:
            # A fresh token refused too: the account or the app's access ended (Authentication 5, 6:
            # a suspended account answers 401 to every token). The login ends here, its session
            # everywhere and its refresh token revoked, so no later rerun refreshes and asks again.
            self._end_refused_login()
            # In a person's words, not the server's (its recovery speaks of headers): the causes
            # Authentication 6 lists for a 401 to a fresh token.
            raise LoginError(
                "login_required",
                "The marketplace no longer accepts your login: the account may be suspended or deleted, "
                "or its e-mail not verified.",
                "Log in again; if the marketplace refuses it, contact its support.",
            ) from None

    def _end_refused_login(self) -> None:
        log_out = getattr(self.tokens, "log_out", None)
        if log_out is None:
            return
        try:
            log_out()
        except (LoginError, httpx2.HTTPError) as error:
            # The revocation is a courtesy: the tokens are dropped whatever the issuer answers.
            logger.warning("ending a refused marketplace login: %s", type(error).__name__)

    def get(self, path: str, cast_to: type[T], *, params: dict[str, Any] | None = None) -> T:
        return self.request("GET", path, cast_to, params=params).data

    # Every write carries the caller's `Idempotency-Key` (marketplace-api.md:83: a host may key
    # every write, "a missing or overlong key answers 400 invalid_parameter"): there is no write
    # without one, so a resent action replays instead of acting twice.

    def post(self, path: str, cast_to: type[T], *, body: dict[str, Any], idempotency_key: str) -> T:
        return self.request("POST", path, cast_to, json=body, idempotency_key=require_key(idempotency_key)).data

    def patch(self, path: str, cast_to: type[T], *, body: dict[str, Any], idempotency_key: str) -> T:
        return self.request("PATCH", path, cast_to, json=body, idempotency_key=require_key(idempotency_key)).data

    def delete(self, path: str, cast_to: type[T], *, idempotency_key: str) -> T:
        return self.request("DELETE", path, cast_to, idempotency_key=require_key(idempotency_key)).data

    def page(self, path: str, params: dict[str, Any], item_type: type[T]) -> Page[T]:
        """The first page of a list, able to walk the rest (`next_cursor` is opaque)."""

        def fetch(cursor: str | None) -> Page[T]:
            envelope = self.request("GET", path, list[item_type], params={**params, "cursor": cursor})  # type: ignore[valid-type]
            return Page(list(envelope.data), envelope.page, envelope.meta, fetch=fetch)

        return fetch(params.pop("cursor", None))

    def upload(self, url: str, *, fields: dict[str, Any], file: tuple[str, bytes, str]) -> None:
        """A multipart POST to an upload slot the API handed out (a URL under its base, or
        absolute). The slot is pre-authorised by its `fields`: the bearer token is not sent."""
        self._transport.request("POST", url, data=fields, files={"file": file})

    # --- internals ---------------------------------------------------------------------------

    def _send(self, method: str, path: str, cast_to: Any, access_token: str, **options: Any) -> Envelope[Any]:
        headers = {"Authorization": f"Bearer {access_token}", **options.pop("headers", {})}
        response = self._transport.request(method, path, headers=headers, **options)
        request_id = response.headers.get(contract.REQUEST_ID_HEADER)
        return parse_body(response.content, envelope_parser(cast_to), path, request_id)

    def _secrets(self) -> list[str]:
        token = self.tokens.token
        return [token.get("access_token") or "", token.get("refresh_token") or ""]
