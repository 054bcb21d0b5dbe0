"""Marketplace API under /marketplace/v1 and its OAuth 2.1 issuer under /auth.

marketplace-api.md is the contract; decisions.md fills what it leaves open, and
docs/contract.md lists the choices made here (offer rounds, caps, upload target...).
"""

from __future__ import annotations

from fastapi import APIRouter, FastAPI

from sandbox.core.context import SandboxContext
from sandbox.marketplace import ids
from sandbox.marketplace.problem_schema import problem_responses
from sandbox.marketplace.routes import (
    admin, buy, buy_boxes, draft_files, drafts, events, inquiries, issuer, leads, me, reviews, sell, uploads, webhooks,
)
from sandbox.marketplace.runtime import Runtime

API_PREFIX = "/marketplace/v1"


def mount(app: FastAPI, context: SandboxContext) -> None:
    """Mount the issuer and the marketplace routes; registers a reset hook on `context`."""
    if context.config.variety:
        ids.use_other_forms()  # before the demo data is built
    runtime = Runtime.start(context)
    runtime.clients.serve_apps(context.config.app_urls)
    app.state.marketplace = runtime
    context.reset_hooks.append(runtime.reset)
    app.include_router(issuer.router)
    api = APIRouter(prefix=API_PREFIX, responses=problem_responses())
    for module in (me, buy, sell, drafts, events, webhooks, leads, buy_boxes, reviews, inquiries):
        api.include_router(module.router)
    api.include_router(draft_files.api_router)
    if not context.config.variety:
        api.include_router(drafts.credits_router)  # no document names a balance route
    app.include_router(api)
    # The upload target lives beside the API, not under it: it takes the slot's fields, not a token.
    app.include_router(uploads.router)
    app.include_router(draft_files.media_router)
    app.include_router(inquiries.agreement_router)
    if context.config.admin:
        app.include_router(admin.router)
