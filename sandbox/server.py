"""Builds the sandbox's ASGI app from its two halves and the control routes."""

from __future__ import annotations

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
    )
    app.state.context = context
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
