"""Builds the sandbox's ASGI app from its two halves and the control routes."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from fastapi import FastAPI, Request

from sandbox import control, data_api, marketplace
from sandbox.core.config import SandboxConfig
from sandbox.core.context import SandboxContext
from sandbox.core.problems import install_problem_handlers, request_id


def create_app(config: SandboxConfig, context: SandboxContext | None = None) -> FastAPI:
    context = context or SandboxContext(config)
    app = FastAPI(
        title="deedscope sandbox",
        version="1.11.0",
        description="Local implementation of the Deed-Records Data API and the Marketplace API.",
        lifespan=_lifespan,
    )
    app.state.context = context
    # What runs while the app serves (the tool interface's session manager), added by the halves.
    app.state.lifespans = []
    install_problem_handlers(app)

    @app.middleware("http")
    async def add_request_id(request: Request, call_next):
        rid = request_id(request)
        response = await call_next(request)
        response.headers.setdefault("X-Request-Id", rid)
        return response

    data_api.mount(app, context)
    marketplace.mount(app, context)
    if config.admin:
        control.mount(app, context)
    return app


@contextlib.asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    async with contextlib.AsyncExitStack() as stack:
        for running in app.state.lifespans:
            await stack.enter_async_context(running())
        yield
