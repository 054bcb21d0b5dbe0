"""Marketplace API under /marketplace/v1 and its OAuth 2.1 issuer under /auth.

marketplace-api.md is the contract; decisions.md fills what it leaves open, and
docs/contract.md lists the choices made here (offer rounds, caps, upload target...).
"""

from __future__ import annotations

from fastapi import APIRouter, FastAPI

from sandbox.context import SandboxContext
from sandbox.marketplace import (
    admin, issuer, routes_buy, routes_drafts, routes_events, routes_leads, routes_me, routes_sell, routes_webhooks,
    uploads,
)
from sandbox.marketplace.runtime import Runtime

API_PREFIX = "/marketplace/v1"


def mount(app: FastAPI, context: SandboxContext) -> None:
    """Mount the issuer and the marketplace routes; registers a reset hook on `context`."""
    runtime = Runtime.start(context)
    app.state.marketplace = runtime
    context.reset_hooks.append(runtime.reset)
    app.include_router(issuer.build_router())
    api = APIRouter(prefix=API_PREFIX)
    for module in (routes_me, routes_buy, routes_sell, routes_drafts, routes_events, routes_webhooks, routes_leads):
        api.include_router(module.build_router())
    app.include_router(api)
    # The upload target lives beside the API, not under it: it takes the slot's fields, not a token.
    app.include_router(uploads.build_router())
    if context.config.admin:
        app.include_router(admin.build_router())
