"""Data API routes (data-api.md). `mount` adds them to the app."""

from __future__ import annotations

from fastapi import FastAPI

from sandbox.context import SandboxContext


def mount(app: FastAPI, context: SandboxContext) -> None:
    """Mount every Data API route; registers the publish and reset hooks on `context`."""
