"""Marketplace API under /marketplace/v1 and its OAuth 2.1 issuer under /auth."""

from __future__ import annotations

from fastapi import FastAPI

from sandbox.context import SandboxContext


def mount(app: FastAPI, context: SandboxContext) -> None:
    """Mount the issuer and the marketplace routes; registers a reset hook on `context`."""
