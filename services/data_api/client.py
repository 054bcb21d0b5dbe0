"""`DataApi`: the one client of the Deed-Records Data API (data-api.md).

    from services import DataApi, load_settings
    with DataApi(load_settings()) as api:
        page = api.deals.list(lat=32.78, lng=-96.80, radius_miles=5, sort="distance")
        for deal in page:          # walks every page
            ...

Resource namespaces by verb (`deals.list`, `investors.retrieve`, ...) live in
`services/data_api/resources/`. This module holds what they share: the request with its cache,
the dataset version, the credit meter and the auth headers.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, TypeVar

import httpx2
from cachetools import LRUCache

from services import contract
from services.base_client import BaseClient, parse_body
from services.data_api.cache import CachedResponse, VersionedCache
from services.stores.memory import CacheStore, MemoryStore
from services.data_api.credits import CostKind, CreditMeter, Credits
from services.errors import ApiError, GatewayTimeoutError
from services.envelope import Envelope, envelope_parser
from services.data_api.keyset_walk import KeysetWalk
from services.data_api.models import Dataset
from services.pagination import Page
from services.data_api.read_ahead import when_sent
from services.data_api.resources.deals import Deals
from services.data_api.resources.investors import Investors
from services.data_api.resources.agents import Agents, People
from services.data_api.resources.lenders import Lenders
from services.data_api.resources.properties import BuyerMatches, Properties, StrParcels
from services.data_api.resources.wholesale import WholesaleListings, Wholesalers
from services.data_api.resources.places import Buyers, CoverageResource, MarketplaceListings
from services.settings import Settings

logger = logging.getLogger("services.data_api")

T = TypeVar("T")
R = TypeVar("R")


class DataApi(BaseClient):
    """Client of the Data API for one session: its own credit meter, a shared cache store.

    `http_client` and `cache` (a `CacheStore`) are meant to be shared by every session of
    the process; without them the client makes its own. `clock` times the version poll; it is
    wall time because a version another session confirmed (on a store shared by replicas) counts.
    """

    def __init__(
        self,
        settings: Settings,
        *,
        http_client: httpx2.Client | None = None,
        cache: CacheStore | None = None,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.time,
        max_retry_wait: float = contract.DEFAULT_MAX_RETRY_WAIT_S,
        max_attempts: int = contract.DEFAULT_MAX_ATTEMPTS,
    ) -> None:
        if settings.api_url is None:
            raise ValueError(
                "settings.api_url is not set: start the embedded sandbox and pass settings.with_api_url(url)"
            )
        self.settings = settings
        self.credits = CreditMeter()
        self._clock = clock
        self._version_checked_at: float | None = None
        self._api_key = settings.api_key.get_secret_value() if settings.api_key else None
        store = cache if cache is not None else MemoryStore()
        self.cache = VersionedCache(
            store, VersionedCache.namespace_for(settings.api_url, self._api_key, settings.on_behalf_of), clock=clock
        )
        super().__init__(
            settings.api_url,
            auth_headers=self._auth_headers,
            http_client=http_client,
            sleep=sleep,
            max_retry_wait=max_retry_wait,
            max_attempts=max_attempts,
            secrets=lambda: (self._api_key,) if self._api_key else (),
            on_response=self._observe,
        )
        self._held_answers: set[str] = set()
        # Reads that answered `504 statement_timeout`, by request key: not sent again by themselves.
        self._timed_out: dict[str, GatewayTimeoutError] = {}
        self.requests_sent = 0  # answers received from the service, for tests and diagnostics
        self.deals = Deals(self)
        self.investors = Investors(self)
        self.agents = Agents(self)
        self.people = People(self)
        self.buyers = Buyers(self)
        self.marketplace_listings = MarketplaceListings(self)
        self.lenders = Lenders(self)
        self.wholesale_listings = WholesaleListings(self)
        self.wholesalers = Wholesalers(self)
        self.coverage = CoverageResource(self)
        self.properties = Properties(self)
        self.buyer_matches = BuyerMatches(self)
        self.str_parcels = StrParcels(self)

    def __repr__(self) -> str:
        return f"DataApi(api_url={self.settings.api_url!r}, dataset_version={self.dataset_version!r})"

    # --- version and credits ----------------------------------------------------------------

    @property
    def dataset_version(self) -> int | str | None:
        """The dataset version last seen (header `X-Dataset-Version` or `GET /v1/dataset`)."""
        version = self.cache.version
        if version is not None and version.isdigit():
            return int(version)
        return version

    def current_version(self) -> str | None:
        """The dataset version to read under now, as text (None while no answer has named one).

        Asks `GET /v1/dataset` when its ten-minute poll is due, unless a session sharing the store
        confirmed the version within those ten minutes (as every cached read does first), so what
        is keyed on this answer and what this client's cache serves are of the same version: the
        memos above the client key on it (adapter/data.py:read_key)."""
        self._poll_version_if_due()
        return self.cache.version

    def estimate_cost(self, kind: CostKind, ids: list[str] | None = None, count: int | None = None) -> int:
        """At most how many credits a planned read costs (data-api.md, Limits 3).

        Ids this session has already been served count 0; the rest count 1 each.
        """
        return self.credits.estimate(kind, ids=ids, count=count)

    def served(self, path: str, params: Mapping[str, Any] | None = None) -> bool:
        """Whether this account's answer to this read is kept (the cache is per account and shared by
        the process's sessions): its records were then served to the account, which holds them, so
        reading them again costs nothing (data-api.md, Limits 3). False says only "not known here":
        the cache forgets on a dataset change, after 30 days, or when the process restarts."""
        request_key = _request_key(path, params)
        return self.cache.get(request_key) is not None or self.cache.validator(request_key) is not None

    def dataset(self, *, max_age: float = 0.0) -> Dataset:
        """`GET /v1/dataset`: the freshness probe (unmetered, never in the version-keyed cache).

        With `max_age`, the answer any session of the account sharing the store got less than
        `max_age` seconds ago is served instead, while it is of the version in use (an answer
        showing another version since makes it stale). Without it the service is always asked.
        """
        parse = envelope_parser(Dataset)
        kept = self.cache.recent_probe(max_age) if max_age > 0 else None
        if kept is not None:
            return _parsed(kept, "dataset", parse, "/v1/dataset").data
        envelope, entry = self.get("/v1/dataset", None, parse=parse, cacheable=False, parser_name="dataset")
        dataset = envelope.data
        self._learn_version(str(dataset.dataset_version))
        self.cache.keep_probe(replace(entry, dataset_version=str(dataset.dataset_version)))
        return dataset

    def build(self) -> Envelope[Any]:
        """`GET /v3/build`: coverage and build of each served state, as `data` (shape not shown
        by data-api.md, so kept as sent) and `meta.build.states` (typed)."""
        envelope, _ = self.get("/v3/build", None, parse=envelope_parser(Any), parser_name="build")
        return envelope

    def refresh_version(self) -> str | None:
        """Ask the service for its dataset version now; None when it cannot be reached."""
        try:
            self.dataset()
        except ApiError as error:
            logger.warning("could not learn the dataset version: %s", error)
            self._version_checked_at = self._clock()
        return self.cache.version

    # --- requests -----------------------------------------------------------------------------

    def get(
        self,
        path: str,
        params: Mapping[str, Any] | None,
        *,
        parse: Callable[[bytes], R],
        parser_name: str,
        cacheable: bool = True,
        before_parse: Callable[[CachedResponse], None] | None = None,
        on_sent: Callable[[], None] | None = None,
    ) -> tuple[R, CachedResponse]:
        """GET `path`, served from the version-keyed cache when the same read was made.

        Returns what `parse(body)` made of the body (kept with the entry, so a cached read
        parses nothing) and the entry itself (its version and headers).
        """
        request_key = _request_key(path, params)
        headers: dict[str, str] = {}
        validator = None
        if cacheable:
            self._poll_version_if_due()
            entry = self.cache.get(request_key)
            if entry is not None:
                return _parsed(entry, parser_name, parse, path), entry
            validator = self.cache.validator(request_key)
            if validator is not None and validator.etag:
                headers["If-None-Match"] = validator.etag
        extensions = {"trace": when_sent(on_sent)} if on_sent is not None else None
        # data-api.md, Limits 4: a `504 statement_timeout` is not retried identically, by the
        # transport or by the next rerun: the same read raises it again, unsent, until the
        # person asks to try again (`forget_timeouts`).
        if request_key in self._timed_out:
            raise self._timed_out[request_key]
        try:
            response = self._transport.request("GET", path, params=params, headers=headers, extensions=extensions)
        except GatewayTimeoutError as error:
            self._timed_out[request_key] = error
            raise
        version = response.headers.get(contract.DATASET_VERSION_HEADER) or self.cache.version or ""
        if response.status_code == 304 and validator is not None:
            # The body did not change with the version: serve it again, no download.
            entry = replace(validator, dataset_version=version)
        else:
            entry = CachedResponse(
                body=response.content,
                etag=response.headers.get("etag"),
                dataset_version=version,
                headers={k.lower(): v for k, v in response.headers.items() if k.lower().startswith("x-")},
            )
        if before_parse is not None:
            before_parse(entry)
        result = _parsed(entry, parser_name, parse, path)
        if cacheable and version and version == self.cache.version:
            self.cache.put(request_key, entry)
        return result, entry

    def forget_answers(self) -> None:
        """Drop every answer kept for this account (a sandbox reset: what it held is forgotten)."""
        self.cache.clear()

    def forget_timeouts(self) -> int:
        """Let the reads that timed out (`504`) be sent again; how many there were."""
        count = len(self._timed_out)
        self._timed_out.clear()
        return count

    def timed_out_reads(self) -> int:
        return len(self._timed_out)

    def get_text(self, path: str, params: Mapping[str, Any] | None, *, accept: str) -> str:
        """GET a non-JSON representation (loans as CSV); never cached."""
        response = self._transport.request(
            "GET",
            path,
            params=params,
            headers={"Accept": accept},
            timeout=httpx2.Timeout(contract.CSV_READ_TIMEOUT_S, connect=contract.CONNECT_TIMEOUT_S),
            # data-api.md, Limits 5: one export in flight per account; one that got no answer in
            # time may still be streaming, so a resend would only be refused (or be a second export).
            retry_timeouts=False,
        )
        return response.text

    def page(
        self,
        path: str,
        params: Mapping[str, Any],
        item_type: type[T],
        *,
        hold: Callable[[list[T]], None] | None = None,
    ) -> Page[T]:
        """The first page of a keyset list, able to walk the rest (and read the next one ahead)."""
        return KeysetWalk(self, path, params, item_type, hold).fetch(None)

    def hold_once(
        self, path: str, query: Mapping[str, Any], entry: CachedResponse, items: list[T], hold: Callable[[list[T]], None]
    ) -> None:
        """Hold a page's rows once per answer, not on every cached read of it."""
        held_key = f"{entry.dataset_version}|{_request_key(path, query)}"
        if held_key not in self._held_answers:
            hold(items)
            self._held_answers.add(held_key)

    # --- internals ---------------------------------------------------------------------------

    def _auth_headers(self, path: str) -> dict[str, str]:
        headers = {}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        # data-api.md, Authentication 4: on-behalf on /v1 and /mcp, not on the probes.
        if (
            self.settings.on_behalf_of
            and path.startswith(contract.ON_BEHALF_PREFIXES)
            and path not in contract.PROBE_PATHS
        ):
            headers[contract.ON_BEHALF_HEADER] = self.settings.on_behalf_of
        return headers

    def _observe(self, response: httpx2.Response) -> None:
        self.requests_sent += 1
        self.credits.record(Credits.from_headers(response.headers))
        version = response.headers.get(contract.DATASET_VERSION_HEADER)
        if version:
            self._learn_version(version)

    def _learn_version(self, version: str) -> None:
        previous = self.cache.version
        if self.cache.observe_version(version):
            logger.info("dataset version changed from %s to %s: cached answers of %s dropped", previous, version, previous)
        self._version_checked_at = self._clock()

    def _poll_version_if_due(self) -> None:
        # data-api.md, Versioning 3: poll GET /v1/dataset, here at most every 10 minutes.
        checked = self._version_checked_at
        if checked is not None and self._clock() - checked < contract.VERSION_POLL_INTERVAL_S:
            return
        # Another session (or replica) saw the version on an answer within those 10 minutes: trust
        # it until 10 minutes after that answer, not after now (the bound stays 10 minutes).
        age = self.cache.confirmed_age()
        if age is not None:
            self._version_checked_at = self._clock() - age
            return
        self.refresh_version()


# What was parsed from a body, by the body's digest: an entry read from a shared store
# (Redis) comes without its parsed models (a generic envelope does not pickle), and each
# rerun reading it would parse the same JSON again (about 0.8 ms for a view's 900 cells,
# most of a Redis hit: bench/replicas.py). Bounded by count; the entries live in the store.
PARSED_BODIES_KEPT = 128
_parsed_bodies: LRUCache = LRUCache(maxsize=PARSED_BODIES_KEPT)
_parsed_bodies_lock = threading.Lock()


def _parsed(entry: CachedResponse, parser_name: str, parse: Callable[[bytes], R], path: str) -> R:
    result = entry.parsed.get(parser_name)
    if result is not None:
        return result
    key = (parser_name, hashlib.blake2b(entry.body, digest_size=16).digest())
    with _parsed_bodies_lock:
        result = _parsed_bodies.get(key)
    if result is None:
        result = parse_body(entry.body, parse, path, entry.headers.get(contract.REQUEST_ID_HEADER.lower()))
        with _parsed_bodies_lock:
            _parsed_bodies[key] = result
    entry.parsed[parser_name] = result
    return result


def _request_key(path: str, params: Mapping[str, Any] | None) -> str:
    if not params:
        return path
    # JSON keeps values apart whatever they contain ("&", "="); sorted so the order never matters.
    return path + "?" + json.dumps(sorted((k, str(v)) for k, v in params.items() if v is not None))
