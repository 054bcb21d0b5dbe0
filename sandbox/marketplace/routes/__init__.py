"""Marketplace routes: one module-level `APIRouter` per resource, mounted by `sandbox.marketplace.mount`."""
