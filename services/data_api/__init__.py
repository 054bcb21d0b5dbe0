"""The Deed-Records Data API (data-api.md): `DataApi`, its resources and its models.

    from services.data_api import DataApi
    with DataApi(load_settings()) as api:
        page = api.deals.list(lat=32.78, lng=-96.80, radius_miles=5, sort="distance")

`client.py` holds the client (the request with its cache, the dataset version, the credit
meter, the auth headers); `resources/` one module per family of routes; `models/` the typed
results (`extra="allow"`: /v1 is additive). `DataApi` is imported on first use (PEP 562), so a
page or component that imports only `services.data_api.models` loads no client.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__all__ = ["DataApi"]


def __getattr__(name: str) -> Any:
    if name != "DataApi":
        raise AttributeError(f"module 'services.data_api' has no attribute {name!r}")
    value = importlib.import_module("services.data_api.client").DataApi
    globals()[name] = value
    return value


if TYPE_CHECKING:  # what a type checker sees; nothing runs
    from services.data_api.client import DataApi
