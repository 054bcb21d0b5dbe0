"""Marketplace API under /marketplace/v1 and its OAuth 2.1 issuer under /auth.

marketplace-api.md is the contract; decisions.md fills what it leaves open, and
docs/contract.md lists the choices made here (offer rounds, caps, upload target...).
"""

from __future__ import annotations

from fastapi import APIRouter, FastAPI

from sandbox.context import SandboxContext
from sandbox.marketplace import issuer, routes_buy, routes_me
from sandbox.marketplace.runtime import Runtime

API_PREFIX = "/marketplace/v1"


def mount(app: FastAPI, context: SandboxContext) -> None:
    """Mount the issuer and the marketplace routes; registers a reset hook on `context`."""
    runtime = Runtime.start(context)
    app.state.marketplace = runtime
    context.reset_hooks.append(runtime.reset)
    app.include_router(issuer.build_router())
    api = APIRouter(prefix=API_PREFIX)
    for module in (routes_me, routes_buy):
        api.include_router(module.build_router())
    app.include_router(api)
