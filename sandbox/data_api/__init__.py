"""Data API half (data-api.md) over a generated DuckDB dataset. `mount` adds its routes to the app."""

from __future__ import annotations

from fastapi import FastAPI

from sandbox.core.context import SandboxContext
from sandbox.data_api.routes import agents, borrowers, deals, fixtures, investors, lean, lenders, probes, wholesale
from sandbox.data_api.routes import buyers_match, properties, str_parcels
from sandbox.data_api import mcp
from sandbox.data_api import variety
from sandbox.data_api.runtime import DataRuntime


def mount(app: FastAPI, context: SandboxContext) -> None:
    """Mount every Data API route; registers the publish and reset hooks on `context`."""
    if context.config.variety:
        variety.apply_market_profile()
    runtime = DataRuntime.start(context)
    app.state.data_api = runtime
    context.publish = runtime.publish
    context.reset_hooks.append(runtime.reset)
    for module in (probes, deals, investors, agents, lean, lenders, borrowers, wholesale, properties, buyers_match,
                   str_parcels):
        app.include_router(module.router)
    if context.config.admin:
        app.include_router(fixtures.router)
    mcp.mount(app, context)
