"""Data API routes (data-api.md): one module-level `APIRouter` per resource, mounted by `sandbox.data_api.mount`."""
