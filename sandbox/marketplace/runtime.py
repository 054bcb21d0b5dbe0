"""The marketplace half's shared objects: issuer stores (kept across resets) and demo state (reset)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Annotated

from fastapi import Depends, Request

from sandbox.core.context import SandboxContext
from sandbox.marketplace.clients import ClientRegistry
from sandbox.marketplace.idempotency import IdempotencyStore
from sandbox.marketplace.models import MarketState
from sandbox.marketplace import publishing
from sandbox.marketplace.offers import seed_events
from sandbox.marketplace.seed import build_state
from sandbox.marketplace.tokens import TokenStore
from sandbox.marketplace.write_faults import WriteFaults


@dataclass
class Runtime:
    context: SandboxContext
    tokens: TokenStore
    clients: ClientRegistry = field(default_factory=ClientRegistry)
    state: MarketState = field(default_factory=MarketState)
    idempotency: IdempotencyStore = field(default_factory=IdempotencyStore)
    # Set through the admin route so tests can hold a write open (idempotency_in_progress).
    write_delay_seconds: float = 0.0
    # Set through the admin route so tests can lose a write's answer after it is done.
    write_faults: WriteFaults = field(default_factory=WriteFaults)
    # The issuer's sign-in tickets, between the login form and the consent form (kept across resets):
    # ticket -> (user id, client id, expires at).
    login_tickets: dict[str, tuple[str, str, float]] = field(default_factory=dict)
    # The gateway's refusals a control route set (routes/admin.py): user id (or "*") -> code.
    gateway_refusals: dict[str, str] = field(default_factory=dict)

    @classmethod
    def start(cls, context: SandboxContext) -> "Runtime":
        runtime = cls(context, TokenStore(context.config.issuer, context.clock))
        runtime.reset()
        return runtime

    def reset(self) -> None:
        """Restore the demo data; registered clients, keys and tokens stay (they are the issuer's)."""
        with self.state.lock:
            state = build_state(self.now)
            seed_events(state)
            self.state = state
        self.idempotency.clear()
        self.write_delay_seconds = 0.0
        self.write_faults = WriteFaults()
        self.gateway_refusals = {}

    def settle_reviews(self) -> None:
        """Drafts whose review time the clock has passed go live (publishing.finish_reviews)."""
        with self.state.lock:
            publishing.finish_reviews(self.state, self.now)

    @property
    def now(self) -> datetime:
        # Whole seconds: timestamps on the wire have no fraction, and `changed_after` compares them.
        return self.context.clock.now().replace(microsecond=0)


def runtime_of(request: Request) -> Runtime:
    return request.app.state.marketplace


# The half's state, for routes that act before (or without) a caller: the issuer, the upload target, admin.
RuntimeDep = Annotated[Runtime, Depends(runtime_of)]
