"""The Deed-Records Data API (data-api.md): `DataApi`, its resources and its models.

    from services.data_api import DataApi
    with DataApi(load_settings()) as api:
        page = api.deals.list(lat=32.78, lng=-96.80, radius_miles=5, sort="distance")

`client.py` holds the client (the request with its cache, the dataset version, the credit
meter, the auth headers); `resources/` one module per family of routes; `models/` the typed
results (`extra="allow"`: /v1 is additive).
"""

from services.data_api.client import DataApi

__all__ = ["DataApi"]
